// How every form validates: react-hook-form with the zod resolver, over the contract's schema for
// the request the form sends (what the server will check), extended with the form's own rules (a
// password typed twice, say). The contract words its problems for the API ("must not be empty");
// a form says them in its own words, given per field to `formResolver`.
//
// Imports zod's types only: the sign-in page validates with zod/mini schemas and must not load
// classic zod (docs/architecture.md, "Front end").
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type * as core from 'zod/v4/core';

/**
 * What a form says when the schema refuses a field: one message for every problem, or one for a
 * field left empty (`missing`), one for too much text (`tooLong`) and one for anything else
 * (`invalid`). A case left out keeps the schema's own message.
 */
export type FieldWording = string | { missing?: string; tooLong?: string; invalid?: string };

export type FormWording<Values> = { readonly [Name in keyof Values]?: FieldWording };

export { INVALID_EMAIL_MESSAGE } from './form-words.ts';

/** For a text with a length limit (names, display names). */
export function tooLongMessage(maxLength: number): string {
  return `Use at most ${String(maxLength)} characters.`;
}

/**
 * A resolver for `useForm`: validates with `schema` and words each field's first problem as
 * `wording` says. The values a submit hands on are the schema's output (trimmed, defaulted),
 * ready to send.
 */
export function formResolver<Input extends FieldValues, Output>(
  schema: core.$ZodType<Output, Input>,
  wording: FormWording<Input> = {},
): Resolver<Input, unknown, Output> {
  const resolve = zodResolver(schema);
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    const errors: FieldErrors<Input> = { ...(result.errors as FieldErrors<Input>) };
    for (const name of Object.keys(errors) as (keyof Input & string)[]) {
      const error = errors[name] as FieldError | undefined;
      const words = wording[name];
      if (!error || words === undefined) continue;
      const message = reworded(words, error, values[name]);
      if (message !== undefined) Object.assign(errors, { [name]: { ...error, message } });
    }
    return { values: {}, errors };
  };
}

function reworded(words: FieldWording, error: FieldError, value: unknown): string | undefined {
  if (typeof words === 'string') return words;
  const empty =
    typeof value === 'string' ? value.trim() === '' : value === undefined || value === null;
  if (empty && words.missing !== undefined) return words.missing;
  if (error.type === 'too_big' && words.tooLong !== undefined) return words.tooLong;
  return words.invalid;
}
