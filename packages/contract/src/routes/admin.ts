// /api/v1/admin/* (organisation admins) and /api/v1/platform/* (platform operators).
import { z } from 'zod';
import { REAUTHENTICATION_WINDOW_MINUTES } from './auth.ts';
import {
  adminAgentSchema,
  adminMemberSchema,
  auditQuerySchema,
  auditResponseSchema,
  createInvitationBodySchema,
  createOrganisationBodySchema,
  deletedCallsQuerySchema,
  deletedCallsResponseSchema,
  invitationSchema,
  mapAgentBodySchema,
  sentInvitationSchema,
  organisationSettingsSchema,
  platformAgentSchema,
  platformOrganisationSchema,
  renameAgentBodySchema,
  setCallDeletedBodySchema,
  setMemberRoleBodySchema,
  ssoSettingsSchema,
  updateOrganisationSettingsBodySchema,
  updateSsoBodySchema,
} from '../admin.ts';
import {
  CALL_IMPORT_BATCH_ROWS,
  CALL_IMPORT_MAX_ROWS,
  callImportPreviewSchema,
  callImportQuerySchema,
  callImportResultSchema,
} from '../call-csv.ts';
import { agentSchema, callSummarySchema } from '../calls.ts';
import { apiKeySchema, createApiKeyBodySchema, createdApiKeySchema } from '../ingest.ts';
import { defineRoute } from '../route.ts';
import { asAdmin, asPlatformOperator, invalidInput, versionConflict } from './common.ts';

const userParams = z.object({ userId: z.uuid({ message: 'must be a user id' }) });
const invitationParams = z.object({
  invitationId: z.uuid({ message: 'must be an invitation id' }),
});
const agentParams = z.object({ agentId: z.string().min(1).max(200) });
const callParams = z.object({ callId: z.string().min(1).max(200) });
const apiKeyParams = z.object({ keyId: z.uuid({ message: 'must be an API key id' }) });

const noMember = { 404: 'No such member in the organisation' } as const;
const lastAdmin = { 422: 'The organisation would be left without an admin' } as const;
const noInvitation = { 404: 'No such pending invitation' } as const;

export const listAdminMembersRoute = defineRoute({
  operationId: 'listAdminMembers',
  method: 'get',
  base: '/api/v1',
  path: '/admin/members',
  summary: 'Members with roles',
  auth: 'bearer',
  response: {
    status: 200,
    description: 'The members',
    schema: z.object({ members: z.array(adminMemberSchema) }),
  },
  errors: asAdmin,
});

export const setMemberRoleRoute = defineRoute({
  operationId: 'setMemberRole',
  method: 'put',
  base: '/api/v1',
  path: '/admin/members/{userId}/role',
  summary: "Change a member's role (an organisation keeps at least one admin)",
  auth: 'bearer',
  params: userParams,
  body: setMemberRoleBodySchema,
  // Not the member list: an admin who steps down may no longer read it.
  response: { status: 204, description: 'Done' },
  errors: { ...invalidInput, ...asAdmin, ...noMember, ...lastAdmin },
});

export const removeMemberRoute = defineRoute({
  operationId: 'removeMember',
  method: 'delete',
  base: '/api/v1',
  path: '/admin/members/{userId}',
  summary: 'Remove a member; their open calls become unassigned',
  auth: 'bearer',
  params: userParams,
  response: { status: 204, description: 'Done' },
  errors: { ...invalidInput, ...asAdmin, ...noMember, ...lastAdmin },
});

export const getOrganisationSettingsRoute = defineRoute({
  operationId: 'getOrganisationSettings',
  method: 'get',
  base: '/api/v1',
  path: '/admin/organisation',
  summary: "The organisation's settings (its phone country) and the countries it may choose",
  auth: 'bearer',
  response: { status: 200, description: 'The settings', schema: organisationSettingsSchema },
  errors: asAdmin,
});

export const updateOrganisationSettingsRoute = defineRoute({
  operationId: 'updateOrganisationSettings',
  method: 'patch',
  base: '/api/v1',
  path: '/admin/organisation',
  summary:
    'Change the phone country, which the call search reads local numbers with (audit-logged)',
  auth: 'bearer',
  body: updateOrganisationSettingsBodySchema,
  response: { status: 200, description: 'The settings now', schema: organisationSettingsSchema },
  errors: { ...invalidInput, ...asAdmin },
});

