// The ingestion API over real HTTP on both databases (docs/ingestion.md): calls sent with an
// organisation's API key land in its call log as New and unassigned, for its members only;
// sending again is idempotent and never touches triage; a bad batch is refused whole.
import {
  INGEST_METADATA_MAX_BYTES,
  type AnalyticsResponse,
  type CallDetail,
  type CallListResponse,
  type CreatedApiKey,
  type IngestCallsResponse,
  type Me,
} from '@callboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { INGEST_BODY_LIMIT_BYTES } from '../../http/app.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { postAlone, TestClient, type JsonResponse } from '../../test/http-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/** Requests per minute per key on this file's server; each test makes its own keys. */
const RATE = 20;
const MINUTE = 60_000;

/** A plausible call that ended `minutesAgo` minutes ago, 3 minutes 38 seconds long. */
function call(externalId: string, overrides: Record<string, unknown> = {}, minutesAgo = 5) {
  const ended = Date.now() - minutesAgo * MINUTE;
  return {
    external_id: externalId,
    agent_id: 'nw-agent-1',
    started_at: new Date(ended - 218_000).toISOString(),
    ended_at: new Date(ended).toISOString(),
    direction: 'inbound',
    from_number: '+441632960123',
    to_number: '+441632960001',
    caller_name: 'Sam Patel',
    summary: 'Asked to move an appointment.',
    ...overrides,
  };
}

