import {
  listNotificationsRoute,
  markAllNotificationsReadRoute,
  markNotificationReadRoute,
} from '@callboard/contract';
import { serve } from '../../http/routes.ts';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from './notifications.service.ts';

export const notificationRoutes = [
  serve(listNotificationsRoute, (c, { query }) =>
    listNotifications(c.var.db, c.var.claims, query.limit),
  ),
  // Before the one with a path parameter, though "read-all" is no notification id either.
  serve(markAllNotificationsReadRoute, (c) => markAllNotificationsRead(c.var.db, c.var.claims)),
  serve(markNotificationReadRoute, (c, { params }) =>
    markNotificationRead(c.var.db, c.var.claims, params.notificationId),
  ),
];
