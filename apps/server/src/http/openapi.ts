// The OpenAPI document for /api/v1, generated from the contract's zod schemas, so it cannot
// drift from what the server validates. Served at /api/v1/openapi.json. A test checks that
// every /api/v1 route is documented here.
import {
  adminAgentSchema,
  adminMemberSchema,
  auditQuerySchema,
  auditResponseSchema,
  createInvitationBodySchema,
  createOrganisationBodySchema,
  deletedCallsQuerySchema,
  deletedCallsResponseSchema,
  invitationPreviewSchema,
  invitationSchema,
  joinSignUpBodySchema,
  mapAgentBodySchema,
  platformAgentSchema,
  platformOrganisationSchema,
  renameAgentBodySchema,
  setCallDeletedBodySchema,
  setMemberRoleBodySchema,
  updateProfileBodySchema,
  addCallNoteBodySchema,
  analyticsQuerySchema,
  analyticsResponseSchema,
  agentListResponseSchema,
  assignCallBodySchema,
  callDetailSchema,
  callListQuerySchema,
  callListResponseSchema,
  errorBodySchema,
  memberListResponseSchema,
  meSchema,
  setCallStatusBodySchema,
} from '@callboard/contract';
import { z } from 'zod';

const json = (schema: z.ZodType, io: 'input' | 'output' = 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: json(errorBodySchema) } },
});

const ok = (schema: z.ZodType, description = 'OK') => ({
  description,
  content: { 'application/json': { schema: json(schema) } },
});

const body = (schema: z.ZodType) => ({
  required: true,
  content: { 'application/json': { schema: json(schema, 'input') } },
});

const unauthenticated = errorResponse("401 'Authentication required': no valid access token");
const noOrganisation = errorResponse("403 'No organization assigned to user'");
const callErrors = {
  '401': unauthenticated,
  '403': errorResponse("'No organization assigned to user' or 'Call not accessible to this user'"),
  '404': errorResponse("'Call not found'"),
};
const pathParameter = (name: string) => ({
  name,
  in: 'path',
  required: true,
  schema: { type: 'string' },
});
const callIdParameter = pathParameter('callId');
const adminErrors = {
  '401': unauthenticated,
  '403': errorResponse("Not an organisation admin, or 'No organization assigned to user'"),
};
const platformErrors = { '401': unauthenticated, '403': errorResponse('Not a platform operator') };
const invitationErrors = {
  '404': errorResponse('Unknown invitation link'),
  '410': errorResponse('Expired, withdrawn or already used'),
};
const noContent = { description: 'Done' };
const list = (key: string, schema: z.ZodType) => ok(z.object({ [key]: z.array(schema) }));

const listParameters = Object.entries(callListQuerySchema.shape).map(([name, schema]) => ({
  name,
  in: 'query',
  required: false,
  schema: json(schema, 'input'),
}));

