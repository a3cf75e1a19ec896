// Writes docs/benchmarks.md from a run's results (the same figures as bench/results.json).
import { writeFileSync } from 'node:fs';
import type { FrontEndResult } from './front-end.ts';
import type { IngestResult, WebhookLatency } from './ingest.ts';
import type { LiveResult } from './live.ts';
import type { LoadResult } from './load.ts';

interface Scenario {
  name: string;
  http: LoadResult;
  direct: LoadResult | null;
  ratio: number | null;
  serverRssMb: number;
}

/** One analytics request at a time over a range of days. */
export interface AnalyticsRange {
  range: string;
  p50Ms: number;
  maxMs: number;
}

interface Results {
  generatedAt: string;
  commit: string;
  machine: {
    cpus: string;
    memoryGb: number;
    node: string;
    postgres: string;
    loadAverage: { atStart: number; atEnd: number };
  };
  settings: { connections: number; seconds: number; warmupSeconds: number };
  postgres: { scenarios: Scenario[]; idleRssMb: number; passwordHashMs: number };
  ingest: IngestResult;
  webhook: WebhookLatency;
  pglite: { scenarios: Scenario[] };
  frontEnd: FrontEndResult;
  /** Absent from runs before analytics was read from rollups. */
  analyticsRanges?: AnalyticsRange[];
  /** Absent from runs before the live-updates scenario existed. */
  live?: LiveMeasurement;
  totalSeconds: number;
}

const percent = (ratio: number | null) => (ratio === null ? '—' : `${Math.round(ratio * 100)}%`);
const errors = (result: LoadResult) => `${result.errors + result.non2xx}`;

/** The benchmark targets (docs/benchmarks.md), each with the figure it is judged on. */
function targets(results: Results) {
  const scenario = (name: string) =>
    results.postgres.scenarios.find((s) => s.name.startsWith(name));
  const list = scenario('list page 1');
  const details = scenario('call details');
  const analytics = scenario('analytics (30 days)');
  const slowestRange = Math.max(...(results.analyticsRanges ?? []).map((range) => range.p50Ms));
  const errorCount =
    [...results.postgres.scenarios, ...results.pglite.scenarios].reduce(
      (sum, s) => sum + s.http.errors + s.http.non2xx,
      0,
    ) +
    results.ingest.errors +
    results.webhook.errors;
  const peakRss = Math.max(
    ...results.postgres.scenarios.map((s) => s.serverRssMb),
    results.ingest.serverRssMb,
  );
  const rows: [string, string, boolean][] = [
    ['list page 1 ≥ 60% of direct', percent(list?.ratio ?? null), (list?.ratio ?? 0) >= 0.6],
    [
      'list page 1 p99 ≤ 100 ms',
      `${list?.http.p99Ms ?? '—'} ms`,
      (list?.http.p99Ms ?? Infinity) <= 100,
    ],
    ['call details ≥ 70% of direct', percent(details?.ratio ?? null), (details?.ratio ?? 0) >= 0.7],
    [
      'analytics (30 days) ≥ 100 req/s at 16 connections',
      `${analytics?.http.requestsPerSecond ?? '—'} req/s`,
      (analytics?.http.requestsPerSecond ?? 0) >= 100,
    ],
    [
      'analytics (30 days) p99 ≤ 250 ms at 16 connections',
      `${analytics?.http.p99Ms ?? '—'} ms`,
      (analytics?.http.p99Ms ?? Infinity) <= 250,
    ],
    [
      'analytics, one request, ≤ 100 ms median for 7, 30, 90 days and a year',
      results.analyticsRanges ? `${slowestRange} ms (slowest range)` : '—',
      results.analyticsRanges !== undefined && slowestRange <= 100,
    ],
    ['no errors (every scenario, both databases)', String(errorCount), errorCount === 0],
    ['server memory under load < 300 MB', `${peakRss} MB`, peakRss < 300],
    [
      '`/auth` initial JS ≤ 150 KB gzip',
      `${results.frontEnd.authInitialJsGzipKb} KB`,
      results.frontEnd.authInitialJsGzipKb <= 150,
    ],
    [
      'first dashboard rows ≤ 500 ms median',
      `${results.frontEnd.firstRowsMedianMs} ms`,
      results.frontEnd.firstRowsMedianMs <= 500,
    ],
  ];
  return [
    '| target | measured | met |',
    '| --- | ---: | :---: |',
    ...rows.map(([name, value, met]) => `| ${name} | ${value} | ${met ? 'yes' : '**no**'} |`),
  ].join('\n');
}

