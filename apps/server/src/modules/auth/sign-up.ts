// Open sign-up (docs/security.md, "Sign-up"): anyone may create an account with a password and a
// verified address when PUBLIC_SIGN_UP is on. better-auth's email-and-password sign-up creates the
// account unverified; a 6-digit code (the email-OTP plugin's "email-verification" kind) verifies
// it and signs in. This file holds Callboard's rules around that.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles, users, verifications } from '../../db/schema.ts';

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

/** Whether the account at `email` exists and its address is verified. */
export async function isVerifiedAccount(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ verified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return row?.verified === true;
}

/**
 * Gives the profile of a sign-up's new account the first and last name as typed (better-auth keeps
 * one name, which cannot be split back reliably). An existing, verified account is left alone.
 */
export async function nameNewProfile(
  db: Db,
  input: { email: string; first_name: string; last_name: string },
) {
  await db
    .update(profiles)
    .set({ first_name: input.first_name, last_name: input.last_name })
    .where(
      sql`${profiles.id} = (select id from users where email = ${input.email.trim().toLowerCase()} and not email_verified)`,
    );
}
