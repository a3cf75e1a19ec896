// Sign-in, sign-out, throttling and password recovery over real HTTP against a real database.
import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { TestClient } from '../../test/http-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { trustedOrigins } from './auth.ts';
import { SIGN_IN_RULES } from './sign-in-throttle.ts';

interface OutboxBody {
  messages: { to: string; subject: string; text: string }[];
}

function resetTokenFrom(text: string): string {
  const match = /\/update-password\?token=([^\s&]+)/u.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return decodeURIComponent(match[1]);
}

describe('trustedOrigins', () => {
  it('accepts the loopback aliases of APP_URL outside production, and APP_URL alone in it', () => {
    expect(
      trustedOrigins({
        NODE_ENV: 'development',
        APP_URL: 'http://localhost:3000',
        SSO_INTERNAL_ISSUERS: [],
      }),
    ).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'http://localhost:5173',
      'http://127.0.0.1:5173',
      'http://[::1]:5173',
    ]);
    expect(
      trustedOrigins({
        NODE_ENV: 'test',
        APP_URL: 'http://127.0.0.1:4100/',
        SSO_INTERNAL_ISSUERS: [],
      }),
    ).toEqual(['http://127.0.0.1:4100', 'http://localhost:4100', 'http://[::1]:4100']);
    // Not a loopback address: no aliases to accept.
    expect(
      trustedOrigins({
        NODE_ENV: 'test',
        APP_URL: 'https://calls.example.com',
        SSO_INTERNAL_ISSUERS: [],
      }),
    ).toEqual(['https://calls.example.com']);
    expect(
      trustedOrigins({
        NODE_ENV: 'production',
        APP_URL: 'http://localhost:3000',
        SSO_INTERNAL_ISSUERS: [],
      }),
    ).toEqual(['http://localhost:3000']);
  });
});

