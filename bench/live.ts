// The live-updates benchmark (docs/benchmarks.md, "Live updates"): 1,000 event streams open on
// one server process, 10 call changes a second through the API for 20 s; the server's memory
// before and with the streams open, and the delay from each write to its event at every client.
import { Agent, get as httpGet } from 'node:http';
import type { ServerProcess } from './server-process.ts';
import { percentile } from './statistics.ts';

export interface LiveResult {
  streams: number;
  writesPerSecond: number;
  seconds: number;
  writes: number;
  /** Server RSS before the streams opened, and with them open (MB). */
  rssBeforeMb: number;
  rssWithStreamsMb: number;
  addedMb: number;
  /** Write answer → event at a client (the commit is before the answer: a lower bound). */
  fromAnswerP50Ms: number;
  fromAnswerP99Ms: number;
  /** Write sent → event at a client (the commit is after it: an upper bound). */
  fromSendP50Ms: number;
  fromSendP99Ms: number;
  /** (client, write) pairs expected and received. */
  expected: number;
  received: number;
  writeErrors: number;
  /** The failed writes by HTTP status (or the fetch error), e.g. `429: 3`. */
  writeErrorStatuses: string;
}

interface Client {
  /** callId → when its first call.changed arrived (performance.now()). */
  arrivals: Map<string, number>;
  close: () => void;
}

/** Streams are read with node:http, lighter than fetch's web streams for 1,000 at once. */
const streamAgent = new Agent({ keepAlive: false, maxSockets: Infinity });

function openStream(url: string, token: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const arrivals = new Map<string, number>();
    const request = httpGet(
      `${url}/api/v1/events`,
      { agent: streamAgent, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream refused: ${String(response.statusCode)}`));
          response.resume();
          return;
        }
        response.setEncoding('utf8');
        let pending = '';
        const client: Client = { arrivals, close: () => request.destroy() };
        response.on('data', (chunk: string) => {
          const now = performance.now();
          pending += chunk;
          let end: number;
          while ((end = pending.indexOf('\n\n')) !== -1) {
            const block = pending.slice(0, end);
            pending = pending.slice(end + 2);
            if (block.startsWith('event: ready')) resolve(client);
            else if (block.startsWith('event: call.changed')) {
              const data = JSON.parse(block.slice(block.indexOf('data: ') + 6)) as {
                callId: string;
              };
              if (!arrivals.has(data.callId)) arrivals.set(data.callId, now);
            }
          }
        });
      },
    );
    request.on('error', () => undefined);
  });
}

export async function measureLive(
  server: ServerProcess,
  tokens: string[],
  calls: { call_id: string; status: string }[],
  options: { streams?: number; writesPerSecond?: number; seconds?: number } = {},
): Promise<LiveResult> {
  const streams = options.streams ?? 1_000;
  const writesPerSecond = options.writesPerSecond ?? 10;
  const seconds = options.seconds ?? 20;
  const writes = writesPerSecond * seconds;
  if (calls.length < writes) throw new Error(`need ${writes} calls, got ${calls.length}`);
  const [writer = ''] = tokens;

  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const rssBeforeMb = server.rssMb();
  const clients: Client[] = [];
  // Opened in groups, as tabs would be: not 1,000 sign-in checks in one instant.
  for (let index = 0; index < streams; index += 50) {
    clients.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(50, streams - index) }, (_, offset) =>
          openStream(server.url, tokens[(index + offset) % tokens.length] ?? ''),
        ),
      )),
    );
  }
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const rssWithStreamsMb = server.rssMb();

  // Each write flips a different call's status, so each is one call.changed per stream.
  const sent = new Map<string, { sentAt: number; answeredAt: number }>();
  let writeErrors = 0;
  const errorStatuses = new Map<string, number>();
  const countError = (status: string) => {
    writeErrors += 1;
    errorStatuses.set(status, (errorStatuses.get(status) ?? 0) + 1);
  };
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let index = 0; index < writes; index += 1) {
    const due = started + (index * 1_000) / writesPerSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const callId = calls[index]?.call_id ?? '';
    // A status the call does not have, so that every write changes it.
    const status = calls[index]?.status === 'In progress' ? 'Closed' : 'In progress';
    inFlight.push(
      (async () => {
        const sentAt = performance.now();
        const response = await fetch(
          `${server.url}/api/v1/calls/${encodeURIComponent(callId)}/status`,
          {
            method: 'PUT',
            headers: { authorization: `Bearer ${writer}`, 'content-type': 'application/json' },
            body: JSON.stringify({ status }),
          },
        ).catch((error: unknown) => error as Error);
        if (response instanceof Error) {
          countError(response.message);
          return;
        }
        await response.arrayBuffer();
        if (response.ok) sent.set(callId, { sentAt, answeredAt: performance.now() });
        else countError(String(response.status));
      })(),
    );
  }
  await Promise.all(inFlight);
  // Let the last events arrive.
  await new Promise((resolve) => setTimeout(resolve, 3_000));

  const fromAnswer: number[] = [];
  const fromSend: number[] = [];
  for (const client of clients) {
    for (const [callId, { sentAt, answeredAt }] of sent) {
      const arrived = client.arrivals.get(callId);
      if (arrived === undefined) continue;
      fromAnswer.push(Math.max(0, arrived - answeredAt));
      fromSend.push(arrived - sentAt);
    }
    client.close();
  }
  fromAnswer.sort((a, b) => a - b);
  fromSend.sort((a, b) => a - b);
  return {
    streams,
    writesPerSecond,
    seconds,
    writes,
    rssBeforeMb,
    rssWithStreamsMb,
    addedMb: rssWithStreamsMb - rssBeforeMb,
    fromAnswerP50Ms: percentile(fromAnswer, 0.5),
    fromAnswerP99Ms: percentile(fromAnswer, 0.99),
    fromSendP50Ms: percentile(fromSend, 0.5),
    fromSendP99Ms: percentile(fromSend, 0.99),
    expected: clients.length * sent.size,
    received: fromSend.length,
    writeErrors,
    writeErrorStatuses: [...errorStatuses]
      .map(([status, count]) => `${status}: ${String(count)}`)
      .join(', '),
  };
}
