import {
  createOrganisationRoute,
  listOrganisationsRoute,
  listPlatformAgentsRoute,
  mapAgentRoute,
} from '@callboard/contract';
import { serve } from '../../http/routes.ts';
import {
  createOrganisation,
  listOrganisations,
  listPlatformAgents,
  mapAgent,
} from './platform.service.ts';

export const platformRoutes = [
  serve(listOrganisationsRoute, async (c) => ({
    organisations: await listOrganisations(c.var.db, c.var.claims),
  })),
  serve(createOrganisationRoute, (c, { body }) => {
    const deps = { db: c.var.db, mail: c.var.mail, appUrl: c.var.appUrl };
    return createOrganisation(deps, c.var.claims, body);
  }),
  serve(listPlatformAgentsRoute, async (c) => ({
    agents: await listPlatformAgents(c.var.db, c.var.claims),
  })),
  serve(mapAgentRoute, (c, { params, body }) =>
    mapAgent(c.var.db, c.var.claims, params.agentId, body.organisationId),
  ),
];
