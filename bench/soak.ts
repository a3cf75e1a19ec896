// npm run soak: a long run of the everyday mix against a production-mode server on PostgreSQL
// (docs/operations.md, "Soak run"). Reads, assignments, status changes, notes, analytics,
// ingestion by API key and open event streams, all at once for SOAK_MINUTES (default 30). Reports,
// minute by minute, the requests, errors, latency percentiles and the server's resident memory,
// then whether memory grew after warm-up and whether p99 held steady. Exits 1 on any error.
//
//   npm run soak                      # 30 minutes on a PostgreSQL cluster of its own
//   SOAK_MINUTES=5 npm run soak       # a shorter run
//   SOAK_DATABASE_URL=postgres://… npm run soak   # a database there instead (dropped, recreated)
//
// Its own cluster (initdb into a temporary folder, removed afterwards) has PostgreSQL's defaults
// where they matter to a long run, autovacuum and fsync on, whatever the shared server's are.
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Agent, get as httpGet, type ClientRequest } from 'node:http';
import { loadavg } from 'node:os';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { z } from 'zod';
import { THEMES } from '../apps/server/src/db/seed/call-content.ts';
import { SeededRandom, WeightedChoice } from '../apps/server/src/db/seed/random.ts';
import { seedLargeDataset } from '../apps/server/src/db/seed/seed.ts';
import { createThrowawayServer } from '../apps/server/src/test/postgres-cluster.ts';
import {
  callListResponseSchema,
  createdApiKeySchema,
  memberListResponseSchema,
} from '../packages/contract/src/index.ts';
import {
  postgresCpuSeconds,
  processCpuSeconds,
  signIn,
  startServer,
  type ServerProcess,
} from './server-process.ts';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
/** Minutes left out of the memory trend: caches, JIT and pools fill up first. */
const WARMUP_MINUTES = Math.min(5, Math.floor(MINUTES / 3));
const DATABASE_NAME = 'callboard_soak';
const PORT = Number(process.env.SOAK_PORT ?? 3450);
const ORGANISATIONS = 4;
const CALLS = 40_000;
/** Users working the call log at once, each pausing THINK_MS between actions. */
const WORKERS = 12;
const THINK_MS = 100;
/** Event streams held open for the whole run (as open browser tabs). */
const STREAMS = 24;
/**
 * One ingestion batch of INGEST_BATCH calls per organisation every INGEST_EVERY_MS: 4 calls a
 * second in all, so the dataset grows by about a sixth over 30 minutes, not several times over.
 */
const INGEST_BATCH = 5;
/**
 * The calls each organisation's people work on: the newest CALLS_IN_PLAY (of all statuses). With
 * 2,000 a call collects about five changes and notes in 30 minutes, as a day of triage gives it.
 * Fewer make a stress test of long histories (SOAK_CALLS_IN_PLAY=100: some 100 changes per call),
 * which docs/operations.md reports separately.
 */
const CALLS_IN_PLAY = Number(process.env.SOAK_CALLS_IN_PLAY ?? 2_000);
const INGEST_EVERY_MS = 5_000;
/** Access tokens live 15 minutes; the browser fetches a new one before that. */
const TOKEN_REFRESH_MS = 10 * 60_000;
const RESULTS = 'bench/soak-results.json';

type Kind =
  | 'list'
  | 'list search'
  | 'call details'
  | 'analytics'
  | 'assign'
  | 'status'
  | 'note'
  | 'ingest'
  | 'token';

interface Sample {
  at: number;
  kind: Kind;
  ms: number;
  ok: boolean;
  /** Length of the response body, in characters. */
  size: number;
}

/** What the machine and the two processes were doing, every SAMPLE_EVERY_MS. */
interface Resources {
  at: number;
  rssMb: number;
  /** The machine's one-minute load average. */
  load: number;
  /** CPU seconds used so far by the server, and by PostgreSQL (when the run has its own). */
  serverCpuS: number;
  postgresCpuS: number | null;
}

interface User {
  email: string;
  organisation: number;
  cookie: string;
  token: string;
}

