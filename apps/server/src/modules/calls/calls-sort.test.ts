// The call list's sort orders over real HTTP on a real database (docs/search.md, "Sorting"):
// each key in both directions, ties and missing values, paging without overlap, the direction
// filter, and a bad `sort`.
import {
  CALL_LIST_SORTS,
  parseCallListSort,
  type Agent,
  type CallListResponse,
  type CallListSort,
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
  error: { code: string; message: string; fields?: Record<string, string> };
}

type Compare = (a: CallSummary, b: CallSummary) => number;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byNumber = (a: number, b: number) => a - b;
/** Nulls on the given side, the rest by `compare`. */
function nulls<T>(side: 'first' | 'last', compare: (a: T, b: T) => number) {
  return (a: T | null, b: T | null) => {
    if (a === null || b === null) {
      if (a === b) return 0;
      return (a === null ? -1 : 1) * (side === 'first' ? 1 : -1);
    }
    return compare(a, b);
  };
}
const then =
  (...compares: Compare[]): Compare =>
  (a, b) => {
    for (const compare of compares) {
      const order = compare(a, b);
      if (order !== 0) return order;
    }
    return 0;
  };
const reverse =
  (compare: Compare): Compare =>
  (a, b) =>
    -compare(a, b);
const oldestFirst: Compare = (a, b) =>
  byNumber(Date.parse(a.end_datetime), Date.parse(b.end_datetime)) || byText(a.call_id, b.call_id);
const newestFirst = reverse(oldestFirst);

const STATUS_RANK = { New: 0, 'In progress': 1, Closed: 2 } as const;

