// npm run bench: Callboard's speed and memory, beside the limit the database itself sets, on this
// machine in one run. See docs/benchmarks.md for what each number means.
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows, type Db } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { DEMO_PASSWORD, seedLargeDataset } from '../apps/server/src/db/seed/seed.ts';
import { getAnalytics } from '../apps/server/src/modules/analytics/analytics.service.ts';
import { getCall, listCalls } from '../apps/server/src/modules/calls/calls.service.ts';
import { hashConcurrency } from '../apps/server/src/modules/auth/password-hashing.ts';
import { listMembers } from '../apps/server/src/modules/organisation/organisation.service.ts';
import { callListQuerySchema } from '../packages/contract/src/index.ts';
import { measureFrontEnd, type FrontEndResult } from './front-end.ts';
import {
  measureIngest,
  measureWebhookLatency,
  type IngestResult,
  type WebhookLatency,
} from './ingest.ts';
import { measureLighthouse, type LighthouseScore } from './lighthouse.ts';
import { measureLive } from './live.ts';
import { measureMachineSpeed, type MachineSpeed } from './machine-speed.ts';
import { median } from './statistics.ts';
import {
  assertWrkInstalled,
  loadHttp,
  loadPaired,
  type CpuProbe,
  type LoadResult,
} from './load.ts';
import {
  postgresCpuSeconds,
  processCpuSeconds,
  signIn,
  startServer,
  type ServerProcess,
} from './server-process.ts';
import {
  liveSection,
  pinScaleReferences,
  readResults,
  readScaleResults,
  scaleResultFiles,
  writeReport,
  type AnalyticsRange,
  type LiveMeasurement,
  type Machine,
  type Results,
  type ScaleResults,
} from './report.ts';

const CONNECTIONS = 16;
/** The standard run's figures; a scale run's go beside it in results-<size>.json. */
const RESULTS_FILE = new URL('results.json', import.meta.url);
/** The standard run before the latest: the report shows both, for the spread of two runs. */
const PREVIOUS_RESULTS_FILE = new URL('results-previous.json', import.meta.url);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
/**
 * A scenario with a direct figure runs over HTTP and directly in this many alternating rounds,
 * SECONDS shared between them (bench/load.ts, loadPaired): four give three pairs of adjacent
 * rounds, whose ratios have a middle one.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) {
  throw new Error(
    `BENCH_ROUNDS needs a whole number of at least 1, got "${process.env.BENCH_ROUNDS}"`,
  );
}
/** Batches of 500 calls the ingestion benchmark sends (40: 20,000 calls). */
const INGEST_BATCHES = Number(process.env.BENCH_INGEST_BATCHES ?? 40);
/** Single-call webhook deliveries, one at a time. */
const WEBHOOK_DELIVERIES = Number(process.env.BENCH_WEBHOOK_DELIVERIES ?? 300);
/** The standard dataset: every target is judged on it. */
const STANDARD_CALLS = 1_000_000;

/**
 * `--calls N` (or BENCH_CALLS): the dataset's size. Any size but the standard one is a scale run
 * (e.g. `npm run bench -- --calls 10000000`): the PostgreSQL scenarios alone, in a database of its
 * own, compared with the standard run's figures.
 */
