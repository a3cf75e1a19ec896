// Re-authentication (docs/security.md, "Re-authentication"): a signed-in session that is about to
// do something sensitive proves again that its user is at the keyboard. Two parts:
//
// - Password confirmations in a session are throttled per user, wherever a password is asked for
//   again (changing it, turning two-factor on or off, POST /reauthenticate): a stolen session
//   cookie must not become a way to guess the password at better-auth's per-address rate.
// - POST /api/auth/reauthenticate takes the password, or a current authenticator code when
//   two-factor is on, and stamps the session's reauthenticated_at. The API's sensitive routes
//   (creating an API key) accept a session that signed in or re-authenticated within
//   REAUTHENTICATION_WINDOW_SECONDS, and answer 403 REAUTHENTICATION_REQUIRED otherwise.
import { REAUTHENTICATION_WINDOW_MINUTES } from '@callboard/contract/auth-routes';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint, sessionMiddleware } from 'better-auth/api';
import { eq, sql } from 'drizzle-orm';
import * as z from 'zod';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import { clearRate, consumeRate, refundRate, type RateRule } from '../../lib/rate-limit.ts';
import { claimTotpCode, codeAlreadyUsed, recordWrongCode } from './two-factor.ts';

/** A sign-in or a re-authentication this recent lets a session do sensitive things. */
export const REAUTHENTICATION_WINDOW_SECONDS = REAUTHENTICATION_WINDOW_MINUTES * 60;

/** Wrong passwords a signed-in user may enter per window before confirmations are refused. */
export const PASSWORD_CONFIRMATION_RULE = { window: 15 * 60, max: 5 } as const satisfies RateRule;

/** The part of what better-auth hands an endpoint or a hook that checks a password. */
interface PasswordContext {
  context: {
    internalAdapter: {
      findCredentialAccount(userId: string): Promise<{ password?: string | null } | null>;
    };
    password: {
      hash(password: string): Promise<string>;
      verify(data: { hash: string; password: string }): Promise<boolean>;
    };
  };
}

const confirmationKey = (userId: string) => `password-confirm:${userId}`;

function invalidPassword() {
  return new APIError('BAD_REQUEST', { code: 'INVALID_PASSWORD', message: 'Invalid password' });
}

/**
 * Checks that `password` is the user's, counting the attempt against PASSWORD_CONFIRMATION_RULE
 * before the check (so parallel guesses cannot overshoot). A right password clears the count; a
 * wrong one keeps it and answers 400 INVALID_PASSWORD; over the limit answers 429 without checking.
 */
export async function confirmPassword(
  db: Db,
  ctx: PasswordContext,
  userId: string,
  password: unknown,
): Promise<void> {
  if (typeof password !== 'string' || password === '') {
    throw new APIError('BAD_REQUEST', {
      code: 'INVALID_PASSWORD',
      message: 'Enter your password.',
    });
  }
  const key = confirmationKey(userId);
  const decision = await consumeRate(db, key, PASSWORD_CONFIRMATION_RULE);
  if (!decision.allowed) {
    // The refused attempt is not counted: waiting the window out is enough.
    await refundRate(db, key, PASSWORD_CONFIRMATION_RULE);
    throw new APIError('TOO_MANY_REQUESTS', {
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many wrong passwords. Try again in 15 minutes.',
    });
  }
  const { internalAdapter, password: hashing } = ctx.context;
  const account = await internalAdapter.findCredentialAccount(userId);
  const hash = account?.password;
  // Without a password to compare with, hash anyway: the answer takes as long either way.
  const right = hash
    ? await hashing.verify({ hash, password })
    : (await hashing.hash(password), false);
  if (!right) throw invalidPassword();
  await clearRate(db, key);
}

/** Records that the session's user has just proved it was them. */
async function stampSession(db: Db, sessionId: string): Promise<Date> {
  const [row] = await db
    .update(sessions)
    .set({ reauthenticatedAt: sql`now()` })
    .where(eq(sessions.id, sessionId))
    .returning({ at: sessions.reauthenticatedAt });
  return row?.at ?? new Date();
}

const reauthenticateBody = z.union([
  z.object({ password: z.string().max(1024) }).strict(),
  z.object({ code: z.string().max(32) }).strict(),
]);

/** better-auth plugin: POST /reauthenticate (AUTH_ENDPOINTS lets it through). */
export function reauthentication(db: Db) {
  return {
    id: 'callboard-reauthentication',
    endpoints: {
      reauthenticate: createAuthEndpoint(
        '/reauthenticate',
        { method: 'POST', body: reauthenticateBody, use: [sessionMiddleware] },
        async (ctx) => {
          const { session, user } = ctx.context.session;
          if ('password' in ctx.body) {
            await confirmPassword(db, ctx, user.id, ctx.body.password);
          } else {
            if (!(user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled) {
              throw new APIError('BAD_REQUEST', {
                code: 'TWO_FACTOR_NOT_ENABLED',
                message: 'Two-factor sign-in is off for your account: enter your password.',
              });
            }
            const { result } = await claimTotpCode(
              db,
              ctx.context.secretConfig,
              user.id,
              ctx.body.code.trim(),
            );
            if (result === 'used') throw codeAlreadyUsed();
            if (result === 'locked') {
              throw new APIError('TOO_MANY_REQUESTS', {
                code: 'ACCOUNT_TEMPORARILY_LOCKED',
                message: 'Too many wrong codes. Try again in 15 minutes.',
              });
            }
            if (result === 'wrong') {
              await recordWrongCode(db, user.id);
              throw new APIError('BAD_REQUEST', {
                code: 'INVALID_CODE',
                message: 'Enter the current code from your authenticator app.',
              });
            }
          }
          const at = await stampSession(db, session.id);
          const until = new Date(at.getTime() + REAUTHENTICATION_WINDOW_SECONDS * 1000);
          return ctx.json({ reauthenticated_until: until.toISOString() });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
