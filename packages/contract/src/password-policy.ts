// The password length rule, shared by the server (which checks every rule: modules/auth/
// password-rules.ts) and the browser (which shows the rules as hints and ticks this one live).
// The other rules need the server: docs/architecture.md, "Authentication". No zod here, so that
// any page may import it as '@callboard/contract/password-policy'.

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

/** True when the password's length is within the rule. */
export function meetsPasswordLength(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH;
}
