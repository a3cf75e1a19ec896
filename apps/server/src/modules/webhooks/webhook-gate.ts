// The webhooks' door (docs/ingestion.md): before the body is read, the integration the URL names
// must exist (else 401, and nothing is written: an unknown id fills no log), and its requests are
// rate-limited like an API key's (INGEST_REQUESTS_PER_MINUTE, counters in PostgreSQL). The
// request itself is verified by the handler, which needs the body.
import { INTEGRATION_KINDS, type IntegrationKind } from '@callboard/contract';
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../../db/client.ts';
import type { ApiEnv } from '../../http/api-env.ts';
import { AppError } from '../../http/errors.ts';
import { consumeRate, type RateRule } from '../../lib/rate-limit.ts';
import { findIntegration } from './webhooks.queries.ts';

export const WEBHOOK_PATH = '/api/v1/webhooks/';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;

export const unknownIntegration = () =>
  new AppError(
    'UNAUTHENTICATED',
    'Unknown webhook URL: no such integration, or it was removed. Nothing was stored.',
  );

const isKind = (value: string | undefined): value is IntegrationKind =>
  (INTEGRATION_KINDS as readonly string[]).includes(value ?? '');

export function webhookGate(db: Db, rule: RateRule): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const [kind, id, ...rest] = c.req.path.slice(WEBHOOK_PATH.length).split('/');
    // Not a webhook URL at all: the API's 404.
    if (!isKind(kind) || rest.length > 0 || c.req.method !== 'POST') return next();
    const integration = id && UUID.test(id) ? await findIntegration(db, kind, id) : null;
    if (!integration) throw unknownIntegration();
    const decision = await consumeRate(db, `integration:${integration.id}`, rule);
    if (!decision.allowed) {
      const seconds = decision.retryAfter ?? rule.window;
      c.header('Retry-After', String(seconds));
      const refused = new AppError(
        'RATE_LIMITED',
        `Too many requests for this integration: at most ${rule.max} every ${rule.window} seconds. Try again in ${seconds} seconds.`,
      );
      return c.json(refused.toBody(), refused.status);
    }
    c.set('db', db);
    c.set('integration', integration);
    await next();
  };
}
