// The tab's one connection to GET /api/v1/events (docs/live-updates.md, "Client"). A fetch, not
// an EventSource, so that the access token travels in the Authorization header as on every other
// request (ADR 0005) and a 401 can be told from a dropped line.
//
// Timing is the product's (LIVE_TIMING, docs/product.md, "Constants"): the server sends a heartbeat
// every 30 s; a stream silent for 30 + 10 s is dead and is dropped; reconnects wait 1, 2, 5, 10,
// 10, … s, counted afresh after each `ready`; a stream that ends after a `retry` field (a server
// shutting down sends one) waits that long instead, once. Every `ready` after the first is a
// reconnect, and the app then refetches what may have changed while the tab was away
// (`onCatchUp`).
import { LIVE_TIMING, liveEventSchema, type LiveEvent } from '@callboard/contract';
import { createParser } from 'eventsource-parser';

export const LIVE_EVENTS_PATH = '/api/v1/events';

export type LiveStatus =
  /** Not connected, and not trying: signed out, or stopped. */
  | 'idle'
  /** The first connection of this start, not yet `ready`. */
  | 'connecting'
  | 'open'
  /** Lost after being open (or never opened): waiting for, or making, the next attempt. */
  | 'reconnecting';

export interface LiveState {
  status: LiveStatus;
  /** The open stream's id (from `ready`), which names this tab for presence; null when not open. */
  streamId: string | null;
  /** When the connection was lost (ms since the epoch); null while open or idle. */
  downSince: number | null;
}

export const IDLE_LIVE_STATE: LiveState = { status: 'idle', streamId: null, downSince: null };

export interface LiveConnectionDeps {
  fetch: typeof fetch;
  /** The access token to send, renewed first if about to expire; null: signed out. */
  getAccessToken: () => Promise<string | null>;
  /** After a 401: a new token from the session cookie, or null when the session is gone. */
  refreshAccessToken: () => Promise<string | null>;
  /** The server refused a freshly renewed token: the session is over (as any 401, ADR 0005). */
  onUnauthenticated: () => void;
  onEvent: (event: LiveEvent) => void;
  onStateChange: (state: LiveState) => void;
  /** A reconnect succeeded: refetch what may have changed while away. */
  onCatchUp: () => void;
  now?: () => number;
  timing?: { heartbeatMs: number; timeoutMs: number; backoffMs: readonly number[] };
}

export interface LiveConnection {
  start(): void;
  stop(): void;
  getState(): LiveState;
}

export function createLiveConnection(deps: LiveConnectionDeps): LiveConnection {
  const timing = deps.timing ?? LIVE_TIMING;
  const now = deps.now ?? Date.now;
  const silenceLimitMs = timing.heartbeatMs + timing.timeoutMs;

  let state: LiveState = IDLE_LIVE_STATE;
  let running = false;
  /** Bumped on every attempt and on stop, so a late callback of an old attempt does nothing. */
  let generation = 0;
  let failures = 0;
  let everReady = false;
  let controller: AbortController | null = null;
  let deadline: ReturnType<typeof setTimeout> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** The current stream's `retry` field: the wait before the next attempt instead of the back-off. */
  let retryHintMs: number | null = null;

  function setState(next: LiveState) {
    if (
      next.status === state.status &&
      next.streamId === state.streamId &&
      next.downSince === state.downSince
    ) {
      return;
    }
    state = next;
    deps.onStateChange(state);
  }

  function clearTimers() {
    if (deadline !== null) clearTimeout(deadline);
    if (retryTimer !== null) clearTimeout(retryTimer);
    deadline = null;
    retryTimer = null;
  }

  /** (Re)arms the silence deadline: anything from the server, or the response itself, resets it. */
  function armDeadline(attempt: number) {
    if (deadline !== null) clearTimeout(deadline);
    deadline = setTimeout(() => {
      if (attempt === generation) lose(attempt);
    }, silenceLimitMs);
  }

  /** This attempt is over (ended, failed or silent): drop it and try again after the back-off. */
  function lose(attempt: number) {
    if (!running || attempt !== generation) return;
    generation += 1;
    controller?.abort();
    controller = null;
    clearTimers();
    const backoff = timing.backoffMs[Math.min(failures, timing.backoffMs.length - 1)] ?? 0;
    // The server said when to come back (it is shutting down): that is not a failure.
    const wait = retryHintMs ?? backoff;
    if (retryHintMs === null) failures += 1;
    retryHintMs = null;
    // After a failure the tab is reconnecting, whether or not it had opened before.
    setState({ status: 'reconnecting', streamId: null, downSince: state.downSince ?? now() });
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, wait);
  }

  function stopForGood() {
    running = false;
    generation += 1;
    controller?.abort();
    controller = null;
    clearTimers();
    setState(IDLE_LIVE_STATE);
  }

  function handle(attempt: number, type: string, data: string) {
    let payload: unknown;
    try {
      payload = data ? JSON.parse(data) : {};
    } catch {
      return; // not ours to act on; the stream itself is alive
    }
    const parsed = liveEventSchema.safeParse(
      typeof payload === 'object' && payload !== null ? { ...payload, type } : { type },
    );
    if (!parsed.success || attempt !== generation) return;
    const event = parsed.data;
    if (event.type === 'ready') {
      failures = 0;
      const reconnected = everReady;
      everReady = true;
      setState({ status: 'open', streamId: event.streamId, downSince: null });
      if (reconnected) deps.onCatchUp();
    }
    deps.onEvent(event);
  }

  async function connect(retriedUnauthenticated = false): Promise<void> {
    if (!running) return;
    generation += 1;
    const attempt = generation;
    retryHintMs = null;
    let token: string | null;
    try {
      token = retriedUnauthenticated
        ? await deps.refreshAccessToken()
        : await deps.getAccessToken();
    } catch {
      // The token endpoint is unreachable: as good as a dropped line.
      lose(attempt);
      return;
    }
    if (attempt !== generation) return;
    if (!token) {
      stopForGood(); // signed out: the session module has already sent the user to sign in
      return;
    }
    const abort = new AbortController();
    controller = abort;
    armDeadline(attempt);
    let response: Response;
    try {
      response = await deps.fetch(LIVE_EVENTS_PATH, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        cache: 'no-store',
        signal: abort.signal,
      });
    } catch {
      lose(attempt);
      return;
    }
    if (attempt !== generation) {
      void response.body?.cancel().catch(() => undefined);
      return;
    }
    if (response.status === 401) {
      void response.body?.cancel().catch(() => undefined);
      if (retriedUnauthenticated) {
        stopForGood();
        deps.onUnauthenticated();
        return;
      }
      // Once per attempt: the token may simply have expired while the tab slept.
      void connect(true);
      return;
    }
    if (!response.ok || !response.body) {
      void response.body?.cancel().catch(() => undefined);
      lose(attempt);
      return;
    }
    armDeadline(attempt);
    const parser = createParser({
      onEvent: (message) => handle(attempt, message.event ?? 'message', message.data),
      onRetry: (ms) => {
        if (attempt === generation) retryHintMs = Math.min(ms, silenceLimitMs);
      },
    });
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (attempt !== generation) {
          await reader.cancel().catch(() => undefined);
          return;
        }
        if (done) break;
        armDeadline(attempt);
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      // aborted (silence, stop) or the line dropped: either way this attempt is over
    }
    lose(attempt);
  }

  return {
    start() {
      if (running) return;
      running = true;
      failures = 0;
      everReady = false;
      setState({ status: 'connecting', streamId: null, downSince: null });
      void connect();
    },
    stop() {
      if (!running) return;
      stopForGood();
    },
    getState: () => state,
  };
}
