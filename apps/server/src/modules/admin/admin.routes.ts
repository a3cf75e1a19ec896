import {
  createInvitationRoute,
  getOrganisationSettingsRoute,
  listAdminAgentsRoute,
  listAdminMembersRoute,
  listAuditRoute,
  listDeletedCallsRoute,
  listInvitationsRoute,
  removeMemberRoute,
  renameAgentRoute,
  resendInvitationRoute,
  revokeInvitationRoute,
  setCallDeletedRoute,
  setMemberRoleRoute,
  updateOrganisationSettingsRoute,
} from '@callboard/contract';
import type { Context } from 'hono';
import type { ApiEnv } from '../../http/api-env.ts';
import { serve } from '../../http/routes.ts';
import {
  createInvitation,
  listInvitations,
  resendInvitation,
  withdrawInvitation,
} from '../invitations/invitations.service.ts';
import {
  changeMemberRole,
  changeOrganisationSettings,
  getOrganisationSettings,
  listAdminAgents,
  listAdminMembers,
  listAudit,
  listDeletedCalls,
  markCallDeleted,
  removeMember,
  renameOrganisationAgent,
} from './admin.service.ts';

const deps = (c: Context<ApiEnv>) => ({ db: c.var.db, mail: c.var.mail, appUrl: c.var.appUrl });

export const adminRoutes = [
  serve(listAdminMembersRoute, async (c) => ({
    members: await listAdminMembers(c.var.db, c.var.claims),
  })),
  serve(setMemberRoleRoute, (c, { params, body }) =>
    changeMemberRole(c.var.db, c.var.claims, params.userId, body.role),
  ),
  serve(removeMemberRoute, (c, { params }) => removeMember(c.var.db, c.var.claims, params.userId)),
  serve(listInvitationsRoute, async (c) => ({
    invitations: await listInvitations(deps(c), c.var.claims),
  })),
  serve(createInvitationRoute, (c, { body }) => createInvitation(deps(c), c.var.claims, body)),
  serve(resendInvitationRoute, (c, { params }) =>
    resendInvitation(deps(c), c.var.claims, params.invitationId),
  ),
  serve(revokeInvitationRoute, (c, { params }) =>
    withdrawInvitation(deps(c), c.var.claims, params.invitationId),
  ),
  serve(listAdminAgentsRoute, async (c) => ({
    agents: await listAdminAgents(c.var.db, c.var.claims),
  })),
  serve(renameAgentRoute, (c, { params, body }) =>
    renameOrganisationAgent(c.var.db, c.var.claims, params.agentId, body.display_name),
  ),
  serve(listDeletedCallsRoute, (c, { query }) => listDeletedCalls(c.var.db, c.var.claims, query)),
  serve(setCallDeletedRoute, (c, { params, body }) =>
    markCallDeleted(c.var.db, c.var.claims, params.callId, body.deleted, body.version),
  ),
  serve(listAuditRoute, (c, { query }) => listAudit(c.var.db, c.var.claims, query)),
  serve(getOrganisationSettingsRoute, (c) => getOrganisationSettings(c.var.db, c.var.claims)),
  serve(updateOrganisationSettingsRoute, (c, { body }) =>
    changeOrganisationSettings(c.var.db, c.var.claims, body),
  ),
];
