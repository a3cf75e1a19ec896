// POST /api/v1/calls/bulk over real HTTP on a real database: all or nothing, versions and
// counts, the cap, tenants and roles, one activity per changed call, and undo
// (docs/decisions/0019-bulk-actions.md).
import {
  bulkUndoBody,
  type BulkCallActionBody,
  type BulkCallActionResponse,
  type CallListResponse,
  type CallSummary,
  type Member,
} from '@callboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { TestClient } from '../../test/http-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string>; call?: CallSummary };
}

describe.each(testDatabaseKinds)('bulk call actions [$name]', ({ create }) => {
  let server: TestServer;
  let mia: TestClient;
  let leo: TestClient;
  let ava: TestClient;
  let gus: TestClient;
  let members: Member[];
  let northwindId: string;
  /** Calls taken by earlier tests: each test works on calls no other test has touched. */
  const used = new Set<string>();

  const memberId = (email: string) => members.find((member) => member.email === email)?.id ?? '';
  const bulk = <T = BulkCallActionResponse>(client: TestClient, json: unknown) =>
    client.request<T>('POST', '/api/v1/calls/bulk', { json });

  /** `count` open, unassigned, not deleted calls no test has used yet. */
  async function freshCalls(count: number, query = 'status=open&assignee=unassigned') {
    const { rows } = (
      await mia.request<CallListResponse>('GET', `/api/v1/calls?${query}&pageSize=1000`)
    ).body;
    const fresh = rows.filter((row) => !used.has(row.call_id)).slice(0, count);
    if (fresh.length < count) throw new Error(`only ${fresh.length} fresh calls for ${query}`);
    for (const row of fresh) used.add(row.call_id);
    return fresh;
  }
  const refs = (calls: readonly CallSummary[]) =>
    calls.map((call) => ({ id: call.call_id, version: call.version }));

  /** The ground truth, read with the owner connection (RLS bypassed). */
  async function callRows(ids: readonly string[]) {
    return queryRows<{
      call_id: string;
      assignee_id: string | null;
      status: string;
      deleted_flag: boolean | null;
      version: number;
    }>(
      server.database.db,
      sql`select call_id, assignee_id, status, deleted_flag, version from call_log
          where call_id in ${sql.raw(`(${ids.map((id) => `'${id.replaceAll("'", "''")}'`).join(',')})`)}
          order by call_id`,
    );
  }
  async function activityCount(ids: readonly string[], type: string) {
    const [row] = await queryRows<{ n: number | string }>(
      server.database.db,
      sql`select count(*) as n from call_activity
          where type = ${type} and call_id in ${sql.raw(`(${ids.map((id) => `'${id}'`).join(',')})`)}`,
    );
    return Number(row?.n);
  }

  beforeAll(async () => {
    server = await startTestServer(await create(), { callsPerOrganisation: 300 });
    mia = new TestClient(server.url);
    leo = new TestClient(server.url);
    ava = new TestClient(server.url);
    gus = new TestClient(server.url);
    await mia.signIn('mia@northwind.test', DEMO_PASSWORD);
    await leo.signIn('leo@northwind.test', DEMO_PASSWORD);
    await ava.signIn('ava.admin@northwind.test', DEMO_PASSWORD);
    await gus.signIn('gus.admin@globex.test', DEMO_PASSWORD);
    members = (await mia.request<{ members: Member[] }>('GET', '/api/v1/organisation/members')).body
      .members;
    const [org] = await queryRows<{ id: string }>(
      server.database.db,
      sql`select id from organisations where name = 'Northwind Clinics'`,
    );
    northwindId = org?.id ?? '';
  });
  afterAll(async () => {
    await server.close();
  });

  // First: no request before it has read the database's time zones yet.
  it('acts on a view as the server’s first request of it, counting calls already as asked', async () => {
    const [row] = await queryRows<{ n: number | string }>(
      server.database.db,
      sql`select count(*) as n from call_log where organisation_id = ${northwindId}
          and deleted_flag is not true and status = 'Closed' and agent_id = 'nw-agent-3'`,
    );
    const total = Number(row?.n);
    expect(total).toBeGreaterThan(0);
    const response = await bulk(mia, {
      action: 'setStatus',
      status: 'Closed',
      matching: { query: { status: 'closed', agentId: 'nw-agent-3', tz: 'Europe/London' }, total },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      action: 'setStatus',
      changed: [],
      unchanged: total,
      skipped: [],
    });
  });

  it('assigns many calls in one request, one ASSIGNED activity and one notification per changed call', async () => {
    const leoId = memberId('leo@northwind.test');
    const calls = await freshCalls(5);
    const ids = calls.map((call) => call.call_id);
    // One of them is Leo's already: it is counted, not changed, and gets no activity.
    const [already] = calls;
    const put = await mia.request<CallSummary>(
      'PUT',
      `/api/v1/calls/${already?.call_id ?? ''}/assignee`,
      { json: { assigneeId: leoId } },
    );
    const before = await activityCount(ids, 'ASSIGNED');
    const unreadBefore = (await leo.request<{ unread: number }>('GET', '/api/v1/notifications'))
      .body.unread;

    const response = await bulk(mia, {
      action: 'assign',
      assigneeId: leoId,
      calls: [{ id: already?.call_id, version: put.body.version }, ...refs(calls.slice(1))],
    });
    expect(response.status).toBe(200);
    expect(response.body.unchanged).toBe(1);
    expect(response.body.changed.map((call) => call.id).sort()).toEqual(ids.slice(1).sort());
    expect(response.body.changed.every((call) => 'assigneeId' in call.previous)).toBe(true);
    expect(response.body.changed.map((call) => call.previous)).toEqual(
      ids.slice(1).map(() => ({ assigneeId: null })),
    );

    const rows = await callRows(ids);
    expect(rows.every((row) => row.assignee_id === leoId)).toBe(true);
    for (const changed of response.body.changed) {
      expect(rows.find((row) => row.call_id === changed.id)?.version).toBe(changed.version);
    }
    expect((await activityCount(ids, 'ASSIGNED')) - before).toBe(4);
    const unreadAfter = (await leo.request<{ unread: number }>('GET', '/api/v1/notifications')).body
      .unread;
    expect(unreadAfter - unreadBefore).toBe(4);
  });

  it('undoes an assignment in one request, with activity, leaving alone a call changed since', async () => {
    const leoId = memberId('leo@northwind.test');
    const avaId = memberId('ava.admin@northwind.test');
    const calls = await freshCalls(3);
    const ids = calls.map((call) => call.call_id);
    const done = await bulk(mia, { action: 'assign', assigneeId: leoId, calls: refs(calls) });
    expect(done.status).toBe(200);
    // Ava changes one of them in between: undo must not overwrite her change.
    const [touched] = done.body.changed;
    await ava.request('PUT', `/api/v1/calls/${touched?.id ?? ''}/assignee`, {
      json: { assigneeId: avaId, version: touched?.version },
    });

    const undo = await bulk(mia, bulkUndoBody(done.body));
    expect(undo.status).toBe(200);
    expect(undo.body.action).toBe('undo');
    expect(undo.body.skipped.map((call) => call.id)).toEqual([touched?.id]);
    expect(undo.body.changed).toHaveLength(2);
    expect(undo.body.changed.every((call) => 'assigneeId' in call.previous)).toBe(true);

    const rows = await callRows(ids);
    for (const row of rows) {
      expect(row.assignee_id).toBe(row.call_id === touched?.id ? avaId : null);
    }
    // Assigned by the action (3), by Ava (1), and back by the undo (2).
    expect(await activityCount(ids, 'ASSIGNED')).toBe(6);
  });

  it('sets the status, with STATUS_CHANGED only for calls not already in it, and undoes it', async () => {
    const calls = await freshCalls(4);
    const ids = calls.map((call) => call.call_id);
    const [first] = calls;
    const closedOne = await mia.request<CallSummary>(
      'PUT',
      `/api/v1/calls/${first?.call_id ?? ''}/status`,
      { json: { status: 'Closed' } },
    );
    const before = await activityCount(ids, 'STATUS_CHANGED');
    const response = await bulk(mia, {
      action: 'setStatus',
      status: 'Closed',
      calls: [{ id: first?.call_id, version: closedOne.body.version }, ...refs(calls.slice(1))],
    });
    expect(response.status).toBe(200);
    expect(response.body.changed).toHaveLength(3);
    expect(response.body.unchanged).toBe(1);
    expect((await activityCount(ids, 'STATUS_CHANGED')) - before).toBe(3);
    expect((await callRows(ids)).every((row) => row.status === 'Closed')).toBe(true);

    const previous = new Map(calls.map((call) => [call.call_id, call.status]));
    const undo = await bulk(mia, bulkUndoBody(response.body));
    expect(undo.body.changed).toHaveLength(3);
    for (const row of await callRows(ids)) {
      expect(row.status).toBe(
        row.call_id === first?.call_id ? 'Closed' : previous.get(row.call_id),
      );
    }
    expect((await activityCount(ids, 'STATUS_CHANGED')) - before).toBe(6);
  });

  it('is all or nothing: one stale version refuses the whole action with 409 and writes nothing', async () => {
    const leoId = memberId('leo@northwind.test');
    const calls = await freshCalls(3);
    const ids = calls.map((call) => call.call_id);
    const stale = calls[2];
    await ava.request('PUT', `/api/v1/calls/${stale?.call_id ?? ''}/status`, {
      json: { status: 'In progress' },
    });
    const before = await callRows(ids);

    const response = await bulk<ErrorBody>(mia, {
      action: 'assign',
      assigneeId: leoId,
      calls: refs(calls),
    });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('CONFLICT');
    expect(response.body.error.message).toBe(
      'Ava changed one of these calls a moment ago. Nothing was changed; check it and try again.',
    );
    expect(response.body.error.call?.call_id).toBe(stale?.call_id);
    expect(Object.keys(response.body.error.fields ?? {})).toEqual(['calls.2.version']);
    expect(await callRows(ids)).toEqual(before);
    expect(await activityCount(ids, 'ASSIGNED')).toBe(0);
  });

  it('answers another organisation’s call as the single-call routes do, and writes nothing', async () => {
    const leoId = memberId('leo@northwind.test');
    const calls = await freshCalls(2);
    const ids = calls.map((call) => call.call_id);
    const globexCall = (await gus.request<CallListResponse>('GET', '/api/v1/calls?pageSize=1')).body
      .rows[0];
    const before = await callRows(ids);

    const foreign = await bulk<ErrorBody>(mia, {
      action: 'assign',
      assigneeId: leoId,
      calls: [...refs(calls), { id: globexCall?.call_id, version: globexCall?.version }],
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Call not accessible to this user',
      fields: { 'calls.2.id': 'Call not accessible to this user' },
    });
    const missing = await bulk<ErrorBody>(mia, {
      action: 'setStatus',
      status: 'Closed',
      calls: [{ id: 'no-such-call', version: 1 }, ...refs(calls)],
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Call not found');
    expect(await callRows(ids)).toEqual(before);
    expect((await callRows([globexCall?.call_id ?? ''])).at(0)?.version).toBe(globexCall?.version);

    // Gus, an admin elsewhere, cannot delete Northwind's calls either.
    const gusDelete = await bulk<ErrorBody>(gus, { action: 'delete', calls: refs(calls) });
    expect(gusDelete.status).toBe(404);
    expect(await callRows(ids)).toEqual(before);
    // Nor assign them to someone from another organisation.
    const gusId = (await gus.request<{ id: string }>('GET', '/api/v1/me')).body.id;
    const outsider = await bulk<ErrorBody>(mia, {
      action: 'assign',
      assigneeId: gusId,
      calls: refs(calls),
    });
    expect(outsider.status).toBe(422);
    expect(await callRows(ids)).toEqual(before);
  });

  it('changes every call matching a view when as many match as were shown, and 409 when not', async () => {
    const leoId = memberId('leo@northwind.test');
    // A view of a few calls: one agent's unassigned open calls with negative sentiment.
    const query = {
      status: 'open',
      assignee: 'unassigned',
      sentiment: 'negative',
      agentId: 'nw-agent-1',
    };
    const shown = (
      await mia.request<CallListResponse>(
        'GET',
        `/api/v1/calls?${new URLSearchParams(query).toString()}&pageSize=1000`,
      )
    ).body;
    expect(shown.total).toBeGreaterThan(1);
    const ids = shown.rows.map((row) => row.call_id);
    for (const id of ids) used.add(id);

    const wrong = await bulk<ErrorBody>(mia, {
      action: 'assign',
      assigneeId: leoId,
      matching: { query, total: shown.total + 1 },
    });
    expect(wrong.status).toBe(409);
    expect(wrong.body.error.message).toBe(
      `The list changed: ${shown.total} calls match now, not the ${shown.total + 1} you were shown. Nothing was changed; check the list and try again.`,
    );
    expect((await callRows(ids)).every((row) => row.assignee_id === null)).toBe(true);

    const right = await bulk(mia, {
      action: 'assign',
      assigneeId: leoId,
      // Paging is the list's, not the selection's: it is ignored.
      matching: { query: { ...query, page: '2', pageSize: '1' }, total: shown.total },
    });
    expect(right.status).toBe(200);
    expect(right.body.changed).toHaveLength(shown.total);
    expect((await callRows(ids)).every((row) => row.assignee_id === leoId)).toBe(true);
    expect(await activityCount(ids, 'ASSIGNED')).toBe(shown.total);
    // The view is now empty: the same request again counts 0, not the total shown.
    const again = await bulk<ErrorBody>(mia, {
      action: 'assign',
      assigneeId: null,
      matching: { query, total: shown.total },
    });
    expect(again.status).toBe(409);
  });

  it('caps a bulk action at 5,000 calls with a clear 400', async () => {
    const tooManyCalls = Array.from({ length: 5001 }, (_, index) => ({
      id: `c${index}`,
      version: 1,
    }));
    const explicit = await bulk<ErrorBody>(mia, {
      action: 'setStatus',
      status: 'Closed',
      calls: tooManyCalls,
    });
    expect(explicit.status).toBe(400);
    expect(explicit.body.error.code).toBe('VALIDATION_FAILED');
    expect(explicit.body.error.fields?.calls).toBe(
      'A bulk action changes at most 5,000 calls; select fewer.',
    );
    const matching = await bulk<ErrorBody>(mia, {
      action: 'setStatus',
      status: 'Closed',
      matching: { query: {}, total: 5001 },
    });
    expect(matching.status).toBe(400);
    expect(matching.body.error.message).toBe(
      'A bulk action changes at most 5,000 calls and 5,001 are selected; narrow the filters or select fewer.',
    );
  });

  it('lets only admins delete and restore, and undoes a delete by restoring', async () => {
    const calls = await freshCalls(3);
    const ids = calls.map((call) => call.call_id);
    const member = await bulk<ErrorBody>(mia, { action: 'delete', calls: refs(calls) });
    expect(member.status).toBe(403);
    expect(member.body.error.message).toBe('You need to be an organisation admin to do this.');
    expect((await callRows(ids)).every((row) => row.deleted_flag !== true)).toBe(true);

    const deleted = await bulk(ava, { action: 'delete', calls: refs(calls) });
    expect(deleted.status).toBe(200);
    expect(deleted.body.changed.map((call) => call.previous)).toEqual(
      ids.map(() => ({ deleted: false })),
    );
    expect((await callRows(ids)).every((row) => row.deleted_flag === true)).toBe(true);
    const [audits] = await queryRows<{ n: number | string }>(
      server.database.db,
      sql`select count(*) as n from audit_log where organisation_id = ${northwindId}
          and action = 'call.deleted' and target in ${sql.raw(`(${ids.map((id) => `'${id}'`).join(',')})`)}`,
    );
    expect(Number(audits?.n)).toBe(3);
    // A member cannot undo an admin's delete (that is a restore) …
    const undoBody = bulkUndoBody(deleted.body);
    expect((await bulk<ErrorBody>(mia, undoBody)).status).toBe(403);
    // … the admin can.
    const undone = await bulk(ava, undoBody);
    expect(undone.status).toBe(200);
    expect(undone.body.changed).toHaveLength(3);
    expect((await callRows(ids)).every((row) => row.deleted_flag === false)).toBe(true);
  });

  it('answers bad requests with 400 naming the field, and no session with 401', async () => {
    const [call] = await freshCalls(1);
    const ref = { id: call?.call_id, version: call?.version };
    const cases: [unknown, string][] = [
      [{ action: 'archive', calls: [ref] }, 'action'],
      [{ action: 'assign', calls: [ref] }, 'assigneeId'],
      [{ action: 'assign', assigneeId: 'leo', calls: [ref] }, 'assigneeId'],
      [{ action: 'setStatus', status: 'Done', calls: [ref] }, 'status'],
      [{ action: 'setStatus', status: 'Closed' }, 'calls'],
      [
        { action: 'setStatus', status: 'Closed', calls: [ref], matching: { query: {}, total: 1 } },
        'matching',
      ],
      [{ action: 'setStatus', status: 'Closed', calls: [] }, 'calls'],
      [{ action: 'setStatus', status: 'Closed', calls: [ref, ref] }, 'calls.1.id'],
      [
        { action: 'setStatus', status: 'Closed', calls: [{ id: call?.call_id }] },
        'calls.0.version',
      ],
      [
        { action: 'setStatus', status: 'Closed', calls: [{ ...ref, version: 0 }] },
        'calls.0.version',
      ],
      [
        {
          action: 'setStatus',
          status: 'Closed',
          matching: { query: { status: 'shut' }, total: 1 },
        },
        'matching.query.status',
      ],
      [
        {
          action: 'setStatus',
          status: 'Closed',
          matching: { query: { tz: 'Mars/Base' }, total: 1 },
        },
        'matching.query.tz',
      ],
      [{ action: 'setStatus', status: 'Closed', matching: { query: {} } }, 'matching.total'],
      [{ action: 'undo', calls: [{ ...ref, value: { colour: 'red' } }] }, 'calls.0.value'],
    ];
    for (const [json, field] of cases) {
      const response = await bulk<ErrorBody>(mia, json);
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(response.body.error.fields ?? {}), JSON.stringify(json)).toContain(field);
    }
    const anonymous = await mia.request<ErrorBody>('POST', '/api/v1/calls/bulk', {
      json: { action: 'setStatus', status: 'Closed', calls: [ref] },
      bearer: null,
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.message).toBe('Authentication required');
    expect((await callRows([call?.call_id ?? '']))[0]?.version).toBe(call?.version);
  });

  it('lets concurrent bulk actions over the same calls queue instead of deadlocking', async () => {
    const leoId = memberId('leo@northwind.test');
    const calls = await freshCalls(20);
    // Two actions in opposite orders, without versions checked against each other's result.
    const body = (assigneeId: string | null, order: CallSummary[]): BulkCallActionBody => ({
      action: 'assign',
      assigneeId,
      calls: refs(order),
    });
    const [first, second] = await Promise.all([
      bulk(mia, body(leoId, calls)),
      bulk(leo, { ...body(leoId, [...calls].reverse()) }),
    ]);
    // One applies; the other finds every call already as asked (no overwrite, no conflict).
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.changed.length + second.body.changed.length).toBe(20);
    expect(
      await activityCount(
        calls.map((call) => call.call_id),
        'ASSIGNED',
      ),
    ).toBe(20);
  });
});
