// Protection against online password guessing that an attacker cannot turn against the owner of
// an account ("device cookies", docs/decisions/0009-sign-in-throttling-device-cookies.md).
//
// - A browser that has signed in to an address carries a device cookie proving so (an HMAC under
//   AUTH_SECRET). Its failures for that address count against that device only: 5 in 15 minutes
//   lock that device, nobody else.
// - Any other client: failures count per (address, client address) — 5 in 15 minutes lock that
//   pair — and per address across every client without a device cookie — 10 in 15 minutes lock the
//   address for all of them, which bounds a botnet, while the owner's known devices still sign in.
// - Each attempt is counted atomically BEFORE the password is checked, so parallel guesses cannot
//   overshoot; a success clears the device's or the pair's count; a 401 keeps it; any other client
//   error (a bad body, better-auth's per-address limit) gives the attempt back. A completed
//   password reset clears every counter of the address (clearSignInLimits).
// - Addresses with and without an account are treated the same, so a 429 reveals nothing.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { getIP } from 'better-auth/api';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { forwardedForWithClientAddress } from '../../http/client-address.ts';
import {
  clearRate,
  clearRatesWithPrefix,
  consumeRate,
  refundRate,
  type RateDecision,
  type RateRule,
} from '../../lib/rate-limit.ts';

const FIFTEEN_MINUTES = 15 * 60;

/** Failed sign-ins allowed per window, by who is trying (README, "Sign-in protection"). */
export const SIGN_IN_RULES = {
  /** From a browser with this address's device cookie: that device only. */
  knownDevice: { window: FIFTEEN_MINUTES, max: 5 },
  /** From any other client: per (address, client address). */
  clientAddress: { window: FIFTEEN_MINUTES, max: 5 },
  /** From every client without a device cookie together, per address. */
  allUnknownClients: { window: FIFTEEN_MINUTES, max: 10 },
} as const satisfies Record<string, RateRule>;

/** How many addresses one browser remembers (newest first). */
export const DEVICE_COOKIE_ENTRIES = 5;
const DEVICE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
/** Client address used when there is none (an in-process request without a socket). */
const NO_CLIENT_ADDRESS = 'no-address';

export function deviceCookieName(config: Pick<Config, 'NODE_ENV'>): string {
  // As better-auth names its own cookies under useSecureCookies.
  return config.NODE_ENV === 'production' ? '__Secure-callboard.device' : 'callboard.device';
}

// ---------------------------------------------------------------------------------------------
// Counter keys: all start with the normalised address, so a reset can clear them together.
// ---------------------------------------------------------------------------------------------

const normalise = (email: string) => email.trim().toLowerCase();
const prefixOf = (email: string) => `sign-in:${normalise(email)}:`;
const deviceKey = (email: string, nonce: string) => `${prefixOf(email)}device:${nonce}`;
const clientAddressKey = (email: string, address: string) => `${prefixOf(email)}client:${address}`;
const allUnknownClientsKey = (email: string) => `${prefixOf(email)}all-unknown-clients`;

/** Lifts every sign-in limit of this address (after a completed password reset). */
export async function clearSignInLimits(db: Db, email: string): Promise<void> {
  await clearRatesWithPrefix(db, prefixOf(email));
}

// ---------------------------------------------------------------------------------------------
// The device cookie: up to DEVICE_COOKIE_ENTRIES entries `nonce.mac`, joined by `~`, where
// mac = HMAC-SHA256(key, address|nonce) and key is derived from AUTH_SECRET. The cookie names no
// address: an entry is recognised only by recomputing its mac for the address being signed in.
// ---------------------------------------------------------------------------------------------

const ENTRY_PATTERN = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/u;

interface DeviceEntry {
  nonce: string;
  mac: string;
}