const recentSignIn = `REAUTHENTICATION_REQUIRED: the session signed in more than ${REAUTHENTICATION_WINDOW_MINUTES} minutes ago and has not confirmed it is its user since (POST /api/auth/reauthenticate)`;

export const getSsoSettingsRoute = defineRoute({
  operationId: 'getSsoSettings',
  method: 'get',
  base: '/api/v1',
  path: '/admin/organisation/sso',
  summary:
    "The organisation's single sign-on: issuer, client id, email domains and whether it is required (never the client secret)",
  auth: 'bearer',
  response: { status: 200, description: 'The settings', schema: ssoSettingsSchema },
  errors: asAdmin,
});

export const updateSsoSettingsRoute = defineRoute({
  operationId: 'updateSsoSettings',
  method: 'put',
  base: '/api/v1',
  path: '/admin/organisation/sso',
  summary:
    'Set up or change single sign-on with an OpenID Connect provider; its discovery document is read and its issuer checked first (audit-logged)',
  auth: 'bearer',
  body: updateSsoBodySchema,
  bodyExample: {
    issuer: 'https://login.example.com',
    client_id: 'callboard',
    client_secret: 'from-the-identity-provider',
    domains: ['example.com'],
    require_sso: false,
  },
  response: { status: 200, description: 'The settings now', schema: ssoSettingsSchema },
  errors: {
    400: `${invalidInput[400]}; SSO_DISCOVERY_FAILED: the issuer's discovery document could not be read, names another issuer, or lists endpoints at addresses Callboard does not reach`,
    401: asAdmin[401],
    403: `${asAdmin[403]}; or ${recentSignIn}`,
    409: 'SSO_DOMAIN_TAKEN: a domain already signs in through another organisation',
  },
});

export const removeSsoSettingsRoute = defineRoute({
  operationId: 'removeSsoSettings',
  method: 'delete',
  base: '/api/v1',
  path: '/admin/organisation/sso',
  summary:
    'Stop signing in through the identity provider: its domains are released and members sign in with a password or an email code again (audit-logged)',
  auth: 'bearer',
  response: { status: 204, description: 'Removed (or there was nothing to remove)' },
  errors: { 401: asAdmin[401], 403: `${asAdmin[403]}; or ${recentSignIn}` },
});

export const listInvitationsRoute = defineRoute({
  operationId: 'listInvitations',
  method: 'get',
  base: '/api/v1',
  path: '/admin/invitations',
  summary: 'Pending and expired invitations',
  auth: 'bearer',
  response: {
    status: 200,
    description: 'The invitations',
    schema: z.object({ invitations: z.array(invitationSchema) }),
  },
  errors: asAdmin,
});

export const createInvitationRoute = defineRoute({
  operationId: 'createInvitation',
  method: 'post',
  base: '/api/v1',
  path: '/admin/invitations',
  summary: 'Invite someone by email (the mail carries a /join link valid 7 days)',
  auth: 'bearer',
  body: createInvitationBodySchema,
  response: {
    status: 201,
    description: 'The invitation, with its link (shown this once)',
    schema: sentInvitationSchema,
  },
  errors: {
    ...invalidInput,
    ...asAdmin,
    409: 'Already a member or invited; or (INVITEE_HAS_ORGANISATION) in another organisation',
  },
});

export const resendInvitationRoute = defineRoute({
  operationId: 'resendInvitation',
  method: 'post',
  base: '/api/v1',
  path: '/admin/invitations/{invitationId}/resend',
  summary: 'Send a new link (the old one stops working)',
  auth: 'bearer',
  params: invitationParams,
  response: {
    status: 200,
    description: 'The renewed invitation, with its new link (shown this once)',
    schema: sentInvitationSchema,
  },
  errors: { ...invalidInput, ...asAdmin, ...noInvitation },
});

export const revokeInvitationRoute = defineRoute({
  operationId: 'revokeInvitation',
  method: 'post',
  base: '/api/v1',
  path: '/admin/invitations/{invitationId}/revoke',
  summary: 'Withdraw an invitation',
  auth: 'bearer',
  params: invitationParams,
  response: { status: 204, description: 'Done' },
  errors: { ...invalidInput, ...asAdmin, ...noInvitation },
});

