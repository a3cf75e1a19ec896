// The password rules as the browser shows them (every screen that sets a password). The server
// is the authority; it checks all three (docs/architecture.md, "Authentication").

/** Mirrors the server's length rule; the other rules only the server can check. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_RULES = [
  `At least ${PASSWORD_MIN_LENGTH} characters`,
  'Not a common password',
  'Not based on your name or email',
] as const;

/** True when the password meets the one rule the browser can check (shown live). */
export function meetsLengthRule(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH;
}
