// How live events reach the query cache (docs/live-updates.md, "Client"), on fake timers: a burst
// is one refetch per thing that changed, analytics is only marked stale, a call being changed
// here waits, and a reconnect refetches everything shown.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { analyticsKeys } from '../features/analytics/api/analytics-keys.ts';
import { callKeys } from '../features/calls/api/call-keys.ts';
import { savedViewKeys } from '../features/calls/api/saved-view-keys.ts';
import { emitLiveCatchUp, emitLiveEvent, LIVE_COALESCE_MS } from '../lib/live-updates.ts';
import { organisationKeys } from '../lib/organisation-directory.ts';
import { dispatchLiveEvents, NOTIFICATIONS_KEY } from './live-dispatch.ts';

let queryClient: QueryClient;
let stop: () => void;
let invalidate: MockInstance<QueryClient['invalidateQueries']>;

const ACTIVITY = '0f9e8d7c-6b5a-4a39-8d27-16e5d4c3b2a1';
const ACTOR = '7c1e2d3f-4a5b-4c6d-8e7f-901a2b3c4d5e';

beforeEach(() => {
  vi.useFakeTimers();
  queryClient = new QueryClient();
  invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  stop = dispatchLiveEvents(queryClient);
});

afterEach(() => {
  stop();
  vi.useRealTimers();
});

function invalidated() {
  return invalidate.mock.calls.map(([filters]) => filters);
}

describe('dispatchLiveEvents', () => {
  it('turns a burst of 500 events into one refetch per thing that changed', async () => {
    for (let index = 0; index < 250; index += 1) {
      emitLiveEvent({ type: 'calls.created', count: 1 });
      emitLiveEvent({ type: 'call.changed', callId: 'call_1', version: index });
    }
    expect(invalidate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(LIVE_COALESCE_MS - 1);
    expect(invalidate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(invalidated()).toEqual([
      { queryKey: callKeys.lists() },
      // Saved views' counts are only marked stale: the Views menu asks again when it opens.
      { queryKey: savedViewKeys.all, refetchType: 'none' },
      { queryKey: analyticsKeys.all, refetchType: 'none' },
      { queryKey: callKeys.detail('call_1') },
    ]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(invalidate).toHaveBeenCalledTimes(4);
  });

  it('sends each kind of event to its queries', async () => {
    emitLiveEvent({
      type: 'call.activity',
      callId: 'call_2',
      activityId: ACTIVITY,
      activityType: 'NOTE',
      actorId: ACTOR,
    });
    emitLiveEvent({ type: 'presence.changed', callId: 'call_2' });
    emitLiveEvent({ type: 'members.changed' });
    emitLiveEvent({ type: 'notification', notificationId: ACTIVITY });
    emitLiveEvent({ type: 'heartbeat' });
    await vi.advanceTimersByTimeAsync(LIVE_COALESCE_MS);
    expect(invalidated()).toEqual([
      { queryKey: callKeys.detail('call_2') },
      { queryKey: callKeys.viewers('call_2') },
      { queryKey: organisationKeys.all },
      { queryKey: NOTIFICATIONS_KEY },
    ]);
  });

  it('holds a call’s refetch while this tab is changing it', async () => {
    let release!: () => void;
    const mutation = queryClient
      .getMutationCache()
      .build(queryClient, {
        mutationKey: callKeys.mutations('call_3'),
        mutationFn: () => new Promise<void>((resolve) => (release = resolve)),
      })
      .execute(undefined);
    emitLiveEvent({ type: 'call.changed', callId: 'call_3', version: 2 });
    await vi.advanceTimersByTimeAsync(LIVE_COALESCE_MS * 4);
    expect(invalidated()).not.toContainEqual({ queryKey: callKeys.detail('call_3') });
    release();
    await mutation;
    await vi.advanceTimersByTimeAsync(LIVE_COALESCE_MS);
    expect(invalidated()).toContainEqual({ queryKey: callKeys.detail('call_3') });
  });

  it('refetches calls, analytics, people and notifications after a reconnect', () => {
    emitLiveCatchUp();
    expect(invalidated()).toEqual([
      { queryKey: callKeys.all },
      { queryKey: analyticsKeys.all },
      { queryKey: organisationKeys.all },
      { queryKey: NOTIFICATIONS_KEY },
    ]);
  });
});
