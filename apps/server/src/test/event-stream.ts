// A client of GET /api/v1/events for tests: opens the stream as the browser does (fetch with a
// bearer token, not EventSource), keeps every byte it receives, parses the events, and lets a test
// wait for an event or for the server to end the stream.
import { liveEventSchema, type LiveEvent } from '@callboard/contract';

export interface EventStream {
  status: number;
  headers: Headers;
  /** Every byte received so far, as text. */
  readonly raw: string;
  /** The events received so far, parsed with the contract's schema. */
  readonly events: LiveEvent[];
  /** The stream's id (its `ready` event), once it came. */
  readonly streamId: string;
  /** The first event (counting from the start) that matches, when it arrives. */
  waitFor: (match: (event: LiveEvent) => boolean, what?: string) => Promise<LiveEvent>;
  /** The last `retry` field's wait before reconnecting (ms), if the server sent one. */
  readonly retryMs: number | null;
  /** Resolves when the server ends the stream (not when the test closes it). */
  ended: Promise<void>;
  readonly isEnded: boolean;
  /** Goes away, as a closed tab does. */
  close: () => void;
}

/** How long a test waits for something the server should send at once. */
const WAIT_MS = 10_000;

export async function openEventStream(
  baseUrl: string,
  token: string | null,
  headers: Record<string, string> = {},
): Promise<EventStream> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/api/v1/events`, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    signal: abort.signal,
  });
  let raw = '';
  let pending = '';
  const events: LiveEvent[] = [];
  let isEnded = false;
  let retryMs: number | null = null;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of [...waiters]) waiter();
  };

  const ended = (async () => {
    if (!response.body) return;
    const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const text = decoder.decode(value, { stream: true });
        raw += text;
        pending += text;
        let end: number;
        while ((end = pending.indexOf('\n\n')) !== -1) {
          const block = pending.slice(0, end);
          pending = pending.slice(end + 2);
          const retry = /^retry: (\d+)$/mu.exec(block)?.[1];
          if (retry !== undefined) retryMs = Number(retry);
          const type = /^event: (.+)$/mu.exec(block)?.[1];
          const data = /^data: (.+)$/mu.exec(block)?.[1];
          // A block with no event (a `retry` field alone) sets the client's reconnection wait.
          if (type === undefined && data === undefined) continue;
          const event = liveEventSchema.parse(JSON.parse(data ?? 'null'));
          if (event.type !== type) throw new Error(`event: ${String(type)} with ${data ?? ''}`);
          events.push(event);
        }
        wake();
      }
      isEnded = true;
    } catch (error) {
      // Our own close() aborts the read; anything else is the test's to see.
      if (!abort.signal.aborted) throw error;
    } finally {
      wake();
    }
  })();
  // A failure surfaces through waitFor/ended; never as an unhandled rejection.
  ended.catch(() => undefined);

  const waitFor = (match: (event: LiveEvent) => boolean, what = 'an event') =>
    new Promise<LiveEvent>((resolve, reject) => {
      const check = () => {
        const found = events.find(match);
        if (found) {
          done();
          resolve(found);
        } else if (isEnded || abort.signal.aborted) {
          done();
          reject(new Error(`the stream ended before ${what}; it got: ${raw}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no ${what} within ${WAIT_MS} ms; the stream got: ${raw}`));
      }, WAIT_MS);
      const done = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });

  const stream: EventStream = {
    status: response.status,
    headers: response.headers,
    get raw() {
      return raw;
    },
    events,
    get streamId() {
      const ready = events.find((event) => event.type === 'ready');
      if (!ready) throw new Error('no ready event yet');
      return ready.streamId;
    },
    waitFor,
    get retryMs() {
      return retryMs;
    },
    ended,
    get isEnded() {
      return isEnded;
    },
    close: () => abort.abort(),
  };
  if (response.ok) await waitFor((event) => event.type === 'ready', 'ready');
  return stream;
}

/** Resolves when the server has ended the stream; fails after a while otherwise. */
export async function endedByServer(stream: EventStream): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    stream.ended,
    new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the stream was not ended; it got: ${stream.raw}`)),
        WAIT_MS,
      );
    }),
  ]).finally(() => clearTimeout(timer));
  if (!stream.isEnded) throw new Error('the stream failed instead of ending');
}
