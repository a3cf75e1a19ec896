// The live connection's timing (docs/product.md, "Constants": heartbeat 30 s, timeout 10 s,
// back-off 1, 2, 5, 10 s) against a fake server whose streams the test writes to, on fake timers.
import { LIVE_TIMING, type LiveEvent } from '@callboard/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveConnection, type LiveState } from './live-connection.ts';

const STREAM_A = '0b7c7d7e-5a4b-4c3d-8e2f-1a2b3c4d5e6f';
const STREAM_B = '1c8d8e8f-6b5c-4d4e-9f3a-2b3c4d5e6f70';
const CALL = 'call-1';

interface Stream {
  token: string | null;
  signal: AbortSignal;
  at: number;
  send(type: string, data?: unknown): void;
  raw(text: string): void;
  end(): void;
}

type Answer = 'stream' | number | 'network-error';

function fakeServer() {
  const streams: Stream[] = [];
  const answers: Answer[] = [];
  const encoder = new TextEncoder();
  const fetchMock = vi.fn((_url: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const answer = answers.shift() ?? 'stream';
    const headers = new Headers(init?.headers);
    const token = headers.get('Authorization')?.replace('Bearer ', '') ?? null;
    const signal = init?.signal ?? new AbortController().signal;
    if (answer === 'network-error') return Promise.reject(new TypeError('Failed to fetch'));
    if (typeof answer === 'number') {
      const body = JSON.stringify({ error: { code: 'X', message: 'no' } });
      const stream = { token, signal, at: Date.now(), send() {}, raw() {}, end() {} };
      streams.push(stream);
      return Promise.resolve(new Response(body, { status: answer }));
    }
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    let closed = false;
    signal.addEventListener('abort', () => {
      if (closed) return;
      closed = true;
      controller.error(new DOMException('The operation was aborted.', 'AbortError'));
    });
    const stream: Stream = {
      token,
      signal,
      at: Date.now(),
      raw(text) {
        if (!closed) controller.enqueue(encoder.encode(text));
      },
      send(type, data = {}) {
        this.raw(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
      },
      end() {
        closed = true;
        controller.close();
      },
    };
    streams.push(stream);
    return Promise.resolve(
      new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    );
  });
  return { fetchMock, streams, answers };
}

function setUp(options: { tokens?: (string | null)[]; refreshed?: (string | null)[] } = {}) {
  const server = fakeServer();
  const tokens = options.tokens ?? [];
  const refreshed = options.refreshed ?? [];
  const events: LiveEvent[] = [];
  const states: LiveState[] = [];
  const onCatchUp = vi.fn();
  const onUnauthenticated = vi.fn();
  const refreshAccessToken = vi.fn(() => Promise.resolve(refreshed.shift() ?? null));
  const connection = createLiveConnection({
    fetch: server.fetchMock,
    getAccessToken: () => Promise.resolve(tokens.length ? (tokens.shift() ?? null) : 'token-1'),
    refreshAccessToken,
    onUnauthenticated,
    onEvent: (event) => events.push(event),
    onStateChange: (state) => states.push(state),
    onCatchUp,
  });
  const latest = () => {
    const stream = server.streams.at(-1);
    if (!stream) throw new Error('no connection yet');
    return stream;
  };
  return {
    ...server,
    connection,
    events,
    states,
    onCatchUp,
    onUnauthenticated,
    refreshAccessToken,
    latest,
  };
}

/** Lets pending promises (fetch, stream reads) settle without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-24T09:00:00Z') });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the live connection', () => {
  it('sends a fresh bearer token, opens on ready and hands over validated events', async () => {
    const live = setUp({ tokens: ['token-a'] });
    live.connection.start();
    expect(live.connection.getState().status).toBe('connecting');
    await settle();
    expect(live.fetchMock).toHaveBeenCalledTimes(1);
    expect(live.fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/events');
    expect(live.latest().token).toBe('token-a');

    live.latest().send('ready', { streamId: STREAM_A });
    live.latest().send('call.changed', { callId: CALL, version: 4 });
    live.latest().send('call.changed', { callId: CALL, version: 'four' }); // invalid: dropped
    live.latest().send('no.such.event', {}); // unknown: dropped
    live.latest().raw('event: calls.created\ndata: not json\n\n'); // unreadable: dropped
    live.latest().raw(': a comment\n\nevent: calls.created\ndata: {"count":3}\n\n');
    await settle();

    expect(live.connection.getState()).toEqual({
      status: 'open',
      streamId: STREAM_A,
      downSince: null,
    });
    expect(live.events).toEqual([
      { type: 'ready', streamId: STREAM_A },
      { type: 'call.changed', callId: CALL, version: 4 },
      { type: 'calls.created', count: 3 },
    ]);
    expect(live.onCatchUp).not.toHaveBeenCalled();
  });

  it('keeps the stream while heartbeats come, and drops it after 40 s of silence', async () => {
    const live = setUp();
    live.connection.start();
    await settle();
    live.latest().send('ready', { streamId: STREAM_A });
    await settle();

    // Three heartbeats 30 s apart: each one resets the deadline.
    for (let beat = 0; beat < 3; beat += 1) {
      await vi.advanceTimersByTimeAsync(LIVE_TIMING.heartbeatMs);
      live.latest().send('heartbeat');
      await settle();
    }
    await vi.advanceTimersByTimeAsync(39_999);
    expect(live.connection.getState().status).toBe('open');
    expect(live.latest().signal.aborted).toBe(false);
    expect(live.fetchMock).toHaveBeenCalledTimes(1);

    // 40 s after the last heartbeat: dead, aborted, and waiting the first back-off.
    await vi.advanceTimersByTimeAsync(1);
    expect(live.latest().signal.aborted).toBe(true);
    expect(live.connection.getState()).toEqual({
      status: 'reconnecting',
      streamId: null,
      downSince: Date.now(),
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(live.fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(live.fetchMock).toHaveBeenCalledTimes(2);
  });

  it('counts silence from the request: a server that never answers is dropped too', async () => {
    const live = setUp();
    live.fetchMock.mockImplementationOnce(() => new Promise<Response>(() => undefined));
    live.connection.start();
    await vi.advanceTimersByTimeAsync(40_000);
    expect(live.connection.getState().status).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(live.fetchMock).toHaveBeenCalledTimes(2);
  });

  it('waits 1, 2, 5, 10, 10 s between failed attempts', async () => {
    const live = setUp();
    live.answers.push(503, 'network-error', 503, 500, 503, 503);
    live.connection.start();
    await settle();
    await vi.advanceTimersByTimeAsync(60_000);
    const times = live.streams.map((stream) => stream.at);
    const waits = times.slice(1).map((at, index) => at - (times[index] ?? 0));
    // The network error leaves no stream record: its slot is between the first two recorded.
    expect(waits.slice(0, 5)).toEqual([1_000 + 2_000, 5_000, 10_000, 10_000, 10_000]);
    expect(live.connection.getState().status).toBe('reconnecting');
  });

  it('waits 1, 2, 5, 10, 10 s when every stream ends at once', async () => {
    const live = setUp();
    live.connection.start();
    await settle();
    const waits: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const endedAt = Date.now();
      live.latest().end();
      await settle();
      const before = live.streams.length;
      while (live.streams.length === before) await vi.advanceTimersByTimeAsync(100);
      waits.push(Date.now() - endedAt);
    }
    expect(waits).toEqual([1_000, 2_000, 5_000, 10_000, 10_000]);
  });

  it('counts the back-off afresh after a ready, and catches up after each reconnect', async () => {
    const live = setUp();
    live.answers.push('stream', 503, 503, 'stream');
    live.connection.start();
    await settle();
    live.latest().send('ready', { streamId: STREAM_A });
    await settle();
    const downAt = Date.now();
    live.latest().end();
    await settle();
    expect(live.connection.getState()).toMatchObject({ status: 'reconnecting', downSince: downAt });

    // 1 s, then 503; 2 s, then 503; 5 s, then a stream.
    await vi.advanceTimersByTimeAsync(1_000 + 2_000 + 5_000);
    expect(live.fetchMock).toHaveBeenCalledTimes(4);
    expect(live.connection.getState().downSince).toBe(downAt);
    expect(live.onCatchUp).not.toHaveBeenCalled();
    live.latest().send('ready', { streamId: STREAM_B });
    await settle();
    expect(live.connection.getState()).toEqual({
      status: 'open',
      streamId: STREAM_B,
      downSince: null,
    });
    expect(live.onCatchUp).toHaveBeenCalledTimes(1);

    // Lost again: the back-off starts over at 1 s.
    live.latest().end();
    await settle();
    await vi.advanceTimersByTimeAsync(999);
    expect(live.fetchMock).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(live.fetchMock).toHaveBeenCalledTimes(5);
    live.latest().send('ready', { streamId: STREAM_A });
    await settle();
    expect(live.onCatchUp).toHaveBeenCalledTimes(2);
  });

  it("reconnects after the server's retry field when it ends the stream (shutting down)", async () => {
    const live = setUp();
    live.connection.start();
    await settle();
    live.latest().send('ready', { streamId: STREAM_A });
    live.latest().raw('retry: 250\n\n');
    live.latest().end();
    await settle();
    await vi.advanceTimersByTimeAsync(249);
    expect(live.fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(live.fetchMock).toHaveBeenCalledTimes(2);

    // Once only, and not counted as a failure: the next loss waits the first back-off, 1 s.
    live.latest().send('ready', { streamId: STREAM_B });
    await settle();
    live.latest().end();
    await settle();
    await vi.advanceTimersByTimeAsync(999);
    expect(live.fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(live.fetchMock).toHaveBeenCalledTimes(3);
    expect(live.onCatchUp).toHaveBeenCalledTimes(1);
  });

  it('renews the token once after a 401 and connects with the new one', async () => {
    const live = setUp({ tokens: ['expired'], refreshed: ['renewed'] });
    live.answers.push(401);
    live.connection.start();
    await settle();
    expect(live.refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(live.streams.map((stream) => stream.token)).toEqual(['expired', 'renewed']);
    live.latest().send('ready', { streamId: STREAM_A });
    await settle();
    expect(live.connection.getState().status).toBe('open');
    expect(live.onUnauthenticated).not.toHaveBeenCalled();
  });

  it('stops when the session is gone, and signs out when even a renewed token is refused', async () => {
    const gone = setUp({ refreshed: [null] });
    gone.answers.push(401);
    gone.connection.start();
    await settle();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(gone.fetchMock).toHaveBeenCalledTimes(1);
    expect(gone.connection.getState().status).toBe('idle');
    // The session module reports the refused refresh itself (lib/session.ts).
    expect(gone.onUnauthenticated).not.toHaveBeenCalled();

    const refused = setUp({ refreshed: ['renewed'] });
    refused.answers.push(401, 401);
    refused.connection.start();
    await settle();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refused.fetchMock).toHaveBeenCalledTimes(2);
    expect(refused.connection.getState().status).toBe('idle');
    expect(refused.onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('does not connect when signed out, and stop ends the stream for good', async () => {
    const signedOut = setUp({ tokens: [null] });
    signedOut.connection.start();
    await settle();
    expect(signedOut.fetchMock).not.toHaveBeenCalled();
    expect(signedOut.connection.getState().status).toBe('idle');

    const live = setUp();
    live.connection.start();
    await settle();
    live.latest().send('ready', { streamId: STREAM_A });
    await settle();
    live.connection.stop();
    expect(live.latest().signal.aborted).toBe(true);
    expect(live.connection.getState().status).toBe('idle');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(live.fetchMock).toHaveBeenCalledTimes(1);
    expect(live.events).toHaveLength(1);
  });
});
