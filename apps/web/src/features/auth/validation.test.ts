import { describe, expect, it } from 'vitest';
import {
  isValid,
  meetsLengthRule,
  validateEmail,
  validateNewPassword,
  validateSignIn,
} from './validation.ts';

describe('validateEmail', () => {
  it.each([
    ['', 'Enter your email address.'],
    ['   ', 'Enter your email address.'],
    ['mia', 'Enter a valid email address, like name@company.com.'],
    ['mia@northwind', 'Enter a valid email address, like name@company.com.'],
    ['mia @northwind.test', 'Enter a valid email address, like name@company.com.'],
  ])('%j → %s', (email, message) => {
    expect(validateEmail(email)).toBe(message);
  });

  it('accepts an address, ignoring surrounding spaces', () => {
    expect(validateEmail(' mia@northwind.test ')).toBeUndefined();
  });
});

describe('validateSignIn', () => {
  it('asks for both fields', () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({
      email: 'Enter your email address.',
      password: 'Enter your password.',
    });
  });

  it('does not judge the password itself (the server does)', () => {
    expect(isValid(validateSignIn({ email: 'mia@northwind.test', password: 'x' }))).toBe(true);
  });
});

describe('validateNewPassword', () => {
  it('asks for the password twice, the same both times', () => {
    expect(validateNewPassword({ password: '', confirmation: '' })).toEqual({
      password: 'Enter a new password.',
      confirmation: 'Enter the new password again.',
    });
    expect(
      validateNewPassword({ password: 'harbour-lantern-92', confirmation: 'harbour' }),
    ).toEqual({
      confirmation: "The passwords don't match.",
    });
  });

  it('leaves the strength rules, length included, to the server (so it lists them all at once)', () => {
    expect(isValid(validateNewPassword({ password: 'gus', confirmation: 'gus' }))).toBe(true);
  });
});

describe('meetsLengthRule', () => {
  it('is 10 to 128 characters', () => {
    expect(meetsLengthRule('x'.repeat(9))).toBe(false);
    expect(meetsLengthRule('x'.repeat(10))).toBe(true);
    expect(meetsLengthRule('x'.repeat(128))).toBe(true);
    expect(meetsLengthRule('x'.repeat(129))).toBe(false);
  });
});