export const listAdminAgentsRoute = defineRoute({
  operationId: 'listAdminAgents',
  method: 'get',
  base: '/api/v1',
  path: '/admin/agents',
  summary: "The organisation's agents with call counts",
  auth: 'bearer',
  response: {
    status: 200,
    description: 'The agents',
    schema: z.object({ agents: z.array(adminAgentSchema) }),
  },
  errors: asAdmin,
});

export const renameAgentRoute = defineRoute({
  operationId: 'renameAgent',
  method: 'put',
  base: '/api/v1',
  path: '/admin/agents/{agentId}',
  summary: 'Rename an agent',
  auth: 'bearer',
  params: agentParams,
  body: renameAgentBodySchema,
  response: { status: 200, description: 'The agent and its name now', schema: agentSchema },
  errors: { ...invalidInput, ...asAdmin, 404: 'No such agent in the organisation' },
});

export const listDeletedCallsRoute = defineRoute({
  operationId: 'listDeletedCalls',
  method: 'get',
  base: '/api/v1',
  path: '/admin/calls/deleted',
  summary: "The organisation's deleted calls, newest first, a page at a time",
  auth: 'bearer',
  query: deletedCallsQuerySchema,
  response: { status: 200, description: 'One page', schema: deletedCallsResponseSchema },
  errors: { ...invalidInput, ...asAdmin },
});

export const setCallDeletedRoute = defineRoute({
  operationId: 'setCallDeleted',
  method: 'put',
  base: '/api/v1',
  path: '/admin/calls/{callId}/deleted',
  summary: 'Delete or restore a call; with a version, refused with 409 if the call changed since',
  auth: 'bearer',
  params: callParams,
  body: setCallDeletedBodySchema,
  response: {
    status: 200,
    description: 'The call id, its deleted flag and its version now',
    schema: callSummarySchema.pick({ call_id: true, deleted_flag: true, version: true }),
  },
  errors: { ...invalidInput, ...asAdmin, 404: "'Call not found'", 409: versionConflict },
});

const csvFile = {
  mediaType: 'text/csv',
  description:
    "A CSV file (UTF-8) with the export's header; external_id, agent_id, started_at, ended_at, direction, from_number and to_number are required columns",
} as const;

export const previewCallImportRoute = defineRoute({
  operationId: 'previewCallImport',
  method: 'post',
  base: '/api/v1',
  path: '/admin/calls/import/preview',
  summary: `Check a CSV file of calls (at most 10 MB and ${CALL_IMPORT_MAX_ROWS.toLocaleString('en')} calls) without storing anything: each line's problems, and how many calls are new`,
  auth: 'bearer',
  rawBody: csvFile,
  response: {
    status: 200,
    description: 'What an import would do',
    schema: callImportPreviewSchema,
  },
  errors: {
    ...asAdmin,
    400: 'The body holds text the database cannot store (a NUL character)',
    413: 'The file is larger than 10 MB',
    422: "The file is not CSV with the export's header, is empty, or has too many calls",
  },
});

export const importCallsRoute = defineRoute({
  operationId: 'importCalls',
  method: 'post',
  base: '/api/v1',
  path: '/admin/calls/import',
  summary: `Import up to ${CALL_IMPORT_BATCH_ROWS.toLocaleString('en')} calls from CSV, as the ingestion API stores them: idempotent on external_id, never changing status, assignee or notes`,
  auth: 'bearer',
  query: callImportQuerySchema,
  rawBody: csvFile,
  response: {
    status: 200,
    description: 'What became of the calls',
    schema: callImportResultSchema,
  },
  errors: {
    ...asAdmin,
    400: 'A parameter is invalid, or the body holds text the database cannot store',
    409: 'An agent belongs to another organisation, or to none; nothing was stored',
    413: 'The body is larger than 10 MB',
    422: 'A line is invalid: error.fields names each as lines.<line>.<column>; nothing was stored',
  },
});

export const listAuditRoute = defineRoute({
  operationId: 'listAudit',
  method: 'get',
  base: '/api/v1',
  path: '/admin/audit',
  summary: 'Who did what, newest first',
  auth: 'bearer',
  query: auditQuerySchema,
  response: { status: 200, description: 'One page of entries', schema: auditResponseSchema },
  errors: { ...invalidInput, ...asAdmin },
});

