// Verifies the bearer access tokens that /api/v1 accepts: EdDSA JWTs signed by better-auth's
// jwt plugin. Public keys are read from the jwks table once and kept (they never change once
// written); an unknown key id triggers one re-read, at most every few seconds.
//
// A verified token is remembered until it expires (at most VERIFIED_CACHE_SIZE of them): the
// browser sends the same token for up to 15 minutes, and checking its signature again each time
// was a measurable share of a request's CPU. Only the exact token string is remembered, so nothing
// unverified can match; whether its session is still live is checked on every request anyway
// (app_enter), so signing out still ends access at once.
import {
  createLocalJWKSet,
  decodeProtectedHeader,
  errors as joseErrors,
  jwtVerify,
  type JSONWebKeySet,
  type JWK,
} from 'jose';
import { jwks } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import type { AccessClaims } from '../db/tenant.ts';

const RELOAD_AT_MOST_EVERY_MS = 5_000;
const VERIFIED_CACHE_SIZE = 10_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;

export function createAccessTokenVerifier(db: Db, options: { issuer: string; audience: string }) {
  let keySet: ReturnType<typeof createLocalJWKSet> | null = null;
  let knownKids = new Set<string>();
  let loadedAt = 0;
  /** token → its claims and expiry (seconds since the epoch), oldest first. */
  const verified = new Map<string, { claims: AccessClaims; exp: number }>();

  function remember(token: string, claims: AccessClaims, exp: number) {
    if (verified.size >= VERIFIED_CACHE_SIZE) {
      const oldest = verified.keys().next();
      if (!oldest.done) verified.delete(oldest.value);
    }
    verified.set(token, { claims, exp });
  }

  async function load() {
    const rows = await db
      .select({ id: jwks.id, publicKey: jwks.publicKey, alg: jwks.alg })
      .from(jwks);
    const set: JSONWebKeySet = {
      keys: rows.map((row) => ({
        ...(JSON.parse(row.publicKey) as JWK),
        kid: row.id,
        alg: row.alg ?? 'EdDSA',
      })),
    };
    keySet = createLocalJWKSet(set);
    knownKids = new Set(rows.map((row) => row.id));
    loadedAt = Date.now();
  }

  function kidOf(token: string): string | null {
    try {
      const header = decodeProtectedHeader(token);
      return typeof header.kid === 'string' ? header.kid : null;
    } catch {
      return null;
    }
  }

  /** The token's claims, or null when it is malformed, forged, expired or not ours. */
  return async function verify(token: string): Promise<AccessClaims | null> {
    const known = verified.get(token);
    if (known) {
      if (known.exp > Date.now() / 1000) return known.claims;
      verified.delete(token);
      return null;
    }
    const kid = kidOf(token);
    if (!kid) return null;
    if (!keySet || (!knownKids.has(kid) && Date.now() - loadedAt > RELOAD_AT_MOST_EVERY_MS)) {
      await load();
    }
    if (!keySet || !knownKids.has(kid)) return null;
    try {
      const { payload } = await jwtVerify(token, keySet, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ['EdDSA'],
      });
      const { sub, sid, exp, enrol } = payload;
      if (typeof sub !== 'string' || !UUID.test(sub)) return null;
      if (typeof sid !== 'string' || !UUID.test(sid)) return null;
      const claims: AccessClaims =
        enrol === true ? { userId: sub, sessionId: sid, enrol } : { userId: sub, sessionId: sid };
      // jwtVerify has checked exp; a token without one is not remembered.
      if (typeof exp === 'number') remember(token, claims, exp);
      return claims;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  };
}

export type AccessTokenVerifier = ReturnType<typeof createAccessTokenVerifier>;
