import { describe, expect, it } from 'vitest';
import {
  meetsPasswordLength,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './password-policy.ts';

describe('meetsPasswordLength', () => {
  it('is 10 to 128 characters', () => {
    expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([10, 128]);
    expect(meetsPasswordLength('x'.repeat(9))).toBe(false);
    expect(meetsPasswordLength('x'.repeat(10))).toBe(true);
    expect(meetsPasswordLength('x'.repeat(128))).toBe(true);
    expect(meetsPasswordLength('x'.repeat(129))).toBe(false);
  });
});
