// What each live event means for the query cache (docs/live-updates.md, "Client"). The app owns
// this because it is the layer that knows every feature's keys; the screens add what only they
// can do (the dashboard's new-calls bar, the call page's note, analytics' once-a-minute refresh).
//
// Events only say what changed; a burst is gathered for LIVE_COALESCE_MS and each thing that
// changed is refetched once. Queries on screen refetch now; the rest are marked stale and refetch
// when next shown.
import type { LiveEvent } from '@callboard/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { analyticsKeys } from '../features/analytics/api/analytics-keys.ts';
import { callKeys } from '../features/calls/api/call-keys.ts';
import { savedViewKeys } from '../features/calls/api/saved-view-keys.ts';
import {
  createCoalescer,
  LIVE_COALESCE_MS,
  startLiveConnection,
  subscribeLiveCatchUp,
  subscribeLiveEvents,
} from '../lib/live-updates.ts';
import { organisationKeys } from '../lib/organisation-directory.ts';

/** The bell's queries (its feature keys them under this prefix). */
export const NOTIFICATIONS_KEY = ['notifications'] as const;

type Target =
  | { kind: 'lists' }
  | { kind: 'detail'; callId: string }
  | { kind: 'viewers'; callId: string }
  | { kind: 'analytics' }
  | { kind: 'organisation' }
  | { kind: 'notifications' };

/** The cache entries an event makes out of date. */
export function targetsOf(event: LiveEvent): Target[] {
  switch (event.type) {
    case 'calls.created':
      return [{ kind: 'lists' }, { kind: 'analytics' }];
    case 'call.changed':
      // Any change may move a call between tabs, filters and counts, not just the rows on screen.
      return [{ kind: 'lists' }, { kind: 'detail', callId: event.callId }, { kind: 'analytics' }];
    case 'call.activity':
      return [{ kind: 'detail', callId: event.callId }];
    case 'presence.changed':
      return [{ kind: 'viewers', callId: event.callId }];
    case 'members.changed':
      return [{ kind: 'organisation' }];
    case 'notification':
      return [{ kind: 'notifications' }];
    case 'ready':
    case 'heartbeat':
      return [];
  }
}

function keyOf(target: Target): string {
  return 'callId' in target ? `${target.kind}:${target.callId}` : target.kind;
}

function refetch(queryClient: QueryClient, target: Target): void {
  switch (target.kind) {
    case 'lists':
      void queryClient.invalidateQueries({ queryKey: callKeys.lists() });
      // Saved views' counts cost more than a page: stale only, refetched when the Views menu
      // opens (features/calls/components/saved-views-menu.tsx).
      void queryClient.invalidateQueries({ queryKey: savedViewKeys.all, refetchType: 'none' });
      return;
    case 'detail':
      void queryClient.invalidateQueries({ queryKey: callKeys.detail(target.callId) });
      return;
    case 'viewers':
      void queryClient.invalidateQueries({ queryKey: callKeys.viewers(target.callId) });
      return;
    case 'analytics':
      // Stale only: an open analytics page refetches at most once a minute by itself
      // (features/analytics/hooks/use-live-analytics.ts); others refetch when opened.
      void queryClient.invalidateQueries({ queryKey: analyticsKeys.all, refetchType: 'none' });
      return;
    case 'organisation':
      void queryClient.invalidateQueries({ queryKey: organisationKeys.all });
      return;
    case 'notifications':
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
      return;
  }
}

/** Back after a lost connection: anything may have changed, so refetch all that is shown. */
export function catchUp(queryClient: QueryClient): void {
  for (const queryKey of [
    callKeys.all,
    analyticsKeys.all,
    organisationKeys.all,
    NOTIFICATIONS_KEY,
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** Routes live events into `queryClient`; returns the way to stop. */
export function dispatchLiveEvents(queryClient: QueryClient): () => void {
  const targets = new Map<string, Target>();
  const coalescer = createCoalescer<string>(LIVE_COALESCE_MS, (keys) => {
    for (const key of keys) {
      const target = targets.get(key);
      if (!target) continue;
      // One's own change to this call is still in flight: its answer will be stored
      // (features/calls/api/call-cache.ts), and a refetch now could briefly undo it. Ask again.
      if (
        target.kind === 'detail' &&
        queryClient.isMutating({ mutationKey: callKeys.mutations(target.callId) }) > 0
      ) {
        coalescer.add(key);
        continue;
      }
      targets.delete(key);
      refetch(queryClient, target);
    }
  });
  const stopEvents = subscribeLiveEvents((event) => {
    for (const target of targetsOf(event)) {
      const key = keyOf(target);
      targets.set(key, target);
      coalescer.add(key);
    }
  });
  const stopCatchUp = subscribeLiveCatchUp(() => catchUp(queryClient));
  return () => {
    stopEvents();
    stopCatchUp();
    coalescer.cancel();
    targets.clear();
  };
}

/**
 * The signed-in tab's live updates: one connection while the user has an organisation (`scope`
 * names the user and organisation, so that a switch reconnects), and its events in the cache.
 */
export function useLiveUpdates(scope: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => dispatchLiveEvents(queryClient), [queryClient]);
  useEffect(() => (scope === null ? undefined : startLiveConnection()), [scope]);
}
