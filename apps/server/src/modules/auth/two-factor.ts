// Two-factor sign-in with an authenticator app (docs/security.md, "Two-factor sign-in"): what
// Callboard adds to better-auth's two-factor plugin. The plugin keeps the secret and the backup
// codes, asks for a code after the password, counts failures and trusts a device for 30 days; this
// file makes every code single-use, asks for a code before two-factor can be turned off, writes the
// audit entries and tells the access token whether the user still has to enrol.
import { randomInt } from 'node:crypto';
import { APIError } from 'better-auth/api';
import { symmetricDecrypt } from 'better-auth/crypto';
import { createOTP } from '@better-auth/utils/otp';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { twoFactors } from '../../db/schema.ts';

/** Codes have this many digits and change every this many seconds (what every app expects). */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** A code is accepted one period early or late, for clocks that are a little off. */
const TOTP_WINDOW = 1;
/** A device the user chose to trust skips the code for this long. */
export const TRUST_DEVICE_SECONDS = 30 * 24 * 60 * 60;
/** After the password, the code must follow within this long (the challenge's cookie). */
export const TWO_FACTOR_CHALLENGE_SECONDS = 10 * 60;
/** One challenge takes this many wrong codes; then the password must be entered again. */
export const CODE_ATTEMPTS_PER_CHALLENGE = 5;
/** This many wrong codes in a row, across challenges, lock the account's codes for 15 minutes. */
export const CODE_FAILURES_BEFORE_LOCK = 10;
export const CODE_LOCK_SECONDS = 15 * 60;
export const BACKUP_CODE_COUNT = 10;

/** Letters and digits that cannot be mistaken for one another when read off paper (no 0/o, 1/l/i). */
const BACKUP_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * Ten backup codes like "k7m2p-x9qrt": lower case from BACKUP_CODE_ALPHABET, about 49 bits each.
 * The sign-in form lower-cases what is typed, so capitals work too.
 */
export function generateBackupCodes(): string[] {
  const pick = () => BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)] ?? '';
  const group = () => Array.from({ length: 5 }, pick).join('');
  return Array.from({ length: BACKUP_CODE_COUNT }, () => `${group()}-${group()}`);
}

type SecretKey = Parameters<typeof symmetricDecrypt>[0]['key'];

/** The time step (30 s slot since the epoch) whose code `code` is, near now; null if none. */
async function stepOfCode(secret: string, code: string, now = Date.now()): Promise<number | null> {
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`, 'u').test(code)) return null;
  const otp = createOTP(secret, { digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });
  const current = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
  for (let offset = -TOTP_WINDOW; offset <= TOTP_WINDOW; offset++) {
    if ((await otp.hotp(current + offset)) === code) return current + offset;
  }
  return null;
}

/**
 * Checks `code` against the user's authenticator secret and, if it is right, uses it up: the code's
 * time step is recorded, and a code of that step or an earlier one is refused from then on.
 * `result` is 'accepted', 'wrong' (or no secret), 'used' (right, but already spent) or 'locked'
 * (too many wrong codes: nothing is checked, and better-auth refuses); `confirmed` is false while
 * the enrolment waits for its first code. Two requests with the same code cannot both be accepted:
 * the step is claimed by one conditional UPDATE.
 */
export async function claimTotpCode(
  db: Db,
  key: SecretKey,
  userId: string,
  code: string,
): Promise<{ result: 'accepted' | 'wrong' | 'used' | 'locked'; confirmed: boolean }> {
  const [row] = await db
    .select({
      secret: twoFactors.secret,
      lockedUntil: twoFactors.lockedUntil,
      confirmed: twoFactors.verified,
    })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId));
  if (!row) return { result: 'wrong', confirmed: false };
  const answer = (result: 'accepted' | 'wrong' | 'used' | 'locked') => ({
    result,
    confirmed: row.confirmed,
  });
  if (row.lockedUntil && row.lockedUntil > new Date()) return answer('locked');
  // As better-auth compares it: untrimmed, so that both agree on what is wrong.
  const step = await stepOfCode(await symmetricDecrypt({ key, data: row.secret }), code);
  if (step === null) return answer('wrong');
  const claimed = await db
    .update(twoFactors)
    .set({ lastTotpStep: step })
    .where(
      and(
        eq(twoFactors.userId, userId),
        or(isNull(twoFactors.lastTotpStep), lt(twoFactors.lastTotpStep, step)),
      ),
    )
    .returning({ id: twoFactors.id });
  return answer(claimed.length > 0 ? 'accepted' : 'used');
}

/**
 * Counts a wrong code sent outside sign-in (turning two-factor off) as better-auth counts one at
 * sign-in: CODE_FAILURES_BEFORE_LOCK in a row lock the account's codes for CODE_LOCK_SECONDS.
 */
export async function recordWrongCode(db: Db, userId: string): Promise<void> {
  await db.execute(
    sql`update two_factors
        set failed_verification_count = failed_verification_count + 1,
            locked_until = case
              when failed_verification_count + 1 >= ${CODE_FAILURES_BEFORE_LOCK}
                then now() + make_interval(secs => ${CODE_LOCK_SECONDS})
              else locked_until
            end
        where user_id = ${userId}`,
  );
}

export const codeAlreadyUsed = () =>
  new APIError('UNAUTHORIZED', {
    code: 'CODE_ALREADY_USED',
    message: 'That code has already been used. Wait for the next one in your app.',
  });

/**
 * Whether the user's organisation requires two-factor sign-in and the user, who signs in with a
 * password, has not set it up: the access token then says so (`enrol`), and the API answers only
 * the enrolment's few routes. Members without a password sign in through the organisation's
 * identity provider only, and rely on its second factor.
 */
export async function mustEnrolTwoFactor(db: Db, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ must: boolean }>(
    db,
    sql`select (o.require_two_factor and not u.two_factor_enabled
                and exists (select 1 from accounts a
                            where a.user_id = u.id and a.provider_id = 'credential')) as must
        from profiles p
        join organisations o on o.id = p.organisation_id
        join users u on u.id = p.id
        where p.id = ${userId}`,
  );
  return row?.must ?? false;
}
