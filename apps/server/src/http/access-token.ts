// Verifies the bearer access tokens that /api/v1 accepts: EdDSA JWTs signed by better-auth's
// jwt plugin. Public keys are read from the jwks table once and kept (they never change once
// written); an unknown key id triggers one re-read, at most every few seconds.
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
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;

export function createAccessTokenVerifier(db: Db, options: { issuer: string; audience: string }) {
  let keySet: ReturnType<typeof createLocalJWKSet> | null = null;
  let knownKids = new Set<string>();
  let loadedAt = 0;

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
      const { sub, sid } = payload;
      if (typeof sub !== 'string' || !UUID.test(sub)) return null;
      if (typeof sid !== 'string' || !UUID.test(sid)) return null;
      return { userId: sub, sessionId: sid };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  };
}

export type AccessTokenVerifier = ReturnType<typeof createAccessTokenVerifier>;
