// Per-account protection against password guessing. Failed sign-ins are counted per email
// address (whether or not an account exists, so the answer reveals nothing); after
// SIGN_IN_FAILURE_RULE.max failures inside the window, every sign-in for that address gets 429
// until the window ends. Successful sign-ins clear the count, and never count themselves, so a
// whole office signing in from one address is unaffected.
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../../db/client.ts';
import { clearRate, consumeRate, peekRate } from '../../lib/rate-limit.ts';

export const SIGN_IN_FAILURE_RULE = { window: 15 * 60, max: 5 } as const;

const keyFor = (email: string) => `sign-in-failures:${email.trim().toLowerCase()}`;

async function emailOf(request: Request): Promise<string | null> {
  try {
    const body: unknown = await request.clone().json();
    const email = (body as { email?: unknown } | null)?.email;
    return typeof email === 'string' && email.length > 0 ? email : null;
  } catch {
    return null;
  }
}

export function signInThrottle(db: Db): MiddlewareHandler {
  return async (c, next) => {
    const email = await emailOf(c.req.raw);
    if (!email) return next();
    const key = keyFor(email);
    const decision = await peekRate(db, key, SIGN_IN_FAILURE_RULE);
    if (!decision.allowed) {
      const minutes = Math.ceil((decision.retryAfter ?? 60) / 60);
      c.header('Retry-After', String(decision.retryAfter));
      return c.json(
        {
          code: 'TOO_MANY_ATTEMPTS',
          message: `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`,
        },
        429,
      );
    }
    await next();
    if (c.res.status === 401) await consumeRate(db, key, SIGN_IN_FAILURE_RULE);
    else if (c.res.ok) await clearRate(db, key);
  };
}