describe.each(testDatabaseKinds)('call list sorting [$name]', ({ create }) => {
  let server: TestServer;
  let mia: TestClient;
  let agents: Agent[];
  let members: Member[];
  let formerId: string;

  const list = (query: string) => mia.request<CallListResponse>('GET', `/api/v1/calls?${query}`);
  const ids = (rows: readonly CallSummary[]) => rows.map((row) => row.call_id);

  /** The order the docs promise for each sort, written out independently of the SQL. */
  function expected(sort: CallListSort): Compare {
    const { key, descending } = parseCallListSort(sort);
    const flip = (compare: Compare) => (descending ? reverse(compare) : compare);
    switch (key) {
      case 'ended':
        return flip(oldestFirst);
      case 'duration':
        return flip(
          then(
            (a, b) => nulls('first', byNumber)(a.duration_seconds, b.duration_seconds),
            oldestFirst,
          ),
        );
      case 'caller':
        return flip(
          then(
            (a, b) =>
              nulls('last', byText)(
                a.caller_name?.toLowerCase() ?? null,
                b.caller_name?.toLowerCase() ?? null,
              ),
            newestFirst,
          ),
        );
      case 'status':
        return flip(then((a, b) => STATUS_RANK[a.status] - STATUS_RANK[b.status], newestFirst));
      case 'agent': {
        const name = (id: string) =>
          (agents.find((agent) => agent.agent_id === id)?.display_name ?? id).toLowerCase();
        const group: Compare = (a, b) =>
          byText(name(a.agent_id), name(b.agent_id)) || byText(a.agent_id, b.agent_id);
        // Names either way; each agent's calls newest first.
        return then(descending ? reverse(group) : group, newestFirst);
      }
      case 'assignee': {
        const member = (id: string | null) => members.find((one) => one.id === id);
        const kind = (id: string | null) => (id === null ? 1 : member(id) ? 0 : 2);
        const name = (id: string | null) => {
          const one = member(id);
          return one
            ? (`${one.first_name} ${one.last_name}`.trim() || one.email).toLowerCase()
            : '';
        };
        const named: Compare = (a, b) =>
          byText(name(a.assignee_id), name(b.assignee_id)) ||
          byText(a.assignee_id ?? '', b.assignee_id ?? '');
        // Members by name either way, then the unassigned, then former colleagues.
        return then(
          (a, b) => kind(a.assignee_id) - kind(b.assignee_id),
          descending ? reverse(named) : named,
          newestFirst,
        );
      }
    }
  }

  beforeAll(async () => {
    server = await startTestServer(await create(), { callsPerOrganisation: 200 });
    mia = new TestClient(server.url);
    await mia.signIn('mia@northwind.test', DEMO_PASSWORD);
    agents = (await mia.request<{ agents: Agent[] }>('GET', '/api/v1/organisation/agents')).body
      .agents;
    members = (await mia.request<{ members: Member[] }>('GET', '/api/v1/organisation/members')).body
      .members;
    const owner = server.database.db;
    const [org] = await queryRows<{ id: string }>(
      owner,
      sql`select id from organisations where name = 'Northwind Clinics'`,
    );
    const [former] = await queryRows<{ id: string }>(
      owner,
      sql`select id from profiles where email = 'gia@globex.test'`,
    );
    formerId = former?.id ?? '';
    // Ties, missing values, and calls assigned to someone no longer in the organisation, so that
    // every rule of every order is exercised.
    // Calls the list shows (not deleted), so that each rule's count of rows is the list's.
    const pick = (offset: number, count: number) =>
      sql`(select call_id from call_log
           where organisation_id = ${org?.id ?? ''} and deleted_flag is not true
           order by call_id offset ${offset} limit ${count})`;
    await owner.execute(
      sql`update call_log set duration_seconds = 4242, caller_name = 'Tie Caller'
          where call_id in ${pick(0, 6)}`,
    );
    await owner.execute(
      sql`update call_log set duration_seconds = null, caller_name = null
          where call_id in ${pick(6, 4)}`,
    );
    await owner.execute(
      sql`update call_log set assignee_id = ${formerId} where call_id in ${pick(10, 3)}`,
    );
  });
  afterAll(async () => {
    await server.close();
  });

  it.each(CALL_LIST_SORTS)(
    'orders by %s, ties newest or oldest first as documented',
    async (sort) => {
      const { status, body } = await list(`status=all&loadAll=true&sort=${sort}`);
      expect(status).toBe(200);
      expect(body.rows).toHaveLength(body.total);
      expect(ids(body.rows)).toEqual(ids([...body.rows].sort(expected(sort))));
      // The same calls as the default order: a sort reorders, never drops or repeats.
      const newest = await list('status=all&loadAll=true');
      expect(new Set(ids(body.rows))).toEqual(new Set(ids(newest.body.rows)));
    },
  );

  it.each(CALL_LIST_SORTS)('pages %s without gaps or overlaps', async (sort) => {
    const whole = await list(`status=all&loadAll=true&sort=${sort}`);
    const pages = [];
    for (const page of [1, 2, 3]) {
      pages.push(...(await list(`status=all&pageSize=23&page=${page}&sort=${sort}`)).body.rows);
    }
    expect(ids(pages)).toEqual(ids(whole.body.rows.slice(0, 69)));
  });

  it('puts the missing values and former colleagues where the docs say', async () => {
    const durations = (await list('status=all&loadAll=true&sort=duration')).body.rows;
    expect(durations.slice(0, 4).every((row) => row.duration_seconds === null)).toBe(true);
    const callers = (await list('status=all&loadAll=true&sort=caller')).body.rows;
    expect(callers.slice(-4).every((row) => row.caller_name === null)).toBe(true);
    for (const sort of ['assignee', '-assignee']) {
      const rows = (await list(`status=all&loadAll=true&sort=${sort}`)).body.rows;
      expect(rows.slice(-3).map((row) => row.assignee_id)).toEqual([formerId, formerId, formerId]);
      expect(rows.at(-4)?.assignee_id).toBeNull();
    }
  });

  it('sorts within the tab and the filters', async () => {
    const { body } = await list('status=open&direction=inbound&sort=-duration&pageSize=1000');
    expect(body.rows.length).toBeGreaterThan(0);
    expect(body.rows.every((row) => row.status !== 'Closed' && row.direction === 'inbound')).toBe(
      true,
    );
    expect(ids(body.rows)).toEqual(ids([...body.rows].sort(expected('-duration'))));

    // The status sort within a tab or one status (its index is bounded to those statuses).
    for (const [query, statuses] of [
      ['status=open&sort=-status', ['In progress', 'New']],
      ['status=closed&sort=status', ['Closed']],
      ['status=all&callStatus=In+progress&sort=-status', ['In progress']],
      ['status=open&agentId=nw-agent-1&sort=-agent', ['New', 'In progress']],
    ] as const) {
      const view = await list(`${query}&loadAll=true`);
      const sort = new URLSearchParams(query).get('sort') as CallListSort;
      expect(view.body.rows.length, query).toBe(view.body.total);
      expect(view.body.total, query).toBeGreaterThan(0);
      expect(new Set(view.body.rows.map((row) => row.status)), query).toEqual(new Set(statuses));
      expect(ids(view.body.rows), query).toEqual(ids([...view.body.rows].sort(expected(sort))));
    }
  });

  it('filters by direction', async () => {
    const all = (await list('status=all&pageSize=1')).body.total;
    const inbound = await list('status=all&direction=inbound&loadAll=true');
    const outbound = await list('status=all&direction=outbound&loadAll=true');
    expect(inbound.body.rows.every((row) => row.direction === 'inbound')).toBe(true);
    expect(outbound.body.rows.every((row) => row.direction === 'outbound')).toBe(true);
    expect(inbound.body.total).toBeGreaterThan(0);
    expect(outbound.body.total).toBeGreaterThan(0);
    const [row] = await queryRows<{ n: number | string }>(
      server.database.db,
      sql`select count(*) as n from call_log c join organisations o on o.id = c.organisation_id
          where o.name = 'Northwind Clinics' and c.deleted_flag is not true and c.direction is null`,
    );
    expect(inbound.body.total + outbound.body.total + Number(row?.n)).toBe(all);
    expect(inbound.body.counts.all).toBe(inbound.body.total);
  });

  it('answers a bad sort or direction with 400 naming it, never 500', async () => {
    for (const [query, field, message] of [
      ['sort=longest', 'sort', 'must be one of ended, -ended, duration'],
      ['sort=', 'sort', 'must be one of'],
      ['sort=--ended', 'sort', 'must be one of'],
      ['sort=Duration', 'sort', 'must be one of'],
      ['direction=sideways', 'direction', 'must be inbound or outbound'],
    ] as const) {
      const response = await mia.request<ErrorBody>('GET', `/api/v1/calls?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.error.code, query).toBe('VALIDATION_FAILED');
      expect(response.body.error.fields?.[field], query).toContain(message);
      const exported = await mia.request<ErrorBody>('GET', `/api/v1/calls/export.csv?${query}`);
      expect(exported.status, query).toBe(400);
    }
  });

  it('sorts only the caller’s organisation', async () => {
    const gus = new TestClient(server.url);
    await gus.signIn('gus.admin@globex.test', DEMO_PASSWORD);
    const northwind = new Set(ids((await list('status=all&loadAll=true')).body.rows));
    for (const sort of ['agent', '-assignee', 'caller']) {
      const { body } = await gus.request<CallListResponse>(
        'GET',
        `/api/v1/calls?status=all&loadAll=true&sort=${sort}`,
      );
      expect(body.rows.length).toBe(body.total);
      expect(body.rows.some((row) => northwind.has(row.call_id))).toBe(false);
    }
  });
});
