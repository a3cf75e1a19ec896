// Re-authentication (docs/security.md, "Re-authentication") through real HTTP on both databases:
// creating an API key needs a sign-in or a confirmation within 10 minutes; the confirmation takes
// the password or, with two-factor on, a current code once; wrong passwords in a session are
// counted per user wherever they are asked for.
import type { ApiKey, ErrorBody } from '@callboard/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema.ts';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { TestClient } from '../../test/http-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { codeFor } from '../../test/totp.ts';
import { PASSWORD_CONFIRMATION_RULE, REAUTHENTICATION_WINDOW_SECONDS } from './reauthentication.ts';

type AuthError = { code?: string; message?: string };

describe.each(testDatabaseKinds)('re-authentication [$name]', ({ create }) => {
  let server: TestServer;

  async function signedIn(email: string) {
    const client = new TestClient(server.url);
    expect((await client.signIn(email, DEMO_PASSWORD)).status).toBe(200);
    return client;
  }

  /**
   * Moves every session of `email` back in time: signed in, and last confirmed (if ever), 11
   * minutes ago, as if the user had been away from the keyboard.
   */
  async function ageSessions(email: string) {
    const { db } = server.database;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw new Error(`no user ${email}`);
    const elevenMinutesAgo = sql`now() - interval '11 minutes'`;
    await db
      .update(sessions)
      .set({
        createdAt: elevenMinutesAgo,
        reauthenticatedAt: sql`least(${sessions.reauthenticatedAt}, ${elevenMinutesAgo})`,
      })
      .where(eq(sessions.userId, user.id));
  }

  const createKey = (client: TestClient, name: string) =>
    client.request<ErrorBody & { key?: string }>('POST', '/api/v1/admin/api-keys', {
      json: { name },
    });

  const reauthenticate = (client: TestClient, json: unknown) =>
    client.request<AuthError & { reauthenticated_until?: string }>(
      'POST',
      '/api/auth/reauthenticate',
      { json },
    );

  const keyNames = async (client: TestClient) =>
    (await client.request<{ rows: ApiKey[] }>('GET', '/api/v1/admin/api-keys')).body.rows.map(
      (key) => key.name,
    );

  beforeAll(async () => {
    server = await startTestServer(await create(), { callsPerOrganisation: 2 });
  });
  afterAll(async () => {
    await server.close();
  });

  it('lets a session that signed in just now create an API key, and asks an older one to confirm', async () => {
    const ava = await signedIn('ava.admin@northwind.test');
    expect((await createKey(ava, 'Fresh sign-in')).status).toBe(201);

    await ageSessions('ava.admin@northwind.test');
    const refused = await createKey(ava, 'After a long lunch');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({
      code: 'REAUTHENTICATION_REQUIRED',
      message: 'Confirm it’s you: enter your password again to continue.',
    });
    // Nothing was made.
    expect(await keyNames(ava)).not.toContain('After a long lunch');

    const wrong = await reauthenticate(ava, { password: 'not the password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('INVALID_PASSWORD');
    expect((await createKey(ava, 'After a long lunch')).status).toBe(403);

    const before = Date.now();
    const confirmed = await reauthenticate(ava, { password: DEMO_PASSWORD });
    expect(confirmed.status).toBe(200);
    const until = Date.parse(confirmed.body.reauthenticated_until ?? '');
    // Clocks of the test and the database differ by a little at most.
    expect(until - before).toBeGreaterThan((REAUTHENTICATION_WINDOW_SECONDS - 60) * 1000);
    expect(until - before).toBeLessThan((REAUTHENTICATION_WINDOW_SECONDS + 60) * 1000);
    expect((await createKey(ava, 'After a long lunch')).status).toBe(201);

    // Ten minutes on, the confirmation has run out too.
    await ageSessions('ava.admin@northwind.test');
    expect((await createKey(ava, 'Later still')).status).toBe(403);
  });

  it('covers only the session that confirmed', async () => {
    const laptop = await signedIn('ava.admin@northwind.test');
    const phone = await signedIn('ava.admin@northwind.test');
    await ageSessions('ava.admin@northwind.test');
    expect((await reauthenticate(laptop, { password: DEMO_PASSWORD })).status).toBe(200);
    expect((await createKey(laptop, 'From the laptop')).status).toBe(201);
    const fromPhone = await createKey(phone, 'From the phone');
    expect(fromPhone.status).toBe(403);
    expect(fromPhone.body.error.code).toBe('REAUTHENTICATION_REQUIRED');
  });

  it('takes a current authenticator code, once, from a user with two-factor on', async () => {
    const gus = await signedIn('gus.admin@globex.test');
    const enabled = await gus.request<{ totpURI: string }>('POST', '/api/auth/two-factor/enable', {
      json: { password: DEMO_PASSWORD },
    });
    expect(enabled.status).toBe(200);
    const { totpURI } = enabled.body;
    expect(
      (
        await gus.request('POST', '/api/auth/two-factor/verify-totp', {
          json: { code: await codeFor(totpURI) },
        })
      ).status,
    ).toBe(200);
    await gus.refreshAccessToken();

    await ageSessions('gus.admin@globex.test');
    expect((await createKey(gus, 'Globex voice platform')).status).toBe(403);
    // The enrolment's code has this step; the next one is accepted (clocks may be a step apart).
    const code = await codeFor(totpURI, 1);
    expect((await reauthenticate(gus, { code })).status).toBe(200);
    expect((await createKey(gus, 'Globex voice platform')).status).toBe(201);

    const reused = await reauthenticate(gus, { code });
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe('CODE_ALREADY_USED');
    const wrong = await reauthenticate(gus, { code: '12345' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('INVALID_CODE');

    // Without two-factor there is no code to give: the password it is.
    const gia = await signedIn('gia@globex.test');
    const noTwoFactor = await reauthenticate(gia, { code: '123456' });
    expect(noTwoFactor.status).toBe(400);
    expect(noTwoFactor.body.code).toBe('TWO_FACTOR_NOT_ENABLED');
  });

  it('counts wrong passwords per user wherever a session is asked for one, then refuses for a while', async () => {
    const leo = await signedIn('leo@northwind.test');
    const attempts = [
      () => reauthenticate(leo, { password: 'guess one' }),
      () =>
        leo.request<AuthError>('POST', '/api/auth/change-password', {
          json: { currentPassword: 'guess two', newPassword: 'a much longer pass phrase 42' },
        }),
      () =>
        leo.request<AuthError>('POST', '/api/auth/two-factor/enable', {
          json: { password: 'guess three' },
        }),
      () =>
        leo.request<AuthError>('POST', '/api/auth/two-factor/disable', {
          json: { password: 'guess four', code: '123456' },
        }),
      () => reauthenticate(leo, { password: 'guess five' }),
    ];
    expect(attempts).toHaveLength(PASSWORD_CONFIRMATION_RULE.max);
    for (const attempt of attempts) {
      const response = await attempt();
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('INVALID_PASSWORD');
    }
    // The right password is now refused too, without being checked: the limit is per user.
    for (const session of [leo, await signedIn('leo@northwind.test')]) {
      const locked = await reauthenticate(session, { password: DEMO_PASSWORD });
      expect(locked.status).toBe(429);
      expect(locked.body).toMatchObject({
        code: 'TOO_MANY_ATTEMPTS',
        message: 'Too many wrong passwords. Try again in 15 minutes.',
      });
    }
    const change = await leo.request<AuthError>('POST', '/api/auth/change-password', {
      json: { currentPassword: DEMO_PASSWORD, newPassword: 'a much longer pass phrase 42' },
    });
    expect(change.status).toBe(429);
    // Someone else's confirmations are not affected.
    const mia = await signedIn('mia@northwind.test');
    expect((await reauthenticate(mia, { password: DEMO_PASSWORD })).status).toBe(200);
  });

  it('refuses a malformed confirmation with 400 and one without a session with 401', async () => {
    const mia = await signedIn('mia@northwind.test');
    for (const body of [{}, { password: DEMO_PASSWORD, code: '123456' }, { password: 42 }]) {
      expect((await reauthenticate(mia, body)).status).toBe(400);
    }
    const stranger = new TestClient(server.url);
    expect((await reauthenticate(stranger, { password: DEMO_PASSWORD })).status).toBe(401);
  });
});
