import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { emailSchema, EMAIL_MAX_LENGTH } from './email.ts';

describe('emailSchema', () => {
  it.each(['', '   ', 'mia', 'mia@northwind', 'mia @northwind.test', 'mia@@northwind.test'])(
    'refuses %j',
    (email) => {
      expect(z.safeParse(emailSchema, email).success).toBe(false);
    },
  );

  it('trims and lower-cases an address', () => {
    expect(z.parse(emailSchema, '  Mia@Northwind.TEST ')).toBe('mia@northwind.test');
  });

  it(`allows at most ${String(EMAIL_MAX_LENGTH)} characters`, () => {
    const domain = '@northwind.test';
    expect(z.safeParse(emailSchema, `${'m'.repeat(64)}${domain}`).success).toBe(true);
    const labels = Array.from({ length: 5 }, () => 'n'.repeat(60)).join('.');
    expect(z.safeParse(emailSchema, `mia@${labels}.test`).success).toBe(false);
  });

  it('says what is wrong in the API’s words', () => {
    const result = z.safeParse(emailSchema, 'mia');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'must be an email address',
    ]);
  });
});
