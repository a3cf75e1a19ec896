// Tenant isolation at the API: every product endpoint, called as a user of the other
// organisation, as a user with no organisation and signed out, gets the product's error, and no
// response ever carries another organisation's call, user or agent.
import type { CallListResponse } from '@callboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { DEMO_PASSWORD } from '../db/seed/seed.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { TestClient, type JsonResponse } from '../test/http-client.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { vapiEndOfCallReport } from '../modules/webhooks/signed-delivery.ts';

interface Endpoint {
  method: 'GET' | 'PUT' | 'POST';
  path: string;
  json?: unknown;
}

describe.each(testDatabaseKinds)('tenant isolation over HTTP [$name]', ({ create }) => {
  let server: TestServer;
  let northwind: { callIds: string[]; userIds: string[]; emails: string[]; agentIds: string[] };
  let globexCallId: string;
  let strayCallId: string;

  /** Every product endpoint, aimed at a Northwind call with Northwind people. */
  const northwindEndpoints = (): Endpoint[] => {
    const callId = northwind.callIds[0] ?? '';
    return [
      { method: 'GET', path: '/api/v1/calls' },
      { method: 'GET', path: `/api/v1/calls/${callId}` },
      {
        method: 'PUT',
        path: `/api/v1/calls/${callId}/assignee`,
        json: { assigneeId: northwind.userIds[0] },
      },
      { method: 'PUT', path: `/api/v1/calls/${callId}/status`, json: { status: 'Closed' } },
      { method: 'POST', path: `/api/v1/calls/${callId}/notes`, json: { body: 'peeking' } },
      { method: 'GET', path: '/api/v1/organisation/members' },
      { method: 'GET', path: '/api/v1/organisation/agents' },
    ];
  };

  /** Fails if a response mentions anything of Northwind's. */
  function expectNoNorthwindData(response: JsonResponse) {
    const text = JSON.stringify(response.body);
    for (const secret of [
      ...northwind.callIds,
      ...northwind.userIds,
      ...northwind.emails,
      ...northwind.agentIds,
    ]) {
      expect(text).not.toContain(secret);
    }
  }

  async function callState(callId: string) {
    const [row] = await queryRows<{
      assignee_id: string | null;
      status: string;
      notes: number | string;
    }>(
      server.database.db,
      sql`select assignee_id, status,
                 (select count(*) from call_activity a where a.call_id = c.call_id and a.type = 'NOTE') as notes
          from call_log c where call_id = ${callId}`,
    );
    return row;
  }

  beforeAll(async () => {
    server = await startTestServer(await create(), { callsPerOrganisation: 80 });
    const db = server.database.db;
    const [org] = await queryRows<{ id: string }>(
      db,
      sql`select id from organisations where name = 'Northwind Clinics'`,
    );
    const orgId = org?.id ?? '';
    const calls = await queryRows<{ call_id: string }>(
      db,
      sql`select call_id from call_log where organisation_id = ${orgId}`,
    );
    const people = await queryRows<{ id: string; email: string }>(
      db,
      sql`select id, email from profiles where organisation_id = ${orgId}`,
    );
    const agents = await queryRows<{ agent_id: string }>(
      db,
      sql`select agent_id from agent_mapping where organisation_id = ${orgId}`,
    );
    northwind = {
      callIds: calls.map((row) => row.call_id),
      userIds: people.map((row) => row.id),
      emails: people.map((row) => row.email),
      agentIds: agents.map((row) => row.agent_id),
    };
    const [globex] = await queryRows<{ call_id: string }>(
      db,
      sql`select c.call_id from call_log c join organisations o on o.id = c.organisation_id where o.name = 'Globex Insurance' limit 1`,
    );
    globexCallId = globex?.call_id ?? '';
    const [stray] = await queryRows<{ call_id: string }>(
      db,
      sql`select call_id from call_log where agent_id = 'stray-agent-1' limit 1`,
    );
    strayCallId = stray?.call_id ?? '';
    expect(northwind.callIds.length).toBeGreaterThan(0);
    expect(strayCallId).not.toBe('');
  });
  afterAll(async () => {
    await server.close();
  });

  it('shows a user of the other organisation none of it, and refuses its calls with 403', async () => {
    const gia = new TestClient(server.url);
    await gia.signIn('gia@globex.test', DEMO_PASSWORD);
    const targetCall = northwind.callIds[0] ?? '';
    const before = await callState(targetCall);

    for (const endpoint of northwindEndpoints()) {
      const response = await gia.request(endpoint.method, endpoint.path, { json: endpoint.json });
      expectNoNorthwindData(response);
      if (endpoint.path.includes('/calls/')) {
        expect(response.status, endpoint.path).toBe(403);
        expect(response.body, endpoint.path).toEqual({
          error: { code: 'FORBIDDEN', message: 'Call not accessible to this user' },
        });
      } else {
        expect(response.status, endpoint.path).toBe(200);
      }
    }
    expect(await callState(targetCall)).toEqual(before);

    // Filters naming Northwind's agents or people find nothing.
    for (const query of [
      `?agentId=${northwind.agentIds[0] ?? ''}`,
      `?assignee=${northwind.userIds[0] ?? ''}`,
      '?loadAll=true&includeDeleted=true',
    ]) {
      const response = await gia.request<CallListResponse>('GET', `/api/v1/calls${query}`);
      expectNoNorthwindData(response);
      expect(response.body.rows.every((row) => row.agent_id.startsWith('gx-'))).toBe(true);
    }
    // Nor can Northwind people be made assignees of Globex calls.
    const crossAssign = await gia.request('PUT', `/api/v1/calls/${globexCallId}/assignee`, {
      json: { assigneeId: northwind.userIds[0] },
    });
    expect(crossAssign.status).toBe(422);
    expectNoNorthwindData(crossAssign);
    // An unmapped agent's call belongs to nobody.
    const stray = await gia.request('GET', `/api/v1/calls/${strayCallId}`);
    expect(stray.status).toBe(403);
  });

  it('keeps API keys, and the calls sent with them, to their organisation', async () => {
    const signedIn = async (email: string) => {
      const client = new TestClient(server.url);
      await client.signIn(email, DEMO_PASSWORD);
      return client;
    };
    const ava = await signedIn('ava.admin@northwind.test');
    const gus = await signedIn('gus.admin@globex.test');
    const gia = await signedIn('gia@globex.test');
    const createKey = async (admin: TestClient) =>
      (
        await admin.request<{ id: string; key: string }>('POST', '/api/v1/admin/api-keys', {
          json: { name: 'Isolation' },
        })
      ).body;
    const northwindKey = await createKey(ava);
    const globexKey = await createKey(gus);
    const ended = new Date(Date.now() - 120_000).toISOString();
    const sent = (key: string, agentId: string, summary: string) =>
      new TestClient(server.url).request<{ calls: { call_id: string }[] }>(
        'POST',
        '/api/v1/ingest/calls',
        {
          bearer: key,
          json: {
            calls: [
              {
                external_id: 'isolation-1',
                agent_id: agentId,
                started_at: ended,
                ended_at: ended,
                direction: 'inbound',
                from_number: '+441632960123',
                to_number: '+441632960001',
                summary,
              },
            ],
          },
        },
      );

    // Another organisation's admin sees none of Northwind's keys and cannot revoke them.
    const listed = await gus.request('GET', '/api/v1/admin/api-keys');
    expect(JSON.stringify(listed.body)).not.toContain(northwindKey.id);
    const revoke = await gus.request('DELETE', `/api/v1/admin/api-keys/${northwindKey.id}`);
    expect(revoke.status).toBe(404);
    expect((await gia.request('GET', '/api/v1/admin/api-keys')).status).toBe(403);

    // One external id, two organisations: two calls, each seen by its own members only.
    const northwindCall = await sent(northwindKey.key, 'nw-agent-1', 'Northwind’s call');
    const globexCall = await sent(globexKey.key, 'gx-agent-1', 'Globex’s call');
    expect([northwindCall.status, globexCall.status]).toEqual([200, 200]);
    const northwindCallId = northwindCall.body.calls[0]?.call_id ?? '';
    northwind.callIds.push(northwindCallId);
    expectNoNorthwindData(globexCall);
    const peek = await gia.request('GET', `/api/v1/calls/${encodeURIComponent(northwindCallId)}`);
    expect(peek.status).toBe(403);
    expectNoNorthwindData(peek);
    const own = await ava.request<{ summary: string }>(
      'GET',
      `/api/v1/calls/${encodeURIComponent(northwindCallId)}`,
    );
    expect(own.body.summary).toBe('Northwind’s call');

    // A key cannot file calls under, or claim, another organisation's agent.
    const crossAgent = await sent(northwindKey.key, 'gx-agent-2', 'Filed under Globex');
    expect(crossAgent.status).toBe(409);
    const [globexAgent] = await queryRows<{ organisation: string }>(
      server.database.db,
      sql`select o.name as organisation from agent_mapping m
          join organisations o on o.id = m.organisation_id where m.agent_id = 'gx-agent-2'`,
    );
    expect(globexAgent?.organisation).toBe('Globex Insurance');

    // Nor does one organisation's admin area answer a user of no organisation, or nobody.
    for (const email of ['nora@nowhere.test', 'root@callboard.test']) {
      const client = await signedIn(email);
      const response = await client.request('GET', '/api/v1/admin/api-keys');
      expect(response.status, email).toBe(403);
    }
    const anonymous = new TestClient(server.url);
    expect((await anonymous.request('GET', '/api/v1/admin/api-keys')).status).toBe(401);
  });

  it('keeps integrations, their delivery logs and the calls their webhooks send to their organisation', async () => {
    const signedIn = async (email: string) => {
      const client = new TestClient(server.url);
      await client.signIn(email, DEMO_PASSWORD);
      return client;
    };
    const ava = await signedIn('ava.admin@northwind.test');
    const gus = await signedIn('gus.admin@globex.test');
    const gia = await signedIn('gia@globex.test');
    const created = await ava.request<{ id: string; secret: string }>(
      'POST',
      '/api/v1/admin/integrations',
      { json: { kind: 'vapi', name: 'Isolation' } },
    );
    expect(created.status).toBe(201);
    const integration = created.body;
    const path = `/api/v1/admin/integrations/${integration.id}`;
    const deliver = (callId: string, assistantId: string) =>
      new TestClient(server.url).request<{ call_id: string }>(
        'POST',
        `/api/v1/webhooks/vapi/${integration.id}`,
        {
          bearer: null,
          json: vapiEndOfCallReport(callId, { assistantId }),
          headers: { 'x-vapi-secret': integration.secret },
        },
      );

    // Globex's admin neither lists, reads the log of, nor removes Northwind's integration.
    const listed = await gus.request('GET', '/api/v1/admin/integrations');
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(integration.id);
    expect((await gus.request('GET', `${path}/deliveries`)).status).toBe(404);
    expect((await gus.request('DELETE', path)).status).toBe(404);
    expect((await gia.request('GET', '/api/v1/admin/integrations')).status).toBe(403);

    // Its webhook files calls in Northwind only, and never under a Globex agent.
    const sent = await deliver('isolation-vapi-1', 'nw-isolation-assistant');
    expect(sent.status).toBe(200);
    northwind.callIds.push(sent.body.call_id);
    const peek = await gia.request('GET', `/api/v1/calls/${encodeURIComponent(sent.body.call_id)}`);
    expect(peek.status).toBe(403);
    expectNoNorthwindData(peek);
    expect((await deliver('isolation-vapi-2', 'gx-agent-1')).status).toBe(409);
    const [refused] = await queryRows<{ n: number | string }>(
      server.database.db,
      sql`select count(*) as n from call_log where external_id = 'isolation-vapi-2'`,
    );
    expect(Number(refused?.n)).toBe(0);
    expectNoNorthwindData(await gus.request('GET', '/api/v1/admin/integrations'));
  });

  it('refuses a user with no organisation, and the super-admin, with the product’s message', async () => {
    for (const email of ['nora@nowhere.test', 'root@callboard.test']) {
      const client = new TestClient(server.url);
      await client.signIn(email, DEMO_PASSWORD);
      for (const endpoint of northwindEndpoints()) {
        const response = await client.request(endpoint.method, endpoint.path, {
          json: endpoint.json,
        });
        expect(response.status, `${email} ${endpoint.path}`).toBe(403);
        expect(response.body).toEqual({
          error: { code: 'NO_ORGANISATION', message: 'No organization assigned to user' },
        });
      }
    }
  });

  it('refuses a signed-out caller with 401 Authentication required', async () => {
    const anonymous = new TestClient(server.url);
    for (const endpoint of [
      ...northwindEndpoints(),
      { method: 'GET' as const, path: '/api/v1/me' },
    ]) {
      const response = await anonymous.request(endpoint.method, endpoint.path, {
        json: endpoint.json,
      });
      expect(response.status, endpoint.path).toBe(401);
      expect(response.body).toEqual({
        error: { code: 'UNAUTHENTICATED', message: 'Authentication required' },
      });
    }
  });
});
