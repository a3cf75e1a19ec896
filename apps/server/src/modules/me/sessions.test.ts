// Sessions you can see and end (docs/security.md, "Sessions"): the list, signing one session out,
// signing out everywhere else, and that an ended session's access ends at once.
import type { AuditEntry, Me, OwnSessionList } from '@callboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { TestClient } from '../../test/http-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { deviceLabel } from './sessions.service.ts';

const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('deviceLabel', () => {
  it('names the browser and the system', () => {
    expect(deviceLabel(FIREFOX_WINDOWS)).toBe('Firefox on Windows');
    expect(deviceLabel(SAFARI_IPHONE)).toBe('Safari on iOS');
  });

  it('says nothing it does not know', () => {
    expect(deviceLabel(null)).toBeNull();
    expect(deviceLabel('')).toBeNull();
  });
});

describe.each(testDatabaseKinds)('/api/v1/me/sessions [$name]', ({ create }) => {
  let server: TestServer;
  let ava: TestClient;

  /** A browser signed in as `email`, sending `userAgent` with every identity request. */
  async function browser(email: string, userAgent = FIREFOX_WINDOWS) {
    const client = new TestClient(server.url);
    const signIn = await client.request('POST', '/api/auth/sign-in/email', {
      json: { email, password: DEMO_PASSWORD },
      headers: { 'user-agent': userAgent },
    });
    expect(signIn.status).toBe(200);
    await client.refreshAccessToken();
    expect(client.accessToken).not.toBeNull();
    return client;
  }

  const list = async (client: TestClient) => {
    const response = await client.request<OwnSessionList>('GET', '/api/v1/me/sessions');
    expect(response.status).toBe(200);
    return response.body.sessions;
  };

  /** The id of the session `client` is signed in with. */
  const sessionOf = async (client: TestClient) => {
    const current = (await list(client)).find((session) => session.current);
    if (!current) throw new Error('no current session in the list');
    return current.id;
  };

  const endedEntries = async (target: string) =>
    (
      await ava.request<{ entries: AuditEntry[] }>(
        'GET',
        '/api/v1/admin/audit?action=session.ended&pageSize=200',
      )
    ).body.entries.filter((entry) => entry.target === target);

  beforeAll(async () => {
    server = await startTestServer(await create(), { callsPerOrganisation: 5 });
    ava = await browser('ava.admin@northwind.test');
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists only the user’s own live sessions, this one first and marked', async () => {
    const laptop = await browser('leo@northwind.test', FIREFOX_WINDOWS);
    const phone = await browser('leo@northwind.test', SAFARI_IPHONE);
    const someoneElse = await browser('mia@northwind.test');
    const sessions = await list(phone);
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    expect(sessions[0]).toMatchObject({
      current: true,
      device: 'Safari on iOS',
      device_type: 'mobile',
    });
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(sessions.map((session) => session.id)).toContain(await sessionOf(laptop));
    expect(sessions.map((session) => session.id)).not.toContain(await sessionOf(someoneElse));
    const laptopSession = sessions.find((session) => session.device === 'Firefox on Windows');
    expect(laptopSession).toMatchObject({
      current: false,
      ip_address: '127.0.0.1',
      device_type: 'desktop',
    });
    for (const session of sessions) {
      expect(Date.parse(session.expires_at)).toBeGreaterThan(Date.now());
      expect(Date.parse(session.last_active_at)).toBeGreaterThanOrEqual(
        Date.parse(session.created_at),
      );
      // The token that would sign in as that session is never part of the answer.
      expect(Object.keys(session).sort()).toEqual(
        [
          'created_at',
          'current',
          'device',
          'device_type',
          'expires_at',
          'id',
          'ip_address',
          'last_active_at',
        ].sort(),
      );
    }
  });

  it('ends another session: its next request is refused and it cannot renew its token', async () => {
    const keeper = await browser('mia@northwind.test');
    const other = await browser('mia@northwind.test', SAFARI_IPHONE);
    const otherId = await sessionOf(other);
    expect((await other.request('GET', '/api/v1/me')).status).toBe(200);

    const ended = await keeper.request('DELETE', `/api/v1/me/sessions/${otherId}`);
    expect(ended.status).toBe(204);

    // The access token it already holds is refused at once, not at its expiry.
    expect((await other.request('GET', '/api/v1/me')).status).toBe(401);
    expect((await other.refreshAccessToken()).status).toBe(401);
    expect((await keeper.request('GET', '/api/v1/me')).status).toBe(200);
    expect((await list(keeper)).map((session) => session.id)).not.toContain(otherId);

    const [entry, ...more] = await endedEntries(otherId);
    expect(more).toHaveLength(0);
    const me = (await keeper.request<Me>('GET', '/api/v1/me')).body;
    expect(entry).toMatchObject({
      actor_id: me.id,
      details: { ip_address: '127.0.0.1', user_agent: SAFARI_IPHONE, this_session: false },
    });

    // Once ended, there is nothing left to end.
    const again = await keeper.request('DELETE', `/api/v1/me/sessions/${otherId}`);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('will not end, or tell of, another user’s session', async () => {
    const mia = await browser('mia@northwind.test');
    const gia = await browser('gia@globex.test');
    const giaSession = await sessionOf(gia);
    const response = await mia.request('DELETE', `/api/v1/me/sessions/${giaSession}`);
    expect(response.status).toBe(404);
    // The same answer as for an id that names no session at all.
    const unknown = await mia.request(
      'DELETE',
      '/api/v1/me/sessions/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(response.body);
    expect((await gia.request('GET', '/api/v1/me')).status).toBe(200);
    expect(await endedEntries(giaSession)).toHaveLength(0);
  });

  it('refuses a malformed session id with 400 and ends nothing', async () => {
    const mia = await browser('mia@northwind.test');
    const before = await list(mia);
    const response = await mia.request('DELETE', '/api/v1/me/sessions/not-a-session');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    expect((await list(mia)).map((session) => session.id)).toEqual(
      before.map((session) => session.id),
    );
  });

  it('signs out everywhere else and keeps this session', async () => {
    const here = await browser('nora@nowhere.test');
    const elsewhere = [await browser('nora@nowhere.test'), await browser('nora@nowhere.test')];
    const before = await list(here);
    expect(before.length).toBeGreaterThanOrEqual(3);

    const response = await here.request<{ ended: number }>(
      'POST',
      '/api/v1/me/sessions/end-others',
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ended: before.length - 1 });

    for (const client of elsewhere) {
      expect((await client.request('GET', '/api/v1/me')).status).toBe(401);
    }
    const after = await list(here);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ current: true, id: await sessionOf(here) });
    // A user with no organisation has no audit log: the sessions end all the same.
    const again = await here.request('POST', '/api/v1/me/sessions/end-others');
    expect(again.body).toEqual({ ended: 0 });
  });

  it('audits each session that "sign out everywhere else" ends, for the organisation’s admins', async () => {
    const here = await browser('leo@northwind.test');
    const others = [
      await browser('leo@northwind.test', SAFARI_IPHONE),
      await browser('leo@northwind.test', SAFARI_IPHONE),
    ];
    const ids = await Promise.all(others.map(sessionOf));
    const response = await here.request<{ ended: number }>(
      'POST',
      '/api/v1/me/sessions/end-others',
    );
    expect(response.body.ended).toBeGreaterThanOrEqual(2);
    const leo = (await here.request<Me>('GET', '/api/v1/me')).body;
    for (const id of ids) {
      const entries = await endedEntries(id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        actor_id: leo.id,
        details: { user_agent: SAFARI_IPHONE, this_session: false },
      });
    }
    expect(await endedEntries(await sessionOf(here))).toHaveLength(0);
  });

  it('records a session as active when it fetches an access token', async () => {
    const client = await browser('leo@northwind.test');
    const id = await sessionOf(client);
    await server.database.db.execute(
      sql`update sessions set updated_at = now() - interval '2 hours' where id = ${id}::uuid`,
    );
    const stale = (await list(client)).find((session) => session.id === id);
    expect(Date.now() - Date.parse(stale?.last_active_at ?? '')).toBeGreaterThan(3_600_000);

    await client.refreshAccessToken();
    const fresh = (await list(client)).find((session) => session.id === id);
    expect(Date.now() - Date.parse(fresh?.last_active_at ?? '')).toBeLessThan(60_000);
  });

  it('asks for a valid access token', async () => {
    const anonymous = new TestClient(server.url);
    expect((await anonymous.request('GET', '/api/v1/me/sessions')).status).toBe(401);
    expect((await anonymous.request('POST', '/api/v1/me/sessions/end-others')).status).toBe(401);
  });
});
