import { Hono } from 'hono';
import type { ApiEnv } from '../../http/api-env.ts';
import { getMe } from './me.service.ts';

export const meRoutes = new Hono<ApiEnv>().get('/me', async (c) =>
  c.json(await getMe(c.var.db, c.var.claims)),
);
