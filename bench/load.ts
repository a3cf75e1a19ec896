// HTTP load with wrk, and the same work done directly against the database (the server's own
// service functions on a pg pool, no HTTP), at the same concurrency: the second is the limit the
// database sets for the first. wrk is written in C: the cores it shares with the server and the
// database lose far less to it than to a load generator in JavaScript
// (docs/decisions/0047-a-load-generator-in-c.md).
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { percentile } from './statistics.ts';

/** CPU time used so far, in ms, by each process that shares the work (e.g. server, database). */
export type CpuProbe = () => Record<string, number>;

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  requests: number;
  /** With a CpuProbe: each process's CPU time over the measured run ÷ its requests, in ms. */
  cpuMsPerRequest?: Record<string, number>;
}

/** One measured run, with every latency: runs of the same load pool into one LoadResult. */
interface Run {
  seconds: number;
  requests: number;
  /** Each answered request's time, in ms. */
  latenciesMs: number[];
  errors: number;
  non2xx: number;
  /** With a CpuProbe: each process's CPU time over the run, in ms. */
  cpuMs?: Record<string, number>;
}

/** Runs `measure` between two readings of the probe: the CPU each process spent over the run. */
async function withCpu(probe: CpuProbe | undefined, measure: () => Promise<Run>): Promise<Run> {
  if (!probe) return measure();
  const before = probe();
  const run = await measure();
  const after = probe();
  return {
    ...run,
    cpuMs: Object.fromEntries(
      Object.keys(after).map((name) => [name, (after[name] ?? 0) - (before[name] ?? 0)]),
    ),
  };
}

/** One figure summed over runs. */
function total(runs: Run[], pick: (run: Run) => number): number {
  return runs.reduce((sum, run) => sum + pick(run), 0);
}

/** Requests a second over one or more runs of the same load, taken together. */
function perSecond(runs: Run[]): number {
  return total(runs, (run) => run.requests) / total(runs, (run) => run.seconds);
}

/** The figures of one or more runs of the same load, taken together. */
function pooled(runs: Run[]): LoadResult {
  const requests = total(runs, (run) => run.requests);
  const latencies = runs.flatMap((run) => run.latenciesMs).sort((a, b) => a - b);
  const result: LoadResult = {
    requestsPerSecond: Math.round(perSecond(runs)),
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    errors: total(runs, (run) => run.errors),
    non2xx: total(runs, (run) => run.non2xx),
    requests,
  };
  const names = Object.keys(runs[0]?.cpuMs ?? {});
  if (names.length === 0) return result;
  const perRequest = (name: string) =>
    Math.round((total(runs, (run) => run.cpuMs?.[name] ?? 0) / Math.max(1, requests)) * 100) / 100;
  return {
    ...result,
    cpuMsPerRequest: Object.fromEntries(names.map((name) => [name, perRequest(name)])),
  };
}

export interface HttpScenario {
  method?: 'GET' | 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** A fresh request each time (varying body or headers). */
  next?: () => { path?: string; headers?: Record<string, string>; body?: string };
}

const WRK = process.env.WRK_PATH ?? '/usr/bin/wrk';

/** Stops the run at once, before anything is measured, when wrk is missing. */
export function assertWrkInstalled() {
  if (!existsSync(WRK)) {
    throw new Error(
      `The benchmark's load generator is missing: install it with \`apt-get install -y wrk\` (or set WRK_PATH).`,
    );
  }
}

/**
 * Varied requests, made ahead for each run and sent in turn, from the first again once all are
 * sent. Sign-in's must differ (other people, at other addresses), and a run sends a few hundred;
 * the calls and assignments repeat every 100 calls anyway.
 */
const VARIED_REQUESTS = 1000;

/** A Lua string literal: every byte outside printable ASCII, and the quote and backslash, as \ddd. */
function luaString(text: string): string {
  let literal = '"';
  for (const byte of Buffer.from(text)) {
    const printable = byte >= 0x20 && byte < 0x7f && byte !== 0x22 && byte !== 0x5c;
    // Three digits always: `\\34` before a digit would be read as a longer number.
    literal += printable ? String.fromCharCode(byte) : `\\${String(byte).padStart(3, '0')}`;
  }
  return `${literal}"`;
}

/**
 * wrk's script: the scenario's requests, sent in turn, and at the end the figures as one line of
 * JSON. wrk's own percentiles add made-up samples under every slow answer (its correction for
 * coordinated omission), which misstates a closed loop like this one; so each thread, with one
 * connection, times every request itself, from one `request()` call to the next (wrk calls it as
 * the connection is about to send, right after the previous answer), and `done` prints them all.
 */
