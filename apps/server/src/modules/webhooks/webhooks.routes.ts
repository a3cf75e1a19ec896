import { receiveRetellWebhookRoute, receiveVapiWebhookRoute } from '@callboard/contract';
import type { Context } from 'hono';
import type { ApiEnv } from '../../http/api-env.ts';
import { serve } from '../../http/routes.ts';
import type { SecretBox } from '../integrations/integration-secret.ts';
import { receiveWebhook } from './webhooks.service.ts';

/** The raw body: the signature is over its bytes, not over a re-serialised parse. */
async function receive(c: Context<ApiEnv>, secrets: SecretBox) {
  const stored = await receiveWebhook(c.var.db, secrets, c.var.integration, {
    rawBody: await c.req.text(),
    header: (name) => c.req.header(name),
  });
  if (!stored) return undefined;
  c.var.metrics.countIngested(c.var.integration.kind, { [stored.result]: 1 });
  return stored;
}

export const webhookRoutes = (secrets: SecretBox) => [
  serve(receiveRetellWebhookRoute, (c) => receive(c, secrets)),
  serve(receiveVapiWebhookRoute, (c) => receive(c, secrets)),
];