describe.each(testDatabaseKinds)('identity [$name]', ({ create }) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(await create());
  });
  afterAll(async () => {
    await server.close();
  });

  it('signs in with the demo password and issues an access token for /api/v1', async () => {
    const client = new TestClient(server.url);
    const signIn = await client.signIn('mia@northwind.test', DEMO_PASSWORD);
    expect(signIn.status).toBe(200);
    expect(client.hasSessionCookie).toBe(true);
    const cookie = signIn.headers.getSetCookie().join('\n');
    expect(cookie).toMatch(/HttpOnly/iu);
    expect(cookie).toMatch(/SameSite=Lax/iu);
    expect(client.accessToken?.split('.')).toHaveLength(3);
    const me = await client.request<{ email: string }>('GET', '/api/v1/me');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('mia@northwind.test');
  });

  it('answers a wrong password and an unknown email with the same status and message', async () => {
    const client = new TestClient(server.url);
    const wrongPassword = await client.signIn('leo@northwind.test', 'not-the-password-1');
    const unknownEmail = await client.signIn('nobody-here@northwind.test', 'not-the-password-1');
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(wrongPassword.status);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
    expect(client.hasSessionCookie).toBe(false);
  });

  it('refuses rapid repeated failures for one account from one client with 429, then even the right password', async () => {
    // Every client here has the same address and no device cookie: the per-client rule applies
    // (sign-in-throttle.test.ts covers known devices and the all-clients rule).
    const client = new TestClient(server.url);
    const email = 'gia@globex.test';
    const max = SIGN_IN_RULES.clientAddress.max;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < max + 2; attempt += 1) {
      statuses.push((await client.signIn(email, `wrong-password-${attempt}`)).status);
    }
    expect(statuses.slice(0, max)).toEqual(Array.from({ length: max }, () => 401));
    expect(statuses.slice(max)).toEqual([429, 429]);
    const locked = await client.signIn(email, DEMO_PASSWORD);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Unknown addresses are locked the same way, so a 429 reveals nothing either.
    const unknownStatuses: number[] = [];
    for (let attempt = 0; attempt < max + 1; attempt += 1) {
      unknownStatuses.push((await client.signIn('ghost@globex.test', 'wrong-password')).status);
    }
    expect(unknownStatuses.at(-1)).toBe(429);
    // Another account from the same address is unaffected.
    expect((await client.signIn('gus.admin@globex.test', DEMO_PASSWORD)).status).toBe(200);
  });

  it('lets twenty colleagues sign in from one office address within a minute', async () => {
    const hash = await hashPassword(DEMO_PASSWORD);
    const emails = Array.from({ length: 20 }, (_, index) => `colleague-${index + 1}@office.test`);
    for (const email of emails) {
      await server.database.db.execute(sql`
        with new_user as (
          insert into users (name, email, email_verified) values (${email}, ${email}, true) returning id
        )
        insert into accounts (account_id, provider_id, user_id, password, updated_at)
        select id::text, 'credential', id, ${hash}, now() from new_user`);
    }
    const results = await Promise.all(
      emails.map((email) => new TestClient(server.url).signIn(email, DEMO_PASSWORD)),
    );
    expect(results.map((result) => result.status)).toEqual(emails.map(() => 200));
  });

  it('ends API access at sign-out, even for an access token that has not expired', async () => {
    const client = new TestClient(server.url);
    await client.signIn('leo@northwind.test', DEMO_PASSWORD);
    const token = client.accessToken;
    expect((await client.request('GET', '/api/v1/me')).status).toBe(200);
    expect((await client.request('POST', '/api/auth/sign-out', { json: {} })).status).toBe(200);
    expect(client.hasSessionCookie).toBe(false);
    expect((await client.refreshAccessToken()).status).toBe(401);
    const afterSignOut = await client.request('GET', '/api/v1/me', { bearer: token });
    expect(afterSignOut.status).toBe(401);
    expect(afterSignOut.body).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'Authentication required' },
    });
  });

  it('recovers a password by email link, once, ending every other session', async () => {
    const email = 'ava.admin@northwind.test';
    const otherDevice = new TestClient(server.url);
    await otherDevice.signIn(email, DEMO_PASSWORD);
    expect((await otherDevice.request('GET', '/api/v1/me')).status).toBe(200);

    const browser = new TestClient(server.url);
    const requested = await browser.request('POST', '/api/auth/request-password-reset', {
      json: { email },
    });
    const requestedUnknown = await browser.request('POST', '/api/auth/request-password-reset', {
      json: { email: 'no-such-person@northwind.test' },
    });
    expect(requested.status).toBe(200);
    expect(requestedUnknown.status).toBe(200);
    expect(requestedUnknown.body).toEqual(requested.body);

    const outbox = await browser.request<OutboxBody>(
      'GET',
      `/api/dev/outbox?to=${encodeURIComponent(email)}`,
    );
    const mail = outbox.body.messages.at(-1);
    expect(mail?.subject).toBe('Reset your Callboard password');
    const token = resetTokenFrom(mail?.text ?? '');
    const unknownOutbox = await browser.request<OutboxBody>(
      'GET',
      '/api/dev/outbox?to=no-such-person%40northwind.test',
    );
    expect(unknownOutbox.body.messages).toEqual([]);

    // The link's page asks whether the token works before showing the form; asking uses nothing.
    const checkLink = async (value: unknown) =>
      browser.request<{ valid: boolean }>('POST', '/api/auth/reset-password/check', {
        json: { token: value },
      });
    expect((await checkLink(token)).body).toEqual({ valid: true });
    expect((await checkLink(token)).body).toEqual({ valid: true });
    expect((await checkLink(`${token}x`)).body).toEqual({ valid: false });
    expect((await checkLink('')).status).toBe(400);
    expect((await checkLink(42)).status).toBe(400);

    const weak = await browser.request<{ code: string; reasons: string[] }>(
      'POST',
      '/api/auth/reset-password',
      {
        json: { token, newPassword: 'ava' },
      },
    );
    expect(weak.status).toBe(400);
    expect(weak.body.code).toBe('WEAK_PASSWORD');
    expect(weak.body.reasons).toEqual([
      'Use at least 10 characters.',
      'Do not build your password from your name or email address.',
    ]);
    const common = await browser.request<{ reasons: string[] }>(
      'POST',
      '/api/auth/reset-password',
      {
        json: { token, newPassword: 'password1234' },
      },
    );
    expect(common.body.reasons).toEqual([
      'This password is too common. Choose something less predictable.',
    ]);

    const newPassword = 'quiet-harbour-lantern-42';
    const reset = await browser.request('POST', '/api/auth/reset-password', {
      json: { token, newPassword },
    });
    expect(reset.status).toBe(200);
    expect(browser.hasSessionCookie).toBe(true);
    expect((await browser.refreshAccessToken()).status).toBe(200);
    expect((await browser.request('GET', '/api/v1/me')).status).toBe(200);

    const again = await browser.request<{ code: string }>('POST', '/api/auth/reset-password', {
      json: { token, newPassword: 'another-fine-password-7' },
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('INVALID_TOKEN');
    expect((await checkLink(token)).body).toEqual({ valid: false });

    expect((await otherDevice.request('GET', '/api/v1/me')).status).toBe(401);
    expect((await otherDevice.refreshAccessToken()).status).toBe(401);
    expect((await new TestClient(server.url).signIn(email, DEMO_PASSWORD)).status).toBe(401);
    expect((await new TestClient(server.url).signIn(email, newPassword)).status).toBe(200);
  });

  it('tells the password checklist whether a password is too common, as the rules judge it', async () => {
    const client = new TestClient(server.url);
    const check = (json: unknown) =>
      client.request<{ common?: boolean; code?: string }>('POST', '/api/auth/password/check', {
        json,
      });
    for (const password of ['password123', 'Password2026!', 'qwertyuiop']) {
      expect((await check({ password })).body, password).toEqual({ common: true });
    }
    expect((await check({ password: 'quiet-harbour-lantern-42' })).body).toEqual({
      common: false,
    });
    const empty = await check({ password: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('VALIDATION_FAILED');
    expect((await check({})).status).toBe(400);
    const notJson = await client.request('POST', '/api/auth/password/check', {
      body: 'password=password123',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
  });

  it('signs in from a loopback alias of APP_URL, and tells anyone elsewhere where to go', async () => {
    const signInFrom = (origin: string) =>
      fetch(`${server.url}/api/auth/sign-in/email`, {
        method: 'POST',
        // A browser that has been here before sends its cookies (the device cookie, say): then
        // the origin is checked.
        headers: { 'content-type': 'application/json', origin, cookie: 'seen=1' },
        body: JSON.stringify({ email: 'leo@northwind.test', password: DEMO_PASSWORD }),
      });
    // The server's APP_URL is http://127.0.0.1:<port>; localhost is the same machine.
    const alias = server.url.replace('127.0.0.1', 'localhost');
    expect((await signInFrom(alias)).status).toBe(200);
    const elsewhere = await signInFrom('http://callboard.example.com');
    expect(elsewhere.status).toBe(403);
    expect(await elsewhere.json()).toEqual({
      code: 'INVALID_ORIGIN',
      message: `Open Callboard at ${server.url} to sign in.`,
    });
  });

  it('does not allow open sign-up', async () => {
    const client = new TestClient(server.url);
    const response = await client.request('POST', '/api/auth/sign-up/email', {
      json: {
        email: 'walk-in@anywhere.test',
        password: 'quiet-harbour-lantern-42',
        name: 'Walk In',
      },
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});
