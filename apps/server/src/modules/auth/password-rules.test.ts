import { describe, expect, it } from 'vitest';
import { passwordProblems } from './password-rules.ts';

const mia = { email: 'mia@northwind.test', name: 'Mia Hartley' };

describe('passwordProblems', () => {
  it('accepts a long, uncommon password', async () => {
    expect(await passwordProblems('quiet-harbour-lantern-42', mia)).toEqual([]);
  });

  it('reports every failing rule at once', async () => {
    expect(await passwordProblems('mia', mia)).toEqual([
      'Use at least 10 characters.',
      'Do not build your password from your name or email address.',
    ]);
    expect(await passwordProblems('x'.repeat(129))).toEqual(['Use at most 128 characters.']);
  });

  it('refuses common passwords, also with digits or symbols tacked on', async () => {
    for (const password of ['password123', 'Password2026!', 'qwertyuiop', 'iloveyou12345']) {
      expect(await passwordProblems(password), password).toContain(
        'This password is too common. Choose something less predictable.',
      );
    }
  });

  it('refuses passwords made of the user’s own name or email', async () => {
    for (const password of ['mia.northwind2026', 'MiaHartley1990', 'northwind-test-mia']) {
      expect(await passwordProblems(password, mia), password).toEqual([
        'Do not build your password from your name or email address.',
      ]);
    }
    // Containing a name is not the same as being made of it.
    expect(await passwordProblems('mia-likes-orange-kites', mia)).toEqual([]);
  });
});
