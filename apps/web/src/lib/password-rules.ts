// The password rules as the browser shows them (every screen that sets a password). The server
// is the authority; it checks all three (docs/architecture.md, "Authentication"), and the length
// rule's numbers are the contract's.
import { PASSWORD_MIN_LENGTH } from '@callboard/contract/password-policy';
import * as z from 'zod/mini';

export const PASSWORD_RULES = [
  `At least ${String(PASSWORD_MIN_LENGTH)} characters`,
  'Not a common password',
  'Not based on your name or email',
] as const;

/** The rules in one sentence, where a list would not fit. */
export const PASSWORD_RULES_SENTENCE = `A new password needs at least ${String(PASSWORD_MIN_LENGTH)} characters, not a common one, and nothing based on your name or email.`;

/**
 * A new password typed twice, as the forms that set one check it before asking the server:
 * something typed, the same both times. Length is shown live beside the field but not enforced
 * here, so that one attempt brings back every rule the password breaks (the server lists them all:
 * too short AND built from the name).
 */
export const newPasswordFields = {
  newPassword: z.string().check(z.minLength(1, 'Enter a new password.')),
  confirmation: z.string().check(z.minLength(1, 'Enter the new password again.')),
};

/** The second entry matches the first; a mismatch is the second field's error. */
export const confirmationMatches = z.refine<{ newPassword: string; confirmation: string }>(
  ({ newPassword, confirmation }) => confirmation === '' || confirmation === newPassword,
  { message: "The passwords don't match.", path: ['confirmation'] },
);
