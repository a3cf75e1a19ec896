// /api/v1/notifications: the signed-in user's own notifications (the header's bell).
import { z } from 'zod';
import {
  notificationListQuerySchema,
  notificationListResponseSchema,
  unreadCountSchema,
} from '../notifications.ts';
import { defineRoute } from '../route.ts';
import { inOrganisation, invalidInput } from './common.ts';

const notificationParams = z.object({
  notificationId: z.uuid({ message: 'must be a notification id' }),
});

export const listNotificationsRoute = defineRoute({
  operationId: 'listNotifications',
  method: 'get',
  base: '/api/v1',
  path: '/notifications',
  summary: 'Your notifications, newest first, with the number unread',
  auth: 'bearer',
  query: notificationListQuerySchema,
  response: {
    status: 200,
    description: 'The newest notifications and the unread count',
    schema: notificationListResponseSchema,
  },
  errors: { ...invalidInput, ...inOrganisation },
});

export const markNotificationReadRoute = defineRoute({
  operationId: 'markNotificationRead',
  method: 'post',
  base: '/api/v1',
  path: '/notifications/{notificationId}/read',
  summary: 'Mark one of your notifications read (again is harmless)',
  auth: 'bearer',
  params: notificationParams,
  response: { status: 200, description: 'How many are still unread', schema: unreadCountSchema },
  errors: { ...invalidInput, ...inOrganisation, 404: 'No such notification of yours' },
});

export const markAllNotificationsReadRoute = defineRoute({
  operationId: 'markAllNotificationsRead',
  method: 'post',
  base: '/api/v1',
  path: '/notifications/read-all',
  summary: 'Mark all your notifications read',
  auth: 'bearer',
  response: {
    status: 200,
    description: 'How many are still unread (0)',
    schema: unreadCountSchema,
  },
  errors: inOrganisation,
});