function wrkScript(host: string, threads: number, scenario: HttpScenario): string {
  const method = scenario.method ?? 'GET';
  const requests = Array.from({ length: scenario.next ? VARIED_REQUESTS : 1 }, () => {
    const next = scenario.next?.() ?? {};
    // wrk adds a Host header only to requests it makes itself, not to those made as the script loads.
    const headers = { Host: host, ...scenario.headers, ...next.headers };
    const body = next.body ?? scenario.body;
    const headerTable = Object.entries(headers)
      .map(([name, value]) => `[${luaString(name)}] = ${luaString(value)}`)
      .join(', ');
    return `wrk.format(${luaString(method)}, ${luaString(next.path ?? scenario.path)}, { ${headerTable} }${body === undefined ? '' : `, ${luaString(body)}`})`;
  });
  return `local ffi = require("ffi")
ffi.cdef[[
typedef struct { long seconds; long nanoseconds; } bench_time;
int clock_gettime(int clock, bench_time *time);
]]
local clock = ffi.new("bench_time")
local function micros()
  ffi.C.clock_gettime(1, clock) -- CLOCK_MONOTONIC
  return tonumber(clock.seconds) * 1000000 + tonumber(clock.nanoseconds) / 1000
end
local requests = {
${requests.join(',\n')}
}
-- Thread k of n sends requests k, k + n, k + 2n … (each thread runs this script on its own).
local sent = nil
local started = nil
latencies = {}
request = function()
  local now = micros()
  if started then latencies[#latencies + 1] = math.floor(now - started) end
  started = now
  sent = sent and (sent - 1 + ${threads}) % #requests + 1 or ((thread_number or 1) - 1) % #requests + 1
  return requests[sent]
end
local threads = {}
setup = function(thread)
  threads[#threads + 1] = thread
  thread:set("thread_number", #threads)
end
done = function(summary)
  local all = {}
  for _, thread in ipairs(threads) do
    for _, latency in ipairs(thread:get("latencies")) do all[#all + 1] = latency end
  end
  local e = summary.errors
  io.write(string.format('{"requests":%d,"durationUs":%d,"errors":%d,"non2xx":%d,"latenciesUs":[%s]}\\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, e.status,
    table.concat(all, ",")))
end
`;
}

interface WrkFigures {
  requests: number;
  durationUs: number;
  errors: number;
  /** Answers with a status of 400 or more. */
  non2xx: number;
  /** Each answered request's time, as the script measured it. */
  latenciesUs: number[];
}

/**
 * wrk against one scenario, with a script for each run written before any runs: each run carries
 * on with new varied requests (sign-in: other people at other addresses) instead of sending the
 * same ones again, and making them is not counted in any run's CPU time.
 */