function deviceKeyring(secret: string) {
  const key = createHmac('sha256', secret).update('callboard sign-in device cookie').digest();
  const macOf = (email: string, nonce: string) =>
    createHmac('sha256', key)
      .update(`${normalise(email)}|${nonce}`)
      .digest('base64url');
  return {
    issue(email: string): DeviceEntry {
      const nonce = randomBytes(16).toString('base64url');
      return { nonce, mac: macOf(email, nonce) };
    },
    proves(entry: DeviceEntry, email: string): boolean {
      const expected = Buffer.from(macOf(email, entry.nonce));
      const given = Buffer.from(entry.mac);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

function readEntries(value: string | undefined): DeviceEntry[] {
  if (!value) return [];
  return value
    .split('~', DEVICE_COOKIE_ENTRIES)
    .filter((entry) => ENTRY_PATTERN.test(entry))
    .map((entry) => {
      const [nonce = '', mac = ''] = entry.split('.');
      return { nonce, mac };
    });
}

const writeEntries = (entries: DeviceEntry[]) =>
  entries
    .slice(0, DEVICE_COOKIE_ENTRIES)
    .map((entry) => `${entry.nonce}.${entry.mac}`)
    .join('~');

// ---------------------------------------------------------------------------------------------
// The request: the email as better-auth will read it, and the client's address as its limiter does.
// ---------------------------------------------------------------------------------------------

/** As better-auth checks it, plus the length limit of an address; refused before any query. */
const plausibleEmail = z
  .email()
  .max(254)
  .refine((email) => !/\p{Cc}/u.test(email));

const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json/u;

/**
 * The `email` field, parsed as better-auth parses the body (JSON, or a form post), so that no
 * request reaches the password check uncounted. Hono caches the text for the forwarder.
 */
async function emailField(c: Context): Promise<unknown> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  const text = await c.req.text();
  if (JSON_TYPE.test(type)) {
    try {
      return (JSON.parse(text) as { email?: unknown } | null)?.email;
    } catch {
      return undefined;
    }
  }
  // A form repeats a field at will; better-auth keeps the last value.
  if (type.includes('application/x-www-form-urlencoded')) {
    return new URLSearchParams(text).getAll('email').at(-1);
  }
  return undefined;
}

function clientAddressOf(c: Context, trustedProxies: string[]): string {
  const forwardedFor = forwardedForWithClientAddress(c, trustedProxies.length > 0);
  if (!forwardedFor) return NO_CLIENT_ADDRESS;
  // better-auth's own reading: the right-most address that is not a trusted proxy, IPv6 by /64.
  const address = getIP(new Headers({ 'x-forwarded-for': forwardedFor }), {
    advanced: { ipAddress: { ipAddressHeaders: ['x-forwarded-for'], trustedProxies } },
  });
  return address ?? NO_CLIENT_ADDRESS;
}

function tooManyAttempts(c: Context, decision: RateDecision) {
  const seconds = decision.retryAfter ?? 60;
  const minutes = Math.ceil(seconds / 60);
  c.header('Retry-After', String(seconds));
  return c.json(
    {
      code: 'TOO_MANY_ATTEMPTS',
      message: `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`,
    },
    429,
  );
}

export function signInThrottle(
  db: Db,
  config: Pick<Config, 'AUTH_SECRET' | 'TRUSTED_PROXIES' | 'NODE_ENV'>,
  /**
   * The statuses of a wrong secret: 401 for a password; an email code's refusals are 400 (wrong
   * or expired code) and 403 (its tries used up).
   */
  wrongSecret: (status: number) => boolean = (status) => status === 401,
): MiddlewareHandler {
  if (!config.AUTH_SECRET) throw new Error('signInThrottle needs AUTH_SECRET');
  const keyring = deviceKeyring(config.AUTH_SECRET);
  const cookieName = deviceCookieName(config);

  return async (c, next) => {
    const field = await emailField(c);
    const parsed = plausibleEmail.safeParse(field);
    // better-auth's own answer to an implausible address, before any query.
    if (!parsed.success) return c.json({ code: 'INVALID_EMAIL', message: 'Invalid email' }, 400);
    const email = normalise(parsed.data);

    const entries = readEntries(getCookie(c, cookieName));
    const device = entries.find((entry) => keyring.proves(entry, email));

    // Count first (atomically), check the password only within the limits.
    const counted: [string, RateRule][] = [];
    let refusal: RateDecision | null = null;
    if (device) {
      const key = deviceKey(email, device.nonce);
      const decision = await consumeRate(db, key, SIGN_IN_RULES.knownDevice);
      if (decision.allowed) counted.push([key, SIGN_IN_RULES.knownDevice]);
      else refusal = decision;
    } else {
      const pairKey = clientAddressKey(email, clientAddressOf(c, config.TRUSTED_PROXIES));
      const pair = await consumeRate(db, pairKey, SIGN_IN_RULES.clientAddress);
      if (!pair.allowed) {
        refusal = pair;
      } else {
        const allKey = allUnknownClientsKey(email);
        const all = await consumeRate(db, allKey, SIGN_IN_RULES.allUnknownClients);
        if (all.allowed) {
          counted.push(
            [pairKey, SIGN_IN_RULES.clientAddress],
            [allKey, SIGN_IN_RULES.allUnknownClients],
          );
        } else {
          // Refused without a password check: not a failure of this pair.
          await refundRate(db, pairKey, SIGN_IN_RULES.clientAddress);
          refusal = all;
        }
      }
    }
    if (refusal) return tooManyAttempts(c, refusal);

    await next();

    const status = c.res.status;
    if (c.res.ok) {
      // The device's or the pair's count starts again. The all-clients count only gets this
      // attempt back: the attackers' guesses do not vanish because the owner signed in.
      const [own, ...shared] = counted;
      if (own) await clearRate(db, own[0]);
      for (const [key, rule] of shared) await refundRate(db, key, rule);
      const entry = device ?? keyring.issue(email);
      const others = entries.filter((other) => other.nonce !== entry.nonce);
      setCookie(c, cookieName, writeEntries([entry, ...others]), {
        path: '/api/auth',
        httpOnly: true,
        sameSite: 'Lax',
        secure: config.NODE_ENV === 'production',
        maxAge: DEVICE_COOKIE_MAX_AGE,
      });
    } else if (!wrongSecret(status) && status < 500) {
      // Answered without a verdict on the password (bad body, better-auth's per-address limit…).
      // A server error keeps the count: the password may have been checked.
      for (const [key, rule] of counted) await refundRate(db, key, rule);
    }
  };
}
