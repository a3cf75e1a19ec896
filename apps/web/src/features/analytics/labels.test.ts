import { describe, expect, it } from 'vitest';
import { reasonLabel } from './labels.ts';

describe('reasonLabel', () => {
  it('says a reason as the call page and the filter chips do', () => {
    expect(reasonLabel('caller_hangup')).toBe('Caller hung up');
    expect(reasonLabel(null)).toBe('No reason recorded');
  });
});
