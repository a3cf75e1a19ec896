import {
  markAllNotificationsReadRoute,
  markNotificationReadRoute,
  type NotificationListResponse,
  type UnreadCount,
} from '@callboard/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { notificationKeys } from './notification-keys.ts';

/** POST /notifications/{id}/read */
export function markNotificationRead(notificationId: string): Promise<UnreadCount> {
  return callApi(markNotificationReadRoute, { params: { notificationId } });
}

/** POST /notifications/read-all */
export function markAllNotificationsRead(): Promise<UnreadCount> {
  return callApi(markAllNotificationsReadRoute, {});
}

/** Marks the cached lists read at once (optimistic); the refetch after settles the truth. */
function markCached(client: QueryClient, isTarget: (id: string) => boolean) {
  const readAt = new Date().toISOString();
  client.setQueriesData<NotificationListResponse>({ queryKey: notificationKeys.all }, (data) => {
    if (!data) return data;
    let newlyRead = 0;
    const notifications = data.notifications.map((notification) => {
      if (!isTarget(notification.id) || notification.read_at !== null) return notification;
      newlyRead += 1;
      return { ...notification, read_at: readAt };
    });
    return { notifications, unread: Math.max(0, data.unread - newlyRead) };
  });
}

export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: async (notificationId) => {
      await client.cancelQueries({ queryKey: notificationKeys.all });
      markCached(client, (id) => id === notificationId);
    },
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: async () => {
      await client.cancelQueries({ queryKey: notificationKeys.all });
      markCached(client, () => true);
    },
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
