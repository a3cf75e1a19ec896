// The call log API over real HTTP on a real database: list rules and filters, details,
// assignment (including two at once), status and notes.
import type { CallDetail, CallFilterParam, CallListResponse, Member } from '@callboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { TestClient } from '../../test/http-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

interface ErrorBody {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
    call?: CallDetail;
    changedBy?: { id: string; first_name: string; last_name: string } | null;
  };
}

/**
 * A value of each filter parameter that narrows the seeded list (tz only qualifies weekday and
 * hour). The type makes a new filter add one here.
 */
function filterSamples(now: number): Record<Exclude<CallFilterParam, 'tz'>, string> {
  const days = (count: number) => new Date(now + count * 86_400_000).toISOString();
  return {
    q: 'Patel',
    agentId: 'nw-agent-2',
    assignee: 'unassigned',
    from: days(-14),
    to: days(-14),
    callStatus: 'New',
    direction: 'outbound',
    sentiment: 'negative',
    disconnectionReason: 'caller_hangup',
    weekday: '2',
    hour: '14',
    closedFrom: '2000-01-01T00:00:00Z',
    closedTo: days(1),
  };
}

describe.each(testDatabaseKinds)('call log API [$name]', ({ create }) => {
  let server: TestServer;
  let mia: TestClient;
  let leo: TestClient;
  let members: Member[];
  let northwindId: string;

  const list = (query = '') => mia.request<CallListResponse>('GET', `/api/v1/calls${query}`);
  const memberId = (email: string) => members.find((member) => member.email === email)?.id ?? '';

  /** The ground truth, read with the owner connection (RLS bypassed). */
  async function countNorthwind(where: ReturnType<typeof sql>) {
    const [row] = await queryRows<{ n: number | string }>(
      server.database.db,
      sql`select count(*) as n from call_log where organisation_id = ${northwindId} and ${where}`,
    );
    return Number(row?.n);
  }

  beforeAll(async () => {
    server = await startTestServer(await create(), { callsPerOrganisation: 300 });
    mia = new TestClient(server.url);
    leo = new TestClient(server.url);
    await mia.signIn('mia@northwind.test', DEMO_PASSWORD);
    await leo.signIn('leo@northwind.test', DEMO_PASSWORD);
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

  it('lists with the product’s defaults: page 1 of 100, newest first, deleted excluded, exact total', async () => {
    const response = await list();
    expect(response.status).toBe(200);
    const { rows, total, page, pageSize } = response.body;
    expect({ page, pageSize }).toEqual({ page: 1, pageSize: 100 });
    expect(rows).toHaveLength(100);
    expect(total).toBe(await countNorthwind(sql`deleted_flag is not true`));
    const ends = rows.map((row) => row.end_datetime);
    expect(ends).toEqual([...ends].sort().reverse());
    expect(rows.every((row) => row.deleted_flag !== true)).toBe(true);
    expect(rows[0]).not.toHaveProperty('transcript');
  });

  it('splits all into open and closed, and counts every tab', async () => {
    const [all, open, closed] = await Promise.all([
      list('?status=all&pageSize=1'),
      list('?status=open&pageSize=1'),
      list('?status=closed&pageSize=1'),
    ]);
    expect(open.body.total + closed.body.total).toBe(all.body.total);
    expect(closed.body.total).toBe(
      await countNorthwind(sql`deleted_flag is not true and status = 'Closed'`),
    );
    expect(all.body.counts).toEqual({
      open: open.body.total,
      closed: closed.body.total,
      all: all.body.total,
    });
    const closedRows = await list('?status=closed&pageSize=1000');
    expect(closedRows.body.rows.every((row) => row.status === 'Closed')).toBe(true);
    const openRows = await list('?status=open&pageSize=1000');
    expect(openRows.body.rows.some((row) => row.status === 'Closed')).toBe(false);
  });

  it('pages without gaps or repeats, and answers a page past the end with no rows and the total', async () => {
    const whole = await list('?pageSize=1000');
    const first = await list('?pageSize=7&page=1');
    const second = await list('?pageSize=7&page=2');
    expect([...first.body.rows, ...second.body.rows].map((row) => row.call_id)).toEqual(
      whole.body.rows.slice(0, 14).map((row) => row.call_id),
    );
    const beyond = await list('?page=999&pageSize=50');
    expect(beyond.status).toBe(200);
    expect(beyond.body.rows).toEqual([]);
    expect(beyond.body.total).toBe(whole.body.total);
  });

  it('includes deleted calls only when asked', async () => {
    const withDeleted = await list('?includeDeleted=true&pageSize=1000');
    const deleted = withDeleted.body.rows.filter((row) => row.deleted_flag === true);
    expect(deleted.length).toBeGreaterThan(0);
    expect(withDeleted.body.total).toBe(await countNorthwind(sql`true`));
  });

  it('loads every matching row at once with loadAll', async () => {
    const all = await list('?loadAll=true&status=open');
    expect(all.body.rows).toHaveLength(all.body.total);
    expect(all.body.pageSize).toBe(all.body.total);
  });

  it('filters by agent, assignee, time range, sentiment and search text', async () => {
    const byAgent = await list('?agentId=nw-agent-2&pageSize=1000');
    expect(byAgent.body.total).toBe(
      await countNorthwind(sql`deleted_flag is not true and agent_id = 'nw-agent-2'`),
    );
    expect(byAgent.body.rows.every((row) => row.agent_id === 'nw-agent-2')).toBe(true);

    const unassigned = await list('?assignee=unassigned&pageSize=1000');
    expect(unassigned.body.total).toBe(
      await countNorthwind(sql`deleted_flag is not true and assignee_id is null`),
    );
    expect(unassigned.body.rows.every((row) => row.assignee_id === null)).toBe(true);

    const miaId = memberId('mia@northwind.test');
    const mine = await list('?assignee=me&pageSize=1000');
    const byId = await list(`?assignee=${miaId}&pageSize=1000`);
    expect(mine.body.total).toBe(
      await countNorthwind(sql`deleted_flag is not true and assignee_id = ${miaId}`),
    );
    expect(byId.body.rows.map((row) => row.call_id)).toEqual(
      mine.body.rows.map((row) => row.call_id),
    );

    const to = new Date();
    const from = new Date(to.getTime() - 14 * 86_400_000);
    const ranged = await list(
      `?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}&pageSize=1000`,
    );
    expect(ranged.body.total).toBe(
      await countNorthwind(
        sql`deleted_flag is not true and end_datetime >= ${from} and end_datetime < ${to}`,
      ),
    );
    expect(ranged.body.total).toBeGreaterThan(0);

    const negative = await list('?sentiment=negative&pageSize=1000');
    expect(negative.body.rows.every((row) => row.sentiment === 'negative')).toBe(true);
    expect(negative.body.total).toBe(
      await countNorthwind(sql`deleted_flag is not true and sentiment = 'negative'`),
    );

    const sample = byAgent.body.rows[3];
    const byName = await list(`?q=${encodeURIComponent(sample?.caller_name ?? '')}&pageSize=1000`);
    expect(byName.body.rows.map((row) => row.call_id)).toContain(sample?.call_id);
    const byNumber = await list(`?q=${encodeURIComponent(sample?.from_number ?? '')}`);
    expect(byNumber.body.rows.map((row) => row.call_id)).toContain(sample?.call_id);
    const byCallId = await list(`?q=${sample?.call_id ?? ''}`);
    expect(byCallId.body.rows.map((row) => row.call_id)).toEqual([sample?.call_id]);
    // LIKE wildcards in the search are literal text.
    expect((await list('?q=%25%25%25')).body.total).toBe(0);
  });

  it('counts the matching rows, not the tab counters, whenever any one filter applies', async () => {
    const everything = (await list('?status=all')).body.total;
    for (const [name, value] of Object.entries(filterSamples(Date.now()))) {
      const query = `?status=all&loadAll=true&${name}=${encodeURIComponent(value)}`;
      const { status, body } = await list(query);
      expect(status, query).toBe(200);
      expect(body.total, query).toBeLessThan(everything);
      expect(body.rows, query).toHaveLength(body.total);
      expect(body.counts.open + body.counts.closed, query).toBe(body.total);
    }
  });

  it('answers bad parameters with 400 naming each one, never 500', async () => {
    const cases: [string, string][] = [
      ['?page=0', 'page'],
      ['?page=abc', 'page'],
      ['?pageSize=1001', 'pageSize'],
      ['?pageSize=-5', 'pageSize'],
      ['?status=pending', 'status'],
      ['?includeDeleted=maybe', 'includeDeleted'],
      ['?assignee=someone', 'assignee'],
      ['?from=yesterday', 'from'],
      ['?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'from'],
      ['?sentiment=angry', 'sentiment'],
      [`?q=${'x'.repeat(201)}`, 'q'],
      ['?callStatus=Pending', 'callStatus'],
      ['?weekday=8', 'weekday'],
      ['?hour=24', 'hour'],
      ['?tz=Mars%2FOlympus', 'tz'],
      ['?closedFrom=2026-02-01T00:00:00Z&closedTo=2026-01-01T00:00:00Z', 'closedFrom'],
    ];
    for (const [query, field] of cases) {
      const response = await mia.request<ErrorBody>('GET', `/api/v1/calls${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.error.code, query).toBe('VALIDATION_FAILED');
      expect(response.body.error.fields, query).toHaveProperty(field);
      expect(response.body.error.message, query).toContain(field);
    }
  });

  it('shows one call with its agent, assignee, transcript and activity', async () => {
    const [row] = await queryRows<{ call_id: string }>(
      server.database.db,
      sql`select call_id from call_log where organisation_id = ${northwindId} and assignee_id is not null
          and transcript is not null limit 1`,
    );
    const detail = await mia.request<CallDetail>('GET', `/api/v1/calls/${row?.call_id ?? ''}`);
    expect(detail.status).toBe(200);
    expect(detail.body.agent.agent_id).toBe(detail.body.agent_id);
    expect(detail.body.assignee?.id).toBe(detail.body.assignee_id);
    expect(detail.body.transcript?.length).toBeGreaterThanOrEqual(4);
    const assigned = detail.body.activity.filter((entry) => entry.type === 'ASSIGNED');
    expect(assigned.at(-1)?.new_assignee_id).toBe(detail.body.assignee_id);
  });

  it('assigns and unassigns, logging ASSIGNED only when the assignee changes', async () => {
    const callId = (await list('?assignee=unassigned&pageSize=1')).body.rows[0]?.call_id ?? '';
    const leoId = memberId('leo@northwind.test');
    const miaId = memberId('mia@northwind.test');
    const assign = (assigneeId: string | null) =>
      mia.request<CallDetail>('PUT', `/api/v1/calls/${callId}/assignee`, { json: { assigneeId } });

    const first = await assign(leoId);
    expect(first.status).toBe(200);
    expect(first.body.assignee_id).toBe(leoId);
    expect(first.body.assignee?.email).toBe('leo@northwind.test');
    const logged = first.body.activity.filter((entry) => entry.type === 'ASSIGNED');
    expect(logged.at(-1)).toMatchObject({
      actor_id: miaId,
      previous_assignee_id: null,
      new_assignee_id: leoId,
    });

    const again = await assign(leoId);
    expect(again.body.activity.filter((entry) => entry.type === 'ASSIGNED')).toHaveLength(
      logged.length,
    );

    const unassigned = await assign(null);
    expect(unassigned.body.assignee_id).toBeNull();
    expect(unassigned.body.assignee).toBeNull();
    expect(unassigned.body.activity.at(-1)).toMatchObject({
      type: 'ASSIGNED',
      previous_assignee_id: leoId,
      new_assignee_id: null,
    });
    // The list sees the change.
    const listed = await list(`?q=${callId}`);
    expect(listed.body.rows[0]?.assignee_id).toBeNull();
  });

  it('refuses an assignee from outside the organisation with 422 and changes nothing', async () => {
    const gus = new TestClient(server.url);
    await gus.signIn('gus.admin@globex.test', DEMO_PASSWORD);
    const gusId = (await gus.request<{ id: string }>('GET', '/api/v1/me')).body.id;
    const call = (await list('?pageSize=1')).body.rows[0];
    for (const assigneeId of [gusId, '00000000-0000-4000-8000-000000000000']) {
      const response = await mia.request<ErrorBody>(
        'PUT',
        `/api/v1/calls/${call?.call_id ?? ''}/assignee`,
        {
          json: { assigneeId },
        },
      );
      expect(response.status).toBe(422);
    }
    const after = await mia.request<CallDetail>('GET', `/api/v1/calls/${call?.call_id ?? ''}`);
    expect(after.body.assignee_id).toBe(call?.assignee_id);
    const bad = await mia.request<ErrorBody>(
      'PUT',
      `/api/v1/calls/${call?.call_id ?? ''}/assignee`,
      {
        json: { assigneeId: 'leo' },
      },
    );
    expect(bad.status).toBe(400);
    const notJson = await mia.request<ErrorBody>(
      'PUT',
      `/api/v1/calls/${call?.call_id ?? ''}/assignee`,
      {
        headers: { 'content-type': 'application/json' },
      },
    );
    expect(notJson.status).toBe(400);
  });

  it('keeps concurrent assignments of one call consistent', async () => {
    const callId =
      (await list('?assignee=unassigned&pageSize=1&page=2')).body.rows[0]?.call_id ?? '';
    const leoId = memberId('leo@northwind.test');
    const avaId = memberId('ava.admin@northwind.test');
    const path = `/api/v1/calls/${callId}/assignee`;

    // The same change twice at once: one ASSIGNED entry, not two.
    const same = await Promise.all([
      mia.request('PUT', path, { json: { assigneeId: leoId } }),
      leo.request('PUT', path, { json: { assigneeId: leoId } }),
    ]);
    expect(same.map((response) => response.status)).toEqual([200, 200]);
    const afterSame = await mia.request<CallDetail>('GET', `/api/v1/calls/${callId}`);
    expect(afterSame.body.activity.filter((entry) => entry.type === 'ASSIGNED')).toHaveLength(1);

    // Two different changes at once: both logged, and the history chains to the final assignee.
    await Promise.all([
      mia.request('PUT', path, { json: { assigneeId: avaId } }),
      leo.request('PUT', path, { json: { assigneeId: null } }),
    ]);
    const after = await mia.request<CallDetail>('GET', `/api/v1/calls/${callId}`);
    const history = after.body.activity.filter((entry) => entry.type === 'ASSIGNED');
    expect(history).toHaveLength(3);
    for (let index = 1; index < history.length; index += 1) {
      expect(history[index]?.previous_assignee_id).toBe(history[index - 1]?.new_assignee_id);
    }
    expect(history.at(-1)?.new_assignee_id).toBe(after.body.assignee_id);
  });

  it('changes status with a STATUS_CHANGED entry, only when it changes', async () => {
    const call = (await list('?status=open&pageSize=1')).body.rows[0];
    const path = `/api/v1/calls/${call?.call_id ?? ''}/status`;
    const closed = await mia.request<CallDetail>('PUT', path, { json: { status: 'Closed' } });
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe('Closed');
    expect(closed.body.activity.at(-1)).toMatchObject({
      type: 'STATUS_CHANGED',
      previous_status: call?.status,
      new_status: 'Closed',
    });
    const again = await mia.request<CallDetail>('PUT', path, { json: { status: 'Closed' } });
    expect(again.body.activity).toHaveLength(closed.body.activity.length);
    expect((await list(`?status=closed&q=${call?.call_id ?? ''}`)).body.total).toBe(1);
    const bad = await mia.request<ErrorBody>('PUT', path, { json: { status: 'Archived' } });
    expect(bad.status).toBe(400);
  });

  /** Activity rows of a call, from the owner connection: what a refused write must not add to. */
  async function activityCount(callId: string) {
    const [row] = await queryRows<{ n: number | string }>(
      server.database.db,
      sql`select count(*) as n from call_activity where call_id = ${callId}`,
    );
    return Number(row?.n);
  }

  // docs/live-updates.md, "Conflicts": a write carrying the version its author saw never
  // silently overwrites a change made since.
  it('refuses a status change made on a stale version with 409, the call as it is and who changed it', async () => {
    const call = (await list('?status=open&callStatus=New&pageSize=1')).body.rows[0];
    const callId = call?.call_id ?? '';
    const seen = call?.version ?? 0;
    const path = `/api/v1/calls/${callId}/status`;

    const mias = await mia.request<CallDetail>('PUT', path, {
      json: { status: 'Closed', version: seen },
    });
    expect(mias.status).toBe(200);
    expect(mias.body.version).toBe(seen + 1);

    const before = await activityCount(callId);
    const leos = await leo.request<ErrorBody>('PUT', path, {
      json: { status: 'In progress', version: seen },
    });
    expect(leos.status).toBe(409);
    expect(leos.body.error.code).toBe('CONFLICT');
    expect(leos.body.error.message).toBe('Mia changed this call a moment ago.');
    expect(leos.body.error.changedBy).toEqual({
      id: memberId('mia@northwind.test'),
      first_name: 'Mia',
      last_name: 'Okafor',
    });
    expect(leos.body.error.call).toMatchObject({
      call_id: callId,
      status: 'Closed',
      version: seen + 1,
    });
    expect(leos.body.error.call?.activity.at(-1)).toMatchObject({ new_status: 'Closed' });
    // Nothing written: no activity, same status and version.
    expect(await activityCount(callId)).toBe(before);
    const after = await leo.request<CallDetail>('GET', `/api/v1/calls/${callId}`);
    expect({ status: after.body.status, version: after.body.version }).toEqual({
      status: 'Closed',
      version: seen + 1,
    });

    // Leo, now seeing Mia's change, applies his own on the current version.
    const applied = await leo.request<CallDetail>('PUT', path, {
      json: { status: 'In progress', version: seen + 1 },
    });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ status: 'In progress', version: seen + 2 });
  });

  it('refuses an assignment made on a stale version with 409 and writes nothing', async () => {
    const call = (await list('?assignee=unassigned&pageSize=1&page=3')).body.rows[0];
    const callId = call?.call_id ?? '';
    const seen = call?.version ?? 0;
    const path = `/api/v1/calls/${callId}/assignee`;
    const leoId = memberId('leo@northwind.test');
    const avaId = memberId('ava.admin@northwind.test');

    const leos = await leo.request<CallDetail>('PUT', path, {
      json: { assigneeId: leoId, version: seen },
    });
    expect(leos.status).toBe(200);
    expect(leos.body.version).toBe(seen + 1);

    const before = await activityCount(callId);
    const mias = await mia.request<ErrorBody>('PUT', path, {
      json: { assigneeId: avaId, version: seen },
    });
    expect(mias.status).toBe(409);
    expect(mias.body.error.code).toBe('CONFLICT');
    expect(mias.body.error.message).toBe('Leo changed this call a moment ago.');
    expect(mias.body.error.changedBy?.id).toBe(leoId);
    expect(mias.body.error.call).toMatchObject({ assignee_id: leoId, version: seen + 1 });
    expect(mias.body.error.call?.assignee?.id).toBe(leoId);
    expect(await activityCount(callId)).toBe(before);
    const after = await mia.request<CallDetail>('GET', `/api/v1/calls/${callId}`);
    expect({ assignee: after.body.assignee_id, version: after.body.version }).toEqual({
      assignee: leoId,
      version: seen + 1,
    });
  });

  it('lets a stale write through when it changes nothing, and a write without a version as before', async () => {
    const call = (await list('?status=open&callStatus=New&pageSize=1&page=2')).body.rows[0];
    const callId = call?.call_id ?? '';
    const seen = call?.version ?? 0;
    const path = `/api/v1/calls/${callId}/status`;
    await mia.request('PUT', path, { json: { status: 'In progress', version: seen } });
    const before = await activityCount(callId);

    // Asking, on a stale version, for what is already so overwrites nothing: 200, nothing logged.
    const same = await leo.request<CallDetail>('PUT', path, {
      json: { status: 'In progress', version: seen },
    });
    expect(same.status).toBe(200);
    expect(same.body.version).toBe(seen + 1);
    expect(await activityCount(callId)).toBe(before);

    // No version: today's last-writer-wins, for API clients that send none.
    const blind = await leo.request<CallDetail>('PUT', path, { json: { status: 'Closed' } });
    expect(blind.status).toBe(200);
    expect(blind.body).toMatchObject({ status: 'Closed', version: seen + 2 });
    const blindAssign = await leo.request<CallDetail>('PUT', `/api/v1/calls/${callId}/assignee`, {
      json: { assigneeId: null },
    });
    expect(blindAssign.status).toBe(200);
  });

  it('answers a version that is not a whole number of 1 or more with 400 naming it', async () => {
    const call = (await list('?pageSize=1')).body.rows[0];
    const callId = call?.call_id ?? '';
    const before = await activityCount(callId);
    for (const version of [0, -1, 'x', 1.5, null]) {
      for (const [route, body] of [
        ['status', { status: 'Closed', version }],
        ['assignee', { assigneeId: null, version }],
      ] as const) {
        const response = await mia.request<ErrorBody>('PUT', `/api/v1/calls/${callId}/${route}`, {
          json: body,
        });
        const label = `${route} ${JSON.stringify(version)}`;
        expect(response.status, label).toBe(400);
        expect(response.body.error.code, label).toBe('VALIDATION_FAILED');
        expect(response.body.error.fields, label).toHaveProperty('version');
      }
    }
    expect(await activityCount(callId)).toBe(before);
  });

  it('lists and shows each call’s version', async () => {
    const row = (await list('?pageSize=1')).body.rows[0];
    expect(row?.version).toBeGreaterThanOrEqual(1);
    const detail = await mia.request<CallDetail>('GET', `/api/v1/calls/${row?.call_id ?? ''}`);
    expect(detail.body.version).toBe(row?.version);
    const [stored] = await queryRows<{ version: number }>(
      server.database.db,
      sql`select version from call_log where call_id = ${row?.call_id ?? ''}`,
    );
    expect(detail.body.version).toBe(stored?.version);
  });

  it('adds notes, trimmed, and refuses empty or oversized ones', async () => {
    const call = (await list('?pageSize=1')).body.rows[0];
    const path = `/api/v1/calls/${call?.call_id ?? ''}/notes`;
    const added = await leo.request<CallDetail>('POST', path, {
      json: { body: '  Called back, sorted.  ' },
    });
    expect(added.status).toBe(201);
    expect(added.body.activity.at(-1)).toMatchObject({
      type: 'NOTE',
      body: 'Called back, sorted.',
      actor_id: memberId('leo@northwind.test'),
    });
    for (const body of ['   ', 'x'.repeat(5001), 42]) {
      const response = await leo.request<ErrorBody>('POST', path, { json: { body } });
      expect(response.status).toBe(400);
    }
  });

  it('answers an unknown call with 404 Call not found', async () => {
    const response = await mia.request<ErrorBody>('GET', '/api/v1/calls/call_does_not_exist');
    expect(response.status).toBe(404);
    expect(response.body.error.message).toBe('Call not found');
  });
});
