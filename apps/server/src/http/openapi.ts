// The OpenAPI document, written from the route declarations the server validates with
// (packages/contract/src/routes), so it cannot drift from what the server accepts and answers.
// Served at /api/v1/openapi.json. The product API's paths are relative to /api/v1; the identity
// routes the browser calls are in the same document, each path with its own server, /api/auth.
import {
  AUTH_ROUTES,
  V1_ROUTES,
  authErrorBodySchema,
  errorBodySchema,
  type RouteDeclaration,
} from '@callboard/contract';
import { z } from 'zod';
import type * as core from 'zod/v4/core';

interface JsonSchema {
  properties?: Record<string, unknown>;
  required?: string[];
}

const json = (schema: core.$ZodType, io: 'input' | 'output'): JsonSchema =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });

const ERROR_BODY = '#/components/schemas/ErrorBody';
const AUTH_ERROR_BODY = '#/components/schemas/AuthErrorBody';

function parameters(schema: core.$ZodType | undefined, location: 'path' | 'query') {
  if (!schema) return [];
  const { properties = {}, required = [] } = json(schema, 'input');
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.includes(name),
    schema: property,
  }));
}

const SECURITY: Record<RouteDeclaration['auth'], { security?: Record<string, string[]>[] }> = {
  // The document's default.
  bearer: {},
  session: { security: [{ session: [] }] },
  public: { security: [] },
  'api-key': { security: [{ apiKey: [] }] },
  // Verified by the integration's signature or secret, not by an OpenAPI scheme (docs/ingestion.md).
  webhook: { security: [] },
};

const withExample = (example: unknown) => (example === undefined ? {} : { example });

function operation(route: RouteDeclaration) {
  const errorBody = route.errorSchema ? AUTH_ERROR_BODY : ERROR_BODY;
  const responses: Record<string, object> = {};
  if (route.response) {
    const { status, description, schema, example, mediaType } = route.response;
    responses[status] = mediaType
      ? { description, content: { [mediaType]: { schema: { type: 'string' } } } }
      : schema
        ? {
            description,
            content: {
              'application/json': { schema: json(schema, 'output'), ...withExample(example) },
            },
          }
        : { description };
  }
  if (route.noContent) responses['204'] = { description: route.noContent };
  const errorExamples: Partial<Record<string, unknown>> = route.errorExamples ?? {};
  for (const [status, description] of Object.entries(route.errors)) {
    responses[status] = {
      description,
      content: {
        'application/json': { schema: { $ref: errorBody }, ...withExample(errorExamples[status]) },
      },
    };
  }
  // Any route may meet an unreachable database (docs/operations.md, "Database outages").
  responses['503'] = {
    description:
      'DATABASE_UNAVAILABLE: the database cannot be reached; nothing was changed, try again after Retry-After. OUTCOME_UNKNOWN (writes only): the connection was lost while committing; read again before repeating the change',
    headers: {
      'Retry-After': {
        description: 'Seconds to wait before trying again',
        schema: { type: 'integer' },
      },
    },
    content: { 'application/json': { schema: { $ref: ERROR_BODY } } },
  };
  const params = [...parameters(route.params, 'path'), ...parameters(route.query, 'query')];
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...SECURITY[route.auth],
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(route.rawBody
      ? {
          requestBody: {
            required: true,
            description: route.rawBody.description,
            content: { [route.rawBody.mediaType]: { schema: { type: 'string' } } },
          },
        }
      : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: json(route.body, 'input'),
                ...withExample(route.bodyExample),
              },
            },
          },
        }
      : {}),
    responses,
  };
}

function paths(routes: readonly RouteDeclaration[]) {
  const items: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const identity = route.base === '/api/auth';
    const item = (items[route.path] ??= identity ? { servers: [{ url: route.base }] } : {});
    if ((item.servers !== undefined) !== identity) {
      throw new Error(`${route.path} is declared under both /api/v1 and /api/auth`);
    }
    item[route.method] = operation(route);
  }
  return items;
}

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
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        session: { type: 'apiKey', in: 'cookie', name: 'callboard.session_token' },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'cb_live_…',
          description:
            "An organisation's API key, created by its admins (POST /admin/api-keys), for the ingestion API only.",
        },
      },
      schemas: {
        ErrorBody: json(errorBodySchema, 'output'),
        AuthErrorBody: json(authErrorBodySchema, 'output'),
      },
    },
    paths: paths([...V1_ROUTES, ...AUTH_ROUTES]),
  };
}
