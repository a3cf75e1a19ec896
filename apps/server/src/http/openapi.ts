// The OpenAPI document for /api/v1, generated from the contract's zod schemas, so it cannot
// drift from what the server validates. Served at /api/v1/openapi.json. A test checks that
// every /api/v1 route is documented here.
import {
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
const callIdParameter = { name: 'callId', in: 'path', required: true, schema: { type: 'string' } };

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
