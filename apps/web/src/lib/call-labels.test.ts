import { describe, expect, it } from 'vitest';
import { disconnectionReasonLabel } from './call-labels.ts';

describe('call labels', () => {
  it('names a known reason in words, and an unknown one by its own words', () => {
    expect(disconnectionReasonLabel('caller_hangup')).toBe('Caller hung up');
    expect(disconnectionReasonLabel('line_dropped')).toBe('Line dropped');
  });
});