export function openApiDocument() {
  return {
    openapi: '3.0.3',
    info: {
      title: 'Callboard API',
      version: '1.0.0',
      description:
        'The product API. Every error is {"error": {"code", "message"}}; 401 means "no valid session": sign in again.',
    },
    servers: [{ url: '/api/v1' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    paths: {
      '/me': {
        get: {
          summary: 'The signed-in user',
          responses: { '200': ok(meSchema), '401': unauthenticated },
        },
        patch: {
          summary: 'Change your own first and last name',
          requestBody: body(updateProfileBodySchema),
          responses: { '200': ok(meSchema), '401': unauthenticated },
        },
      },
      '/admin/members': {
        get: {
          summary: 'Members with roles',
          responses: { '200': list('members', adminMemberSchema), ...adminErrors },
        },
      },
      '/admin/members/{userId}/role': {
        put: {
          summary: "Change a member's role (an organisation keeps at least one admin)",
          parameters: [pathParameter('userId')],
          requestBody: body(setMemberRoleBodySchema),
          responses: { '204': noContent, ...adminErrors, '422': errorResponse('Last admin') },
        },
      },
      '/admin/members/{userId}': {
        delete: {
          summary: 'Remove a member; their open calls become unassigned',
          parameters: [pathParameter('userId')],
          responses: { '204': noContent, ...adminErrors, '422': errorResponse('Last admin') },
        },
      },
      '/admin/invitations': {
        get: {
          summary: 'Pending and expired invitations',
          responses: { '200': list('invitations', invitationSchema), ...adminErrors },
        },
        post: {
          summary: 'Invite someone by email (the mail carries a /join link valid 7 days)',
          requestBody: body(createInvitationBodySchema),
          responses: {
            '201': ok(invitationSchema, 'Created'),
            ...adminErrors,
            '409': errorResponse('Already a member or invited'),
          },
        },
      },
      '/admin/invitations/{invitationId}/resend': {
        post: {
          summary: 'Send a new link (the old one stops working)',
          parameters: [pathParameter('invitationId')],
          responses: { '200': ok(invitationSchema), ...adminErrors },
        },
      },
      '/admin/invitations/{invitationId}/revoke': {
        post: {
          summary: 'Withdraw an invitation',
          parameters: [pathParameter('invitationId')],
          responses: { '204': noContent, ...adminErrors },
        },
      },
      '/admin/agents': {
        get: {
          summary: "The organisation's agents with call counts",
          responses: { '200': list('agents', adminAgentSchema), ...adminErrors },
        },
      },
      '/admin/agents/{agentId}': {
        put: {
          summary: 'Rename an agent',
          parameters: [pathParameter('agentId')],
          requestBody: body(renameAgentBodySchema),
          responses: { '200': ok(adminAgentSchema), ...adminErrors },
        },
      },
      '/admin/calls/deleted': {
        get: {
          summary: "The organisation's deleted calls, newest first, a page at a time",
          parameters: Object.entries(deletedCallsQuerySchema.shape).map(([name, schema]) => ({
            name,
            in: 'query',
            required: false,
            schema: json(schema, 'input'),
          })),
          responses: {
            '200': ok(deletedCallsResponseSchema),
            '400': errorResponse('A parameter is invalid; error.fields names each'),
            ...adminErrors,
          },
        },
      },
      '/admin/calls/{callId}/deleted': {
        put: {
          summary: 'Delete or restore a call',
          parameters: [callIdParameter],
          requestBody: body(setCallDeletedBodySchema),
          responses: {
            '200': ok(z.object({ call_id: z.string(), deleted_flag: z.boolean().nullable() })),
            ...adminErrors,
          },
        },
      },
      '/admin/audit': {
        get: {
          summary: 'Who did what, newest first',
          parameters: Object.entries(auditQuerySchema.shape).map(([name, schema]) => ({
            name,
            in: 'query',
            required: false,
            schema: json(schema, 'input'),
          })),
          responses: { '200': ok(auditResponseSchema), ...adminErrors },
        },
      },
      '/invitations/{token}': {
        get: {
          summary: 'What an invitation link offers (public)',
          security: [],
          parameters: [pathParameter('token')],
          responses: { '200': ok(invitationPreviewSchema), ...invitationErrors },
        },
      },
      '/invitations/{token}/sign-up': {
        post: {
          summary: 'Create the account for the invited address and join (public); then sign in',
          security: [],
          parameters: [pathParameter('token')],
          requestBody: body(joinSignUpBodySchema),
          responses: {
            '201': ok(z.object({ email: z.string() }), 'Created'),
            '400': errorResponse('Weak password: error.reasons lists why'),
            '409': errorResponse('Account exists: sign in to accept'),
            ...invitationErrors,
          },
        },
      },
      '/invitations/{token}/accept': {
        post: {
          summary: 'Join with the invitation as the signed-in user',
          parameters: [pathParameter('token')],
          responses: {
            '204': noContent,
            '401': unauthenticated,
            '403': errorResponse('Another address'),
            '409': errorResponse('Already in an organisation'),
            ...invitationErrors,
          },
        },
      },
      '/platform/organisations': {
        get: {
          summary: 'Every organisation with members, agents and calls',
          responses: {
            '200': list('organisations', platformOrganisationSchema),
            ...platformErrors,
          },
        },
        post: {
          summary: 'Create an organisation and invite its first admin',
          requestBody: body(createOrganisationBodySchema),
          responses: {
            '201': ok(
              z.object({
                organisation: z.object({
                  id: z.string(),
                  name: z.string(),
                  created_at: z.string(),
                }),
                invitation: invitationSchema,
              }),
              'Created',
            ),
            ...platformErrors,
          },
        },
      },
      '/platform/agents': {
        get: {
          summary: 'Every agent, mapped or not, with call counts',
          responses: { '200': list('agents', platformAgentSchema), ...platformErrors },
        },
      },
      '/platform/agents/{agentId}': {
        put: {
          summary: 'Map an agent to an organisation (null unmaps); its calls move at once',
          parameters: [pathParameter('agentId')],
          requestBody: body(mapAgentBodySchema),
          responses: {
            '200': ok(z.object({ agent_id: z.string(), organisation_id: z.string().nullable() })),
            ...platformErrors,
          },
        },
      },
      '/calls': {
        get: {
          summary: 'List calls, newest first',
          parameters: listParameters,
          responses: {
            '200': ok(callListResponseSchema),
            '400': errorResponse('A parameter is invalid; error.fields names each'),
            '401': unauthenticated,
            '403': noOrganisation,
          },
        },
      },
      '/calls/{callId}': {
        get: {
          summary: 'One call with its agent, assignee and activity',
          parameters: [callIdParameter],
          responses: { '200': ok(callDetailSchema), ...callErrors },
        },
      },
      '/calls/{callId}/assignee': {
        put: {
          summary: 'Assign the call (null unassigns); logs ASSIGNED only when it changes',
          parameters: [callIdParameter],
          requestBody: body(assignCallBodySchema),
          responses: {
            '200': ok(callDetailSchema),
            ...callErrors,
            '422': errorResponse('The assignee is not a member of the organisation'),
          },
        },
      },
      '/calls/{callId}/status': {
        put: {
          summary: 'Set the status; logs STATUS_CHANGED only when it changes',
          parameters: [callIdParameter],
          requestBody: body(setCallStatusBodySchema),
          responses: { '200': ok(callDetailSchema), ...callErrors },
        },
      },
      '/calls/{callId}/notes': {
        post: {
          summary: 'Add a note to the call',
          parameters: [callIdParameter],
          requestBody: body(addCallNoteBodySchema),
          responses: { '201': ok(callDetailSchema, 'Created'), ...callErrors },
        },
      },
      '/organisation/members': {
        get: {
          summary: "The caller's colleagues",
          responses: {
            '200': ok(memberListResponseSchema),
            '401': unauthenticated,
            '403': noOrganisation,
          },
        },
      },
      '/analytics': {
        get: {
          summary: "The organisation's figures and series for a period, with the period before it",
          parameters: Object.entries(analyticsQuerySchema.shape).map(([name, schema]) => ({
            name,
            in: 'query',
            required: name === 'from' || name === 'to',
            schema: json(schema, 'input'),
          })),
          responses: {
            '200': ok(analyticsResponseSchema),
            '400': errorResponse('A parameter is invalid; error.fields names each'),
            '401': unauthenticated,
            '403': noOrganisation,
          },
        },
      },
      '/test-sentry': {
        post: {
          summary: 'Raise a test error on the server, reported to Sentry (platform operators only)',
          responses: {
            '500': errorResponse('The test error, as intended'),
            '401': unauthenticated,
            '403': errorResponse('Not a platform operator'),
          },
        },
      },
      '/organisation/agents': {
        get: {
          summary: "The organisation's agents",
          responses: {
            '200': ok(agentListResponseSchema),
            '401': unauthenticated,
            '403': noOrganisation,
          },
        },
      },
    },
  };
}
