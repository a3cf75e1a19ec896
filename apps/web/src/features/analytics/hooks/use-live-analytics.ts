// An open analytics page follows the calls (docs/live-updates.md, "Client"): a change reaches its
// figures within a minute, yet a busy organisation's stream of changes costs the database at most
// one report a minute per open page.
import type { LiveEvent } from '@callboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { LIVE_COALESCE_MS, useLiveCatchUp, useLiveEvents } from '../../../lib/live-updates.ts';
import { analyticsKeys } from '../api/analytics-keys.ts';

/** The least time between two live refreshes of an open analytics page. */
export const ANALYTICS_LIVE_INTERVAL_MS = 60_000;

/** Events that can move a figure: calls added, or a call's status, assignee or content changed. */
function movesFigures(event: LiveEvent): boolean {
  return event.type === 'calls.created' || event.type === 'call.changed';
}

export function useLiveAnalytics({ enabled = true }: { enabled?: boolean } = {}): void {
  const queryClient = useQueryClient();
  // When the figures were last fetched for a change (or the page opened, fetching them anyway).
  const lastRefresh = useRef<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    lastRefresh.current = Date.now();
    return () => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
    };
  }, []);

  const refresh = () => {
    timer.current = null;
    lastRefresh.current = Date.now();
    void queryClient.invalidateQueries({ queryKey: analyticsKeys.all });
  };

  useLiveEvents((event) => {
    if (!enabled || !movesFigures(event) || timer.current !== null) return;
    const since = Date.now() - (lastRefresh.current ?? 0);
    timer.current = setTimeout(
      refresh,
      Math.max(LIVE_COALESCE_MS, ANALYTICS_LIVE_INTERVAL_MS - since),
    );
  });

  // The app's catch-up has just refetched everything: the minute starts again from here.
  useLiveCatchUp(() => {
    lastRefresh.current = Date.now();
  });
}
