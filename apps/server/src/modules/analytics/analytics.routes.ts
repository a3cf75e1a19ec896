import { getAnalyticsRoute } from '@callboard/contract';
import { serve } from '../../http/routes.ts';
import { getAnalytics } from './analytics.service.ts';

export const analyticsRoutes = [
  serve(getAnalyticsRoute, (c, { query }) => getAnalytics(c.var.db, c.var.claims, query)),
];
