// The bearer-token check: signature, issuer, audience and expiry, and the memory of tokens it has
// already verified — which must never outlive a token's expiry or accept a lookalike.
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { jwks } from '../db/schema.ts';
import { createAccessTokenVerifier } from './access-token.ts';

const ISSUER = 'http://localhost:3000';
const AUDIENCE = 'http://localhost:3000';
const claims = { userId: randomUUID(), sessionId: randomUUID() };

let database: Database;
let kid: string;
let privateKey: CryptoKey;
let strangerKey: CryptoKey;

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
  await migrateDatabase(database);
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  privateKey = pair.privateKey;
  strangerKey = (await generateKeyPair('EdDSA', { crv: 'Ed25519' })).privateKey;
  kid = randomUUID();
  await database.db.insert(jwks).values({
    id: kid,
    publicKey: JSON.stringify(await exportJWK(pair.publicKey)),
    privateKey: 'not used here',
    createdAt: new Date(),
    alg: 'EdDSA',
    crv: 'Ed25519',
  });
});
afterAll(async () => {
  await database.close();
});
afterEach(() => {
  vi.useRealTimers();
});

function token(options: { expiresInSeconds?: number; key?: CryptoKey; audience?: string } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'EdDSA', kid })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(options.audience ?? AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresInSeconds ?? 900))
    .sign(options.key ?? privateKey);
}

describe('access tokens', () => {
  it('accepts a good token, again and again', async () => {
    const verify = createAccessTokenVerifier(database.db, { issuer: ISSUER, audience: AUDIENCE });
    const good = await token();
    expect(await verify(good)).toEqual(claims);
    expect(await verify(good)).toEqual(claims);
  });

  it('refuses a forged signature, another audience and a tampered copy of a good token', async () => {
    const verify = createAccessTokenVerifier(database.db, { issuer: ISSUER, audience: AUDIENCE });
    const good = await token();
    expect(await verify(good)).toEqual(claims);
    expect(await verify(await token({ key: strangerKey }))).toBeNull();
    expect(await verify(await token({ audience: 'https://elsewhere.test' }))).toBeNull();
    const [header, payload, signature = ''] = good.split('.');
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BA' : 'AA'}`;
    expect(await verify(`${header}.${payload}.${flipped}`)).toBeNull();
  });

  it('stops accepting a remembered token the moment it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    const verify = createAccessTokenVerifier(database.db, { issuer: ISSUER, audience: AUDIENCE });
    const shortLived = await token({ expiresInSeconds: 60 });
    expect(await verify(shortLived)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-22T10:00:59Z'));
    expect(await verify(shortLived)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-22T10:01:01Z'));
    expect(await verify(shortLived)).toBeNull();
    expect(await verify(shortLived)).toBeNull();
  });
});
