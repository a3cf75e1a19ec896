// Callboard's password rules (docs/architecture.md, "Authentication"). Every failing rule is
// reported, so the user can fix them all at once. The length rule's numbers are the contract's
// (the browser shows them as hints); the common-password list is zxcvbn's (about 49,000 leaked
// passwords). The list is loaded the first time a password is checked, not when the server
// starts: it holds about 7 MB that most of a server's life (sign-ins, lists) never needs
// (docs/operations.md, "Sizing").
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@callboard/contract';

let commonPasswords: Promise<Set<string>> | undefined;

function loadCommonPasswords(): Promise<Set<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary.passwords.map((entry) => entry.toLowerCase())),
  );
  return commonPasswords;
}

export interface PasswordOwner {
  email?: string | null | undefined;
  name?: string | null | undefined;
}

/** The reasons a password is refused, in a stable order; empty when it is acceptable. */
export async function passwordProblems(
  password: string,
  owner: PasswordOwner = {},
): Promise<string[]> {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) {
    problems.push(`Use at least ${PASSWORD_MIN_LENGTH} characters.`);
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    problems.push(`Use at most ${PASSWORD_MAX_LENGTH} characters.`);
  }
  if (await isCommon(password)) {
    problems.push('This password is too common. Choose something less predictable.');
  }
  if (isMadeOfIdentity(password, owner)) {
    problems.push('Do not build your password from your name or email address.');
  }
  return problems;
}

// "Password2026!" is as guessable as "password": compare with trailing digits and symbols removed.
export async function isCommon(password: string): Promise<boolean> {
  const common = await loadCommonPasswords();
  const lower = password.toLowerCase();
  const stem = lower.replace(/[^a-z]+$/u, '');
  return common.has(lower) || (stem.length >= 4 && common.has(stem));
}

// Made of identity: once the name and email parts and any digits or symbols are taken away,
// fewer than four letters remain ("mia.northwind2026" for mia@northwind.test).
function isMadeOfIdentity(password: string, owner: PasswordOwner): boolean {
  const tokens = [
    ...(owner.name ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u),
    ...(owner.email ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u),
  ].filter((token) => token.length >= 3);
  if (tokens.length === 0) return false;
  let rest = password.toLowerCase();
  for (const token of tokens.sort((a, b) => b.length - a.length)) rest = rest.replaceAll(token, '');
  return rest.replace(/[^\p{L}]/gu, '').length < 4;
}
