// Voice-platform integrations (/api/v1/admin/integrations, organisation admins) and the webhooks
// they open (/api/v1/webhooks/{retell|vapi}/{integrationId}, called by the platform itself).
// docs/ingestion.md describes both; docs/decisions/0015-voice-platform-webhooks.md says why they
// are built so.
import { z } from 'zod';

export const INTEGRATION_KINDS = ['retell', 'vapi'] as const;
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];

/** What a platform's webhook request became (the delivery log). */
export const DELIVERY_STATUSES = ['accepted', 'ignored', 'rejected'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Deliveries kept per integration, newest first; older ones are pruned as new ones arrive. */
export const DELIVERIES_KEPT = 50;
/** Days a delivery is kept at most. */
export const DELIVERY_DAYS_KEPT = 14;

const name = z
  .string({ message: 'must be text' })
  .trim()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters');

/** Retell API keys are opaque; this only keeps out what cannot be one. */
const retellApiKey = z
  .string({ message: 'must be text' })
  .trim()
  .min(8, 'must be at least 8 characters')
  .max(500, 'must be at most 500 characters')
  .regex(/^\S+$/u, 'must not contain spaces');

export const createIntegrationBodySchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('retell'), name, retell_api_key: retellApiKey }),
    z.object({ kind: z.literal('vapi'), name }),
  ],
  { message: 'must be retell or vapi' },
);
export type CreateIntegrationBody = z.input<typeof createIntegrationBodySchema>;

export const integrationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(INTEGRATION_KINDS),
  name: z.string(),
  /** The URL to paste into the platform's webhook (Retell) or server URL (Vapi) setting. */
  webhook_url: z.string(),
  /** Retell: the last 4 characters of the stored API key, to recognise it; Vapi: null. */
  secret_hint: z.string().nullable(),
  created_at: z.string(),
  /** The admin who created it; null once they are no longer a user. */
  created_by: z.uuid().nullable(),
  last_delivery: z
    .object({
      received_at: z.string(),
      status: z.enum(DELIVERY_STATUSES),
      http_status: z.number().int(),
    })
    .nullable(),
});
export type Integration = z.infer<typeof integrationSchema>;

/** The answer to creating one: for Vapi, the only time its secret is shown. */
export const createdIntegrationSchema = integrationSchema.extend({
  /** Vapi: the secret to set as the server URL's credential; never shown again. Retell: null. */
  secret: z.string().nullable(),
});
export type CreatedIntegration = z.infer<typeof createdIntegrationSchema>;

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  received_at: z.string(),
  /** Retell's `event` or Vapi's `message.type`; null when the body could not be read. */
  event_type: z.string().nullable(),
  /** The platform's id for the call, when the body named one. */
  platform_call_id: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  http_status: z.number().int(),
  error: z.string().nullable(),
  /** The call it created or updated. */
  call_id: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** The answer to a delivery that stored a call (the other accepted deliveries answer 204). */
export const webhookResultSchema = z.object({
  call_id: z.string(),
  external_id: z.string(),
  result: z.enum(['created', 'updated', 'unchanged']),
});
export type WebhookResult = z.infer<typeof webhookResultSchema>;
