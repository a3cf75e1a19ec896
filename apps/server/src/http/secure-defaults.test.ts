// Secure defaults over real HTTP against a real database: the development outbox answers only this
// machine, better-auth's unused endpoints are closed, password changes and resets leave no live
// credential behind, bodies are size-limited, and API JSON is never cached. docs/security.md.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { DEMO_PASSWORD } from '../db/seed/seed.ts';
import { AUTH_ENDPOINTS } from '../modules/auth/auth.routes.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { postAlone, TestClient } from '../test/http-client.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { API_BODY_LIMIT_BYTES, PUBLIC_BODY_LIMIT_BYTES } from './app.ts';

interface OutboxBody {
  messages: { to: string; subject: string; text: string }[];
}

function resetTokenFrom(text: string): string {
  const match = /\/update-password\?token=([^\s&]+)/u.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return decodeURIComponent(match[1]);
}

describe.each(testDatabaseKinds)('secure defaults [$name]', ({ create }) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(await create(), { callsPerOrganisation: 5 });
  });
  afterAll(async () => {
    await server.close();
  });

  async function requestReset(email: string): Promise<string> {
    const client = new TestClient(server.url);
    const requested = await client.request('POST', '/api/auth/request-password-reset', {
      json: { email },
    });
    expect(requested.status).toBe(200);
    const outbox = await client.request<OutboxBody>(
      'GET',
      `/api/dev/outbox?to=${encodeURIComponent(email)}`,
    );
    return resetTokenFrom(outbox.body.messages.at(-1)?.text ?? '');
  }

  describe('the development outbox', () => {
    it('answers a client on this machine', async () => {
      const response = await new TestClient(server.url).request<OutboxBody>(
        'GET',
        '/api/dev/outbox',
      );
      expect(response.status).toBe(200);
      expect(Array.isArray(response.body.messages)).toBe(true);
    });

    it('refuses a request that came through a proxy, which makes every visitor look local', async () => {
      const forwarded: Record<string, string>[] = [
        { 'x-forwarded-for': '203.0.113.9' },
        { forwarded: 'for=203.0.113.9' },
        { 'x-real-ip': '203.0.113.9' },
      ];
      for (const headers of forwarded) {
        const response = await new TestClient(server.url).request('GET', '/api/dev/outbox', {
          headers,
        });
        expect(response.status, JSON.stringify(headers)).toBe(404);
        expect(JSON.stringify(response.body)).not.toContain('update-password');
      }
    });
  });

  describe('identity endpoints', () => {
    it('closes every better-auth endpoint the product does not use', async () => {
      const client = new TestClient(server.url);
      await client.signIn('mia@northwind.test', DEMO_PASSWORD);
      const closed = [
        [
          'POST',
          '/api/auth/update-user',
          { name: 'x'.repeat(10_000), image: 'javascript:alert(1)' },
        ],
        // Open sign-up is reachable (docs/security.md, "Sign-up"); these other ways in are not.
        ['POST', '/api/auth/sign-in/social', { provider: 'github' }],
        ['POST', '/api/auth/email-otp/request-email-change', { newEmail: 'other@x.test' }],
        ['GET', '/api/auth/get-session', undefined],
        ['GET', '/api/auth/list-sessions', undefined],
        ['POST', '/api/auth/revoke-sessions', {}],
        ['POST', '/api/auth/change-email', { newEmail: 'other@x.test' }],
        ['POST', '/api/auth/delete-user', {}],
        ['GET', '/api/auth/reset-password/abc', undefined],
        ['GET', '/api/auth/ok', undefined],
      ] as const;
      for (const [method, path, json] of closed) {
        const response = await client.request(method, path, json ? { json } : {});
        expect(response.status, `${method} ${path}`).toBe(404);
      }
      const me = await client.request<{ first_name: string }>('GET', '/api/v1/me');
      expect(me.body.first_name).toBe('Mia');
      expect(AUTH_ENDPOINTS.has('POST /update-user')).toBe(false);
    });

    it('ends every other session on a password change, whatever the client asks', async () => {
      const email = 'leo@northwind.test';
      const laptop = new TestClient(server.url);
      const phone = new TestClient(server.url);
      await laptop.signIn(email, DEMO_PASSWORD);
      await phone.signIn(email, DEMO_PASSWORD);
      const newPassword = 'copper-meadow-lantern-58';
      const changed = await laptop.request('POST', '/api/auth/change-password', {
        json: { currentPassword: DEMO_PASSWORD, newPassword, revokeOtherSessions: false },
      });
      expect(changed.status).toBe(200);
      expect((await phone.refreshAccessToken()).status).toBe(401);
      expect((await phone.request('GET', '/api/v1/me')).status).toBe(401);
      // The device that changed it stays signed in.
      expect((await laptop.refreshAccessToken()).status).toBe(200);
      expect((await laptop.request('GET', '/api/v1/me')).status).toBe(200);
    });
  });

  describe('password reset links', () => {
    it('keeps one live link per user: asking again withdraws the earlier one', async () => {
      const email = 'gia@globex.test';
      const first = await requestReset(email);
      const second = await requestReset(email);
      expect(second).not.toBe(first);
      const client = new TestClient(server.url);
      const withFirst = await client.request<{ code: string }>('POST', '/api/auth/reset-password', {
        json: { token: first, newPassword: 'silver-orchard-window-31' },
      });
      expect(withFirst.status).toBe(400);
      expect(withFirst.body.code).toBe('INVALID_TOKEN');
      const withSecond = await client.request('POST', '/api/auth/reset-password', {
        json: { token: second, newPassword: 'silver-orchard-window-31' },
      });
      expect(withSecond.status).toBe(200);
    });

    it('leaves no link alive after a reset, and stores none in usable form', async () => {
      const email = 'gus.admin@globex.test';
      const token = await requestReset(email);
      const stored = await queryRows<{ identifier: string }>(
        server.database.db,
        sql`select identifier from verifications where identifier like 'reset-password:%'`,
      );
      expect(stored.length).toBeGreaterThan(0);
      expect(stored.some((row) => row.identifier.includes(token))).toBe(false);

      const reset = await new TestClient(server.url).request('POST', '/api/auth/reset-password', {
        json: { token, newPassword: 'amber-valley-compass-64' },
      });
      expect(reset.status).toBe(200);
      const left = await queryRows<{ count: number | string }>(
        server.database.db,
        sql`select count(*) as count from verifications v join users u on u.id::text = v.value
            where u.email = ${email} and v.identifier like 'reset-password:%'`,
      );
      expect(Number(left[0]?.count)).toBe(0);
      const replay = await new TestClient(server.url).request('POST', '/api/auth/reset-password', {
        json: { token, newPassword: 'amber-valley-compass-65' },
      });
      expect(replay.status).toBe(400);
    });
  });

  describe('request bodies', () => {
    it('answers an oversized identity body with 413 and the error envelope', async () => {
      const response = await postAlone(
        `${server.url}/api/auth/sign-in/email`,
        JSON.stringify({
          email: 'mia@northwind.test',
          password: 'x'.repeat(PUBLIC_BODY_LIMIT_BYTES),
        }),
      );
      expect(response.status).toBe(413);
      expect(response.body).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
    });

    it('answers an oversized public invitation body with 413', async () => {
      const response = await postAlone(
        `${server.url}/api/v1/invitations/${'a'.repeat(40)}/sign-up`,
        JSON.stringify({ name: 'x'.repeat(PUBLIC_BODY_LIMIT_BYTES), password: 'p' }),
      );
      expect(response.status).toBe(413);
    });

    it('answers an oversized product API body with 413, not 400', async () => {
      const client = new TestClient(server.url);
      await client.signIn('ava.admin@northwind.test', DEMO_PASSWORD);
      // The limit applies before routing and before the token check.
      const patch = await postAlone(
        `${server.url}/api/v1/me`,
        JSON.stringify({ first_name: 'x'.repeat(API_BODY_LIMIT_BYTES) }),
        { authorization: `Bearer ${client.accessToken ?? ''}` },
      );
      expect(patch.status).toBe(413);
      expect(patch.body).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
    });
  });

  describe('caching and reserved paths', () => {
    it('marks API JSON no-store, answers or fails', async () => {
      const client = new TestClient(server.url);
      await client.signIn('mia@northwind.test', DEMO_PASSWORD);
      for (const path of ['/api/v1/me', '/api/v1/calls?pageSize=1', '/api/config']) {
        const response = await client.request('GET', path);
        expect(response.status, path).toBe(200);
        expect(response.headers.get('cache-control'), path).toBe('no-store');
      }
      const refused = await client.request('GET', '/api/v1/me', { bearer: 'nope' });
      expect(refused.headers.get('cache-control')).toBe('no-store');
    });

    it('does not answer /metrics with the web app', async () => {
      const response = await new TestClient(server.url).request('GET', '/metrics');
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
    });
  });
});
