// /metrics over real HTTP on both databases (docs/operations.md, "Metrics"): refused without the
// token, counters that move with the requests, route labels that are templates, the database
// pools, the live streams, the mail outbox and the calls ingested; and the METRICS_PORT listener.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { CallListResponse, CreatedApiKey } from '@callboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../db/seed/seed.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { openEventStream } from '../test/event-stream.ts';
import { TestClient } from '../test/http-client.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { metricsApp } from './operations.ts';

const TOKEN = 'metrics-token-for-tests-0123456789abcdef';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition. */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/u.exec(line);
    if (!match?.[1] || match[3] === undefined) throw new Error(`not a sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/gu)) {
      if (key !== undefined && value !== undefined) labels[key] = value;
    }
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample with this name and these labels (0 when there is none). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)} matches more than one`);
  return found[0]?.value ?? 0;
}

describe.each(testDatabaseKinds)('metrics [$name]', ({ name, create }) => {
  let server: TestServer;
  let mia: TestClient;
  let ava: TestClient;

  const scrape = async (token: string | null = TOKEN) => {
    const response = await fetch(`${server.url}/metrics`, {
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });
    return { response, text: await response.text() };
  };
  const samples = async () => {
    const { response, text } = await scrape();
    expect(response.status).toBe(200);
    return parseExposition(text);
  };

  beforeAll(async () => {
    server = await startTestServer(await create(), {
      callsPerOrganisation: 20,
      env: { METRICS_TOKEN: TOKEN },
    });
    mia = new TestClient(server.url);
    expect((await mia.signIn('mia@northwind.test', DEMO_PASSWORD)).status).toBe(200);
    ava = new TestClient(server.url);
    expect((await ava.signIn('ava.admin@northwind.test', DEMO_PASSWORD)).status).toBe(200);
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses a scrape without the token, or with another', async () => {
    for (const token of [null, 'not-the-token', `${TOKEN}x`]) {
      const { response, text } = await scrape(token);
      expect(response.status, String(token)).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(JSON.parse(text)).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
      expect(text).not.toContain('callboard_');
    }
    const { response } = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('counts requests by route template and status, never by path', async () => {
    const list = await mia.request<CallListResponse>('GET', '/api/v1/calls?pageSize=3');
    const ids = list.body.rows.map((row) => row.call_id);
    expect(ids).toHaveLength(3);
    const route = { method: 'GET', route: '/api/v1/calls/:callId' };
    const before = await samples();

    for (const id of ids) {
      expect((await mia.request('GET', `/api/v1/calls/${id}`)).status).toBe(200);
    }
    expect((await mia.request('GET', '/api/v1/calls/no-such-call')).status).toBe(404);
    expect((await mia.request('GET', '/api/v1/no/such/thing')).status).toBe(404);

    const after = await samples();
    const counted = (status: string) =>
      valueOf(after, 'callboard_http_requests_total', { ...route, status }) -
      valueOf(before, 'callboard_http_requests_total', { ...route, status });
    expect(counted('200')).toBe(3);
    expect(counted('404')).toBe(1);
    expect(
      valueOf(after, 'callboard_http_request_duration_seconds_count', { ...route, status: '200' }) -
        valueOf(before, 'callboard_http_request_duration_seconds_count', {
          ...route,
          status: '200',
        }),
    ).toBe(3);
    expect(
      valueOf(after, 'callboard_http_request_duration_seconds_bucket', {
        ...route,
        status: '200',
        le: '+Inf',
      }),
    ).toBe(
      valueOf(after, 'callboard_http_request_duration_seconds_count', { ...route, status: '200' }),
    );
    // An unknown API path counts under the catch-all that answered it.
    expect(
      valueOf(after, 'callboard_http_requests_total', {
        method: 'GET',
        route: '/api/*',
        status: '404',
      }),
    ).toBeGreaterThanOrEqual(1);

    // Every route label is a declared template: no call id, no unknown path.
    const routes = new Set(
      after.filter((s) => s.name === 'callboard_http_requests_total').map((s) => s.labels.route),
    );
    for (const label of routes) {
      for (const id of [...ids, 'no-such-call', '/no/such/thing']) {
        expect(label).not.toContain(id);
      }
    }
    expect(routes).toContain('/api/v1/calls');
  });

  it('shows the database pools and how long checkouts waited', async () => {
    const after = await samples();
    const pools = name === 'PGlite' ? ['embedded'] : ['owner', 'tenant'];
    for (const pool of pools) {
      expect(valueOf(after, 'callboard_db_pool_max_connections', { pool }), pool).toBeGreaterThan(
        0,
      );
      expect(valueOf(after, 'callboard_db_pool_connections', { pool }), pool).toBeGreaterThan(0);
      expect(
        valueOf(after, 'callboard_db_pool_acquire_seconds_count', { pool }),
        pool,
      ).toBeGreaterThan(0);
      for (const gauge of [
        'callboard_db_pool_idle_connections',
        'callboard_db_pool_waiting_requests',
      ]) {
        expect(
          after.some((s) => s.name === gauge && s.labels.pool === pool),
          gauge,
        ).toBe(true);
      }
    }
    // A server without a read replica has no lag to show; something that measures one shows it.
    expect(after.some((s) => s.name === 'callboard_db_replica_lag_seconds')).toBe(false);
    server.metrics.measureReplicaLag(() => 2.5);
    expect(valueOf(await samples(), 'callboard_db_replica_lag_seconds')).toBe(2.5);
    server.metrics.measureReplicaLag(() => 0.75);
    expect(valueOf(await samples(), 'callboard_db_replica_lag_seconds')).toBe(0.75);
  });

  it('shows the open event streams', async () => {
    expect(valueOf(await samples(), 'callboard_live_streams')).toBe(0);
    const stream = await openEventStream(server.url, mia.accessToken);
    try {
      await stream.waitFor((event) => event.type === 'ready');
      expect(valueOf(await samples(), 'callboard_live_streams')).toBe(1);
    } finally {
      stream.close();
    }
  });

  it('shows the mail outbox backlog and the age of its oldest message', async () => {
    // A message that has waited ten minutes and is not due yet, so no sweep sends it meanwhile.
    await server.database.db.execute(sql`
      insert into mail_outbox (recipient, subject, body_text, created_at, next_attempt_at)
      values ('someone@example.test', 'Waiting', 'text', now() - interval '10 minutes',
              now() + interval '1 hour')`);
    try {
      const after = await samples();
      expect(valueOf(after, 'callboard_mail_outbox_pending')).toBe(1);
      const age = valueOf(after, 'callboard_mail_outbox_oldest_pending_age_seconds');
      expect(age).toBeGreaterThanOrEqual(600);
      expect(age).toBeLessThan(3600);
    } finally {
      await server.database.db.execute(
        sql`delete from mail_outbox where recipient = 'someone@example.test'`,
      );
    }
    expect(valueOf(await samples(), 'callboard_mail_outbox_pending')).toBe(0);
    expect(valueOf(await samples(), 'callboard_mail_outbox_oldest_pending_age_seconds')).toBe(0);
  });

  it('counts the calls ingested through the API and a CSV import', async () => {
    const ingested = (all: Sample[], source: string, result: string) =>
      valueOf(all, 'callboard_calls_ingested_total', { source, result });
    const before = await samples();
    // Signed in before every test: confirm the password, as a key needs a recent one.
    await ava.request('POST', '/api/auth/reauthenticate', { json: { password: DEMO_PASSWORD } });
    const { key } = (
      await ava.request<CreatedApiKey>('POST', '/api/v1/admin/api-keys', {
        json: { name: 'Metrics test' },
      })
    ).body;
    const ended = Date.now() - 60_000;
    const calls = ['metrics-1', 'metrics-2'].map((externalId) => ({
      external_id: externalId,
      agent_id: 'nw-agent-1',
      started_at: new Date(ended - 60_000).toISOString(),
      ended_at: new Date(ended).toISOString(),
      direction: 'inbound',
      from_number: '+441632960123',
      to_number: '+441632960001',
    }));
    const send = () =>
      new TestClient(server.url).request('POST', '/api/v1/ingest/calls', {
        bearer: key,
        json: { calls },
      });
    for (let time = 0; time < 2; time += 1) {
      const sent = await send();
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    }

    // The two calls again, as a CSV export writes them, imported back.
    const exported = await ava.request<string>('GET', '/api/v1/calls/export.csv');
    expect(exported.status).toBe(200);
    const [header, ...lines] = exported.body.split(/\r?\n/u);
    const ours = lines.filter((line) => /metrics-[12]/u.test(line));
    expect(ours).toHaveLength(2);
    const imported = await ava.request<{ created: number; updated: number; unchanged: number }>(
      'POST',
      '/api/v1/admin/calls/import?first_line=2',
      { body: [header, ...ours].join('\r\n'), headers: { 'content-type': 'text/csv' } },
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);

    const after = await samples();
    const moved = (source: string, result: string) =>
      ingested(after, source, result) - ingested(before, source, result);
    expect(moved('api', 'created')).toBe(2);
    expect(moved('api', 'unchanged')).toBe(2);
    for (const result of ['created', 'updated', 'unchanged'] as const) {
      expect(moved('csv', result), result).toBe(imported.body[result]);
    }
    expect(imported.body.created + imported.body.updated + imported.body.unchanged).toBeGreaterThan(
      0,
    );
  });

  it('includes the process metrics', async () => {
    const after = await samples();
    for (const metric of [
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(
        after.some((s) => s.name === metric),
        metric,
      ).toBe(true);
    }
    expect(valueOf(after, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
  });

  it('serves /metrics alone on a listener of its own (METRICS_PORT)', async () => {
    for (const token of [undefined, TOKEN]) {
      const listener = serve({
        fetch: metricsApp(server.metrics, token).fetch,
        port: 0,
        hostname: '127.0.0.1',
      });
      await new Promise<void>((resolve) => listener.once('listening', resolve));
      const base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
      try {
        const plain = await fetch(`${base}/metrics`);
        expect(plain.status, `token ${String(token)}`).toBe(token ? 401 : 200);
        const withToken = await fetch(`${base}/metrics`, {
          headers: { authorization: `Bearer ${TOKEN}` },
        });
        expect(withToken.status).toBe(200);
        expect(await withToken.text()).toContain('callboard_http_requests_total');
        const other = await fetch(`${base}/api/v1/me`);
        expect(other.status).toBe(404);
      } finally {
        await new Promise<void>((resolve) => listener.close(() => resolve()));
      }
    }
  });
});
