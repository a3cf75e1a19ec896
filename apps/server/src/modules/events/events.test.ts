// Live updates over real HTTP on a real database (docs/live-updates.md): what a stream receives,
// what it must never receive (another organisation's changes, another user's notifications, a
// rolled-back change), when the server ends it, and presence.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@callboard/contract';
import { queryRows } from '../../db/client.ts';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { endedByServer, openEventStream, type EventStream } from '../../test/event-stream.ts';
import { TestClient } from '../../test/http-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { STOP_RECONNECT_SPREAD_MS } from './live-hub.ts';

describe.each(testDatabaseKinds)('live updates [$name]', ({ name, create }) => {
  let server: TestServer;
  const clients = new Map<string, TestClient>();
  const open: EventStream[] = [];
  let northwindCalls: string[];
  let globexCalls: string[];
  const ids = new Map<string, string>();

  async function signedIn(email: string) {
    const client = new TestClient(server.url);
    expect((await client.signIn(email, DEMO_PASSWORD)).status).toBe(200);
    return client;
  }
  async function client(email: string) {
    let found = clients.get(email);
    if (!found) clients.set(email, (found = await signedIn(email)));
    return found;
  }
  async function stream(email: string | TestClient) {
    const owner = typeof email === 'string' ? await client(email) : email;
    const opened = await openEventStream(server.url, owner.accessToken);
    open.push(opened);
    return opened;
  }
  /** Changes the call's status (to one it does not have), as a member of its organisation. */
  const setStatus = async (callId: string, email = 'mia@northwind.test') => {
    const [row] = await queryRows<{ status: string }>(
      server.database.db,
      sql`select status from call_log where call_id = ${callId}`,
    );
    const status = row?.status === 'In progress' ? 'Closed' : 'In progress';
    const response = await (
      await client(email)
    ).request('PUT', `/api/v1/calls/${callId}/status`, {
      json: { status },
    });
    expect(response.status).toBe(200);
  };
  const changedCall = (callId: string) => (event: LiveEvent) =>
    event.type === 'call.changed' && event.callId === callId;

  beforeAll(async () => {
    server = await startTestServer(await create(), { callsPerOrganisation: 20 });
    const rows = await queryRows<{ call_id: string; name: string }>(
      server.database.db,
      sql`select c.call_id, o.name from call_log c join organisations o on o.id = c.organisation_id
          order by c.call_id`,
    );
    northwindCalls = rows.filter((row) => row.name.startsWith('Northwind')).map((r) => r.call_id);
    globexCalls = rows.filter((row) => row.name.startsWith('Globex')).map((r) => r.call_id);
    expect(northwindCalls.length).toBeGreaterThan(5);
    expect(globexCalls.length).toBeGreaterThan(5);
    const people = await queryRows<{ id: string; email: string }>(
      server.database.db,
      sql`select id, email from profiles`,
    );
    for (const person of people) ids.set(person.email, person.id);
  });
  beforeEach(() => {
    for (const opened of open.splice(0)) opened.close();
  });
  afterAll(async () => {
    for (const opened of open.splice(0)) opened.close();
    await server.close();
  });

  it('answers a signed-in member with an uncompressed, uncached event stream: ready first', async () => {
    const mia = await client('mia@northwind.test');
    const opened = await openEventStream(server.url, mia.accessToken, {
      'accept-encoding': 'gzip, deflate',
    });
    open.push(opened);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(opened.headers.get('content-encoding')).toBeNull();
    expect(opened.headers.get('cache-control')).toContain('no-store');
    expect(opened.headers.get('x-accel-buffering')).toBe('no');
    expect(opened.raw).toMatch(
      /^event: ready\ndata: \{"type":"ready","streamId":"[0-9a-f-]{36}"\}\n\n$/u,
    );
  });

  it('refuses no token (401) and a user without an organisation (403), in the error envelope', async () => {
    const anonymous = await openEventStream(server.url, null);
    expect(anonymous.status).toBe(401);
    await anonymous.ended;
    expect(JSON.parse(anonymous.raw)).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'Authentication required' },
    });
    const nora = await openEventStream(server.url, (await client('nora@nowhere.test')).accessToken);
    expect(nora.status).toBe(403);
    await nora.ended;
    expect(JSON.parse(nora.raw)).toEqual({
      error: { code: 'NO_ORGANISATION', message: 'No organization assigned to user' },
    });
  });

  it("sends a change to its organisation's streams, ids only; Globex's stream gets not a byte of it", async () => {
    const [callId = ''] = northwindCalls;
    const [globexCall = ''] = globexCalls;
    const leo = await stream('leo@northwind.test');
    const gia = await stream('gia@globex.test');
    await setStatus(callId);
    const changed = await leo.waitFor(changedCall(callId), 'call.changed');
    expect(Object.keys(changed).sort()).toEqual(['callId', 'type', 'version']);
    const activity = await leo.waitFor(
      (event) => event.type === 'call.activity' && event.callId === callId,
      'call.activity',
    );
    expect(activity).toMatchObject({
      activityType: 'STATUS_CHANGED',
      actorId: ids.get('mia@northwind.test'),
    });
    // Notifications arrive in commit order: once Globex's own later change is there, an earlier
    // Northwind one would have been too.
    await setStatus(globexCall, 'gia@globex.test');
    await gia.waitFor(changedCall(globexCall), "Globex's own change");
    expect(gia.raw).not.toContain(callId);
    expect(gia.raw).not.toContain('organisationId');
    expect(gia.events.map((event) => event.type)).toEqual([
      'ready',
      'call.changed',
      'call.activity',
    ]);
    expect(leo.raw).not.toContain(globexCall);
    expect(leo.raw).not.toContain('organisationId');
  });

  it('tells the organisation how many calls were added', async () => {
    const ava = await client('ava.admin@northwind.test');
    const leo = await stream('leo@northwind.test');
    const key = await ava.request<{ key: string }>('POST', '/api/v1/admin/api-keys', {
      json: { name: 'Live test' },
    });
    const now = Date.now();
    const calls = [1, 2].map((n) => ({
      external_id: `live-${name}-${n}`,
      agent_id: 'nw-agent-1',
      started_at: new Date(now - 120_000).toISOString(),
      ended_at: new Date(now - 60_000).toISOString(),
      direction: 'inbound',
      from_number: '+441632960001',
      to_number: '+441632960002',
    }));
    const ingested = await ava.request('POST', '/api/v1/ingest/calls', {
      json: { calls },
      bearer: key.body.key,
    });
    expect(ingested.status).toBe(200);
    expect(await leo.waitFor((event) => event.type === 'calls.created')).toEqual({
      type: 'calls.created',
      count: 2,
    });
  });

  it('sends a notification to its recipient alone', async () => {
    const mia = await stream('mia@northwind.test');
    const leo = await stream('leo@northwind.test');
    const [callId = '', marker = ''] = northwindCalls.slice(1);
    const [row] = await queryRows<{ id: string }>(
      server.database.db,
      sql`insert into notifications (organisation_id, user_id, kind, call_id, actor_id)
          select organisation_id, id, 'assigned', ${callId}, ${ids.get('leo@northwind.test')}::uuid
          from profiles where email = 'mia@northwind.test'
          returning id`,
    );
    expect(await mia.waitFor((event) => event.type === 'notification')).toEqual({
      type: 'notification',
      notificationId: row?.id,
    });
    await setStatus(marker);
    await leo.waitFor(changedCall(marker), 'the marker change');
    expect(leo.events.some((event) => event.type === 'notification')).toBe(false);
    expect(leo.raw).not.toContain(row?.id ?? '-');
  });

  it('publishes nothing for a change that was rolled back', async () => {
    const leo = await stream('leo@northwind.test');
    const [rolledBack = '', marker = ''] = northwindCalls.slice(3);
    await server.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update call_log set status = 'Closed' where call_id = ${rolledBack}`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await setStatus(marker);
    await leo.waitFor(changedCall(marker), 'the marker change');
    expect(leo.raw).not.toContain(rolledBack);
  });

  it('ends the stream of a session that signs out, at once', async () => {
    const leo = await signedIn('leo@northwind.test');
    const other = await stream('leo@northwind.test');
    const ending = await stream(leo);
    expect((await leo.request('POST', '/api/auth/sign-out', { json: {} })).status).toBe(200);
    await endedByServer(ending);
    // Only that session's: the same user's other session keeps its stream.
    expect(other.isEnded).toBe(false);
    await setStatus(northwindCalls[5] ?? '');
    await other.waitFor(changedCall(northwindCalls[5] ?? ''));
  });

  it('ends streams whose session expired or whose user moved, on the heartbeat', async () => {
    const expiring = await signedIn('mia@northwind.test');
    const expired = await stream(expiring);
    const kept = await stream('leo@northwind.test');
    await server.live.tick();
    await kept.waitFor((event) => event.type === 'heartbeat', 'heartbeat');
    expect(expired.isEnded).toBe(false);
    // Expiry sends no notification (the row stays): the heartbeat's re-check finds it.
    const [, payload = ''] = (expiring.accessToken ?? '').split('.');
    const { sid } = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sid: string };
    await server.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where id = ${sid}::uuid`,
    );
    await server.live.tick();
    await endedByServer(expired);
    expect(kept.isEnded).toBe(false);
  });

  it("ends a member's streams when an admin detaches them; the reconnect is refused; colleagues hear of it", async () => {
    const ava = await client('ava.admin@northwind.test');
    // The demo has no spare member: invite one, to remove them.
    const member = await joinNorthwind(ava, 'jo.removed@northwind.test');
    const theirs = await stream(member);
    const colleague = await stream('mia@northwind.test');
    const removed = await ava.request(
      'DELETE',
      `/api/v1/admin/members/${await userIdOf('jo.removed@northwind.test')}`,
    );
    expect(removed.status).toBe(204);
    await endedByServer(theirs);
    await colleague.waitFor((event) => event.type === 'members.changed', 'members.changed');
    const again = await openEventStream(server.url, member.accessToken);
    open.push(again);
    expect(again.status).toBe(403);
  });

  it("records presence for the verified user's stream, lists fresh viewers, and forgets a closed stream", async () => {
    const [callId = ''] = northwindCalls;
    const mia = await client('mia@northwind.test');
    const watching = await stream(mia);
    const observer = await stream('leo@northwind.test');
    const put = (body: unknown, by = mia) =>
      by.request('PUT', '/api/v1/events/presence', { json: body });
    const viewers = async (by: TestClient, call = callId) =>
      by.request<{ viewers: { email: string }[] }>('GET', `/api/v1/calls/${call}/viewers`);

    expect((await put({ streamId: watching.streamId, callId })).status).toBe(204);
    await observer.waitFor(
      (event) => event.type === 'presence.changed' && event.callId === callId,
      'presence.changed',
    );
    const leo = await client('leo@northwind.test');
    const listed = await viewers(leo);
    expect(listed.status).toBe(200);
    expect(listed.body.viewers).toEqual([
      {
        id: ids.get('mia@northwind.test'),
        email: 'mia@northwind.test',
        first_name: 'Mia',
        last_name: 'Okafor',
      },
    ]);
    // Another organisation neither sees the viewers nor sets presence on the call.
    const gia = await client('gia@globex.test');
    expect((await viewers(gia)).status).toBe(403);
    expect((await put({ streamId: crypto.randomUUID(), callId }, gia)).status).toBe(403);
    expect((await put({ streamId: crypto.randomUUID(), callId: 'no-such-call' })).status).toBe(404);
    // Leo cannot take over Mia's stream id.
    expect((await put({ streamId: watching.streamId, callId }, leo)).status).toBe(404);
    expect((await put({ streamId: 'x', callId })).status).toBe(400);

    // A row the heartbeat stopped refreshing (its server went away) is not a viewer.
    const ghost = crypto.randomUUID();
    expect((await put({ streamId: ghost, callId }, leo)).status).toBe(204);
    expect((await viewers(leo)).body.viewers).toHaveLength(2);
    await server.database.db.execute(
      sql`update call_presence set seen_at = now() - interval '76 seconds' where stream_id = ${ghost}::uuid`,
    );
    expect((await viewers(leo)).body.viewers.map((viewer) => viewer.email)).toEqual([
      'mia@northwind.test',
    ]);
    // The heartbeat refreshes live streams' rows.
    await server.database.db.execute(
      sql`update call_presence set seen_at = now() - interval '70 seconds' where stream_id = ${watching.streamId}::uuid`,
    );
    await server.live.tick();
    const [fresh] = await queryRows<{ age: number | string }>(
      server.database.db,
      sql`select extract(epoch from now() - seen_at) as age from call_presence
          where stream_id = ${watching.streamId}::uuid`,
    );
    expect(Number(fresh?.age)).toBeLessThan(10);

    // Leaving the call (which also deletes the stale row), coming back, then closing the tab:
    // each change is one presence.changed, counted from the observer's first.
    const nth = (count: number) => () =>
      observer.events.filter((event) => event.type === 'presence.changed').length >= count;
    await observer.waitFor(nth(2), "presence.changed for the ghost's row");
    expect((await put({ streamId: watching.streamId, callId: null })).status).toBe(204);
    expect((await viewers(leo)).body.viewers).toEqual([]);
    const [left] = await queryRows<{ n: number | string }>(
      server.database.db,
      sql`select count(*) as n from call_presence where stream_id = ${ghost}::uuid`,
    );
    expect(Number(left?.n)).toBe(0);
    expect((await put({ streamId: watching.streamId, callId })).status).toBe(204);
    await observer.waitFor(nth(5), 'presence.changed for leaving and coming back');
    watching.close();
    await observer.waitFor(nth(6), 'presence.changed after the tab closed');
    expect((await viewers(leo)).body.viewers).toEqual([]);
  });

  it('ends every stream when the server stops, telling it when to reconnect; then refuses new ones', async () => {
    const second = await startTestServer(await create(), { callsPerOrganisation: 2 });
    const reader = new TestClient(second.url);
    expect((await reader.signIn('mia@northwind.test', DEMO_PASSWORD)).status).toBe(200);
    const opened = await openEventStream(second.url, reader.accessToken);
    expect(second.live.size).toBe(1);
    await second.live.stop();
    await endedByServer(opened);
    expect(opened.retryMs).toBeGreaterThanOrEqual(0);
    expect(opened.retryMs).toBeLessThan(STOP_RECONNECT_SPREAD_MS);
    // A stream asked for while the process shuts down: retry (elsewhere), not a 500.
    const refused = await reader.request('GET', '/api/v1/events');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body).toEqual({
      error: { code: 'UNAVAILABLE', message: 'The server is restarting. Try again in a moment.' },
    });
    await second.close();
    // It starts a second server (a new database, migrated and seeded) of its own.
  }, 120_000);

  if (name === 'PostgreSQL') {
    it('ends every stream when the listener reconnects, since notifications may have been lost', async () => {
      const leo = await stream('leo@northwind.test');
      await server.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where application_name = 'callboard-listen' and datname = current_database()`,
      );
      await endedByServer(leo);
      // Listening again: a new stream hears changes.
      const again = await stream('leo@northwind.test');
      await setStatus(northwindCalls[6] ?? '');
      await again.waitFor(changedCall(northwindCalls[6] ?? ''));
    });
  }

  async function userIdOf(email: string) {
    const [row] = await queryRows<{ id: string }>(
      server.database.db,
      sql`select id from profiles where email = ${email}`,
    );
    return row?.id ?? '';
  }

  async function joinNorthwind(ava: TestClient, email: string) {
    expect(
      (await ava.request('POST', '/api/v1/admin/invitations', { json: { email } })).status,
    ).toBe(201);
    const outbox = await ava.request<{ messages: { text: string }[] }>(
      'GET',
      `/api/dev/outbox?to=${encodeURIComponent(email)}`,
    );
    const token = /\/join\?token=([^\s&]+)/u.exec(outbox.body.messages.at(-1)?.text ?? '')?.[1];
    const joining = new TestClient(server.url);
    const signedUp = await joining.request('POST', `/api/v1/invitations/${token ?? ''}/sign-up`, {
      json: { first_name: 'Jo', last_name: 'Removed', password: 'quiet-harbour-lantern-42' },
    });
    expect(signedUp.status).toBe(201);
    expect((await joining.signIn(email, 'quiet-harbour-lantern-42')).status).toBe(200);
    return joining;
  }
});
