import { Hono } from 'hono';
import type { ApiEnv } from '../../http/api-env.ts';
import { updateProfileBodySchema } from '@callboard/contract';
import { jsonBody, parseInput } from '../../http/validation.ts';
import { getMe, updateMyName } from './me.service.ts';

export const meRoutes = new Hono<ApiEnv>()
  .get('/me', async (c) => c.json(await getMe(c.var.db, c.var.claims)))
  .patch('/me', async (c) => {
    const body = parseInput(updateProfileBodySchema, await jsonBody(c));
    return c.json(await updateMyName(c.var.db, c.var.claims, body));
  });
