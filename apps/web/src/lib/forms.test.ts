import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { formErrors, formOutput } from '../testing/form-errors.ts';
import { formResolver, tooLongMessage } from './forms.ts';

// As the contract writes a request body: trimmed, with the API's own words.
const body = z.object({
  name: z.string().check(z.trim(), z.minLength(2, 'too short'), z.maxLength(5, 'too long')),
  note: z.string().check(z.trim(), z.minLength(1, 'must not be empty')),
  code: z.string().check(z.regex(/^\d*$/u, 'must be digits')),
});

describe('formResolver', () => {
  const resolver = formResolver(body, {
    name: { missing: 'Enter a name.', tooLong: tooLongMessage(5), invalid: 'Enter 2 or more.' },
    note: 'Write a note.',
  });

  it('says each problem in the form’s words', async () => {
    expect(await formErrors(resolver, { name: '  ', note: '', code: '' })).toEqual({
      name: 'Enter a name.',
      note: 'Write a note.',
    });
    expect(await formErrors(resolver, { name: 'x', note: 'x', code: '' })).toEqual({
      name: 'Enter 2 or more.',
    });
    expect(await formErrors(resolver, { name: 'xxxxxx', note: 'x', code: '' })).toEqual({
      name: 'Use at most 5 characters.',
    });
  });

  it('keeps the schema’s own words where the form gives none', async () => {
    expect(await formErrors(resolver, { name: 'Mia', note: 'x', code: 'x1' })).toEqual({
      code: 'must be digits',
    });
  });

  it('hands on the schema’s output', async () => {
    expect(await formOutput(resolver, { name: ' Mia ', note: ' hi ', code: '42' })).toEqual({
      name: 'Mia',
      note: 'hi',
      code: '42',
    });
  });
});
