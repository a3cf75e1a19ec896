// The ingestion benchmark (docs/benchmarks.md, "Ingestion"): calls a second through
// POST /api/v1/ingest/calls in batches of 500, into the 1M-call database, beside the rate at
// which PostgreSQL's own COPY writes the same rows into the same table (same indexes, same
// triggers) — the ceiling no API can beat; and the latency of one call by webhook.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  signedVapiDelivery,
  vapiEndOfCallReport,
} from '../apps/server/src/modules/webhooks/signed-delivery.ts';
import type { ServerProcess } from './server-process.ts';
import { percentile } from './statistics.ts';

export const INGEST_BATCH_SIZE = 500;
/** Senders posting batches at the same time. */
const SENDERS = 4;
const AGENTS = 8;
const EXTERNAL_PREFIX = 'bench-ingest-';
const AGENT_PREFIX = 'bench-ingest-agent-';
const WEBHOOK_PREFIX = 'bench-webhook-';
const WEBHOOK_AGENT = 'bench-webhook-assistant';

export interface IngestResult {
  batches: number;
  batchSize: number;
  senders: number;
  /** New calls a second through the API. */
  createdPerSecond: number;
  batchP50Ms: number;
  batchP99Ms: number;
  /** The same batches sent again: every call "unchanged". */
  unchangedPerSecond: number;
  /** The same number of rows written by one COPY … FROM STDIN (rolled back). */
  copyPerSecond: number;
  /** API ÷ COPY for new calls. */
  ratio: number;
  serverRssMb: number;
  errors: number;
}

/** A realistic call: a few transcript turns, a summary, metadata. */
function benchCall(run: string, index: number) {
  const ended = Date.now() - index * 1_000;
  const started = ended - (60 + (index % 600)) * 1_000;
  return {
    external_id: `${EXTERNAL_PREFIX}${run}-${index}`,
    agent_id: `${AGENT_PREFIX}${index % AGENTS}`,
    started_at: new Date(started).toISOString(),
    ended_at: new Date(ended).toISOString(),
    direction: index % 3 === 0 ? ('outbound' as const) : ('inbound' as const),
    from_number: `+4416329${String(index % 100_000).padStart(5, '0')}`,
    to_number: '+441632960001',
    caller_name: `Bench Caller ${index}`,
    summary: `The caller asked to move appointment ${index} to the afternoon; the agent offered two slots and booked the second.`,
    transcript: [
      { speaker: 'agent' as const, text: 'Good morning, Bench Clinics.', at_seconds: 0 },
      { speaker: 'caller' as const, text: 'Hi, I need to move my appointment.', at_seconds: 2.4 },
      { speaker: 'agent' as const, text: 'Of course. Which day suits you?', at_seconds: 5.1 },
      { speaker: 'caller' as const, text: 'Thursday afternoon, if possible.', at_seconds: 8.7 },
      {
        speaker: 'agent' as const,
        text: 'Thursday at three is free. Shall I book it?',
        at_seconds: 11,
      },
      { speaker: 'caller' as const, text: 'Yes please, thank you.', at_seconds: 14.2 },
    ],
    recording_url: `https://recordings.example.com/${run}/${index}.mp3`,
    sentiment: (['positive', 'neutral', 'negative'] as const)[index % 3],
    disconnection_reason: 'caller_hangup',
    metadata: { campaign: 'bench', index },
  };
}

type BenchCall = ReturnType<typeof benchCall>;

/** Posts `batches` in SENDERS concurrent loops; calls a second and per-batch latency. */
async function send(server: ServerProcess, key: string, batches: BenchCall[][]) {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      for (;;) {
        const batch = batches[next];
        next += 1;
        if (!batch) return;
        const sent = performance.now();
        const response = await fetch(`${server.url}/api/v1/ingest/calls`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ calls: batch }),
        });
        await response.arrayBuffer();
        if (response.ok) latencies.push(performance.now() - sent);
        else errors += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: Math.round((latencies.length * INGEST_BATCH_SIZE) / seconds),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    errors,
  };
}

const COPY_COLUMNS = [
  'call_id',
  'external_id',
  'agent_id',
  'start_datetime',
  'end_datetime',
  'duration_seconds',
  'direction',
  'from_number',
  'to_number',
  'caller_name',
  'summary',
  'transcript',
  'recording_url',
  'sentiment',
  'disconnection_reason',
  'metadata',
];

/** One call as a line of COPY's text format (no field of benchCall holds a tab or newline). */
function copyLine(call: BenchCall): string {
  const started = Date.parse(call.started_at);
  const ended = Date.parse(call.ended_at);
  const json = (value: unknown) => JSON.stringify(value).replaceAll('\\', '\\\\');
  return `${[
    `call_${randomUUID().replaceAll('-', '')}`,
    call.external_id,
    call.agent_id,
    call.started_at,
    call.ended_at,
    String(Math.round((ended - started) / 1000)),
    call.direction,
    call.from_number,
    call.to_number,
    call.caller_name,
    call.summary,
    json(call.transcript),
    call.recording_url,
    call.sentiment,
    call.disconnection_reason,
    json(call.metadata),
  ].join('\t')}\n`;
}