interface Organisation {
  callIds: string[];
  memberIds: string[];
  apiKey: string;
}

const started = Date.now();
const samples: Sample[] = [];
const failures = new Map<string, number>();
const resources: Resources[] = [];
const SAMPLE_EVERY_MS = 5_000;
const streamStats = { events: 0, reconnects: 0, refused: 0 };

function log(message: string) {
  console.error(`[soak ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

function fail(kind: string, what: string) {
  const key = `${kind}: ${what}`;
  failures.set(key, (failures.get(key) ?? 0) + 1);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where the run's database lives: SOAK_DATABASE_URL's server, or a cluster of the run's own. */
async function databaseServer(): Promise<{
  url: string;
  dataDir: string | null;
  remove: () => Promise<void>;
}> {
  const configured = process.env.SOAK_DATABASE_URL;
  if (configured) return { url: configured, dataDir: null, remove: () => Promise.resolve() };
  const server = await createThrowawayServer([
    'fsync = on',
    'autovacuum = on',
    'shared_buffers = 128MB',
    'max_connections = 100',
    // Which statements the time goes to, and whether any grows slower over the run.
    "shared_preload_libraries = 'pg_stat_statements'",
    'pg_stat_statements.track = all',
  ]);
  await server.start();
  return { url: server.url(DATABASE_NAME), dataDir: server.dataDir, remove: server.remove };
}

/** A fresh database with the bench dataset (ORGANISATIONS organisations, CALLS calls). */
async function prepareDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    await migrateDatabase(database);
    await seedLargeDataset(database.db, { calls: CALLS, organisations: ORGANISATIONS });
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('vacuum analyze');
  const [preload] = (
    await client.query<{ libraries: string }>(
      `select current_setting('shared_preload_libraries') as libraries`,
    )
  ).rows;
  if (preload?.libraries.includes('pg_stat_statements')) {
    await client.query('create extension if not exists pg_stat_statements');
  }
  await client.end();
}

/** pg_stat_statements' running totals for the run's database, by statement. */
type StatementTotals = Map<string, { query: string; calls: number; totalMs: number }>;

/** A snapshot of the statement totals, or null where pg_stat_statements is not loaded. */
async function statementTotals(url: string): Promise<StatementTotals | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = await client.query<{ id: string; query: string; calls: string; total: number }>(
      `select queryid::text || '/' || toplevel::text as id, query, calls, total_exec_time as total
       from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())`,
    );
    return new Map(
      rows.rows.map((row) => [
        row.id,
        { query: row.query, calls: Number(row.calls), totalMs: row.total },
      ]),
    );
  } catch {
    return null; // the extension is not there (a SOAK_DATABASE_URL server without it)
  } finally {
    await client.end();
  }
}

/**
 * The statements whose execution time per minute grew most between the two halves after warm-up
 * (snapshots at its end, half-way and the end): where a rising p99 comes from. A statement run
 * inside a function (a trigger's) appears on its own and within its caller's time.
 */
function statementGrowth(snapshots: { at: number; totals: StatementTotals }[], limit = 12) {
  const [start, middle, end] = snapshots;
  if (!start || !middle || !end) return [];
  const delta = (from: StatementTotals, to: StatementTotals, id: string) => {
    const before = from.get(id) ?? { calls: 0, totalMs: 0 };
    const after = to.get(id) ?? { calls: 0, totalMs: 0 };
    return { calls: after.calls - before.calls, totalMs: after.totalMs - before.totalMs };
  };
  const firstMinutes = (middle.at - start.at) / 60_000;
  const secondMinutes = (end.at - middle.at) / 60_000;
  const round = (value: number) => Math.round(value * 100) / 100;
  return [...end.totals.entries()]
    .map(([id, { query }]) => {
      const first = delta(start.totals, middle.totals, id);
      const second = delta(middle.totals, end.totals, id);
      const msPerMinute1 = first.totalMs / firstMinutes;
      const msPerMinute2 = second.totalMs / secondMinutes;
      return {
        statement: query.replace(/\s+/gu, ' ').slice(0, 140),
        toplevel: id.endsWith('/true'),
        callsPerMinute: `${Math.round(first.calls / firstMinutes)} → ${Math.round(second.calls / secondMinutes)}`,
        meanMs: `${first.calls ? round(first.totalMs / first.calls) : '–'} → ${second.calls ? round(second.totalMs / second.calls) : '–'}`,
        msPerMinute: `${Math.round(msPerMinute1)} → ${Math.round(msPerMinute2)}`,
        growthMsPerMinute: Math.round(msPerMinute2 - msPerMinute1),
      };
    })
    .sort((a, b) => b.growthMsPerMinute - a.growthMsPerMinute)
    .slice(0, limit);
}

async function timed(kind: Kind, work: () => Promise<Response>, read?: (body: unknown) => void) {
  const at = Date.now();
  const start = performance.now();
  let response: Response;
  try {
    response = await work();
  } catch (error) {
    samples.push({ at, kind, ms: performance.now() - start, ok: false, size: 0 });
    fail(kind, error instanceof Error ? error.message : String(error));
    return;
  }
  const text = await response.text();
  const ms = performance.now() - start;
  samples.push({ at, kind, ms, ok: response.ok, size: text.length });
  if (!response.ok) {
    fail(kind, `${response.status} ${text.slice(0, 120)}`);
    return;
  }
  if (read) read(JSON.parse(text) as unknown);
}

async function signedIn(server: ServerProcess, email: string, organisation: number): Promise<User> {
  const { cookie, token } = await signIn(server, email);
  return { email, organisation, cookie, token };
}

const tokenSchema = z.object({ token: z.string() });

/** A new access token, as the browser fetches one before the last expires. */
async function refreshToken(server: ServerProcess, user: User) {
  await timed(
    'token',
    () => fetch(`${server.url}/api/auth/token`, { headers: { cookie: user.cookie } }),
    (body) => (user.token = tokenSchema.parse(body).token),
  );
}

const json = (user: User, method: string, body: unknown): RequestInit => ({
  method,
  headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/** One user's next action, in roughly the proportions of a triage team's day. */
async function act(server: ServerProcess, user: User, organisation: Organisation) {
  const get = { headers: { authorization: `Bearer ${user.token}` } };
  const callId = encodeURIComponent(pick(organisation.callIds));
  const roll = Math.random();
  if (roll < 0.3) {
    const query = pick(['status=open', 'status=all&sort=-ended', 'status=closed', 'page=2']);
    await timed('list', () => fetch(`${server.url}/api/v1/calls?${query}&pageSize=50`, get));
  } else if (roll < 0.38) {
    const words = pick(['appointment', 'claim', 'thursday', 'resched', 'policy number']);
    const query = new URLSearchParams({ status: 'all', q: words, pageSize: '50' });
    await timed('list search', () => fetch(`${server.url}/api/v1/calls?${query}`, get));
  } else if (roll < 0.6) {
    await timed('call details', () => fetch(`${server.url}/api/v1/calls/${callId}`, get));
  } else if (roll < 0.68) {
    const days = pick([7, 30, 90]);
    const now = Date.now();
    const query = new URLSearchParams({
      from: new Date(now - days * 86_400_000).toISOString(),
      to: new Date(now).toISOString(),
      tz: 'Europe/London',
    });
    await timed('analytics', () => fetch(`${server.url}/api/v1/analytics?${query}`, get));
  } else if (roll < 0.8) {
    const assigneeId = Math.random() < 0.2 ? null : pick(organisation.memberIds);
    await timed('assign', () =>
      fetch(`${server.url}/api/v1/calls/${callId}/assignee`, json(user, 'PUT', { assigneeId })),
    );
  } else if (roll < 0.9) {
    const status = pick(['New', 'In progress', 'Closed']);
    await timed('status', () =>
      fetch(`${server.url}/api/v1/calls/${callId}/status`, json(user, 'PUT', { status })),
    );
  } else {
    const body = `Soak note ${randomBytes(4).toString('hex')}: called back, left a message.`;
    await timed('note', () =>
      fetch(`${server.url}/api/v1/calls/${callId}/notes`, json(user, 'POST', { body })),
    );
  }
}

const contentRandom = new SeededRandom(`soak/${started}`);
const TOPIC_CHOICE = new Map(
  Object.values(THEMES).map((theme) => [
    theme,
    new WeightedChoice(theme.topics.map((topic) => topic.weight)),
  ]),
);

/**
 * A new call as the bench dataset's own (the organisation's theme, its topics in their weights), so
 * that the words searched for are as common among new calls as among the seeded ones.
 */
function ingestCall(organisation: number, index: number) {
  const theme = organisation % 2 === 0 ? THEMES.clinic : THEMES.insurance;
  const topic = theme.topics[TOPIC_CHOICE.get(theme)?.pick(contentRandom) ?? 0];
  if (!topic) throw new Error('a theme without topics');
  const script = topic.script(contentRandom, {
    firstName: contentRandom.pick(theme.firstNames),
    lastName: contentRandom.pick(theme.lastNames),
    organisationName: `Bench Org ${String(organisation + 1).padStart(3, '0')}`,
    agentName: 'Sam',
  });
  const ended = Date.now();
  return {
    external_id: `soak-${organisation}-${started.toString(36)}-${index}`,
    // Agent ids belong to one organisation: each has its own four.
    agent_id: `soak-${organisation}-agent-${index % 4}`,
    started_at: new Date(ended - (60 + (index % 300)) * 1_000).toISOString(),
    ended_at: new Date(ended).toISOString(),
    direction: topic.direction,
    from_number: `+4416329${String(index % 100_000).padStart(5, '0')}`,
    to_number: '+441632960001',
    summary: script.summary,
    transcript: script.turns.map(([speaker, text], turn) => ({
      speaker,
      text,
      at_seconds: turn * 6,
    })),
    sentiment: script.sentiment,
  };
}

/** Holds an event stream open, reopening it whenever the server ends it. */
function holdStream(server: ServerProcess, user: User, agent: Agent, running: () => boolean) {
  let request: ClientRequest | null = null;
  const open = () => {
    if (!running()) return;
    request = httpGet(
      `${server.url}/api/v1/events`,
      { agent, headers: { authorization: `Bearer ${user.token}` } },
      (response) => {
        if (response.statusCode !== 200) {
          streamStats.refused += 1;
          fail('stream', `refused ${String(response.statusCode)}`);
          response.resume();
          response.once('end', () => void pause(1_000).then(open));
          return;
        }
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          streamStats.events += chunk.split('\n\n').length - 1;
        });
        response.once('end', () => {
          streamStats.reconnects += 1;
          void pause(500).then(open);
        });
      },
    );
    request.on('error', (error) => {
      if (!running()) return;
      fail('stream', error.message);
      void pause(1_000).then(open);
    });
  };
  open();
  return () => request?.destroy();
}

function percentile(sorted: number[], q: number) {
  if (sorted.length === 0) return 0;
  return Math.round((sorted[Math.floor(q * (sorted.length - 1))] ?? 0) * 10) / 10;
}

/** Least-squares slope of y over x. */
function slope(points: { x: number; y: number }[]) {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((sum, p) => sum + p.x, 0) / n;
  const my = points.reduce((sum, p) => sum + p.y, 0) / n;
  const num = points.reduce((sum, p) => sum + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((sum, p) => sum + (p.x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

async function main() {
  const load = loadavg().map((value) => value.toFixed(2));
  log(`${MINUTES} min; load average ${load.join(' ')}`);
  log('building the production bundle');
  execSync('npm run build', { stdio: 'ignore' });
  const postgres = await databaseServer();
  log(`preparing ${postgres.url}: ${ORGANISATIONS} organisations, ${CALLS} calls`);
  await prepareDatabase(postgres.url);
  const server = await startServer(
    { DATABASE_URL: postgres.url, AUTH_SECRET: randomBytes(32).toString('base64url') },
    PORT,
  );
  let running = true;
  const closers: (() => void)[] = [];
  try {
    const users: User[] = [];
    const organisations: Organisation[] = [];
    for (let index = 0; index < ORGANISATIONS; index += 1) {
      const number = String(index + 1).padStart(3, '0');
      const admin = await signedIn(server, `admin@bench-${number}.test`, index);
      users.push(admin);
      for (const member of [1, 2, 3]) {
        users.push(await signedIn(server, `member${member}@bench-${number}.test`, index));
      }
      const auth = { headers: { authorization: `Bearer ${admin.token}` } };
      const callIds: string[] = [];
      for (let page = 1; callIds.length < CALLS_IN_PLAY; page += 1) {
        const pageSize = Math.min(100, CALLS_IN_PLAY - callIds.length);
        const list = callListResponseSchema.parse(
          await (
            await fetch(
              `${server.url}/api/v1/calls?status=all&pageSize=${pageSize}&page=${page}`,
              auth,
            )
          ).json(),
        );
        callIds.push(...list.rows.map((row) => row.call_id));
        if (list.rows.length < pageSize) break;
      }
      const members = memberListResponseSchema.parse(
        await (await fetch(`${server.url}/api/v1/organisation/members`, auth)).json(),
      );
      const key = await fetch(
        `${server.url}/api/v1/admin/api-keys`,
        json(admin, 'POST', { name: 'soak' }),
      );
      if (key.status !== 201) throw new Error(`creating an API key: ${key.status}`);
      organisations.push({
        callIds,
        memberIds: members.members.map((member) => member.id),
        apiKey: createdApiKeySchema.parse(await key.json()).key,
      });
    }
    samples.length = 0;
    failures.clear();

    const end = Date.now() + MINUTES * 60_000;
    const stillRunning = () => running && Date.now() < end;
    const runStart = Date.now();
    const serverPid = server.process.pid ?? 0;
    const sample = () =>
      resources.push({
        at: Date.now(),
        rssMb: server.rssMb(),
        load: loadavg()[0] ?? 0,
        serverCpuS: processCpuSeconds(serverPid),
        postgresCpuS: postgres.dataDir ? postgresCpuSeconds(postgres.dataDir) : null,
      });
    sample();
    const sampleTimer = setInterval(sample, SAMPLE_EVERY_MS);
    closers.push(() => clearInterval(sampleTimer));
    const tokenTimer = setInterval(() => {
      for (const user of users) void refreshToken(server, user);
    }, TOKEN_REFRESH_MS);
    closers.push(() => clearInterval(tokenTimer));
    const progress = setInterval(() => {
      const minute = Math.round((Date.now() - runStart) / 60_000);
      const errors = [...failures.values()].reduce((sum, count) => sum + count, 0);
      log(`${minute} min: ${samples.length} requests, ${errors} errors, RSS ${server.rssMb()} MB`);
    }, 60_000);
    closers.push(() => clearInterval(progress));
    // Statement totals at the end of warm-up, half-way through the rest, and at the end.
    const snapshots: { at: number; totals: StatementTotals }[] = [];
    const snapshot = async () => {
      const totals = await statementTotals(postgres.url);
      if (totals) snapshots.push({ at: Date.now(), totals });
    };
    const warm = WARMUP_MINUTES * 60_000;
    for (const delay of [warm, warm + (MINUTES * 60_000 - warm) / 2]) {
      const timer = setTimeout(() => void snapshot(), delay);
      closers.push(() => clearTimeout(timer));
    }

    const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
    for (let index = 0; index < STREAMS; index += 1) {
      closers.push(holdStream(server, users[index % users.length] as User, agent, stillRunning));
    }
    const workers = Array.from({ length: WORKERS }, async (_, index) => {
      const user = users[index % users.length] as User;
      const organisation = organisations[user.organisation] as Organisation;
      while (stillRunning()) {
        await act(server, user, organisation);
        await pause(THINK_MS);
      }
    });
    const senders = organisations.map(async (organisation, index) => {
      let sent = 0;
      while (stillRunning()) {
        const calls = Array.from({ length: INGEST_BATCH }, () => ingestCall(index, (sent += 1)));
        await timed('ingest', () =>
          fetch(`${server.url}/api/v1/ingest/calls`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${organisation.apiKey}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ calls }),
          }),
        );
        await pause(INGEST_EVERY_MS);
      }
    });
    await Promise.all([...workers, ...senders]);
    running = false;
    for (const close of closers) close();
    await snapshot();
    report(
      runStart,
      loadavg().map((value) => value.toFixed(2)),
      load,
      statementGrowth(snapshots),
    );
  } finally {
    running = false;
    for (const close of closers) close();
    await server.stop();
    await postgres.remove();
  }
  const errors = [...failures.values()].reduce((sum, count) => sum + count, 0);
  process.exit(errors === 0 ? 0 : 1);
}

function report(
  runStart: number,
  loadAfter: string[],
  loadBefore: string[],
  statements: ReturnType<typeof statementGrowth>,
) {
  const kindNames = [...new Set(samples.map((s) => s.kind))];
  const minutes = Array.from({ length: MINUTES }, (_, minute) => {
    const from = runStart + minute * 60_000;
    const inMinute = samples.filter((s) => s.at >= from && s.at < from + 60_000);
    const times = inMinute.map((s) => s.ms).sort((a, b) => a - b);
    const within = resources.filter((r) => r.at >= from && r.at <= from + 60_000);
    const first = within[0];
    const last = within.at(-1);
    const seconds = first && last ? (last.at - first.at) / 1_000 : 0;
    const serverCpu = first && last ? last.serverCpuS - first.serverCpuS : 0;
    const postgresCpu =
      first?.postgresCpuS != null && last?.postgresCpuS != null
        ? last.postgresCpuS - first.postgresCpuS
        : null;
    const details = inMinute.filter((s) => s.kind === 'call details' && s.ok);
    return {
      minute: minute + 1,
      requests: inMinute.length,
      errors: inMinute.filter((s) => !s.ok).length,
      p50Ms: percentile(times, 0.5),
      p95Ms: percentile(times, 0.95),
      p99Ms: percentile(times, 0.99),
      rssMb: within.length ? Math.max(...within.map((r) => r.rssMb)) : 0,
      load: last ? Math.round(last.load * 100) / 100 : 0,
      // Percent of one core; the machine has several, shared with the soak's own client.
      serverCpuPct: seconds ? Math.round((serverCpu / seconds) * 100) : 0,
      postgresCpuPct:
        seconds && postgresCpu !== null ? Math.round((postgresCpu / seconds) * 100) : '',
      // CPU the server and PostgreSQL spent per request: the work, whatever else the machine runs.
      cpuMsPerRequest: inMinute.length
        ? Math.round(((serverCpu + (postgresCpu ?? 0)) / inMinute.length) * 10_000) / 10
        : 0,
      detailsKb: details.length
        ? Math.round(details.reduce((sum, s) => sum + s.size, 0) / details.length / 102.4) / 10
        : 0,
    };
  });
  const byKindPerMinute = Array.from({ length: MINUTES }, (_, minute) => {
    const from = runStart + minute * 60_000;
    const inMinute = samples.filter((s) => s.at >= from && s.at < from + 60_000);
    return Object.fromEntries([
      ['minute', minute + 1],
      ...kindNames
        .filter((kind) => kind !== 'token')
        .map((kind) => [
          kind,
          percentile(
            inMinute
              .filter((s) => s.kind === kind)
              .map((s) => s.ms)
              .sort((a, b) => a - b),
            0.99,
          ),
        ]),
    ]) as Record<string, number>;
  });
  const kinds = kindNames.map((kind) => {
    const times = samples
      .filter((s) => s.kind === kind)
      .map((s) => s.ms)
      .sort((a, b) => a - b);
    return {
      kind,
      requests: times.length,
      errors: samples.filter((s) => s.kind === kind && !s.ok).length,
      p50Ms: percentile(times, 0.5),
      p99Ms: percentile(times, 0.99),
    };
  });
  const afterWarmup = resources.filter((r) => r.at >= runStart + WARMUP_MINUTES * 60_000);
  const perHour = (points: { x: number; y: number }[]) => Math.round(slope(points) * 10) / 10;
  const mbPerHour = perHour(
    afterWarmup.map((r) => ({ x: (r.at - runStart) / 3_600_000, y: r.rssMb })),
  );
  const steadyMinutes = minutes.slice(WARMUP_MINUTES);
  const steady = steadyMinutes.map((m) => m.p99Ms);
  const trend = (pick: (m: (typeof minutes)[number]) => number) =>
    perHour(steadyMinutes.map((m) => ({ x: m.minute / 60, y: pick(m) })));
  const result = {
    date: new Date().toISOString(),
    commit: execSync('git rev-parse --short HEAD').toString().trim(),
    minutes: MINUTES,
    warmupMinutes: WARMUP_MINUTES,
    workload: {
      organisations: ORGANISATIONS,
      calls: CALLS,
      workers: WORKERS,
      thinkMs: THINK_MS,
      streams: STREAMS,
      ingestBatch: INGEST_BATCH,
      ingestEveryMs: INGEST_EVERY_MS,
      callsInPlay: CALLS_IN_PLAY,
    },
    loadAverageBefore: loadBefore.join(' '),
    loadAverageAfter: loadAfter.join(' '),
    requests: samples.length,
    errors: [...failures.values()].reduce((sum, count) => sum + count, 0),
    failures: Object.fromEntries(failures),
    streams: streamStats,
    rss: {
      firstAfterWarmupMb: afterWarmup[0]?.rssMb ?? null,
      lastMb: resources.at(-1)?.rssMb ?? null,
      peakMb: Math.max(...resources.map((r) => r.rssMb)),
      trendMbPerHourAfterWarmup: mbPerHour,
    },
    p99AfterWarmup: {
      minMs: Math.min(...steady),
      maxMs: Math.max(...steady),
      trendMsPerHour: trend((m) => m.p99Ms),
    },
    cpuMsPerRequestTrendPerHour: trend((m) => m.cpuMsPerRequest),
    loadTrendPerHour: trend((m) => m.load),
    kinds,
    perMinute: minutes,
    p99ByKindPerMinute: byKindPerMinute,
    statementsGrowingMost: statements,
  };
  writeFileSync(RESULTS, `${JSON.stringify(result, null, 2)}\n`);
  const table = (rows: Record<string, unknown>[]) => {
    const keys = Object.keys(rows[0] ?? {});
    return [
      `| ${keys.join(' | ')} |`,
      `| ${keys.map(() => '---:').join(' | ')} |`,
      ...rows.map((row) => `| ${keys.map((key) => String(row[key])).join(' | ')} |`),
    ].join('\n');
  };
  console.log(
    `\n## Soak: ${MINUTES} min, ${result.requests.toLocaleString('en')} requests, ${result.errors} errors\n`,
  );
  console.log(
    `load average before ${result.loadAverageBefore}, after ${result.loadAverageAfter}\n`,
  );
  console.log(table(kinds));
  console.log('');
  console.log(table(minutes));
  console.log('\np99 by kind, ms');
  console.log(table(byKindPerMinute));
  console.log(
    `\nRSS after warm-up: ${result.rss.firstAfterWarmupMb} → ${result.rss.lastMb} MB (peak ${result.rss.peakMb} MB), trend ${mbPerHour} MB/h`,
  );
  console.log(
    `p99 after warm-up ${result.p99AfterWarmup.minMs}–${result.p99AfterWarmup.maxMs} ms, trend ${result.p99AfterWarmup.trendMsPerHour} ms/h; CPU per request trend ${result.cpuMsPerRequestTrendPerHour} ms/h; load trend ${result.loadTrendPerHour}/h`,
  );
  console.log(
    `event streams: ${streamStats.events} events, ${streamStats.reconnects} reopened after the server ended them, ${streamStats.refused} refused`,
  );
  if (statements.length > 0) {
    console.log('\nstatements whose time per minute grew most, first → second half after warm-up');
    console.log(table(statements));
  }
  if (failures.size > 0) console.log('\nfailures:', Object.fromEntries(failures));
  console.log(`\nwritten to ${RESULTS}`);
}

await main();
