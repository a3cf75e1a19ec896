import { createOrganisationBodySchema, mapAgentBodySchema } from '@callboard/contract';
import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../../http/api-env.ts';
import { jsonBody, parseInput } from '../../http/validation.ts';
import {
  createOrganisation,
  listOrganisations,
  listPlatformAgents,
  mapAgent,
} from './platform.service.ts';

const agentParam = z.object({ agentId: z.string().min(1).max(200) });

export const platformRoutes = new Hono<ApiEnv>()
  .get('/platform/organisations', async (c) =>
    c.json({ organisations: await listOrganisations(c.var.db, c.var.claims) }),
  )
  .post('/platform/organisations', async (c) => {
    const body = parseInput(createOrganisationBodySchema, await jsonBody(c));
    const deps = { db: c.var.db, mail: c.var.mail, appUrl: c.var.appUrl };
    return c.json(await createOrganisation(deps, c.var.claims, body), 201);
  })
  .get('/platform/agents', async (c) =>
    c.json({ agents: await listPlatformAgents(c.var.db, c.var.claims) }),
  )
  .put('/platform/agents/:agentId', async (c) => {
    const { agentId } = parseInput(agentParam, c.req.param());
    const { organisationId } = parseInput(mapAgentBodySchema, await jsonBody(c));
    return c.json(await mapAgent(c.var.db, c.var.claims, agentId, organisationId));
  });
