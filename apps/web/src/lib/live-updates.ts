// The tab's live updates as the screens see them (docs/live-updates.md, "Client"): the one
// connection (live-connection.ts), its state in a small store, and its events on a bus that any
// feature may listen to. What each event means for the cache is decided above this layer: the
// app's dispatcher (app/live-dispatch.ts) and the screens' own hooks.
import type { LiveEvent } from '@callboard/contract';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { reportUnauthenticated } from './api-client.ts';
import {
  createLiveConnection,
  IDLE_LIVE_STATE,
  type LiveConnection,
  type LiveState,
} from './live-connection.ts';
import { getFreshAccessToken, refreshAccessToken } from './session.ts';

/** How long a burst of events is gathered before the cache is told, so 500 events are 1 refetch. */
export const LIVE_COALESCE_MS = 250;

/** The connection is shown as lost only once it has been down this long (a blip is not news). */
export const LIVE_DOWN_NOTICE_MS = 3_000;

type Listener<T> = (value: T) => void;

function createBus<T>() {
  const listeners = new Set<Listener<T>>();
  return {
    emit(value: T) {
      for (const listener of [...listeners]) listener(value);
    },
    subscribe(listener: Listener<T>): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

let liveState: LiveState = IDLE_LIVE_STATE;
const stateListeners = new Set<() => void>();
const events = createBus<LiveEvent>();
const catchUps = createBus<undefined>();

/** The connection's way in (and tests'): the state every screen sees. */
export function setLiveState(next: LiveState): void {
  liveState = next;
  for (const listener of [...stateListeners]) listener();
}

export function getLiveState(): LiveState {
  return liveState;
}

export function subscribeLiveState(listener: () => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

/** Every event of the stream, validated (liveEventSchema). */
export function subscribeLiveEvents(listener: Listener<LiveEvent>): () => void {
  return events.subscribe(listener);
}

/** After each successful reconnect: time to refetch what may have changed while away. */
export function subscribeLiveCatchUp(listener: () => void): () => void {
  return catchUps.subscribe(() => listener());
}

/** Test support and the connection's own way in: as if the stream had sent `event`. */
export function emitLiveEvent(event: LiveEvent): void {
  events.emit(event);
}

export function emitLiveCatchUp(): void {
  catchUps.emit(undefined);
}

/** For tests: the store as it is at page load. */
export function resetLiveState(): void {
  setLiveState(IDLE_LIVE_STATE);
}

let connection: LiveConnection | null = null;

/** Opens the tab's connection (once; later calls share it); returns the way to close it. */
export function startLiveConnection(): () => void {
  connection ??= createLiveConnection({
    fetch: (...args) => fetch(...args),
    getAccessToken: getFreshAccessToken,
    refreshAccessToken: async () => (await refreshAccessToken())?.access_token ?? null,
    onUnauthenticated: reportUnauthenticated,
    onEvent: emitLiveEvent,
    onStateChange: setLiveState,
    onCatchUp: emitLiveCatchUp,
  });
  const current = connection;
  current.start();
  return () => current.stop();
}

/** The connection's state; re-renders on every change. */
export function useLiveState(): LiveState {
  return useSyncExternalStore(subscribeLiveState, getLiveState);
}

/** Calls `handler` with every live event while mounted (the latest handler, without resubscribing). */
export function useLiveEvents(handler: Listener<LiveEvent>): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => subscribeLiveEvents((event) => latest.current(event)), []);
}

/** Calls `handler` after every successful reconnect while mounted. */
export function useLiveCatchUp(handler: () => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => subscribeLiveCatchUp(() => latest.current()), []);
}

/**
 * Gathers keys for `delayMs` from the first one, then hands them over at once: a burst of events
 * becomes one refetch per distinct thing that changed.
 */
export function createCoalescer<K>(delayMs: number, flush: (keys: Set<K>) => void) {
  let pending = new Set<K>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    add(key: K) {
      pending.add(key);
      timer ??= setTimeout(() => {
        timer = null;
        const keys = pending;
        pending = new Set();
        flush(keys);
      }, delayMs);
    },
    cancel() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      pending = new Set();
    },
  };
}
