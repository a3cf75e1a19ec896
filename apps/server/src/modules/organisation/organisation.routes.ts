import { listAgentsRoute, listMembersRoute } from '@callboard/contract';
import { serve } from '../../http/routes.ts';
import { listAgents, listMembers } from './organisation.service.ts';

export const organisationRoutes = [
  serve(listMembersRoute, async (c) => ({ members: await listMembers(c.var.db, c.var.claims) })),
  serve(listAgentsRoute, async (c) => ({ agents: await listAgents(c.var.db, c.var.claims) })),
];
