// The server's Prometheus metrics (docs/operations.md, "Metrics", which says what each one means
// and when to worry). One registry per server: the tests run several servers in one process.
// Add a metric here and to that section together.
import type { INGEST_RESULTS, IntegrationKind } from '@callboard/contract';
import type { Logger } from 'pino';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database, PoolUsage } from '../db/client.ts';
import { outboxBacklog } from './mail-queue.ts';

/** Where calls came into the log from. */
export type IngestSource = 'api' | IntegrationKind | 'csv';
export type IngestResult = (typeof INGEST_RESULTS)[number];

/** A scrape never waits longer than this for the database; the series are left out instead. */
const COLLECT_TIMEOUT_MS = 2_000;

export interface MetricsSources {
  database: Pick<Database, 'db' | 'usage'>;
  /** This process's live-update hub. */
  live: { readonly size: number };
  logger: Logger;
}

export type Metrics = ReturnType<typeof createMetrics>;

/** How many calls of a batch had each result. */
export function tallyResults(
  calls: readonly { result: IngestResult }[],
): Partial<Record<IngestResult, number>> {
  const counts: Partial<Record<IngestResult, number>> = {};
  for (const { result } of calls) counts[result] = (counts[result] ?? 0) + 1;
  return counts;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export function createMetrics({ database, live, logger }: MetricsSources) {
  const registry = new Registry();
  const registers = [registry];
  // process_* and nodejs_*: resident memory, heap, event-loop lag, garbage collection, handles.
  collectDefaultMetrics({ register: registry });

  const httpRequests = new Counter({
    name: 'callboard_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: 'callboard_http_request_duration_seconds',
    help: 'Time until the answer (its headers, for a stream), by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });

  const pools = () => database.usage.pools();
  const poolGauge = (name: string, help: string, value: (pool: PoolUsage) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'] as const,
      registers,
      collect() {
        this.reset();
        for (const pool of pools()) this.set({ pool: pool.pool }, value(pool));
      },
    });
  poolGauge(
    'callboard_db_pool_max_connections',
    'Connections the pool may open (1 for embedded PGlite).',
    (pool) => pool.max,
  );
  poolGauge(
    'callboard_db_pool_connections',
    'Connections open now, busy or idle.',
    (pool) => pool.total,
  );
  poolGauge(
    'callboard_db_pool_idle_connections',
    'Open connections not in use.',
    (pool) => pool.idle,
  );
  poolGauge(
    'callboard_db_pool_waiting_requests',
    'Queries and transactions waiting for a connection.',
    (pool) => pool.waiting,
  );
  const acquireSeconds = new Histogram({
    name: 'callboard_db_pool_acquire_seconds',
    help: 'Time each query or transaction waited for its connection.',
    labelNames: ['pool'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  database.usage.onAcquire((pool, seconds) => {
    acquireSeconds.observe({ pool }, seconds);
  });

  // Registered only once something feeds it: a server without a replica has no such series.
  let replicaLagSource: (() => number | null) | null = null;
  const REPLICA_LAG = 'callboard_db_replica_lag_seconds';
  const replicaLag = new Gauge({
    name: REPLICA_LAG,
    help: 'How far the read replica is behind the primary; NaN when it cannot be measured.',
    registers: [],
    collect() {
      if (replicaLagSource) this.set(replicaLagSource() ?? Number.NaN);
    },
  });
  const showReplicaLag = () => {
    if (!registry.getSingleMetric(REPLICA_LAG)) registry.registerMetric(replicaLag);
  };

  new Gauge({
    name: 'callboard_live_streams',
    help: 'Live-update event streams open on this process.',
    registers,
    collect() {
      this.set(live.size);
    },
  });

  // One query answers both outbox gauges: the first collect runs it, the second shares it.
  let backlog: Promise<void> | null = null;
  function readBacklog(): Promise<void> {
    backlog ??= withTimeout(outboxBacklog(database.db), COLLECT_TIMEOUT_MS)
      .then(
        ({ pending, oldestAgeSeconds }) => {
          mailPending.set(pending);
          mailOldest.set(oldestAgeSeconds);
        },
        (error: unknown) => {
          mailPending.reset();
          mailOldest.reset();
          logger.warn({ err: error }, 'metrics: could not read the mail outbox');
        },
      )
      .finally(() => {
        backlog = null;
      });
    return backlog;
  }
  const mailPending = new Gauge({
    name: 'callboard_mail_outbox_pending',
    help: 'Mail waiting in the outbox to be sent (first tries and retries).',
    registers,
    collect: readBacklog,
  });
  const mailOldest = new Gauge({
    name: 'callboard_mail_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest mail still waiting to be sent; 0 when none waits.',
    registers,
    collect: readBacklog,
  });

  const callsIngested = new Counter({
    name: 'callboard_calls_ingested_total',
    help: 'Calls received from outside, by source and what became of each.',
    labelNames: ['source', 'result'] as const,
    registers,
  });

  return {
    /** Counts one answered request; `route` is the matched template, never the raw path. */
    observeRequest(method: string, route: string, status: number, seconds: number) {
      const labels = { method, route, status: String(status) };
      httpRequests.inc(labels);
      httpDuration.observe(labels, seconds);
    },
    /** Counts calls received through the ingestion API, a webhook or a CSV import. */
    countIngested(source: IngestSource, counts: Partial<Record<IngestResult, number>>) {
      for (const [result, count] of Object.entries(counts)) {
        if (count) callsIngested.inc({ source, result }, count);
      }
    },
    /**
     * callboard_db_replica_lag_seconds: a source asked at each scrape, the replica's last
     * measured lag (null: it cannot be measured). Absent until one is given.
     */
    measureReplicaLag(source: () => number | null) {
      replicaLagSource = source;
      showReplicaLag();
    },
    /** The text a Prometheus scrape receives, and its content type. */
    async scrape() {
      return { text: await registry.metrics(), contentType: registry.contentType };
    },
  };
}
