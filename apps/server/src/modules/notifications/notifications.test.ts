// Notifications over real HTTP on a real database (docs/live-updates.md, "Notifications"): who is
// told about an assignment or a mention, that nobody reads or marks another's, reading, and the
// mail sent only to those who asked for it.
import type {
  CallDetail,
  CallListResponse,
  Me,
  Member,
  NotificationListResponse,
} from '@callboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { TestClient } from '../../test/http-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}
interface Outbox {
  messages: { to: string; subject: string; text: string }[];
}

describe.each(testDatabaseKinds)('notifications [$name]', ({ create }) => {
  let server: TestServer;
  let mia: TestClient;
  let leo: TestClient;
  let ava: TestClient;
  let gia: TestClient;
  let ids: { mia: string; leo: string; ava: string; gia: string };
  let calls: string[];
  let nextCall = 0;

  const signedIn = async (email: string) => {
    const client = new TestClient(server.url);
    expect((await client.signIn(email, DEMO_PASSWORD)).status, email).toBe(200);
    return client;
  };
  /** A call nobody in this file has touched yet, so each test starts from its own. */
  const freshCall = () => {
    const call = calls[nextCall++];
    if (!call) throw new Error('out of calls');
    return call;
  };
  const inbox = async (client: TestClient, query = '') => {
    const response = await client.request<NotificationListResponse>(
      'GET',
      `/api/v1/notifications${query}`,
    );
    expect(response.status).toBe(200);
    return response.body;
  };
  const assign = (client: TestClient, callId: string, assigneeId: string | null) =>
    client.request<CallDetail>('PUT', `/api/v1/calls/${encodeURIComponent(callId)}/assignee`, {
      json: { assigneeId },
    });
  const note = (client: TestClient, callId: string, body: string) =>
    client.request<CallDetail & ErrorBody>(
      'POST',
      `/api/v1/calls/${encodeURIComponent(callId)}/notes`,
      { json: { body } },
    );
  /** Notifications about one call, read with the owner connection (RLS bypassed). */
  const stored = (callId: string) =>
    queryRows<{ user_id: string; kind: string; actor_id: string; activity_id: string }>(
      server.database.db,
      sql`select user_id, kind, actor_id, activity_id from notifications where call_id = ${callId}
          order by created_at, user_id`,
    );
  const mailTo = async (email: string) =>
    (await mia.request<Outbox>('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`)).body
      .messages;

  beforeAll(async () => {
    server = await startTestServer(await create(), { callsPerOrganisation: 40 });
    mia = await signedIn('mia@northwind.test');
    leo = await signedIn('leo@northwind.test');
    ava = await signedIn('ava.admin@northwind.test');
    gia = await signedIn('gia@globex.test');
    const members = (
      await mia.request<{ members: Member[] }>('GET', '/api/v1/organisation/members')
    ).body.members;
    const idOf = (email: string) => members.find((member) => member.email === email)?.id ?? '';
    const giaMe = (await gia.request<Me>('GET', '/api/v1/me')).body;
    ids = {
      mia: idOf('mia@northwind.test'),
      leo: idOf('leo@northwind.test'),
      ava: idOf('ava.admin@northwind.test'),
      gia: giaMe.id,
    };
    expect(Object.values(ids).every(Boolean)).toBe(true);
    calls = (await mia.request<CallListResponse>('GET', '/api/v1/calls?pageSize=40')).body.rows.map(
      (row) => row.call_id,
    );
    // Start with nobody assigned (the seed assigns some), as the actor with no notifications.
    const [ownerOrg] = await queryRows<{ id: string }>(
      server.database.db,
      sql`select id from organisations where name = 'Northwind Clinics'`,
    );
    await server.database.db.execute(
      sql`update call_log set assignee_id = null where organisation_id = ${ownerOrg?.id ?? ''}`,
    );
  });
  afterAll(async () => {
    await server.close();
  });

  it('tells the new assignee only: not on self-assignment, not when the assignee is unchanged', async () => {
    const callId = freshCall();
    const before = (await inbox(leo)).unread;

    expect((await assign(mia, callId, ids.leo)).status).toBe(200);
    const leoInbox = await inbox(leo);
    expect(leoInbox.unread).toBe(before + 1);
    const [latest] = leoInbox.notifications;
    expect(latest).toMatchObject({
      kind: 'assigned',
      call_id: callId,
      actor: { id: ids.mia, first_name: 'Mia', last_name: 'Okafor' },
      read_at: null,
    });
    // It points at the ASSIGNED activity that the assignment wrote.
    const detail = (await leo.request<CallDetail>('GET', `/api/v1/calls/${callId}`)).body;
    const assigned = detail.activity.filter((activity) => activity.type === 'ASSIGNED');
    expect((await stored(callId)).map((row) => row.activity_id)).toEqual([assigned.at(-1)?.id]);

    // The same assignee again changes nothing, so tells nobody.
    expect((await assign(mia, callId, ids.leo)).status).toBe(200);
    // Mia takes it herself, then gives it up: neither tells anyone.
    expect((await assign(mia, callId, ids.mia)).status).toBe(200);
    expect((await assign(mia, callId, null)).status).toBe(200);
    expect(await stored(callId)).toEqual([
      { user_id: ids.leo, kind: 'assigned', actor_id: ids.mia, activity_id: assigned.at(-1)?.id },
    ]);
    expect((await inbox(mia)).notifications.filter((n) => n.call_id === callId)).toEqual([]);

    // Back to Leo from someone else is a change again: a second notification.
    expect((await assign(ava, callId, ids.leo)).status).toBe(200);
    expect((await stored(callId)).map((row) => [row.user_id, row.actor_id])).toEqual([
      [ids.leo, ids.mia],
      [ids.leo, ids.ava],
    ]);
  });

  it('tells each mentioned colleague once, never the author, and keeps the mentions', async () => {
    const callId = freshCall();
    const body = `@{${ids.leo}} and @{${ids.ava.toUpperCase()}}, see this. @{${ids.mia}} @{${ids.leo}} again`;
    const response = await note(mia, callId, body);
    expect(response.status).toBe(201);
    const written = response.body.activity.at(-1);
    expect(written).toMatchObject({ type: 'NOTE', body });

    const rows = await stored(callId);
    expect(rows.map((row) => row.user_id).sort()).toEqual([ids.ava, ids.leo].sort());
    expect(rows.every((row) => row.kind === 'mentioned' && row.activity_id === written?.id)).toBe(
      true,
    );
    const [activity] = await queryRows<{ mentions: string[] | string }>(
      server.database.db,
      sql`select mentions from call_activity where id = ${written?.id ?? ''}`,
    );
    // pg hands back uuid[] as an array, PGlite may too; compare as text either way.
    expect(String(activity?.mentions).replace(/[{}]/gu, '').split(',')).toEqual([
      ids.leo,
      ids.ava,
      ids.mia,
    ]);
    expect((await inbox(leo)).notifications[0]).toMatchObject({
      kind: 'mentioned',
      call_id: callId,
      actor: { id: ids.mia },
    });

    // A note without tokens tells nobody; an "@{...}" that is no id is just text.
    expect((await note(mia, callId, 'Plain note, @Leo by name, @{not-an-id}')).status).toBe(201);
    expect(await stored(callId)).toHaveLength(2);
  });

  it('refuses a mention of anyone outside the organisation, and writes nothing', async () => {
    const callId = freshCall();
    for (const outsider of [ids.gia, '00000000-0000-4000-8000-000000000000']) {
      const response = await note(mia, callId, `@{${ids.leo}} and @{${outsider}}`);
      expect(response.status).toBe(422);
      expect(response.body.error.code).toBe('UNPROCESSABLE');
      expect(response.body.error.message).toMatch(/only mention colleagues in your organisation/u);
      expect(response.body.error.fields?.body).toBeDefined();
    }
    expect(await stored(callId)).toEqual([]);
    const detail = (await mia.request<CallDetail>('GET', `/api/v1/calls/${callId}`)).body;
    expect(detail.activity.filter((activity) => activity.type === 'NOTE')).toEqual([]);
    const [globex] = await queryRows<{ n: number | string }>(
      server.database.db,
      sql`select count(*) as n from notifications where user_id = ${ids.gia}`,
    );
    expect(Number(globex?.n)).toBe(0);
  });

  it('shows each user only their own: another’s notification is 404 to read or mark', async () => {
    const callId = freshCall();
    await assign(mia, callId, ids.leo);
    const leoNotification = (await inbox(leo)).notifications.find((n) => n.call_id === callId);
    expect(leoNotification).toBeDefined();
    const id = leoNotification?.id ?? '';

    expect((await inbox(mia)).notifications.map((n) => n.id)).not.toContain(id);
    expect((await inbox(ava)).notifications.map((n) => n.id)).not.toContain(id);
    for (const stranger of [mia, ava, gia]) {
      const response = await stranger.request<ErrorBody>(
        'POST',
        `/api/v1/notifications/${id}/read`,
      );
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('NOT_FOUND');
    }
    // Mark-all by someone else does not touch it either.
    await mia.request('POST', '/api/v1/notifications/read-all');
    expect((await inbox(leo)).notifications.find((n) => n.id === id)?.read_at).toBeNull();

    const malformed = await leo.request<ErrorBody>('POST', '/api/v1/notifications/nope/read');
    expect(malformed.status).toBe(400);
  });

  it('marks one read, then all; the unread count follows; limit caps the list, newest first', async () => {
    const first = freshCall();
    const second = freshCall();
    const third = freshCall();
    await leo.request('POST', '/api/v1/notifications/read-all');
    expect((await inbox(leo)).unread).toBe(0);
    await assign(mia, first, ids.leo);
    await note(mia, second, `@{${ids.leo}} please call back`);
    await assign(ava, third, ids.leo);

    const all = await inbox(leo);
    expect(all.unread).toBe(3);
    expect(all.notifications.slice(0, 3).map((n) => [n.call_id, n.kind])).toEqual([
      [third, 'assigned'],
      [second, 'mentioned'],
      [first, 'assigned'],
    ]);
    const created = all.notifications.map((n) => Date.parse(n.created_at));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const limited = await inbox(leo, '?limit=2');
    expect(limited.notifications.map((n) => n.call_id)).toEqual([third, second]);
    expect(limited.unread).toBe(3);
    expect((await leo.request('GET', '/api/v1/notifications?limit=0')).status).toBe(400);

    const target = all.notifications[1]?.id ?? '';
    const marked = await leo.request<{ unread: number }>(
      'POST',
      `/api/v1/notifications/${target}/read`,
    );
    expect(marked).toMatchObject({ status: 200, body: { unread: 2 } });
    const readAt = (await inbox(leo)).notifications.find((n) => n.id === target)?.read_at;
    expect(typeof readAt).toBe('string');
    // Again is harmless and keeps the first moment.
    expect(
      (await leo.request<{ unread: number }>('POST', `/api/v1/notifications/${target}/read`)).body,
    ).toEqual({ unread: 2 });
    expect((await inbox(leo)).notifications.find((n) => n.id === target)?.read_at).toBe(readAt);

    const allRead = await leo.request<{ unread: number }>('POST', '/api/v1/notifications/read-all');
    expect(allRead).toMatchObject({ status: 200, body: { unread: 0 } });
    const after = await inbox(leo);
    expect(after.unread).toBe(0);
    expect(after.notifications.every((n) => n.read_at !== null)).toBe(true);
  });

  it('emails a recipient only while their setting is on, with a link to the call', async () => {
    const me = await leo.request<Me>('GET', '/api/v1/me');
    expect(me.body.notify_by_email).toBe(false);
    const quiet = freshCall();
    const before = (await mailTo('leo@northwind.test')).length;
    await assign(mia, quiet, ids.leo);
    await note(mia, quiet, `@{${ids.leo}} fyi`);
    expect(await mailTo('leo@northwind.test')).toHaveLength(before);

    const on = await leo.request<Me>('PATCH', '/api/v1/me', { json: { notify_by_email: true } });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ notify_by_email: true, first_name: 'Leo', last_name: 'Marsh' });
    const loud = freshCall();
    await assign(mia, loud, ids.leo);
    await note(mia, loud, `@{${ids.leo}} and @{${ids.ava}}: the caller rang back`);
    const mails = (await mailTo('leo@northwind.test')).slice(before);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Mia Okafor assigned you a call',
      'Mia Okafor mentioned you in a note',
    ]);
    for (const mail of mails) {
      expect(mail.text).toContain(`${server.url}/call/${encodeURIComponent(loud)}`);
      // The note's text stays in Callboard.
      expect(mail.text).not.toContain('rang back');
    }
    // Ava was mentioned too but has not asked for mail.
    expect(await mailTo('ava.admin@northwind.test')).toEqual([]);

    // Off again: no more mail.
    await leo.request('PATCH', '/api/v1/me', { json: { notify_by_email: false } });
    await assign(mia, loud, ids.ava);
    await assign(mia, loud, ids.leo);
    expect(await mailTo('leo@northwind.test')).toHaveLength(before + 2);
  });

  it('takes the name and the setting apart or together, and refuses half a name', async () => {
    const both = await leo.request<Me>('PATCH', '/api/v1/me', {
      json: { first_name: 'Leo', last_name: 'Marsh', notify_by_email: true },
    });
    expect(both.body).toMatchObject({ first_name: 'Leo', notify_by_email: true });
    const nameOnly = await leo.request<Me>('PATCH', '/api/v1/me', {
      json: { first_name: 'Leo', last_name: 'Marsh' },
    });
    expect(nameOnly.body.notify_by_email).toBe(true);
    const half = await leo.request<ErrorBody>('PATCH', '/api/v1/me', {
      json: { first_name: 'Leonard' },
    });
    expect(half.status).toBe(400);
    expect((await leo.request('PATCH', '/api/v1/me', { json: {} })).status).toBe(400);
    await leo.request('PATCH', '/api/v1/me', { json: { notify_by_email: false } });
  });
});
