// /api/v1/ingest/*: calls sent by an organisation's systems with one of its API keys
// (docs/ingestion.md).
import { INGEST_EXAMPLE, ingestCallsBodySchema, ingestCallsResponseSchema } from '../ingest.ts';
import { defineRoute } from '../route.ts';

export const ingestCallsRoute = defineRoute({
  operationId: 'ingestCalls',
  method: 'post',
  base: '/api/v1',
  path: '/ingest/calls',
  summary:
    'Send 1 to 1,000 calls; idempotent on external_id: a call sent again is updated, never its status, assignee or notes',
  auth: 'api-key',
  body: ingestCallsBodySchema,
  bodyExample: INGEST_EXAMPLE.body,
  invalidBodyStatus: 422,
  response: {
    status: 200,
    description: 'What became of each call, in the order sent',
    schema: ingestCallsResponseSchema,
    example: INGEST_EXAMPLE.response,
  },
  errors: {
    400: 'The body is not JSON, or holds text the database cannot store (a NUL character)',
    401: 'No live API key: missing, malformed, unknown or revoked',
    409: 'An agent belongs to another organisation, or to none; nothing was stored',
    413: 'The body is larger than the ingestion limit (4 MB)',
    422: 'A call is invalid: error.fields names each problem as calls.<index>.<field>; nothing was stored',
    429: "Too many requests with this key; wait for the Retry-After header's seconds",
  },
  errorExamples: {
    409: {
      error: {
        code: 'CONFLICT',
        message:
          'Agent gx-agent-1 belongs to another organisation, or to none. Nothing was stored.',
        fields: { 'calls.0.agent_id': 'belongs to another organisation, or to none' },
      },
    },
    422: {
      error: {
        code: 'UNPROCESSABLE',
        message:
          'Invalid request, nothing was stored: calls.3.started_at must be an ISO 8601 date-time; calls.7.recording_url must be an https URL.',
        fields: {
          'calls.3.started_at': 'must be an ISO 8601 date-time',
          'calls.7.recording_url': 'must be an https URL',
        },
      },
    },
  },
});
