// Open sign-up (docs/security.md, "Sign-up"): anyone may create an account with a password and a
// verified address when PUBLIC_SIGN_UP is on. better-auth's email-and-password sign-up creates the
// account unverified; a 6-digit code (the email-OTP plugin's "email-verification" kind) verifies
// it and signs in. This file holds Callboard's rules around that.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, profiles, users, verifications } from '../../db/schema.ts';

/** The email-OTP plugin's kind of code that verifies an address. */
export const VERIFY_EMAIL_CODE_TYPE = 'email-verification';

/**
 * Deletes the account at `email` if its address was never verified (sessions, password and
 * profile go with it), and says whether there was one. Such an account can only come from open
 * sign-up (invitations and the seed make verified ones), cannot sign in, and belongs to no
 * organisation: whoever proves the address next (a new sign-up's code, an invitation link) starts
 * afresh, so that someone who signed up with another person's address first cannot have chosen
 * the password that person will sign in with.
 */
export async function discardUnverifiedAccount(db: Pick<Db, 'delete'>, email: string) {
  const address = email.trim().toLowerCase();
  const deleted = await db
    .delete(users)
    .where(and(eq(users.email, address), eq(users.emailVerified, false)))
    .returning({ id: users.id });
  if (deleted.length === 0) return false;
  // Its code too: only a code sent for the new sign-up may verify the address.
  await db
    .delete(verifications)
    .where(eq(verifications.identifier, `${VERIFY_EMAIL_CODE_TYPE}-otp-${address}`));
  return true;
}

/**
 * The account at `email` waiting for its address to be verified, with its password's hash; null
 * when there is none (no account, a verified one, or one with two-factor sign-in).
 */
export async function pendingSignUp(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, passwordHash: accounts.password })
    .from(users)
    .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
    .where(
      and(
        eq(users.email, email.trim().toLowerCase()),
        eq(users.emailVerified, false),
        eq(users.twoFactorEnabled, false),
      ),
    )
    .limit(1);
  return row?.passwordHash ? { id: row.id, passwordHash: row.passwordHash } : null;
}

/**
 * Gives the profile of a sign-up's new account the first and last name as typed (better-auth keeps
 * one name, which cannot be split back reliably); never a verified account's.
 */
export async function nameNewProfile(
  db: Db,
  input: { userId: string; first_name: string; last_name: string },
) {
  await db
    .update(profiles)
    .set({ first_name: input.first_name, last_name: input.last_name })
    .where(
      and(
        eq(profiles.id, input.userId),
        sql`exists (select 1 from users where id = ${input.userId} and not email_verified)`,
      ),
    );
}
