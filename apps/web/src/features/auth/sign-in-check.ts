// The sign-in form's checks, without react-hook-form (sign-in-screen.tsx says why): the contract's
// email schema, in zod/mini, and the same words as every other form. The server stays the
// authority: its answer (a wrong password, say) is what the user finally sees.
import { emailSchema } from '@callboard/contract/email';
import { INVALID_EMAIL_MESSAGE } from '../../lib/form-words.ts';

export interface SignInValues {
  email: string;
  password: string;
}

/** How the auth forms word a problem with the user's own address (forms.ts uses it too). */
export const OWN_EMAIL_WORDING = {
  missing: 'Enter your email address.',
  invalid: INVALID_EMAIL_MESSAGE,
} as const;

export type SignInErrors = Partial<Record<keyof SignInValues, string>>;

/** The problems to show, and, when there are none, the request to send (email normalised). */
export function checkSignIn(values: SignInValues): {
  errors: SignInErrors;
  request: SignInValues | null;
} {
  const errors: SignInErrors = {};
  const email = emailSchema.safeParse(values.email);
  if (!values.email.trim()) errors.email = OWN_EMAIL_WORDING.missing;
  else if (!email.success) errors.email = OWN_EMAIL_WORDING.invalid;
  if (!values.password) errors.password = 'Enter your password.';
  return {
    errors,
    request:
      email.success && values.password ? { email: email.data, password: values.password } : null,
  };
}
