// HTTP load with autocannon, and the same work done directly against the database (the
// server's own service functions on a pg pool, no HTTP), at the same concurrency: the second is
// the limit the database sets for the first.
import autocannon from 'autocannon';

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

export async function loadHttp(
  baseUrl: string,
  scenario: HttpScenario,
  options: { connections: number; seconds: number; warmupSeconds: number; cpu?: CpuProbe },
): Promise<LoadResult> {
  const run = (duration: number) =>
    autocannon({
      url: `${baseUrl}${scenario.path}`,
      method: scenario.method ?? 'GET',
      connections: options.connections,
      duration,
      headers: scenario.headers,
      body: scenario.body,
      requests: scenario.next
        ? [
            {
              setupRequest: (request) => {
                const next = scenario.next?.() ?? {};
                return {
                  ...request,
                  method: scenario.method ?? 'GET',
                  path: next.path ?? scenario.path,
                  body: next.body ?? scenario.body,
                  headers: { ...scenario.headers, ...request.headers, ...next.headers },
                };
              },
            },
          ]
        : undefined,
    });
  if (options.warmupSeconds > 0) await run(options.warmupSeconds);
  return withCpu(options.cpu, async () => {
    const result = await run(options.seconds);
    return {
      requestsPerSecond: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      requests: result.requests.total,
    };
  });
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
    const at = (q: number) =>
      Math.round((latencies[Math.floor(q * (latencies.length - 1))] ?? 0) * 10) / 10;
    return {
      requestsPerSecond: Math.round(latencies.length / seconds),
      p50Ms: at(0.5),
      p99Ms: at(0.99),
      errors,
      non2xx: 0,
      requests: latencies.length,
    };
  };
  if (options.warmupSeconds > 0) await run(options.warmupSeconds);
  return withCpu(options.cpu, () => run(options.seconds));
}
