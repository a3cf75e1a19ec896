// /api/v1/admin/integrations (organisation admins) and /api/v1/webhooks/* (the voice platforms),
// docs/ingestion.md.
import { z } from 'zod';
import {
  createdIntegrationSchema,
  createIntegrationBodySchema,
  integrationSchema,
  webhookDeliverySchema,
  webhookResultSchema,
} from '../integrations.ts';
import { defineRoute } from '../route.ts';
import { asAdmin, invalidInput } from './common.ts';

const integrationParams = z.object({
  integrationId: z.uuid({ message: 'must be an integration id' }),
});

const EXAMPLE_INTEGRATION = {
  id: '7d9f1c2e-3b4a-4c5d-8e6f-0a1b2c3d4e5f',
  kind: 'retell',
  name: 'Retell (front desk)',
  webhook_url:
    'https://callboard.example.com/api/v1/webhooks/retell/7d9f1c2e-3b4a-4c5d-8e6f-0a1b2c3d4e5f',
  secret_hint: 'x9Qa',
  created_at: '2026-05-04T09:00:00.000Z',
  created_by: '5f0c6d2e-8a41-4b7c-9d3e-2f1a0b9c8d7e',
  last_delivery: { received_at: '2026-05-04T09:16:02.000Z', status: 'accepted', http_status: 200 },
} as const;

export const listIntegrationsRoute = defineRoute({
  operationId: 'listIntegrations',
  method: 'get',
  base: '/api/v1',
  path: '/admin/integrations',
  summary: "The organisation's voice-platform integrations (never their secrets), newest first",
  auth: 'bearer',
  response: {
    status: 200,
    description: 'The integrations',
    schema: z.object({ rows: z.array(integrationSchema) }),
    example: { rows: [EXAMPLE_INTEGRATION] },
  },
  errors: asAdmin,
});

export const createIntegrationRoute = defineRoute({
  operationId: 'createIntegration',
  method: 'post',
  base: '/api/v1',
  path: '/admin/integrations',
  summary:
    'Connect Retell AI (with its webhook API key) or Vapi (a secret is made); the answer holds the webhook URL',
  auth: 'bearer',
  body: createIntegrationBodySchema,
  bodyExample: { kind: 'retell', name: 'Retell (front desk)', retell_api_key: 'key_…x9Qa' },
  response: {
    status: 201,
    description: 'The integration; for Vapi, `secret` is shown this once',
    schema: createdIntegrationSchema,
    example: { ...EXAMPLE_INTEGRATION, last_delivery: null, secret: null },
  },
  errors: { ...invalidInput, ...asAdmin },
});

export const deleteIntegrationRoute = defineRoute({
  operationId: 'deleteIntegration',
  method: 'delete',
  base: '/api/v1',
  path: '/admin/integrations/{integrationId}',
  summary: 'Remove an integration: its webhook URL is refused from the next request on',
  auth: 'bearer',
  params: integrationParams,
  response: { status: 204, description: 'Done' },
  errors: { ...invalidInput, ...asAdmin, 404: 'No such integration in the organisation' },
});

export const listWebhookDeliveriesRoute = defineRoute({
  operationId: 'listWebhookDeliveries',
  method: 'get',
  base: '/api/v1',
  path: '/admin/integrations/{integrationId}/deliveries',
  summary: "An integration's last webhook deliveries (at most 50, 14 days), newest first",
  auth: 'bearer',
  params: integrationParams,
  response: {
    status: 200,
    description: 'The deliveries',
    schema: z.object({ rows: z.array(webhookDeliverySchema) }),
  },
  errors: { ...invalidInput, ...asAdmin, 404: 'No such integration in the organisation' },
});

const webhookErrors = {
  400: 'The body is not JSON, or holds text the database cannot store',
  401: 'Not verified: unknown or removed integration, or a wrong signature or secret; nothing was stored',
  409: 'The agent belongs to another organisation, or to none; nothing was stored',
  413: 'The body is larger than 1 MB',
  422: 'The call cannot be stored (e.g. no end time, a recording URL that is not https); nothing was stored',
  429: "Too many requests for this integration; wait for the Retry-After header's seconds",
} as const;

const stored = {
  status: 200,
  description: 'The call was stored (created, updated or unchanged); other events answer 204',
  schema: webhookResultSchema,
  example: {
    call_id: 'call_6b1e0f93d2a84c7e9f0a1b2c3d4e5f60',
    external_id: 'Jabr9TXYYJHfvl6Syypi88rdAHYHmcq6',
    result: 'created',
  },
} as const;

export const receiveRetellWebhookRoute = defineRoute({
  operationId: 'receiveRetellWebhook',
  method: 'post',
  base: '/api/v1',
  path: '/webhooks/retell/{integrationId}',
  summary:
    'Retell AI posts call_ended and call_analyzed here, signed (x-retell-signature) with the organisation’s Retell API key',
  auth: 'webhook',
  params: integrationParams,
  response: stored,
  noContent: 'Verified, and not a call event (call_started, transcript_updated …): nothing stored',
  errors: webhookErrors,
});

export const receiveVapiWebhookRoute = defineRoute({
  operationId: 'receiveVapiWebhook',
  method: 'post',
  base: '/api/v1',
  path: '/webhooks/vapi/{integrationId}',
  summary:
    'Vapi posts its end-of-call-report here, with the integration’s secret (X-Vapi-Secret or Authorization: Bearer)',
  auth: 'webhook',
  params: integrationParams,
  response: stored,
  noContent: 'Verified, and not an end-of-call-report (status-update …): nothing stored',
  errors: webhookErrors,
});
