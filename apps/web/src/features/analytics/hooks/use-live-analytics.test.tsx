// @vitest-environment jsdom
// An open analytics page follows changes within a minute, and never more than once a minute
// (docs/live-updates.md, "Client"), on fake timers.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { emitLiveEvent } from '../../../lib/live-updates.ts';
import { analyticsKeys } from '../api/analytics-keys.ts';
import { ANALYTICS_LIVE_INTERVAL_MS, useLiveAnalytics } from './use-live-analytics.ts';

let queryClient: QueryClient;
let invalidate: MockInstance<QueryClient['invalidateQueries']>;

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

beforeEach(() => {
  vi.useFakeTimers();
  queryClient = new QueryClient();
  invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useLiveAnalytics', () => {
  it('refreshes within a minute of a change, and at most once a minute however many come', async () => {
    renderHook(() => useLiveAnalytics(), { wrapper });
    await vi.advanceTimersByTimeAsync(20_000);
    for (let index = 0; index < 500; index += 1) {
      emitLiveEvent({ type: 'call.changed', callId: `call_${index}`, version: 1 });
    }
    // Opened 20 s ago (with fresh figures): the refresh waits out the rest of the minute.
    await vi.advanceTimersByTimeAsync(ANALYTICS_LIVE_INTERVAL_MS - 20_000 - 1);
    expect(invalidate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: analyticsKeys.all });

    // More changes right after: the next refresh is a full minute after the last.
    emitLiveEvent({ type: 'calls.created', count: 4 });
    await vi.advanceTimersByTimeAsync(ANALYTICS_LIVE_INTERVAL_MS - 1);
    expect(invalidate).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(invalidate).toHaveBeenCalledTimes(2);

    // A quiet spell, then a change: no need to wait, beyond gathering the burst.
    await vi.advanceTimersByTimeAsync(5 * ANALYTICS_LIVE_INTERVAL_MS);
    emitLiveEvent({ type: 'call.changed', callId: 'call_x', version: 2 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(invalidate).toHaveBeenCalledTimes(3);
  });

  it('ignores events that do not move a figure, and stops when the page closes', async () => {
    const page = renderHook(() => useLiveAnalytics(), { wrapper });
    emitLiveEvent({ type: 'presence.changed', callId: 'call_1' });
    emitLiveEvent({ type: 'members.changed' });
    await vi.advanceTimersByTimeAsync(5 * ANALYTICS_LIVE_INTERVAL_MS);
    expect(invalidate).not.toHaveBeenCalled();
    emitLiveEvent({ type: 'calls.created', count: 1 });
    page.unmount();
    await vi.advanceTimersByTimeAsync(5 * ANALYTICS_LIVE_INTERVAL_MS);
    expect(invalidate).not.toHaveBeenCalled();
  });
});
