import { analyticsQuerySchema } from '@callboard/contract';
import { Hono } from 'hono';
import type { ApiEnv } from '../../http/api-env.ts';
import { parseInput } from '../../http/validation.ts';
import { getAnalytics } from './analytics.service.ts';

export const analyticsRoutes = new Hono<ApiEnv>().get('/analytics', async (c) => {
  const query = parseInput(analyticsQuerySchema, c.req.query());
  return c.json(await getAnalytics(c.var.db, c.var.claims, query));
});
