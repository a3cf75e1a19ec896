// Sign-in with a code sent by email, instead of the password (docs/security.md, "Sign-in with an
// email code"): better-auth's email-OTP plugin does the protocol (a 6-digit code, stored hashed,
// single-use, a few tries each); this file holds Callboard's rules around it.
import { EMAIL_CODE_DIGITS, EMAIL_CODE_MINUTES } from '@callboard/contract/auth-routes';
import { APIError } from 'better-auth/api';
import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { RateRule } from '../../lib/rate-limit.ts';

export { EMAIL_CODE_DIGITS };
/** A code works this long after it is sent. */
export const EMAIL_CODE_SECONDS = EMAIL_CODE_MINUTES * 60;
/** Wrong tries one code takes; then it is spent and a new one must be asked for. */
export const EMAIL_CODE_ATTEMPTS = 3;
/** Codes sent to one address, whoever asks (an address with no account counts the same). */
export const EMAIL_CODES_PER_ADDRESS = { window: 15 * 60, max: 5 } as const satisfies RateRule;

/** The only kind of email code Callboard sends so far. */
export const SIGN_IN_CODE_TYPE = 'sign-in';

/** The counter of codes sent to an address. */
export const emailCodeRateKey = (email: string) => `email-code:${email.trim().toLowerCase()}`;

/** better-auth's answer to a wrong code, given to every refusal that must look like one. */
export const invalidEmailCodeBody = { code: 'INVALID_OTP', message: 'Invalid OTP' } as const;
export const invalidEmailCode = () => new APIError('BAD_REQUEST', invalidEmailCodeBody);

/**
 * Whether email codes are refused for the account at `email`: it has two-factor sign-in on, or its
 * address was never verified (better-auth would then delete its password and sessions on a code
 * sign-in; every account Callboard makes has a verified address, this keeps it so). False when
 * there is no account.
 */
export async function emailCodeRefused(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.email, email.trim().toLowerCase()),
        or(eq(users.twoFactorEnabled, true), eq(users.emailVerified, false)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