/** The same rows through one COPY into call_log, in a transaction that is rolled back. */
async function copyRate(pgUrl: string, calls: BenchCall[]): Promise<number> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query('begin');
    const started = performance.now();
    await pipeline(
      Readable.from(calls.map(copyLine)),
      client.query(copyFrom(`COPY call_log (${COPY_COLUMNS.join(', ')}) FROM STDIN`)),
    );
    const seconds = (performance.now() - started) / 1000;
    await client.query('rollback');
    return Math.round(calls.length / seconds);
  } finally {
    await client.end();
  }
}

/** Removes what a run wrote, so that the 1M-call dataset stays the same from run to run. */
async function cleanUp(pgUrl: string) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query(`delete from call_log where external_id like $1`, [`${EXTERNAL_PREFIX}%`]);
    await client.query(`delete from agent_mapping where agent_id like $1`, [`${AGENT_PREFIX}%`]);
    await client.query(`delete from api_keys where name = 'bench ingest'`);
  } finally {
    await client.end();
  }
}

export async function measureIngest(
  server: ServerProcess,
  pgUrl: string,
  adminToken: string,
  batchCount: number,
): Promise<IngestResult> {
  await cleanUp(pgUrl);
  const created = await fetch(`${server.url}/api/v1/admin/api-keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench ingest' }),
  });
  if (created.status !== 201) throw new Error(`creating an API key: ${created.status}`);
  const { key } = (await created.json()) as { key: string };

  const run = Date.now().toString(36);
  // One small batch first registers the agents, so that the timed batches measure calls only.
  const warmup = Array.from({ length: AGENTS }, (_, index) => benchCall(`${run}w`, index));
  if ((await send(server, key, [warmup])).errors > 0) throw new Error('the warm-up batch failed');

  const batches = Array.from({ length: batchCount }, (_, batch) =>
    Array.from({ length: INGEST_BATCH_SIZE }, (_, index) =>
      benchCall(run, batch * INGEST_BATCH_SIZE + index),
    ),
  );
  let peak = server.rssMb();
  const timer = setInterval(() => {
    peak = Math.max(peak, server.rssMb());
  }, 250);
  try {
    const fresh = await send(server, key, batches);
    const again = await send(server, key, batches);
    // The same calls under other external ids (the API's are stored by now).
    const copy = await copyRate(
      pgUrl,
      Array.from({ length: batchCount * INGEST_BATCH_SIZE }, (_, index) =>
        benchCall(`${run}c`, index),
      ),
    );
    return {
      batches: batchCount,
      batchSize: INGEST_BATCH_SIZE,
      senders: SENDERS,
      createdPerSecond: fresh.perSecond,
      batchP50Ms: fresh.p50,
      batchP99Ms: fresh.p99,
      unchangedPerSecond: again.perSecond,
      copyPerSecond: copy,
      ratio: copy > 0 ? fresh.perSecond / copy : 0,
      serverRssMb: peak,
      errors: fresh.errors + again.errors,
    };
  } finally {
    clearInterval(timer);
    await cleanUp(pgUrl);
  }
}

export interface WebhookLatency {
  deliveries: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

/**
 * Single-call webhook latency: Vapi end-of-call-reports for new calls, one at a time, to an
 * integration made through the admin API, as Vapi would send them (docs/ingestion.md).
 */
export async function measureWebhookLatency(
  server: ServerProcess,
  pgUrl: string,
  adminToken: string,
  deliveries: number,
): Promise<WebhookLatency> {
  const admin = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const created = await fetch(`${server.url}/api/v1/admin/integrations`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ kind: 'vapi', name: 'bench webhook' }),
  });
  if (created.status !== 201) throw new Error(`creating an integration: ${created.status}`);
  const integration = (await created.json()) as { id: string; secret: string };
  const run = Date.now().toString(36);
  const post = async (index: number) => {
    const { url, init } = signedVapiDelivery({
      baseUrl: server.url,
      integrationId: integration.id,
      secret: integration.secret,
      body: vapiEndOfCallReport(`${WEBHOOK_PREFIX}${run}-${index}`, { assistantId: WEBHOOK_AGENT }),
    });
    const sent = performance.now();
    const response = await fetch(url, init);
    await response.arrayBuffer();
    return { ok: response.ok, ms: performance.now() - sent };
  };
  try {
    // A few first deliveries register the agent and warm the server's paths.
    for (let index = 0; index < 10; index += 1) await post(-1 - index);
    const latencies: number[] = [];
    let errors = 0;
    for (let index = 0; index < deliveries; index += 1) {
      const { ok, ms } = await post(index);
      if (ok) latencies.push(ms);
      else errors += 1;
    }
    latencies.sort((a, b) => a - b);
    return {
      deliveries,
      p50Ms: percentile(latencies, 0.5),
      p99Ms: percentile(latencies, 0.99),
      errors,
    };
  } finally {
    await fetch(`${server.url}/api/v1/admin/integrations/${integration.id}`, {
      method: 'DELETE',
      headers: { authorization: admin.authorization },
    });
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`delete from call_log where external_id like $1`, [`${WEBHOOK_PREFIX}%`]);
    await client.query(`delete from agent_mapping where agent_id = $1`, [WEBHOOK_AGENT]);
    await client.end();
  }
}
