// Instant, client-side checks. The server stays the authority: it re-checks everything and its
// answer (a wrong password, every failing password rule) is what the user finally sees.

export {
  meetsLengthRule,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULES,
} from '../../lib/password-rules.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;

export function validateEmail(email: string): string | undefined {
  const value = email.trim();
  if (!value) return 'Enter your email address.';
  if (!EMAIL_PATTERN.test(value)) return 'Enter a valid email address, like name@company.com.';
  return undefined;
}

export interface SignInValues {
  email: string;
  password: string;
}

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

export function validateSignIn(values: SignInValues): FieldErrors<SignInValues> {
  const errors: FieldErrors<SignInValues> = {};
  const email = validateEmail(values.email);
  if (email) errors.email = email;
  if (!values.password) errors.password = 'Enter your password.';
  return errors;
}

export interface NewPasswordValues {
  password: string;
  confirmation: string;
}

/**
 * Only what must be right before asking the server: something typed, typed twice the same.
 * Length is shown live beside the field but not enforced here, so that one attempt brings back
 * every rule the password breaks (the server lists them all: too short AND built from the name).
 */
export function validateNewPassword(values: NewPasswordValues): FieldErrors<NewPasswordValues> {
  const errors: FieldErrors<NewPasswordValues> = {};
  if (!values.password) errors.password = 'Enter a new password.';
  if (!values.confirmation) errors.confirmation = 'Enter the new password again.';
  else if (values.confirmation !== values.password) {
    errors.confirmation = "The passwords don't match.";
  }
  return errors;
}

/** True when there is nothing to report. */
export function isValid<T>(errors: FieldErrors<T>): boolean {
  return Object.values(errors).every((message) => !message);
}
