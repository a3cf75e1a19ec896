// Voice-platform webhooks over real HTTP on both databases (docs/ingestion.md): the Retell and
// Vapi bodies of the platforms' docs (fixtures/) become the calls they describe, through the
// ingestion API's own upsert; a request that does not verify gets 401 and writes nothing; other
// events are acknowledged; the delivery log is kept for the admins, bounded.
import { createHash } from 'node:crypto';
import {
  DELIVERIES_KEPT,
  type AuditEntry,
  type CallDetail,
  type CreatedIntegration,
  type Integration,
  type Me,
  type WebhookDelivery,
  type WebhookResult,
} from '@callboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { postAlone, TestClient } from '../../test/http-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import {
  RETELL_CALL_ANALYZED,
  RETELL_CALL_ENDED,
  RETELL_CALL_STARTED,
} from './fixtures/retell-call-analyzed.ts';
import { VAPI_END_OF_CALL_REPORT, VAPI_STATUS_UPDATE } from './fixtures/vapi-end-of-call-report.ts';
import { retellSignature } from './retell.ts';
import {
  retellCallAnalyzed,
  signedRetellDelivery,
  signedVapiDelivery,
  vapiEndOfCallReport,
  type SignedDelivery,
} from './signed-delivery.ts';

interface ErrorBody {
  error: { code: string; message: string };
}

const RETELL_KEY = 'key_3f9a2c7b1e5d4a8f6c0b9e2d7a1f4c8e';

