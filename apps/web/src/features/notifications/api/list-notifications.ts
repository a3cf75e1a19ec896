import { listNotificationsRoute, type NotificationListResponse } from '@callboard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { notificationKeys } from './notification-keys.ts';

/** How many the bell lists: enough for a working day; older ones are read on their calls. */
export const BELL_LIMIT = 20;

/** GET /notifications */
export function listNotifications(
  limit: number,
  signal?: AbortSignal,
): Promise<NotificationListResponse> {
  return callApi(listNotificationsRoute, {
    query: new URLSearchParams({ limit: String(limit) }),
    signal,
  });
}

export function notificationsQueryOptions(limit = BELL_LIMIT) {
  return queryOptions({
    queryKey: notificationKeys.list(limit),
    queryFn: ({ signal }) => listNotifications(limit, signal),
    // The live stream refreshes it; without one, a minute's staleness is the fallback.
    refetchInterval: 60_000,
  });
}

/** `enabled: false` for a user without an organisation, whom the API would refuse. */
export function useNotifications({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...notificationsQueryOptions(), enabled });
}
