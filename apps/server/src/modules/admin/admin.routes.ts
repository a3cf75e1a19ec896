import {
  auditQuerySchema,
  createInvitationBodySchema,
  deletedCallsQuerySchema,
  renameAgentBodySchema,
  setCallDeletedBodySchema,
  setMemberRoleBodySchema,
} from '@callboard/contract';
import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../../http/api-env.ts';
import { jsonBody, parseInput } from '../../http/validation.ts';
import {
  createInvitation,
  listInvitations,
  resendInvitation,
  withdrawInvitation,
} from '../invitations/invitations.service.ts';
import {
  changeMemberRole,
  listAdminAgents,
  listAdminMembers,
  listAudit,
  listDeletedCalls,
  markCallDeleted,
  removeMember,
  renameOrganisationAgent,
} from './admin.service.ts';

const userParam = z.object({ userId: z.uuid({ message: 'must be a user id' }) });
const invitationParam = z.object({ invitationId: z.uuid({ message: 'must be an invitation id' }) });
const agentParam = z.object({ agentId: z.string().min(1).max(200) });
const callParam = z.object({ callId: z.string().min(1).max(200) });

const deps = (c: { var: ApiEnv['Variables'] }) => ({
  db: c.var.db,
  mail: c.var.mail,
  appUrl: c.var.appUrl,
});

export const adminRoutes = new Hono<ApiEnv>()
  .get('/admin/members', async (c) =>
    c.json({ members: await listAdminMembers(c.var.db, c.var.claims) }),
  )
  .put('/admin/members/:userId/role', async (c) => {
    const { userId } = parseInput(userParam, c.req.param());
    const { role } = parseInput(setMemberRoleBodySchema, await jsonBody(c));
    await changeMemberRole(c.var.db, c.var.claims, userId, role);
    // Not the member list: an admin who steps down may no longer read it.
    return c.body(null, 204);
  })
  .delete('/admin/members/:userId', async (c) => {
    const { userId } = parseInput(userParam, c.req.param());
    await removeMember(c.var.db, c.var.claims, userId);
    return c.body(null, 204);
  })
  .get('/admin/invitations', async (c) =>
    c.json({ invitations: await listInvitations(deps(c), c.var.claims) }),
  )
  .post('/admin/invitations', async (c) => {
    const body = parseInput(createInvitationBodySchema, await jsonBody(c));
    return c.json(await createInvitation(deps(c), c.var.claims, body), 201);
  })
  .post('/admin/invitations/:invitationId/resend', async (c) => {
    const { invitationId } = parseInput(invitationParam, c.req.param());
    return c.json(await resendInvitation(deps(c), c.var.claims, invitationId));
  })
  .post('/admin/invitations/:invitationId/revoke', async (c) => {
    const { invitationId } = parseInput(invitationParam, c.req.param());
    await withdrawInvitation(deps(c), c.var.claims, invitationId);
    return c.body(null, 204);
  })
  .get('/admin/agents', async (c) =>
    c.json({ agents: await listAdminAgents(c.var.db, c.var.claims) }),
  )
  .put('/admin/agents/:agentId', async (c) => {
    const { agentId } = parseInput(agentParam, c.req.param());
    const { display_name } = parseInput(renameAgentBodySchema, await jsonBody(c));
    return c.json(await renameOrganisationAgent(c.var.db, c.var.claims, agentId, display_name));
  })
  .get('/admin/calls/deleted', async (c) => {
    const query = parseInput(deletedCallsQuerySchema, c.req.query());
    return c.json(await listDeletedCalls(c.var.db, c.var.claims, query));
  })
  .put('/admin/calls/:callId/deleted', async (c) => {
    const { callId } = parseInput(callParam, c.req.param());
    const { deleted } = parseInput(setCallDeletedBodySchema, await jsonBody(c));
    return c.json(await markCallDeleted(c.var.db, c.var.claims, callId, deleted));
  })
  .get('/admin/audit', async (c) => {
    const query = parseInput(auditQuerySchema, c.req.query());
    return c.json(await listAudit(c.var.db, c.var.claims, query));
  });