export const listApiKeysRoute = defineRoute({
  operationId: 'listApiKeys',
  method: 'get',
  base: '/api/v1',
  path: '/admin/api-keys',
  summary: "The organisation's live API keys (never their secrets), newest first",
  auth: 'bearer',
  response: {
    status: 200,
    description: 'The keys',
    schema: z.object({ rows: z.array(apiKeySchema) }),
  },
  errors: asAdmin,
});

export const createApiKeyRoute = defineRoute({
  operationId: 'createApiKey',
  method: 'post',
  base: '/api/v1',
  path: '/admin/api-keys',
  summary: 'Create an API key for the ingestion API; the whole key is in this answer only',
  auth: 'bearer',
  body: createApiKeyBodySchema,
  bodyExample: { name: 'Voice platform (production)' },
  response: {
    status: 201,
    description: 'The key: store `key` now, it is never shown again',
    schema: createdApiKeySchema,
    example: {
      id: '5f0c6d2e-8a41-4b7c-9d3e-2f1a0b9c8d7e',
      name: 'Voice platform (production)',
      prefix: 'cb_live_EXAMPL',
      key: 'cb_live_EXAMPLEexampleEXAMPLEexampleEXAMPLEexample0',
      created_at: '2026-05-04T09:00:00.000Z',
    },
  },
  errors: {
    ...invalidInput,
    ...asAdmin,
    403: `${asAdmin[403]}; or REAUTHENTICATION_REQUIRED: the session signed in more than ${REAUTHENTICATION_WINDOW_MINUTES} minutes ago and has not confirmed it is its user since (POST /api/auth/reauthenticate)`,
  },
});

export const revokeApiKeyRoute = defineRoute({
  operationId: 'revokeApiKey',
  method: 'delete',
  base: '/api/v1',
  path: '/admin/api-keys/{keyId}',
  summary: 'Revoke an API key: it is refused from the next request on',
  auth: 'bearer',
  params: apiKeyParams,
  response: { status: 204, description: 'Done' },
  errors: { ...invalidInput, ...asAdmin, 404: 'No such live API key in the organisation' },
});

export const listOrganisationsRoute = defineRoute({
  operationId: 'listOrganisations',
  method: 'get',
  base: '/api/v1',
  path: '/platform/organisations',
  summary: 'Every organisation with members, agents and calls',
  auth: 'bearer',
  response: {
    status: 200,
    description: 'The organisations',
    schema: z.object({ organisations: z.array(platformOrganisationSchema) }),
  },
  errors: asPlatformOperator,
});

export const createOrganisationRoute = defineRoute({
  operationId: 'createOrganisation',
  method: 'post',
  base: '/api/v1',
  path: '/platform/organisations',
  summary: 'Create an organisation and invite its first admin',
  auth: 'bearer',
  body: createOrganisationBodySchema,
  response: {
    status: 201,
    description: 'The organisation and its first invitation',
    schema: z.object({
      organisation: z.object({ id: z.uuid(), name: z.string(), created_at: z.string() }),
      invitation: sentInvitationSchema,
    }),
  },
  errors: { ...invalidInput, ...asPlatformOperator },
});

export const listPlatformAgentsRoute = defineRoute({
  operationId: 'listPlatformAgents',
  method: 'get',
  base: '/api/v1',
  path: '/platform/agents',
  summary: 'Every agent, mapped or not, with call counts',
  auth: 'bearer',
  response: {
    status: 200,
    description: 'The agents',
    schema: z.object({ agents: z.array(platformAgentSchema) }),
  },
  errors: asPlatformOperator,
});

export const mapAgentRoute = defineRoute({
  operationId: 'mapAgent',
  method: 'put',
  base: '/api/v1',
  path: '/platform/agents/{agentId}',
  summary: 'Map an agent to an organisation (null unmaps); its calls move at once',
  auth: 'bearer',
  params: agentParams,
  body: mapAgentBodySchema,
  response: {
    status: 200,
    description: "The agent's organisation now",
    schema: z.object({ agent_id: z.string(), organisation_id: z.uuid().nullable() }),
  },
  errors: {
    ...invalidInput,
    ...asPlatformOperator,
    409: "The agent's ingested calls share external ids with the organisation's calls",
    422: 'No such organisation',
  },
});