function wrkRuns(baseUrl: string, scenario: HttpScenario, connections: number, runs: number) {
  const directory = mkdtempSync(join(tmpdir(), 'callboard-wrk-'));
  const close = () => rmSync(directory, { recursive: true, force: true });
  const host = new URL(baseUrl).host;
  let scripts: string[];
  try {
    scripts = Array.from({ length: runs }, (_, index) => {
      const file = join(directory, `run-${index}.lua`);
      writeFileSync(file, wrkScript(host, connections, scenario));
      return file;
    });
  } catch (error) {
    close();
    throw error;
  }
  // A thread for each connection, so that each thread's script sees one request at a time. An
  // answer slower than 10 s counts as an error (wrk has no timer that ends a request).
  const run = async (seconds: number): Promise<Run> => {
    const script = scripts.shift();
    if (!script) throw new Error('wrk: more runs than scripts');
    const { stdout, stderr } = await promisify(execFile)(
      WRK,
      [
        ...['--threads', String(connections), '--connections', String(connections)],
        ...['--duration', `${seconds}s`, '--timeout', '10s', '--script', script],
        `${baseUrl}${scenario.path}`,
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const line = stdout.split('\n').find((text) => text.startsWith('{"requests"'));
    // A script wrk cannot load is only reported: it then sends plain GETs instead.
    if (!line || stderr.trim()) throw new Error(`wrk printed no figures:\n${stdout}${stderr}`);
    const figures = JSON.parse(line) as WrkFigures;
    return {
      seconds: figures.durationUs / 1_000_000,
      requests: figures.requests,
      latenciesMs: figures.latenciesUs.map((us) => us / 1000),
      errors: figures.errors,
      non2xx: figures.non2xx,
    };
  };
  return { run, close };
}

/** `work` in `concurrency` loops for `seconds`. */
async function directRun(
  work: () => Promise<unknown>,
  concurrency: number,
  seconds: number,
): Promise<Run> {
  const latenciesMs: number[] = [];
  let errors = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        try {
          await work();
          latenciesMs.push(performance.now() - started);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  // The last operations of each loop end after `end`: they count, and so does their time.
  const elapsed = (performance.now() - started) / 1000;
  return { seconds: elapsed, requests: latenciesMs.length, latenciesMs, errors, non2xx: 0 };
}

interface LoadOptions {
  connections: number;
  seconds: number;
  warmupSeconds: number;
  cpu?: CpuProbe;
}

/** HTTP load on one scenario: requests a second and latency after a warm-up. */
export async function loadHttp(
  baseUrl: string,
  scenario: HttpScenario,
  options: LoadOptions,
): Promise<LoadResult> {
  const wrk = wrkRuns(baseUrl, scenario, options.connections, 2);
  try {
    if (options.warmupSeconds > 0) await wrk.run(options.warmupSeconds);
    return pooled([await withCpu(options.cpu, () => wrk.run(options.seconds))]);
  } finally {
    wrk.close();
  }
}

/** Each side's share of a round when `seconds` are shared by `rounds`: whole, as wrk takes them. */
export function roundSeconds(seconds: number, rounds: number): number {
  return Math.max(1, Math.round(seconds / rounds));
}

/** The server's throughput over HTTP, and the limit the database sets for it (see the top). */
export interface PairedLoad {
  http: LoadResult;
  direct: LoadResult;
  /**
   * HTTP ÷ direct requests a second over each two adjacent rounds (one of them with HTTP first,
   * the other with direct first), or over the one round there is.
   */
  pairRatios: number[];
}

/**
 * The same scenario over HTTP and directly, in alternating rounds that share `seconds` between
 * them: a host whose speed drifts (a shared one does, within seconds) then slows both sides
 * alike, where two long runs one after the other would measure two machines. HTTP goes first in
 * the first round, direct in the second, and so on. A ratio over two adjacent rounds (H D | D H,
 * or D H | H D) has each side's runs placed alike about the pair's middle, so a steady drift
 * cancels out of it; a single round's would lean with the drift. Each side's own figures are its
 * rounds' taken together.
 */
export async function loadPaired(
  baseUrl: string,
  scenario: HttpScenario,
  work: () => Promise<unknown>,
  options: LoadOptions & { rounds: number },
): Promise<PairedLoad> {
  const seconds = roundSeconds(options.seconds, options.rounds);
  const wrk = wrkRuns(baseUrl, scenario, options.connections, options.rounds + 1);
  // When wrk stops, up to one request a connection is still being answered: the HTTP side waits
  // for them (its slowest answer, at most a second) so that the direct run after it does not
  // share the machine with them, and their CPU time is counted as HTTP's.
  const httpRun = async () => {
    const run = await wrk.run(seconds);
    const slowest = run.latenciesMs.reduce((max, latency) => Math.max(max, latency), 0);
    await new Promise((resolve) => setTimeout(resolve, Math.min(1000, slowest)));
    return run;
  };
  try {
    if (options.warmupSeconds > 0) {
      await wrk.run(options.warmupSeconds);
      await directRun(work, options.connections, options.warmupSeconds);
    }
    const httpRuns: Run[] = [];
    const directRuns: Run[] = [];
    for (let round = 0; round < options.rounds; round += 1) {
      const sides = [
        async () => httpRuns.push(await withCpu(options.cpu, httpRun)),
        async () =>
          directRuns.push(
            await withCpu(options.cpu, () => directRun(work, options.connections, seconds)),
          ),
      ];
      for (const side of round % 2 === 0 ? sides : sides.reverse()) await side();
    }
    // Rounds k and k + 1 for each k (as slice bounds); the one round alone when there is one.
    const pairs: [number, number][] =
      options.rounds === 1
        ? [[0, 1]]
        : Array.from({ length: options.rounds - 1 }, (_, first) => [first, first + 2]);
    const pairRatios = pairs.flatMap(([from, to]) => {
      const direct = perSecond(directRuns.slice(from, to));
      return direct > 0 ? [perSecond(httpRuns.slice(from, to)) / direct] : [];
    });
    return { http: pooled(httpRuns), direct: pooled(directRuns), pairRatios };
  } finally {
    wrk.close();
  }
}