describe.each(testDatabaseKinds)('call ingestion API [$name]', ({ create }) => {
  let server: TestServer;
  let ava: TestClient;
  let gus: TestClient;
  let mia: TestClient;
  let gia: TestClient;
  let sender: TestClient;
  let miaId: string;

  const signedIn = async (email: string) => {
    const client = new TestClient(server.url);
    expect((await client.signIn(email, DEMO_PASSWORD)).status, email).toBe(200);
    return client;
  };
  /**
   * A new key of the admin's organisation. The admin confirms their password first: the session
   * may have signed in more than 10 minutes ago on a slow machine (docs/security.md).
   */
  const newKey = async (admin: TestClient = ava) => {
    const confirmed = await admin.request('POST', '/api/auth/reauthenticate', {
      json: { password: DEMO_PASSWORD },
    });
    expect(confirmed.status).toBe(200);
    const response = await admin.request<CreatedApiKey>('POST', '/api/v1/admin/api-keys', {
      json: { name: 'Test sender' },
    });
    expect(response.status).toBe(201);
    return response.body;
  };
  const send = <T = IngestCallsResponse>(key: string, calls: unknown[]) =>
    sender.request<T>('POST', '/api/v1/ingest/calls', { bearer: key, json: { calls } });
  const detail = async (client: TestClient, callId: string) =>
    client.request<CallDetail>('GET', `/api/v1/calls/${encodeURIComponent(callId)}`);
  /** What the owner sees (row-level security does not bind it). */
  const stored = async (externalIds: string[]) => {
    const [row] = await queryRows<{ calls: number | string }>(
      server.database.db,
      sql`select count(*) as calls from call_log
          where external_id in (select jsonb_array_elements_text(${JSON.stringify(externalIds)}::jsonb))`,
    );
    return Number(row?.calls);
  };
  const agentMapped = async (agentId: string) => {
    const rows = await queryRows(
      server.database.db,
      sql`select 1 from agent_mapping where agent_id = ${agentId}`,
    );
    return rows.length > 0;
  };
  const ok = (response: JsonResponse<IngestCallsResponse>) => {
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.calls;
  };

  beforeAll(async () => {
    server = await startTestServer(await create(), {
      callsPerOrganisation: 40,
      env: { INGEST_REQUESTS_PER_MINUTE: String(RATE) },
    });
    ava = await signedIn('ava.admin@northwind.test');
    gus = await signedIn('gus.admin@globex.test');
    mia = await signedIn('mia@northwind.test');
    gia = await signedIn('gia@globex.test');
    sender = new TestClient(server.url);
    miaId = (await mia.request<Me>('GET', '/api/v1/me')).body.id;
  });
  afterAll(async () => {
    await server.close();
  });

  it('stores new calls as New and unassigned, for the organisation’s members only', async () => {
    const { key } = await newKey();
    const counts = async () =>
      (await mia.request<CallListResponse>('GET', '/api/v1/calls?pageSize=1')).body.counts;
    const before = await counts();
    const transcript = [
      { speaker: 'agent', text: 'Northwind Clinics, good morning.', at_seconds: 0 },
      { speaker: 'caller', text: 'I need to move my appointment.', at_seconds: 2.5 },
    ];
    const batch = [
      call('store-1', {
        agent_id: 'nw-ingested-line',
        transcript,
        recording_url: 'https://recordings.example.com/store-1.mp3',
        sentiment: 'neutral',
        disconnection_reason: 'caller_hangup',
        metadata: { campaign: 'spring', attempt: 2 },
      }),
      call('store-2', { agent_id: 'nw-ingested-line', direction: 'outbound' }),
      call('store-3'),
    ];
    const results = ok(await send(key, batch));
    expect(results.map(({ external_id, result }) => [external_id, result])).toEqual([
      ['store-1', 'created'],
      ['store-2', 'created'],
      ['store-3', 'created'],
    ]);
    const callId = results[0]?.call_id ?? '';

    const seen = await detail(mia, callId);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      call_id: callId,
      agent_id: 'nw-ingested-line',
      status: 'New',
      assignee_id: null,
      deleted_flag: null,
      direction: 'inbound',
      duration_seconds: 218,
      end_datetime: batch[0]?.ended_at,
      start_datetime: batch[0]?.started_at,
      caller_name: 'Sam Patel',
      sentiment: 'neutral',
      recording_url: 'https://recordings.example.com/store-1.mp3',
      transcript,
      activity: [],
    });
    const [row] = await queryRows<{ metadata: unknown; organisation: string }>(
      server.database.db,
      sql`select c.metadata, o.name as organisation from call_log c
          join organisations o on o.id = c.organisation_id where c.call_id = ${callId}`,
    );
    expect(row).toEqual({
      metadata: { campaign: 'spring', attempt: 2 },
      organisation: 'Northwind Clinics',
    });

    // The tab counters (call_counts triggers), the list and the new agent.
    const after = await counts();
    expect(after).toEqual({
      open: before.open + 3,
      closed: before.closed,
      all: before.all + 3,
    });
    const listed = await mia.request<CallListResponse>(
      'GET',
      '/api/v1/calls?agentId=nw-ingested-line',
    );
    expect(listed.body.rows.map((r) => r.call_id).sort()).toEqual(
      results
        .slice(0, 2)
        .map((r) => r.call_id)
        .sort(),
    );
    const agents = await mia.request<{ agents: { agent_id: string }[] }>(
      'GET',
      '/api/v1/organisation/agents',
    );
    expect(agents.body.agents.map((agent) => agent.agent_id)).toContain('nw-ingested-line');

    // Analytics count them like any other call.
    const from = new Date(Date.now() - 86_400_000).toISOString();
    const to = new Date(Date.now() + MINUTE).toISOString();
    const analytics = await mia.request<AnalyticsResponse>(
      'GET',
      `/api/v1/analytics?from=${from}&to=${to}&agentId=nw-ingested-line`,
    );
    expect(analytics.body.figures.callsReceived.value).toBe(2);

    // Globex sees none of it.
    expect((await detail(gia, callId)).status).toBe(403);
    const globexList = await gia.request<CallListResponse>(
      'GET',
      '/api/v1/calls?agentId=nw-ingested-line',
    );
    expect(globexList.body.rows).toEqual([]);
  });

  it('is idempotent: a call sent again updates its content, never status, assignee or notes', async () => {
    const { key } = await newKey();
    const first = call('again-1', { sentiment: 'neutral' });
    const [created] = ok(await send(key, [first]));
    const callId = created?.call_id ?? '';
    expect(created?.result).toBe('created');

    // People triage it.
    const path = `/api/v1/calls/${encodeURIComponent(callId)}`;
    expect(
      (await mia.request('PUT', `${path}/assignee`, { json: { assigneeId: miaId } })).status,
    ).toBe(200);
    expect(
      (await mia.request('PUT', `${path}/status`, { json: { status: 'In progress' } })).status,
    ).toBe(200);
    expect(
      (await mia.request('POST', `${path}/notes`, { json: { body: 'Calling back at 3.' } })).status,
    ).toBe(201);
    const triaged = (await detail(mia, callId)).body;

    // The same call again: nothing changes.
    expect(ok(await send(key, [first]))).toEqual([
      { external_id: 'again-1', call_id: callId, result: 'unchanged' },
    ]);
    expect((await detail(mia, callId)).body).toEqual(triaged);

    // The transcript and a new summary arrive later; caller_name is left out of the JSON (kept).
    const later = {
      ...first,
      caller_name: undefined,
      summary: 'Moved the appointment to Thursday afternoon.',
      transcript: [{ speaker: 'caller', text: 'Thursday afternoon, please.', at_seconds: 12 }],
    };
    expect(ok(await send(key, [later, call('again-2')]))).toEqual([
      { external_id: 'again-1', call_id: callId, result: 'updated' },
      expect.objectContaining({ external_id: 'again-2', result: 'created' }),
    ]);
    const updated = (await detail(mia, callId)).body;
    expect(updated).toMatchObject({
      summary: 'Moved the appointment to Thursday afternoon.',
      transcript: later.transcript,
      caller_name: 'Sam Patel',
      sentiment: 'neutral',
      status: 'In progress',
      assignee_id: miaId,
    });
    expect(updated.activity).toEqual(triaged.activity);
    expect(ok(await send(key, [later]))[0]?.result).toBe('unchanged');

    // null clears an optional field.
    expect(ok(await send(key, [{ ...later, caller_name: null }]))[0]?.result).toBe('updated');
    expect((await detail(mia, callId)).body.caller_name).toBeNull();
    // Another of the organisation's agents took the call: it stays the organisation's.
    const moved = { ...later, caller_name: null, agent_id: 'nw-agent-2' };
    expect(ok(await send(key, [moved]))[0]?.result).toBe('updated');
    expect((await detail(mia, callId)).body).toMatchObject({
      agent_id: 'nw-agent-2',
      status: 'In progress',
    });
    expect(await stored(['again-1'])).toBe(1);

    // The same external id from another organisation is another call.
    const globex = await newKey(gus);
    const [theirs] = ok(await send(globex.key, [{ ...first, agent_id: 'gx-agent-1' }]));
    expect(theirs?.result).toBe('created');
    expect(theirs?.call_id).not.toBe(callId);
    expect((await detail(mia, callId)).body.summary).toBe(
      'Moved the appointment to Thursday afternoon.',
    );
  });

  it('refuses a batch with any bad call whole: 422 names each by index and field', async () => {
    const { key } = await newKey();
    const good = call('bad-batch-0', { agent_id: 'nw-never-stored' });
    const cases: [unknown[], Record<string, string>][] = [
      [
        [
          good,
          call('bad-batch-1', { started_at: 'yesterday' }),
          call('bad-batch-2', { recording_url: 'http://recordings.example.com/x.mp3' }),
        ],
        {
          'calls.1.started_at': 'must be an ISO 8601 date-time',
          'calls.2.recording_url': 'must be an https URL',
        },
      ],
      [
        [good, call('bad-batch-1', { direction: 'sideways', sentiment: 'angry' })],
        {
          'calls.1.direction': 'must be inbound or outbound',
          'calls.1.sentiment': 'must be positive, neutral or negative',
        },
      ],
      [
        [good, call('bad-batch-1', { ended_at: '2020-01-01T00:00:00Z' })],
        { 'calls.1.ended_at': 'must not be before started_at' },
      ],
      [
        [good, { ...good }],
        { 'calls.1.external_id': expect.stringContaining('repeats calls.0') as string },
      ],
      [
        [good, call('bad-batch-1', { external_id: 'x'.repeat(201), agent_id: '' })],
        {
          'calls.1.external_id': 'must be at most 200 characters',
          'calls.1.agent_id': 'must not be empty',
        },
      ],
      [
        [good, call('bad-batch-1', { metadata: { blob: 'x'.repeat(INGEST_METADATA_MAX_BYTES) } })],
        { 'calls.1.metadata': 'must be at most 16 KB as JSON' },
      ],
      [
        [good, call('bad-batch-1', { metadata: ['not', 'an', 'object'] })],
        { 'calls.1.metadata': 'must be a JSON object' },
      ],
      [
        [
          good,
          call('bad-batch-1', { transcript: [{ speaker: 'bot', text: 'hi', at_seconds: -1 }] }),
        ],
        {
          'calls.1.transcript.0.speaker': 'must be agent or caller',
          'calls.1.transcript.0.at_seconds': 'must be 0 or more',
        },
      ],
      [[], { calls: 'must have at least one call' }],
      [
        Array.from({ length: 1001 }, (_, index) => call(`too-many-${index}`)),
        { calls: 'must have at most 1000 calls' },
      ],
    ];
    for (const [calls, fields] of cases) {
      const response = await send<ErrorBody>(key, calls);
      expect(response.status, JSON.stringify(fields)).toBe(422);
      expect(response.body.error.code).toBe('UNPROCESSABLE');
      expect(response.body.error.message).toMatch(/^Invalid request, nothing was stored: /u);
      expect(response.body.error.fields).toEqual(fields);
    }
    expect(await stored(['bad-batch-0', 'bad-batch-1', 'too-many-0'])).toBe(0);
    expect(await agentMapped('nw-never-stored')).toBe(false);

    // Not JSON, or no calls at all.
    const notJson = await sender.request<ErrorBody>('POST', '/api/v1/ingest/calls', {
      bearer: key,
      body: '{"calls": [',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    const noCalls = await sender.request<ErrorBody>('POST', '/api/v1/ingest/calls', {
      bearer: key,
      json: { call: [] },
    });
    expect(noCalls.status).toBe(422);
    expect(noCalls.body.error.fields).toEqual({ calls: 'must be a list of calls' });
  });

  it('refuses an agent of another organisation, or of none, with 409 naming it', async () => {
    const { key } = await newKey();
    // An agent id that has calls but was never mapped: taking it would take its calls.
    await server.database.db.execute(
      sql`insert into call_log (call_id, agent_id, end_datetime)
          values ('orphan-call-1', 'orphan-agent', now())`,
    );
    for (const agentId of ['gx-agent-1', 'stray-agent-1', 'orphan-agent']) {
      const response = await send<ErrorBody>(key, [
        call('conflict-0', { agent_id: 'nw-conflict-new' }),
        call('conflict-1', { agent_id: agentId }),
      ]);
      expect(response.status, agentId).toBe(409);
      expect(response.body.error.code).toBe('CONFLICT');
      expect(response.body.error.message).toContain(agentId);
      expect(response.body.error.fields).toEqual({
        'calls.1.agent_id': 'belongs to another organisation, or to none',
      });
    }
    expect(await stored(['conflict-0', 'conflict-1'])).toBe(0);
    expect(await agentMapped('nw-conflict-new')).toBe(false);
    expect(await agentMapped('orphan-agent')).toBe(false);
    // Globex's agent still works for Globex.
    const globex = await newKey(gus);
    expect(ok(await send(globex.key, [call('conflict-1', { agent_id: 'gx-agent-1' })]))).toEqual([
      expect.objectContaining({ result: 'created' }),
    ]);
  });

  it('keeps an agent whose calls would collide by external id from moving to that organisation', async () => {
    const northwind = await newKey();
    const globex = await newKey(gus);
    ok(await send(northwind.key, [call('move-1', { agent_id: 'nw-moving-line' })]));
    ok(await send(globex.key, [call('move-1', { agent_id: 'gx-agent-1' })]));
    const root = await signedIn('root@callboard.test');
    const [globexOrganisation] = await queryRows<{ id: string }>(
      server.database.db,
      sql`select id from organisations where name = 'Globex Insurance'`,
    );
    const moved = await root.request<ErrorBody>('PUT', '/api/v1/platform/agents/nw-moving-line', {
      json: { organisationId: globexOrganisation?.id },
    });
    expect(moved.status).toBe(409);
    expect(moved.body.error.code).toBe('CONFLICT');
    const [agent] = await queryRows<{ organisation: string }>(
      server.database.db,
      sql`select o.name as organisation from agent_mapping m
          join organisations o on o.id = m.organisation_id where m.agent_id = 'nw-moving-line'`,
    );
    expect(agent?.organisation).toBe('Northwind Clinics');
  });

  it('refuses a missing, malformed, unknown or revoked key with 401', async () => {
    const { id, key } = await newKey();
    expect((await ava.request('DELETE', `/api/v1/admin/api-keys/${id}`)).status).toBe(204);
    const unknown = `cb_live_${'A'.repeat(43)}`;
    for (const bearer of [null, 'nope', `${key}x`, unknown, key, ava.accessToken]) {
      const response = await sender.request<ErrorBody>('POST', '/api/v1/ingest/calls', {
        bearer,
        json: { calls: [call('unauthorised')] },
      });
      expect(response.status, String(bearer)).toBe(401);
      expect(response.body.error.code).toBe('UNAUTHENTICATED');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    expect(await stored(['unauthorised'])).toBe(0);
  });

  it('limits each key to its rate, with 429 and Retry-After', async () => {
    const { key } = await newKey();
    for (let index = 0; index < RATE; index += 1) {
      // Refused batches count too: every request does.
      const response = await send(key, index % 2 === 0 ? [call(`rate-${index}`)] : []);
      expect(response.status).not.toBe(429);
    }
    const limited = await send<ErrorBody>(key, [call('rate-over')]);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(limited.headers.get('cache-control')).toBe('no-store');
    expect(await stored(['rate-over'])).toBe(0);
    // Per key: another key of the same organisation is not limited.
    const other = await newKey();
    expect((await send(other.key, [call('rate-over')])).status).toBe(200);
  });

  it('takes up to 4 MB, a larger body than the rest of the API, and refuses more with 413', async () => {
    const { key } = await newKey();
    // About 2 MB: over the 1 MB of other /api/v1 routes.
    const turns = Array.from({ length: 100 }, (_, index) => ({
      speaker: index % 2 === 0 ? 'agent' : 'caller',
      text: 'x'.repeat(200),
      at_seconds: index,
    }));
    const big = Array.from({ length: 100 }, (_, index) =>
      call(`big-${index}`, { transcript: turns }),
    );
    expect(JSON.stringify({ calls: big }).length).toBeGreaterThan(2_000_000);
    expect(ok(await send(key, big))).toHaveLength(100);

    const oversize = JSON.stringify({
      calls: [call('oversize', { summary: 'x'.repeat(INGEST_BODY_LIMIT_BYTES) })],
    });
    const refused = await postAlone(`${server.url}/api/v1/ingest/calls`, oversize, {
      authorization: `Bearer ${key}`,
    });
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
    expect(await stored(['oversize'])).toBe(0);
  });

  it('stores 1,000 calls in one batch, and the same batch again changes nothing', async () => {
    const { key } = await newKey();
    const batch = Array.from({ length: 1000 }, (_, index) =>
      call(`thousand-${index}`, { agent_id: `nw-bulk-${index % 7}` }, 60 + index),
    );
    const first = ok(await send(key, batch));
    expect(first.filter((entry) => entry.result === 'created')).toHaveLength(1000);
    expect(first.map((entry) => entry.external_id)).toEqual(batch.map((c) => c.external_id));
    const again = ok(await send(key, batch));
    expect(again.every((entry) => entry.result === 'unchanged')).toBe(true);
    expect(again.map((entry) => entry.call_id)).toEqual(first.map((entry) => entry.call_id));
    expect(await stored(batch.map((c) => c.external_id))).toBe(1000);
  });
});
