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

/** Runs `measured` between two readings of the probe; the CPU each process spent per request. */
async function withCpu(
  probe: CpuProbe | undefined,
  measured: () => Promise<LoadResult>,
): Promise<LoadResult> {
  if (!probe) return measured();
  const before = probe();
  const result = await measured();
  const after = probe();
  const perRequest = (name: string) =>
    Math.round((((after[name] ?? 0) - (before[name] ?? 0)) / Math.max(1, result.requests)) * 100) /
    100;
  return {
    ...result,
    cpuMsPerRequest: Object.fromEntries(Object.keys(after).map((name) => [name, perRequest(name)])),
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

export async function loadHttp(
  baseUrl: string,
  scenario: HttpScenario,
  options: { connections: number; seconds: number; warmupSeconds: number; cpu?: CpuProbe },
): Promise<LoadResult> {
  const directory = mkdtempSync(join(tmpdir(), 'callboard-wrk-'));
  // A script for each run, both written before either runs: the measured run carries on from the
  // warm-up's varied requests (sign-in: other people at other addresses) instead of sending them
  // again, and making them is not counted in its CPU time.
  const host = new URL(baseUrl).host;
  const [warmUp, measured] = ['warm-up', 'measured'].map((name) => {
    const file = join(directory, `${name}.lua`);
    writeFileSync(file, wrkScript(host, options.connections, scenario));
    return file;
  }) as [string, string];
  // A thread for each connection, so that each thread's script sees one request at a time. An
  // answer slower than 10 s counts as an error (wrk has no timer that ends a request).
  const run = async (seconds: number, script: string): Promise<WrkFigures> => {
    const { stdout, stderr } = await promisify(execFile)(
      WRK,
      [
        ...['--threads', String(options.connections), '--connections', String(options.connections)],
        ...['--duration', `${seconds}s`, '--timeout', '10s', '--script', script],
        `${baseUrl}${scenario.path}`,
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const line = stdout.split('\n').find((text) => text.startsWith('{"requests"'));
    // A script wrk cannot load is only reported: it then sends plain GETs instead.
    if (!line || stderr.trim()) throw new Error(`wrk printed no figures:\n${stdout}${stderr}`);
    return JSON.parse(line) as WrkFigures;
  };
  try {
    if (options.warmupSeconds > 0) await run(options.warmupSeconds, warmUp);
    return await withCpu(options.cpu, async () => {
      const figures = await run(options.seconds, measured);
      const latencies = figures.latenciesUs.map((us) => us / 1000).sort((a, b) => a - b);
      return {
        requestsPerSecond: Math.round(figures.requests / (figures.durationUs / 1_000_000)),
        p50Ms: percentile(latencies, 0.5),
        p99Ms: percentile(latencies, 0.99),
        errors: figures.errors,
        non2xx: figures.non2xx,
        requests: figures.requests,
      };
    });
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** Runs work in `concurrency` loops for `seconds`; operations per second and latency. */
export async function loadDirect(
  work: () => Promise<unknown>,
  options: { concurrency: number; seconds: number; warmupSeconds: number; cpu?: CpuProbe },
): Promise<LoadResult> {
  const run = async (seconds: number) => {
    const latencies: number[] = [];
    let errors = 0;
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (performance.now() < end) {
          const started = performance.now();
          try {
            await work();
            latencies.push(performance.now() - started);
          } catch {
            errors += 1;
          }
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    return {
      requestsPerSecond: Math.round(latencies.length / seconds),
      p50Ms: percentile(latencies, 0.5),
      p99Ms: percentile(latencies, 0.99),
      errors,
      non2xx: 0,
      requests: latencies.length,
    };
  };
  if (options.warmupSeconds > 0) await run(options.warmupSeconds);
  return withCpu(options.cpu, () => run(options.seconds));
}