function datasetSize(): number {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { calls: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const text = values.calls ?? process.env.BENCH_CALLS ?? String(STANDARD_CALLS);
  const calls = Number(text.replaceAll('_', ''));
  if (!Number.isSafeInteger(calls) || calls < 1000) {
    throw new Error(`--calls needs a whole number of at least 1,000, got "${text}"`);
  }
  return calls;
}

const CALLS = datasetSize();
const SCALE_RUN = CALLS !== STANDARD_CALLS;
/** "10m" for 10,000,000 calls: names the scale run's database and results file. */
const SIZE_LABEL =
  CALLS % 1_000_000 === 0 ? `${CALLS / 1_000_000}m` : `${Math.round(CALLS / 1000)}k`;
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  `postgres://postgres@127.0.0.1:5432/callboard_bench${SCALE_RUN ? `_${SIZE_LABEL}` : ''}`;
const BIG_ORG_ADMIN = 'admin@bench-001.test';
/** The seed's 800 bench users: an admin and three members in each of 200 organisations. */
const BENCH_USERS = Array.from({ length: 200 }, (_, org) => {
  const number = String(org + 1).padStart(3, '0');
  return [`admin@bench-${number}.test`, ...[1, 2, 3].map((m) => `member${m}@bench-${number}.test`)];
}).flat();

export interface ScenarioResult {
  name: string;
  http: LoadResult;
  direct: LoadResult | null;
  /** http ÷ direct throughput: the median of pairRatios where there are rounds. */
  ratio: number | null;
  /**
   * HTTP ÷ direct over each two adjacent rounds of alternating load (bench/load.ts, loadPaired);
   * absent from runs before rounds.
   */
  pairRatios?: number[];
  serverRssMb: number;
}

function log(message: string) {
  console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

/** Makes sure the benchmark database holds the 1M-call dataset (loads it when it does not). */
async function preparePostgres() {
  const target = new URL(PG_URL);
  const name = target.pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(PG_URL), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  const exists =
    (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`create database "${name}"`);
  await admin.end();
  const database = await openDatabase({ kind: 'postgres', url: PG_URL });
  await migrateDatabase(database);
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  const loaded = (await client.query(`select count(*)::int as n from call_log`)).rows[0] as {
    n: number;
  };
  if (loaded.n > CALLS) {
    throw new Error(
      `${name} holds ${loaded.n.toLocaleString('en')} calls, more than this run's ${CALLS.toLocaleString('en')}: ` +
        'point BENCH_DATABASE_URL at another database (a scale run has one of its own)',
    );
  }
  if (loaded.n < CALLS) {
    log(`loading ${CALLS.toLocaleString('en')} calls over 200 organisations into ${name}`);
    await client.query(
      'truncate organisations, users, agent_mapping, call_log, call_activity, rate_limits cascade',
    );
    const started = performance.now();
    await seedLargeDataset(database.db, {
      calls: CALLS,
      organisations: 200,
      onProgress: (done, total) => {
        if (done === total || done % 200_000 < 5_000)
          log(`  ${done.toLocaleString('en')} / ${total.toLocaleString('en')} calls`);
      },
    });
    log(`loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  log('vacuum analyze');
  await client.query('vacuum analyze');
  const size = (await client.query(`select pg_database_size(current_database())::float8 as bytes`))
    .rows[0] as { bytes: number };
  await client.query('delete from rate_limits');
  // Each run has its own AUTH_SECRET: signing keys encrypted under an earlier one cannot be read.
  await client.query('delete from jwks');
  await client.query('delete from sessions');
  await client.end();
  return { database, databaseMb: Math.round(size.bytes / 1024 ** 2) };
}

/**
 * One analytics request at a time (what a person opening the page waits for), 20 times per range
 * after 3 unmeasured ones: the median and the slowest.
 */
async function measureAnalyticsRanges(url: string, headers: Record<string, string>, now: Date) {
  const ranges = [
    { range: '7 days', days: 7 },
    { range: '30 days', days: 30 },
    { range: '90 days', days: 90 },
    { range: 'a year (custom)', days: 365 },
  ];
  const measured: AnalyticsRange[] = [];
  for (const { range, days } of ranges) {
    const query = new URLSearchParams({
      from: new Date(now.getTime() - days * 86_400_000).toISOString(),
      to: now.toISOString(),
      tz: 'Europe/London',
    });
    const samples: number[] = [];
    for (let index = 0; index < 23; index += 1) {
      const started = performance.now();
      const response = await fetch(`${url}/api/v1/analytics?${query.toString()}`, { headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`analytics over ${range}: HTTP ${response.status}`);
      if (index >= 3) samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    const round = (ms: number) => Math.round(ms * 10) / 10;
    measured.push({
      range,
      p50Ms: round(samples[Math.floor(samples.length / 2)] ?? 0),
      maxMs: round(samples[samples.length - 1] ?? 0),
    });
  }
  return measured;
}

/**
 * The CPU time, in ms, of the processes that share a scenario's work: the server, the database
 * cluster (when its files are on this machine) and this process, whose child is the load generator
 * over HTTP and which runs the service functions itself when direct.
 */
function cpuProbe(server: ServerProcess, databaseDir: string | null): CpuProbe {
  return () => ({
    server: processCpuSeconds(server.process.pid ?? 0) * 1000,
    ...(databaseDir ? { database: postgresCpuSeconds(databaseDir) * 1000 } : {}),
    // With the children it has waited for: the load generator (wrk) is one, run and waited for
    // between two readings. The server is a child too, but it ends after every reading.
    bench: processCpuSeconds(process.pid, true) * 1000,
  });
}

/** The database cluster's data directory when it runs on this machine (its postmaster.pid is here). */
async function localDataDirectory(db: Db): Promise<string | null> {
  try {
    const [row] = await queryRows<{ dir: string }>(
      db,
      sql`select current_setting('data_directory') as dir`,
    );
    return row && existsSync(join(row.dir, 'postmaster.pid')) ? row.dir : null;
  } catch {
    return null; // not allowed to read the setting: not ours to measure
  }
}

async function sample<T>(server: ServerProcess, work: () => Promise<T>) {
  let peak = server.rssMb();
  const timer = setInterval(() => {
    peak = Math.max(peak, server.rssMb());
  }, 250);
  try {
    return { result: await work(), peak };
  } finally {
    clearInterval(timer);
  }
}

/** What the standard run measures beyond the scenarios; a scale run leaves it out. */
interface StandardExtras {
  ingest: IngestResult;
  webhook: WebhookLatency;
  frontEnd: FrontEndResult;
  lighthouse: LighthouseScore[];
}

async function runPostgres(): Promise<{
  scenarios: ScenarioResult[];
  idleRssMb: number;
  hashMs: number;
  databaseMb: number;
  analyticsRanges: AnalyticsRange[];
  extras: StandardExtras | null;
}> {
  const { database, databaseMb } = await preparePostgres();
  const server = await startServer(
    {
      DATABASE_URL: PG_URL,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      TRUSTED_PROXIES: '127.0.0.1,::1,::ffff:127.0.0.1',
      // The ingestion benchmark sends far more batches a minute than the default limit allows.
      INGEST_REQUESTS_PER_MINUTE: '100000',
    },
    3400,
  );
  try {
    const session = await signIn(server, BIG_ORG_ADMIN);
    const auth = { authorization: `Bearer ${session.token}` };
    const claims = { userId: session.userId, sessionId: session.sessionId };
    const directDb = await openDatabase({ kind: 'postgres', url: PG_URL, poolSize: CONNECTIONS });
    const firstPage = await listCalls(directDb.db, claims, callListQuerySchema.parse({}));
    const callIds = firstPage.rows.map((row) => row.call_id);
    const members = await listMembers(directDb.db, claims);
    const now = new Date();
    const analyticsQuery = {
      from: new Date(now.getTime() - 30 * 86_400_000).toISOString(),
      to: now.toISOString(),
      tz: 'Europe/London',
    };
    let next = 0;
    const scenarios: {
      name: string;
      http: Parameters<typeof loadHttp>[1];
      direct: (() => Promise<unknown>) | null;
    }[] = [
      {
        name: 'list page 1 (pageSize 100, exact total)',
        http: { path: '/api/v1/calls?page=1&pageSize=100', headers: auth },
        direct: () =>
          listCalls(directDb.db, claims, callListQuerySchema.parse({ page: '1', pageSize: '100' })),
      },
      {
        name: 'list page 50',
        http: { path: '/api/v1/calls?page=50&pageSize=100', headers: auth },
        direct: () =>
          listCalls(
            directDb.db,
            claims,
            callListQuerySchema.parse({ page: '50', pageSize: '100' }),
          ),
      },
      {
        name: 'list status=closed',
        http: { path: '/api/v1/calls?status=closed', headers: auth },
        direct: () =>
          listCalls(directDb.db, claims, callListQuerySchema.parse({ status: 'closed' })),
      },
      {
        name: 'call details',
        http: {
          path: `/api/v1/calls/${callIds[0] ?? ''}`,
          headers: auth,
          next: () => ({ path: `/api/v1/calls/${callIds[(next += 1) % callIds.length] ?? ''}` }),
        },
        direct: () => getCall(directDb.db, claims, callIds[(next += 1) % callIds.length] ?? ''),
      },
      {
        name: 'assignment (write)',
        http: {
          method: 'PUT',
          path: `/api/v1/calls/${callIds[0] ?? ''}/assignee`,
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ assigneeId: members[0]?.id ?? null }),
          next: () => {
            next += 1;
            return {
              path: `/api/v1/calls/${callIds[next % callIds.length] ?? ''}/assignee`,
              body: JSON.stringify({ assigneeId: members[next % members.length]?.id ?? null }),
            };
          },
        },
        direct: null,
      },
      {
        name: 'members',
        http: { path: '/api/v1/organisation/members', headers: auth },
        direct: () => listMembers(directDb.db, claims),
      },
      {
        name: 'analytics (30 days)',
        http: {
          path: `/api/v1/analytics?${new URLSearchParams(analyticsQuery).toString()}`,
          headers: auth,
        },
        direct: () => getAnalytics(directDb.db, claims, analyticsQuery),
      },
      {
        name: 'sign-in',
        http: {
          method: 'POST',
          path: '/api/auth/sign-in/email',
          headers: { 'content-type': 'application/json', origin: server.url },
          body: JSON.stringify({ email: BIG_ORG_ADMIN, password: DEMO_PASSWORD }),
          // Many people, each from their own address behind the trusted proxy: one account signed
          // in to hundreds of times a second would be locked (README, "Sign-in protection").
          next: () => {
            next += 1;
            return {
              headers: { 'x-forwarded-for': `10.${next % 250}.${next % 251}.${next % 249}` },
              body: JSON.stringify({
                email: BENCH_USERS[next % BENCH_USERS.length],
                password: DEMO_PASSWORD,
              }),
            };
          },
        },
        direct: null,
      },
    ];

    const idleRssMb = server.rssMb();
    const cpu = cpuProbe(server, await localDataDirectory(directDb.db));
    const results: ScenarioResult[] = [];
    const load = { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP, cpu };
    for (const scenario of scenarios) {
      const { direct } = scenario;
      if (!direct) {
        log(`HTTP   ${scenario.name}`);
        const { result: http, peak } = await sample(server, () =>
          loadHttp(server.url, scenario.http, load),
        );
        results.push({ name: scenario.name, http, direct: null, ratio: null, serverRssMb: peak });
        continue;
      }
      log(`HTTP and direct in ${ROUNDS} rounds: ${scenario.name}`);
      const { result: paired, peak } = await sample(server, () =>
        loadPaired(server.url, scenario.http, direct, { ...load, rounds: ROUNDS }),
      );
      results.push({
        name: scenario.name,
        http: paired.http,
        direct: paired.direct,
        ratio: paired.pairRatios.length > 0 ? median(paired.pairRatios) : null,
        pairRatios: paired.pairRatios,
        serverRssMb: peak,
      });
    }
    await directDb.close();

    log('analytics: one request at a time over 7, 30, 90 days and a year');
    const analyticsRanges = await measureAnalyticsRanges(server.url, auth, now);

    const hashRuns = 10;
    const hashStarted = performance.now();
    for (let index = 0; index < hashRuns; index += 1) await hashPassword(DEMO_PASSWORD);
    const hashMs = (performance.now() - hashStarted) / hashRuns;

    const measured = { scenarios: results, idleRssMb, hashMs, databaseMb, analyticsRanges };
    if (SCALE_RUN) return { ...measured, extras: null };

    log(`ingest: ${INGEST_BATCHES} batches of 500 calls, then the same rows by COPY`);
    // A new sign-in: creating the API key needs one from the last 10 minutes (docs/security.md).
    const ingestAdmin = await signIn(server, BIG_ORG_ADMIN);
    const ingest = await measureIngest(server, PG_URL, ingestAdmin.token, INGEST_BATCHES);
    log(`webhook: ${WEBHOOK_DELIVERIES} Vapi end-of-call-reports, one at a time`);
    const webhook = await measureWebhookLatency(server, PG_URL, session.token, WEBHOOK_DELIVERIES);

    log('front end');
    const frontEnd = await measureFrontEnd(server.url, BIG_ORG_ADMIN);
    log('Lighthouse, mobile profile: /auth and /dashboard');
    const lighthouse = await measureLighthouse(server.url, BIG_ORG_ADMIN);
    return { ...measured, extras: { ingest, webhook, frontEnd, lighthouse } };
  } finally {
    await server.stop();
    await database.close();
  }
}

/** The live-updates scenario on a server of its own: streams on one process, writes through it. */
async function runLive(): Promise<LiveMeasurement> {
  const loadAtStart = loadavg()[0] ?? 0;
  const { database } = await preparePostgres();
  const server = await startServer(
    { DATABASE_URL: PG_URL, AUTH_SECRET: randomBytes(32).toString('base64url') },
    3402,
  );
  try {
    const users = [BIG_ORG_ADMIN, ...[1, 2, 3].map((m) => `member${m}@bench-001.test`)];
    const sessions = [];
    for (const email of users) sessions.push(await signIn(server, email));
    const page = await fetch(`${server.url}/api/v1/calls?page=1&pageSize=200`, {
      headers: { authorization: `Bearer ${sessions[0]?.token ?? ''}` },
    });
    const { rows } = (await page.json()) as { rows: { call_id: string; status: string }[] };
    log(`live: 1,000 streams, 10 changes a second for 20 s`);
    const live = await measureLive(
      server,
      sessions.map((session) => session.token),
      rows,
    );
    return {
      ...live,
      measuredAt: new Date().toISOString(),
      commit: execSync('git rev-parse --short HEAD').toString().trim(),
      database: `PostgreSQL ${execSync(`psql "${PG_URL}" -Atc "show server_version"`).toString().trim()}, ${CALLS.toLocaleString('en')} calls`,
      loadAverage: { atStart: loadAtStart, atEnd: loadavg()[0] ?? 0 },
    };
  } finally {
    await server.stop();
    await database.close();
  }
}

async function runPglite(): Promise<ScenarioResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'callboard-bench-pglite-'));
  // About 1 GB: removed however the run ends.
  try {
    log(`PGlite: loading 100,000 calls over 20 organisations into ${dataDir}`);
    const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    await migrateDatabase(database);
    await seedLargeDataset(database.db, { calls: 100_000, organisations: 20 });
    await database.close();
    return await measurePglite(dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measurePglite(dataDir: string): Promise<ScenarioResult[]> {
  const server = await startServer(
    { DATA_DIR: dataDir, AUTH_SECRET: randomBytes(32).toString('base64url') },
    3401,
  );
  try {
    const session = await signIn(server, BIG_ORG_ADMIN);
    const auth = { authorization: `Bearer ${session.token}` };
    const results: ScenarioResult[] = [];
    for (const [name, path] of [
      ['list page 1 (pageSize 100, exact total)', '/api/v1/calls?page=1&pageSize=100'],
      ['list status=closed', '/api/v1/calls?status=closed'],
      ['members', '/api/v1/organisation/members'],
    ] as const) {
      log(`PGlite ${name}`);
      const { result, peak } = await sample(server, () =>
        loadHttp(
          server.url,
          { path, headers: auth },
          { connections: CONNECTIONS, seconds: Math.min(SECONDS, 10), warmupSeconds: WARMUP },
        ),
      );
      results.push({ name, http: result, direct: null, ratio: null, serverRssMb: peak });
    }
    return results;
  } finally {
    await server.stop();
  }
}

/**
 * `npm run bench -- live`: the live-updates scenario alone. Its section of docs/benchmarks.md is
 * replaced and its figures kept in bench/results.json beside the others.
 */
async function mainLive() {
  log('building the server');
  execSync('npm run build --workspace @callboard/server', { stdio: 'ignore' });
  const live = await runLive();
  const results = JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as Record<string, unknown>;
  writeFileSync(RESULTS_FILE, `${JSON.stringify({ ...results, live }, null, 2)}\n`);
  const reportFile = new URL('../docs/benchmarks.md', import.meta.url);
  const report = readFileSync(reportFile, 'utf8');
  const section = liveSection(live);
  const at = report.indexOf('## Live updates');
  writeFileSync(
    reportFile,
    at === -1 ? `${report.trimEnd()}\n\n${section}` : `${report.slice(0, at)}${section}`,
  );
  execSync('npx prettier --write docs/benchmarks.md bench/results.json', { stdio: 'ignore' });
  log('done: the "Live updates" section of docs/benchmarks.md');
  console.log(section);
}

/** The machine, with how busy and how fast it was at the run's start (given) and now. */
async function machine(loadAtStart: number, speedAtStart: MachineSpeed): Promise<Machine> {
  const loadAtEnd = loadavg()[0] ?? 0;
  return {
    cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`,
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
    postgres: execSync(`psql "${PG_URL}" -Atc "show server_version"`).toString().trim(),
    loadAverage: { atStart: loadAtStart, atEnd: loadAtEnd },
    speed: { atStart: speedAtStart, atEnd: await measureMachineSpeed() },
  };
}

/** Rewrites docs/benchmarks.md from bench/results.json and every scale run's results beside it. */
function report() {
  writeReport(
    readResults(RESULTS_FILE),
    scaleResultFiles().map((file) => readScaleResults(file)),
    new URL('../docs/benchmarks.md', import.meta.url),
    existsSync(PREVIOUS_RESULTS_FILE) ? readResults(PREVIOUS_RESULTS_FILE) : null,
  );
  // In the repository's own format, so that `npm run check` passes with the new figures.
  execSync('npx prettier --write docs/benchmarks.md bench/results*.json', { stdio: 'ignore' });
}

async function main() {
  if (process.argv.slice(2).includes('live')) {
    await mainLive();
    return;
  }
  assertWrkInstalled();
  const started = performance.now();
  // Other work on the machine skews every figure: the report shows how busy it was, and how fast.
  const loadAtStart = loadavg()[0] ?? 0;
  log("the machine's speed: a password hash and a loop of arithmetic");
  const speedAtStart = await measureMachineSpeed();
  log('building the web app');
  execSync('npm run build', { stdio: 'ignore' });
  const postgres = await runPostgres();
  const common = {
    generatedAt: new Date().toISOString(),
    commit: execSync('git rev-parse --short HEAD').toString().trim(),
    calls: CALLS,
    settings: {
      connections: CONNECTIONS,
      seconds: SECONDS,
      warmupSeconds: WARMUP,
      loadGenerator: 'wrk',
      rounds: ROUNDS,
      serverStart: 'start-script' as const,
    },
    postgres: {
      scenarios: postgres.scenarios,
      idleRssMb: postgres.idleRssMb,
      passwordHashMs: postgres.hashMs,
      passwordHashesAtOnce: hashConcurrency(availableParallelism()),
      databaseMb: postgres.databaseMb,
    },
    analyticsRanges: postgres.analyticsRanges,
  };
  if (!postgres.extras) {
    const scale: ScaleResults = {
      ...common,
      machine: await machine(loadAtStart, speedAtStart),
      totalSeconds: Math.round((performance.now() - started) / 1000),
    };
    const file = new URL(`results-${SIZE_LABEL}.json`, import.meta.url);
    writeFileSync(file, `${JSON.stringify(scale, null, 2)}\n`);
    report();
    log(`done in ${scale.totalSeconds} s: ${file.pathname} and docs/benchmarks.md`);
    return;
  }
  log('live updates');
  const live = await runLive();
  const pglite = await runPglite();
  const results: Results = {
    ...common,
    machine: await machine(loadAtStart, speedAtStart),
    ingest: postgres.extras.ingest,
    webhook: postgres.extras.webhook,
    pglite: { scenarios: pglite },
    frontEnd: postgres.extras.frontEnd,
    lighthouse: postgres.extras.lighthouse,
    live,
    totalSeconds: Math.round((performance.now() - started) / 1000),
  };
  // The run about to leave bench/results-previous.json may be the one a scale run is set beside.
  pinScaleReferences([RESULTS_FILE, PREVIOUS_RESULTS_FILE].filter(existsSync).map(readResults));
  if (existsSync(RESULTS_FILE)) copyFileSync(RESULTS_FILE, PREVIOUS_RESULTS_FILE);
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  report();
  log(`done in ${results.totalSeconds} s: bench/results.json and docs/benchmarks.md`);
  console.log(readFileSync(new URL('../docs/benchmarks.md', import.meta.url), 'utf8'));
}

await main();
process.exit(0);
