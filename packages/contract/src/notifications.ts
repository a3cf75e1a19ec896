import { z } from 'zod';

export const NOTIFICATION_KINDS = ['assigned', 'mentioned'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How many notifications GET /api/v1/notifications returns unless asked (and at most). */
export const NOTIFICATION_LIST_DEFAULT = 20;
export const NOTIFICATION_LIST_MAX = 100;

export const notificationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  call_id: z.string(),
  /** Who assigned or mentioned; null once they have left the organisation or were deleted. */
  actor: z.object({ id: z.uuid(), first_name: z.string(), last_name: z.string() }).nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
  /** The call's caller, when the call has one. */
  call_caller_name: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/v1/notifications */
export const notificationListQuerySchema = z.object({
  limit: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(NOTIFICATION_LIST_MAX, `must be at most ${NOTIFICATION_LIST_MAX}`)
    .default(NOTIFICATION_LIST_DEFAULT),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationListResponseSchema = z.object({
  /** Newest first. */
  notifications: z.array(notificationSchema),
  /** Unread notifications in all, not only those listed. */
  unread: z.number().int(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

/** The answer to marking read: how many are still unread. */
export const unreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;
