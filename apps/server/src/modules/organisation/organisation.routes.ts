import { Hono } from 'hono';
import type { ApiEnv } from '../../http/api-env.ts';
import { listAgents, listMembers } from './organisation.service.ts';

export const organisationRoutes = new Hono<ApiEnv>()
  .get('/organisation/members', async (c) =>
    c.json({ members: await listMembers(c.var.db, c.var.claims) }),
  )
  .get('/organisation/agents', async (c) =>
    c.json({ agents: await listAgents(c.var.db, c.var.claims) }),
  );