describe.each(testDatabaseKinds)('voice-platform webhooks [$name]', ({ create }) => {
  let server: TestServer;
  let ava: TestClient;
  let gus: TestClient;
  let mia: TestClient;
  let platform: TestClient;
  let miaId: string;

  const signedIn = async (email: string) => {
    const client = new TestClient(server.url);
    expect((await client.signIn(email, DEMO_PASSWORD)).status, email).toBe(200);
    return client;
  };
  const connect = async (body: Record<string, unknown>, admin: TestClient = ava) => {
    const response = await admin.request<CreatedIntegration>('POST', '/api/v1/admin/integrations', {
      json: body,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };
  const retell = (admin: TestClient = ava, apiKey = RETELL_KEY) =>
    connect({ kind: 'retell', name: 'Retell (front desk)', retell_api_key: apiKey }, admin);
  const vapi = async (admin: TestClient = ava) => {
    const created = await connect({ kind: 'vapi', name: 'Vapi (after hours)' }, admin);
    return { ...created, secret: created.secret ?? '' };
  };
  /** Sends what a platform would, without this client's access token. */
  const deliver = <T = WebhookResult>({ url, init }: SignedDelivery) =>
    platform.request<T>('POST', new URL(url).pathname, {
      bearer: null,
      body: init.body,
      headers: init.headers,
    });
  const signed = (integrationId: string, body: unknown, apiKey = RETELL_KEY, timestamp?: number) =>
    signedRetellDelivery({ baseUrl: server.url, integrationId, apiKey, body, timestamp });
  const detail = async (callId: string) =>
    (await mia.request<CallDetail>('GET', `/api/v1/calls/${encodeURIComponent(callId)}`)).body;
  const deliveries = async (integrationId: string, admin: TestClient = ava) => {
    const response = await admin.request<{ rows: WebhookDelivery[] }>(
      'GET',
      `/api/v1/admin/integrations/${integrationId}/deliveries`,
    );
    expect(response.status).toBe(200);
    return response.body.rows;
  };
  /** Calls with these external ids, whatever their organisation (the owner’s view). */
  const stored = async (externalIds: string[]) => {
    const [row] = await queryRows<{ calls: number | string }>(
      server.database.db,
      sql`select count(*) as calls from call_log
          where external_id in (select jsonb_array_elements_text(${JSON.stringify(externalIds)}::jsonb))`,
    );
    return Number(row?.calls);
  };
  const loggedFor = async (integrationId: string) => {
    const [row] = await queryRows<{ n: number | string }>(
      server.database.db,
      sql`select count(*) as n from webhook_deliveries where integration_id = ${integrationId}::uuid`,
    );
    return Number(row?.n);
  };
  const allLogged = async () => {
    const [row] = await queryRows<{ n: number | string }>(
      server.database.db,
      sql`select count(*) as n from webhook_deliveries`,
    );
    return Number(row?.n);
  };

  beforeAll(async () => {
    server = await startTestServer(await create(), {
      callsPerOrganisation: 20,
      env: { INGEST_REQUESTS_PER_MINUTE: '1000' },
    });
    ava = await signedIn('ava.admin@northwind.test');
    gus = await signedIn('gus.admin@globex.test');
    mia = await signedIn('mia@northwind.test');
    platform = new TestClient(server.url);
    miaId = (await mia.request<Me>('GET', '/api/v1/me')).body.id;
  });
  afterAll(async () => {
    await server.close();
  });

  it('stores Retell’s call_analyzed as the call it describes, and keeps triage when it comes again', async () => {
    const integration = await retell();
    expect(integration.webhook_url).toBe(`${server.url}/api/v1/webhooks/retell/${integration.id}`);
    const body = {
      ...RETELL_CALL_ANALYZED,
      call: { ...RETELL_CALL_ANALYZED.call, agent_id: 'nw-retell-front-desk' },
    };
    const first = await deliver(signed(integration.id, body));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      external_id: 'Jabr9TXYYJHfvl6Syypi88rdAHYHmcq6',
      result: 'created',
    });
    const callId = first.body.call_id;
    expect(await detail(callId)).toMatchObject({
      call_id: callId,
      agent_id: 'nw-retell-front-desk',
      status: 'New',
      assignee_id: null,
      start_datetime: '2024-05-02T00:07:55.945Z',
      end_datetime: '2024-05-02T00:08:11.736Z',
      duration_seconds: 16,
      direction: 'inbound',
      from_number: '+12137771234',
      to_number: '+12137771235',
      summary: 'The caller moved their appointment to Thursday at 3 pm.',
      sentiment: 'positive',
      recording_url:
        'https://dxc03zgurdly9.cloudfront.net/Jabr9TXYYJHfvl6Syypi88rdAHYHmcq6/recording.wav',
      disconnection_reason: 'user_hangup',
      transcript: [
        {
          speaker: 'agent',
          text: 'Hi, this is Northwind Clinics, how can I help?',
          at_seconds: 0.72,
        },
        { speaker: 'caller', text: 'I need to move my appointment to Thursday.', at_seconds: 4.1 },
        { speaker: 'agent', text: 'Done, Thursday at 3 pm.', at_seconds: 9.38 },
      ],
    });

    // People triage it; Retell retries, then sends call_ended late, then a new analysis.
    const path = `/api/v1/calls/${encodeURIComponent(callId)}`;
    expect(
      (await mia.request('PUT', `${path}/assignee`, { json: { assigneeId: miaId } })).status,
    ).toBe(200);
    expect(
      (await mia.request('PUT', `${path}/status`, { json: { status: 'In progress' } })).status,
    ).toBe(200);
    const again = await deliver(signed(integration.id, body));
    expect(again.body).toEqual({ ...first.body, result: 'unchanged' });
    const ended = {
      ...RETELL_CALL_ENDED,
      call: { ...RETELL_CALL_ENDED.call, agent_id: 'nw-retell-front-desk' },
    };
    expect((await deliver(signed(integration.id, ended))).body.result).toBe('unchanged');
    const reanalysed = {
      ...body,
      call: {
        ...body.call,
        call_analysis: {
          ...body.call.call_analysis,
          call_summary: 'Moved to Thursday, 3 pm.',
          user_sentiment: 'Unknown',
        },
      },
    };
    expect((await deliver(signed(integration.id, reanalysed))).body).toEqual({
      ...first.body,
      result: 'updated',
    });
    expect(await detail(callId)).toMatchObject({
      summary: 'Moved to Thursday, 3 pm.',
      sentiment: null,
      status: 'In progress',
      assignee_id: miaId,
      disconnection_reason: 'user_hangup',
    });
    expect(await stored(['Jabr9TXYYJHfvl6Syypi88rdAHYHmcq6'])).toBe(1);

    // Each delivery is in the log, newest first, with the call it stored.
    const log = await deliveries(integration.id);
    expect(
      log.map((entry) => [entry.event_type, entry.status, entry.http_status, entry.call_id]),
    ).toEqual([
      ['call_analyzed', 'accepted', 200, callId],
      ['call_ended', 'accepted', 200, callId],
      ['call_analyzed', 'accepted', 200, callId],
      ['call_analyzed', 'accepted', 200, callId],
    ]);
    expect(log[0]?.platform_call_id).toBe('Jabr9TXYYJHfvl6Syypi88rdAHYHmcq6');
    const listed = await ava.request<{ rows: Integration[] }>('GET', '/api/v1/admin/integrations');
    expect(listed.body.rows.find((row) => row.id === integration.id)?.last_delivery).toMatchObject({
      status: 'accepted',
      http_status: 200,
    });
  });

  it('stores Vapi’s end-of-call-report as the call it describes, with either form of the secret', async () => {
    const integration = await vapi();
    expect(integration.secret).toMatch(/^cb_whsec_[A-Za-z0-9_-]{43}$/u);
    expect(integration.webhook_url).toBe(`${server.url}/api/v1/webhooks/vapi/${integration.id}`);
    const delivery = (as: 'x-vapi-secret' | 'bearer') =>
      signedVapiDelivery({
        baseUrl: server.url,
        integrationId: integration.id,
        secret: integration.secret,
        body: VAPI_END_OF_CALL_REPORT,
        as,
      });
    const first = await deliver(delivery('x-vapi-secret'));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      external_id: '3b1e0c6f-5c2a-4f0e-9d7b-8a6c4e2f1d09',
      result: 'created',
    });
    expect(await detail(first.body.call_id)).toMatchObject({
      agent_id: '8c2d4e6f-1a3b-4c5d-9e7f-0a2b4c6d8e1f',
      status: 'New',
      start_datetime: '2024-05-02T00:07:55.945Z',
      end_datetime: '2024-05-02T00:08:11.736Z',
      duration_seconds: 16,
      direction: 'inbound',
      from_number: '+14155550123',
      to_number: '+14155550100',
      caller_name: 'Sam Patel',
      summary: 'The caller asked to move their appointment to Thursday; the assistant did.',
      sentiment: null,
      recording_url:
        'https://storage.vapi.ai/3b1e0c6f-5c2a-4f0e-9d7b-8a6c4e2f1d09-1714608492481-mono.wav',
      disconnection_reason: 'customer-ended-call',
      // The system prompt is not part of the conversation.
      transcript: [
        { speaker: 'agent', text: 'Northwind Clinics, how can I help?', at_seconds: 1.44 },
        { speaker: 'caller', text: 'I need to move my appointment to Thursday.', at_seconds: 4.86 },
        { speaker: 'agent', text: 'Done, Thursday at 3 pm.', at_seconds: 9.38 },
      ],
    });
    const again = await deliver(delivery('bearer'));
    expect(again.body).toEqual({ ...first.body, result: 'unchanged' });

    // Without artifact.messages, the plain transcript; an outbound call's numbers the other way.
    const { message } = vapiEndOfCallReport('vapi-outbound-1');
    const plain = {
      message: {
        ...message,
        call: { ...message.call, type: 'outboundPhoneCall' },
        artifact: { transcript: VAPI_END_OF_CALL_REPORT.message.artifact.transcript },
      },
    };
    const outbound = await deliver(
      signedVapiDelivery({
        baseUrl: server.url,
        integrationId: integration.id,
        secret: integration.secret,
        body: plain,
      }),
    );
    expect(outbound.status).toBe(200);
    expect(await detail(outbound.body.call_id)).toMatchObject({
      direction: 'outbound',
      from_number: '+14155550100',
      to_number: '+14155550123',
      transcript: [
        { speaker: 'agent', text: 'Northwind Clinics, how can I help?', at_seconds: 0 },
        { speaker: 'caller', text: 'I need to move my appointment to Thursday.', at_seconds: 0 },
        { speaker: 'agent', text: 'Done, Thursday at 3 pm.', at_seconds: 0 },
      ],
    });
  });

  it('answers 401 and stores nothing for a request that does not verify', async () => {
    const retellIntegration = await retell();
    const vapiIntegration = await vapi();
    const body = retellCallAnalyzed('unverified-retell', { agentId: 'nw-unverified' });
    const raw = JSON.stringify(body);
    const path = `/api/v1/webhooks/retell/${retellIntegration.id}`;
    const attempts: { path: string; headers: Record<string, string>; body: string }[] = [
      // Signed with another key, too long ago, not at all, or for another body.
      {
        path,
        body: raw,
        headers: { 'x-retell-signature': retellSignature(raw, 'key_someone_else') },
      },
      {
        path,
        body: raw,
        headers: {
          'x-retell-signature': retellSignature(raw, RETELL_KEY, Date.now() - 6 * 60_000),
        },
      },
      { path, body: raw, headers: {} },
      { path, body: raw, headers: { 'x-retell-signature': 'v=1,d=nonsense' } },
      {
        path,
        body: `${raw} `,
        headers: { 'x-retell-signature': retellSignature(raw, RETELL_KEY) },
      },
    ];
    const vapiBody = JSON.stringify(
      vapiEndOfCallReport('unverified-vapi', { assistantId: 'nw-unverified' }),
    );
    const vapiPath = `/api/v1/webhooks/vapi/${vapiIntegration.id}`;
    const vapiHeaders: Record<string, string>[] = [
      { 'x-vapi-secret': `${vapiIntegration.secret}x` },
      { authorization: 'Bearer cb_whsec_wrong' },
      {},
    ];
    for (const headers of vapiHeaders) {
      attempts.push({ path: vapiPath, body: vapiBody, headers });
    }
    for (const attempt of attempts) {
      const response = await platform.request<ErrorBody>('POST', attempt.path, {
        bearer: null,
        body: attempt.body,
        headers: { 'content-type': 'application/json', ...attempt.headers },
      });
      expect(response.status, JSON.stringify(attempt.headers)).toBe(401);
      expect(response.body.error.code).toBe('UNAUTHENTICATED');
      expect(response.body.error.message).toContain('Nothing was stored');
    }
    expect(await stored(['unverified-retell', 'unverified-vapi'])).toBe(0);
    // Logged for the admins, without anything from the body.
    const log = await deliveries(retellIntegration.id);
    expect(log).toHaveLength(5);
    for (const entry of log) {
      expect(entry).toMatchObject({
        status: 'rejected',
        http_status: 401,
        event_type: null,
        platform_call_id: null,
        call_id: null,
      });
    }
    expect(await deliveries(vapiIntegration.id)).toHaveLength(3);

    // Unknown, malformed or another platform's integration id: 401, and no log anywhere.
    const before = await allLogged();
    const unknown = crypto.randomUUID();
    for (const unknownPath of [
      `/api/v1/webhooks/retell/${unknown}`,
      `/api/v1/webhooks/vapi/${unknown}`,
      '/api/v1/webhooks/vapi/not-an-id',
      `/api/v1/webhooks/vapi/${retellIntegration.id}`,
    ]) {
      const response = await platform.request<ErrorBody>('POST', unknownPath, {
        bearer: null,
        body: raw,
        headers: {
          'content-type': 'application/json',
          'x-retell-signature': retellSignature(raw, RETELL_KEY),
        },
      });
      expect(response.status, unknownPath).toBe(401);
      expect(response.body.error.message).toMatch(/^Unknown webhook URL/u);
    }
    expect(await allLogged()).toBe(before);

    // A removed integration's URL is refused from then on, and its log goes with it.
    expect(
      (await ava.request('DELETE', `/api/v1/admin/integrations/${retellIntegration.id}`)).status,
    ).toBe(204);
    expect((await deliver(signed(retellIntegration.id, body))).status).toBe(401);
    expect(await loggedFor(retellIntegration.id)).toBe(0);
    expect(await stored(['unverified-retell'])).toBe(0);
  });

  it('acknowledges other events with 204 and stores nothing', async () => {
    const retellIntegration = await retell();
    const vapiIntegration = await vapi();
    const started = await deliver(signed(retellIntegration.id, RETELL_CALL_STARTED));
    expect(started.status).toBe(204);
    const status = await deliver(
      signedVapiDelivery({
        baseUrl: server.url,
        integrationId: vapiIntegration.id,
        secret: vapiIntegration.secret,
        body: VAPI_STATUS_UPDATE,
      }),
    );
    expect(status.status).toBe(204);
    const transcriptUpdated = await deliver(
      signed(retellIntegration.id, { event: 'transcript_updated', call: {} }),
    );
    expect(transcriptUpdated.status).toBe(204);
    expect(
      (await deliveries(retellIntegration.id)).map((entry) => [
        entry.event_type,
        entry.status,
        entry.http_status,
      ]),
    ).toEqual([
      ['transcript_updated', 'ignored', 204],
      ['call_started', 'ignored', 204],
    ]);
    expect((await deliveries(vapiIntegration.id))[0]).toMatchObject({
      event_type: 'status-update',
      status: 'ignored',
      platform_call_id: '3b1e0c6f-5c2a-4f0e-9d7b-8a6c4e2f1d09',
    });
  });

  it('refuses a call it cannot store whole: 422, 409 or 400 with a clear message, nothing written', async () => {
    const integration = await retell();
    const call = retellCallAnalyzed('refused-1', { agentId: 'nw-refused-line' }).call;
    const cases: [unknown, number, RegExp][] = [
      [
        { event: 'call_analyzed', call: { ...call, end_timestamp: undefined } },
        422,
        /end_timestamp is missing/u,
      ],
      [
        {
          event: 'call_analyzed',
          call: { ...call, recording_url: 'http://insecure.example.com/a.wav' },
        },
        422,
        /recording_url must be an https URL/u,
      ],
      [
        { event: 'call_analyzed', call: { ...call, direction: 'sideways' } },
        422,
        /direction must be inbound or outbound/u,
      ],
      [
        { event: 'call_analyzed', call: { ...call, agent_id: undefined } },
        422,
        /agent_id is missing/u,
      ],
      [
        { event: 'call_analyzed', call: { ...call, agent_id: 'gx-agent-1' } },
        409,
        /gx-agent-1 belongs to another organisation/u,
      ],
    ];
    for (const [body, status, message] of cases) {
      const response = await deliver<ErrorBody>(signed(integration.id, body));
      expect(response.status, message.source).toBe(status);
      expect(response.body.error.message).toMatch(message);
      expect(response.body.error.message).toMatch(/Nothing was stored\.$/u);
    }
    // Signed, but not JSON.
    const notJson = '{"event": "call_analyzed", ';
    const broken = await platform.request<ErrorBody>(
      'POST',
      `/api/v1/webhooks/retell/${integration.id}`,
      {
        bearer: null,
        body: notJson,
        headers: {
          'content-type': 'application/json',
          'x-retell-signature': retellSignature(notJson, RETELL_KEY),
        },
      },
    );
    expect(broken.status).toBe(400);
    expect(await stored(['refused-1'])).toBe(0);
    const [agent] = await queryRows(
      server.database.db,
      sql`select 1 from agent_mapping where agent_id = 'nw-refused-line'`,
    );
    expect(agent).toBeUndefined();
    const log = await deliveries(integration.id);
    expect(log.map((entry) => [entry.status, entry.http_status])).toEqual([
      ['rejected', 400],
      ['rejected', 409],
      ['rejected', 422],
      ['rejected', 422],
      ['rejected', 422],
      ['rejected', 422],
    ]);
    expect(log[1]).toMatchObject({ event_type: 'call_analyzed', platform_call_id: 'refused-1' });
    expect(log[1]?.error).toMatch(/gx-agent-1/u);

    // Over 1 MB: 413 before anything is read.
    const large = JSON.stringify({
      event: 'call_analyzed',
      call: { ...call, transcript: 'x'.repeat(1024 * 1024) },
    });
    const tooLarge = await postAlone(
      `${server.url}/api/v1/webhooks/retell/${integration.id}`,
      large,
      {
        'x-retell-signature': retellSignature(large, RETELL_KEY),
      },
    );
    expect(tooLarge.status).toBe(413);
  });

  it('keeps each Retell API key encrypted, and each Vapi secret as a hash, never answering either again', async () => {
    const apiKey = 'key_e2b7c9d4f1a8365b0c2d4e6f8a1b3c5d';
    const retellIntegration = await retell(ava, apiKey);
    expect(retellIntegration.secret).toBeNull();
    expect(retellIntegration.secret_hint).toBe('3c5d');
    expect(JSON.stringify(retellIntegration)).not.toContain(apiKey);
    const vapiIntegration = await vapi();

    const rows = await queryRows<{
      id: string;
      secret_ciphertext: string | null;
      credential_hash: string;
    }>(
      server.database.db,
      sql`select id, secret_ciphertext, credential_hash from integrations
          where id in (${retellIntegration.id}::uuid, ${vapiIntegration.id}::uuid)`,
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const retellRow = byId.get(retellIntegration.id);
    expect(retellRow?.secret_ciphertext).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/u);
    expect(retellRow?.secret_ciphertext).not.toContain(apiKey);
    expect(
      Buffer.from(retellRow?.secret_ciphertext?.split('.')[3] ?? '', 'base64url').toString(
        'latin1',
      ),
    ).not.toContain(apiKey);
    expect(retellRow?.credential_hash).toBe(createHash('sha256').update(apiKey).digest('hex'));
    const vapiRow = byId.get(vapiIntegration.id);
    expect(vapiRow?.secret_ciphertext).toBeNull();
    expect(vapiRow?.credential_hash).toBe(
      createHash('sha256').update(vapiIntegration.secret).digest('hex'),
    );

    // The list never shows either again.
    const listed = await ava.request<{ rows: Integration[] }>('GET', '/api/v1/admin/integrations');
    const text = JSON.stringify(listed.body);
    expect(text).not.toContain(apiKey);
    expect(text).not.toContain(vapiIntegration.secret);
    expect(listed.body.rows.find((row) => row.id === retellIntegration.id)).toMatchObject({
      kind: 'retell',
      secret_hint: '3c5d',
    });
    expect(Object.keys(listed.body.rows[0] ?? {})).not.toContain('secret');

    // The stored key still verifies Retell's signatures (it decrypts).
    const response = await deliver(
      signed(
        retellIntegration.id,
        retellCallAnalyzed('encrypted-key-1', { agentId: 'nw-retell-front-desk' }),
        apiKey,
      ),
    );
    expect(response.status).toBe(200);
  });

  it('lets only the organisation’s admins manage its integrations, and audits them', async () => {
    const integration = await vapi();
    const path = `/api/v1/admin/integrations/${integration.id}`;
    // A member: 403 everywhere.
    expect((await mia.request('GET', '/api/v1/admin/integrations')).status).toBe(403);
    expect(
      (
        await mia.request('POST', '/api/v1/admin/integrations', {
          json: { kind: 'vapi', name: 'Mine' },
        })
      ).status,
    ).toBe(403);
    expect((await mia.request('DELETE', path)).status).toBe(403);
    expect((await mia.request('GET', `${path}/deliveries`)).status).toBe(403);
    // Another organisation's admin: invisible, 404.
    const theirs = await gus.request<{ rows: Integration[] }>('GET', '/api/v1/admin/integrations');
    expect(JSON.stringify(theirs.body)).not.toContain(integration.id);
    expect((await gus.request('DELETE', path)).status).toBe(404);
    expect((await gus.request('GET', `${path}/deliveries`)).status).toBe(404);
    expect(
      (
        await new TestClient(server.url).request('GET', '/api/v1/admin/integrations', {
          bearer: null,
        })
      ).status,
    ).toBe(401);
    // Bad bodies: 400 naming the field.
    for (const [body, field] of [
      [{ kind: 'twilio', name: 'x' }, 'kind'],
      [{ kind: 'retell', name: 'x' }, 'retell_api_key'],
      [{ kind: 'vapi', name: '' }, 'name'],
    ] as const) {
      const response = await ava.request<{ error: { fields: Record<string, string> } }>(
        'POST',
        '/api/v1/admin/integrations',
        { json: body },
      );
      expect(response.status, field).toBe(400);
      expect(Object.keys(response.body.error.fields)).toContain(field);
    }

    expect((await ava.request('DELETE', path)).status).toBe(204);
    expect((await ava.request('DELETE', path)).status).toBe(404);
    const audit = await ava.request<{ entries: AuditEntry[] }>(
      'GET',
      '/api/v1/admin/audit?pageSize=200',
    );
    const entries = audit.body.entries.filter((entry) => entry.target === integration.id);
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      'integration.created',
      'integration.removed',
    ]);
    expect(entries[0]?.details).toEqual({ name: 'Vapi (after hours)', kind: 'vapi' });
  });

  it('keeps at most the last deliveries per integration, and none older than 14 days', async () => {
    const integration = await vapi();
    const status = () =>
      deliver(
        signedVapiDelivery({
          baseUrl: server.url,
          integrationId: integration.id,
          secret: integration.secret,
          body: VAPI_STATUS_UPDATE,
        }),
      );
    // An old entry, as if from 15 days ago.
    await server.database.db.execute(
      sql`insert into webhook_deliveries (integration_id, organisation_id, received_at, event_type, status, http_status)
          select id, organisation_id, now() - interval '15 days', 'old', 'ignored', 204
          from integrations where id = ${integration.id}::uuid`,
    );
    expect((await status()).status).toBe(204);
    expect(await loggedFor(integration.id)).toBe(1);
    for (let index = 0; index < DELIVERIES_KEPT + 5; index += 1) await status();
    // Wrong secrets count too, and are pruned alike.
    const wrong = await deliver(
      signedVapiDelivery({
        baseUrl: server.url,
        integrationId: integration.id,
        secret: 'cb_whsec_guess',
        body: VAPI_STATUS_UPDATE,
      }),
    );
    expect(wrong.status).toBe(401);
    expect(await loggedFor(integration.id)).toBe(DELIVERIES_KEPT);
    const log = await deliveries(integration.id);
    expect(log).toHaveLength(DELIVERIES_KEPT);
    expect(log[0]).toMatchObject({ status: 'rejected', http_status: 401 });
    const times = log.map((entry) => Date.parse(entry.received_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});