function table(scenarios: Scenario[], withDirect: boolean) {
  const head = withDirect
    ? '| scenario | req/s | p50 ms | p99 ms | errors | direct req/s | direct p99 ms | HTTP ÷ direct | server RSS MB |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |'
    : '| scenario | req/s | p50 ms | p99 ms | errors | server RSS MB |\n| --- | ---: | ---: | ---: | ---: | ---: |';
  const rows = scenarios.map((s) =>
    withDirect
      ? `| ${s.name} | ${s.http.requestsPerSecond} | ${s.http.p50Ms} | ${s.http.p99Ms} | ${errors(s.http)} | ${s.direct?.requestsPerSecond ?? '—'} | ${s.direct?.p99Ms ?? '—'} | ${percent(s.ratio)} | ${s.serverRssMb} |`
      : `| ${s.name} | ${s.http.requestsPerSecond} | ${s.http.p50Ms} | ${s.http.p99Ms} | ${errors(s.http)} | ${s.serverRssMb} |`,
  );
  return [head, ...rows].join('\n');
}

function analyticsSection(ranges: AnalyticsRange[]) {
  return `
## Analytics, one request at a time

\`GET /api/v1/analytics\` for \`Bench Org 001\` (about 100,000 calls over 90 days), time zone Europe/London,
periods ending now; 20 requests per range, one at a time, after 3 unmeasured. Analytics reads trigger-kept
rollups (docs/analytics.md), so the cost should not grow with the range.

| range | p50 ms | slowest ms |
| --- | ---: | ---: |
${ranges.map((range) => `| ${range.range} | ${range.p50Ms} | ${range.maxMs} |`).join('\n')}
`;
}

function ingestSection(ingest: IngestResult, webhook: WebhookLatency) {
  const calls = (ingest.batches * ingest.batchSize).toLocaleString('en');
  return `## Ingestion, into the 1,000,000-call database

\`POST /api/v1/ingest/calls\` with an API key: ${ingest.batches} batches of ${ingest.batchSize} new calls (${calls} calls, each with a six-turn
transcript, a summary and metadata), ${ingest.senders} senders at a time; then the same batches again, when every call is
"unchanged"; then the same number of rows written by one \`COPY … FROM STDIN\` into \`call_log\` (same indexes, same
triggers, rolled back): the database's own rate, which no API can beat. What a run writes is deleted at its end.

| measure | value |
| --- | ---: |
| new calls a second through the API | ${ingest.createdPerSecond.toLocaleString('en')} |
| a batch of ${ingest.batchSize}: p50 / p99 | ${ingest.batchP50Ms} / ${ingest.batchP99Ms} ms |
| the same calls sent again ("unchanged") a second | ${ingest.unchangedPerSecond.toLocaleString('en')} |
| rows a second by COPY | ${ingest.copyPerSecond.toLocaleString('en')} |
| API ÷ COPY | ${percent(ingest.ratio)} |
| failed batches | ${ingest.errors} |
| server RSS MB, peak | ${ingest.serverRssMb} |
| one call by webhook (Vapi end-of-call-report, ${webhook.deliveries} one at a time): p50 / p99 | ${webhook.p50Ms} / ${webhook.p99Ms} ms |
| failed webhook deliveries | ${webhook.errors} |`;
}

