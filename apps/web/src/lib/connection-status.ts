// Whether Callboard is out of reach right now: the network failed, or the server said its database
// is unavailable (503 DATABASE_UNAVAILABLE). Every API answer reports here (lib/api-client.ts); the
// app shows a calm "Connection lost — retrying…" while it lasts (app/connection-banner.tsx), and
// queries retry with back-off instead of failing (lib/query-client.ts). Any answer from the server
// other than those ends it; so does /readyz answering 200, which is asked with growing pauses
// while nothing else is being tried (docs/operations.md, "Database outages").
import { useSyncExternalStore } from 'react';

/**
 * Pauses between /readyz probes while the connection is lost; the last repeats, so the page
 * notices the return within 5 s (the server's Retry-After) even when nothing else is being tried.
 */
export const PROBE_DELAYS_MS = [1_000, 2_000, 4_000, 5_000] as const;

/** Ways to reach the server and be told when it is back; tests pass their own. */
export interface ConnectionStatusDeps {
  probe: () => Promise<boolean>;
  schedule: (run: () => void, ms: number) => () => void;
}

const browserDeps: ConnectionStatusDeps = {
  probe: async () => {
    try {
      return (await fetch('/readyz', { cache: 'no-store' })).ok;
    } catch {
      return false;
    }
  },
  schedule: (run, ms) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
};

/** 'restored': lost earlier in this page's life, and back. */
export type ConnectionState = 'ok' | 'lost' | 'restored';

export function createConnectionStatus(deps: ConnectionStatusDeps = browserDeps) {
  let state: ConnectionState = 'ok';
  let probes = 0;
  let cancelProbe: (() => void) | null = null;
  const listeners = new Set<() => void>();
  const recoveredListeners = new Set<() => void>();

  const isLost = () => state === 'lost';

  function set(lost: boolean) {
    if (lost === isLost()) return;
    state = lost ? 'lost' : 'restored';
    for (const listener of [...listeners]) listener();
    if (!lost) for (const listener of [...recoveredListeners]) listener();
  }

  function scheduleProbe() {
    const delay = PROBE_DELAYS_MS[Math.min(probes, PROBE_DELAYS_MS.length - 1)] ?? 5_000;
    probes += 1;
    cancelProbe = deps.schedule(() => {
      cancelProbe = null;
      void deps.probe().then((up) => {
        if (!isLost()) return;
        if (up) status.reportOk();
        else scheduleProbe();
      });
    }, delay);
  }

  const status = {
    /** A request failed for want of a connection (ApiError's `connectionTrouble`). */
    reportTrouble(): void {
      if (!isLost()) {
        probes = 0;
        scheduleProbe();
      }
      set(true);
    },
    /** The server answered (any status but those of trouble). */
    reportOk(): void {
      cancelProbe?.();
      cancelProbe = null;
      set(false);
    },
    getState: () => state,
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Called each time the connection comes back. */
    onRecovered(listener: () => void): () => void {
      recoveredListeners.add(listener);
      return () => recoveredListeners.delete(listener);
    },
  };
  return status;
}

/** The app's one connection status. */
export const connectionStatus = createConnectionStatus();

export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(connectionStatus.subscribe, connectionStatus.getState);
}