export function writeReport(results: Results, file: URL) {
  const fe = results.frontEnd;
  const signIn = results.postgres.scenarios.find((s) => s.name === 'sign-in');
  const text = `# Benchmarks

Measured by \`npm run bench\` on ${results.generatedAt.slice(0, 10)} at commit \`${results.commit}\`, on
${results.machine.cpus}, ${results.machine.memoryGb} GB, Node ${results.machine.node}, PostgreSQL
${results.machine.postgres}. The whole run took ${results.totalSeconds} s; the machine's 1-minute load average was
${results.machine.loadAverage.atStart.toFixed(2)} at the start and ${results.machine.loadAverage.atEnd.toFixed(2)} at the end (other work skews every figure). Re-run it to check
any number here.

## Targets

${targets(results)}

## How it measures

- **Data**: PostgreSQL at \`BENCH_DATABASE_URL\` (default \`postgres://postgres@127.0.0.1:5432/callboard_bench\`)
  holds 1,000,000 calls over 200 organisations, loaded by the seed generator when missing;
  \`Bench Org 001\` has about 100,000 of them and every scenario runs as its admin. The PGlite run
  loads 100,000 calls over 20 organisations into a fresh embedded database.
- **Load**: autocannon, ${results.settings.connections} connections, ${results.settings.seconds} s after a ${results.settings.warmupSeconds} s warm-up, against the real
  server process (\`NODE_ENV=production\`) run as \`npm start\` runs it (\`node apps/server/dist/main.js\`, built by \`npm run build\`).
- **The limit** ("direct"): the same service functions the routes call — the same SQL, in the same
  \`withTenant\` transactions — run in ${results.settings.connections} concurrent loops on a ${results.settings.connections}-connection pool in the benchmark
  process, with no HTTP, no JSON and no token check. "HTTP ÷ direct" is how much of the database's
  own throughput the server delivers. Both share the machine's 2 cores with PostgreSQL.
- **Memory**: the server's resident set size (VmRSS), sampled every 250 ms; the peak under each
  scenario. Idle after start-up: ${results.postgres.idleRssMb} MB.

## PostgreSQL, 1,000,000 calls

${table(results.postgres.scenarios, true)}

Sign-in is bounded by password hashing: one scrypt hash takes ${results.postgres.passwordHashMs.toFixed(1)} ms here, so two cores
allow at most about ${Math.round(2000 / results.postgres.passwordHashMs)} sign-ins a second${signIn ? `; the server reached ${signIn.http.requestsPerSecond}` : ''}.
${results.analyticsRanges ? analyticsSection(results.analyticsRanges) : ''}
${ingestSection(results.ingest, results.webhook)}

## PGlite (embedded), 100,000 calls

${table(results.pglite.scenarios, false)}

## Front end

| measure | value |
| --- | ---: |
| \`/auth\` initial JS (gzip) | ${fe.authInitialJsGzipKb} KB |
| \`/auth\` initial CSS (gzip) | ${fe.authInitialCssGzipKb} KB |
| \`/dashboard\` JS, first visit signed in (gzip) | ${fe.dashboardJsGzipKb} KB |
| \`/dashboard\` CSS (gzip) | ${fe.dashboardCssGzipKb} KB |
| navigation to first rows on \`/dashboard\`, median of 10 | ${fe.firstRowsMedianMs} ms |
| \`/dashboard\` DOM nodes with 100 rows | ${fe.dashboardDomNodes} |
| "load all": rows | ${fe.loadAll.rows.toLocaleString('en')} |
| "load all": navigation to first rows | ${fe.loadAll.firstRowsMs} ms |
| "load all": DOM nodes at the top / most while scrolling | ${fe.loadAll.domNodesAtTop} / ${fe.loadAll.maxDomNodesWhileScrolling} |
| "load all": scrolling top to bottom in 20 steps | ${fe.loadAll.scrollMs} ms |
| "load all": last call rendered at the bottom | ${fe.loadAll.lastRowRendered ? 'yes' : 'no'} |

Samples of the first-rows time: ${fe.firstRowsSamplesMs.join(', ')} ms.
${results.live ? `\n${liveSection(results.live)}` : ''}`;
  writeFileSync(file, text);
}

/** The live-updates scenario with the conditions it ran in (it can run alone: `npm run bench -- live`). */
export interface LiveMeasurement extends LiveResult {
  measuredAt: string;
  commit: string;
  database: string;
  loadAverage: { atStart: number; atEnd: number };
}

/** docs/benchmarks.md, "Live updates": also written alone by `npm run bench -- live`. */
export function liveSection(live: LiveMeasurement): string {
  const share = live.expected > 0 ? (100 * live.received) / live.expected : 0;
  return `## Live updates

Measured on ${live.measuredAt.slice(0, 10)} at commit \`${live.commit}\` against ${live.database}; the 1-minute load
average was ${live.loadAverage.atStart.toFixed(2)} at the start and ${live.loadAverage.atEnd.toFixed(2)} at the end. ${live.streams.toLocaleString('en')} event streams
(\`GET /api/v1/events\`, docs/live-updates.md) open on one server process, read by the benchmark
process; ${live.writesPerSecond} status changes a second through the API for ${live.seconds} s, each on a different call, so
each is one \`call.changed\` at every stream. Targets: p99 under 1 s, under 100 MB added for 1,000
streams.

| measure | value |
| --- | ---: |
| server RSS before the streams | ${live.rssBeforeMb} MB |
| server RSS with ${live.streams.toLocaleString('en')} streams open | ${live.rssWithStreamsMb} MB |
| added | ${live.addedMb} MB |
| delay, write's answer → event at a client, p50 / p99 | ${live.fromAnswerP50Ms} / ${live.fromAnswerP99Ms} ms |
| delay, write sent → event at a client, p50 / p99 | ${live.fromSendP50Ms} / ${live.fromSendP99Ms} ms |
| events received / expected | ${live.received.toLocaleString('en')} / ${live.expected.toLocaleString('en')} (${share.toFixed(1)} %) |
| failed writes | ${live.writeErrors}${live.writeErrorStatuses ? ` (${live.writeErrorStatuses})` : ''} |

A write commits after it is sent and before its answer arrives, so the two delays bound the
delay from the commit. One benchmark process parses all ${live.streams.toLocaleString('en')} streams, on the same cores as the
server and PostgreSQL.
`;
}
