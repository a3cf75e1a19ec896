// The ingestion API's door (docs/ingestion.md): an organisation's API key as a bearer token, in
// place of a user's access token. Runs before the body is read, so that nobody without a live key
// makes the server parse a large body, and rate-limits per key with counters in PostgreSQL
// (lib/rate-limit.ts, as the sign-in throttles do), so every replica shares them.
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../../db/client.ts';
import type { ApiEnv } from '../../http/api-env.ts';
import { AppError } from '../../http/errors.ts';
import { consumeRate, type RateRule } from '../../lib/rate-limit.ts';
import { apiKeyFromHeader, hashApiKey } from './api-key-secret.ts';
import { findLiveApiKeyId } from './api-keys.queries.ts';

/** Requests per key: `max` in each `window` (seconds) — INGEST_REQUESTS_PER_MINUTE a minute. */
export const ingestRateRule = (requestsPerMinute: number): RateRule => ({
  window: 60,
  max: requestsPerMinute,
});

export function apiKeyAuth(db: Db, rule: RateRule): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const key = apiKeyFromHeader(c.req.header('authorization'));
    if (!key) throw AppError.invalidApiKey();
    const keyHash = hashApiKey(key);
    const apiKeyId = await findLiveApiKeyId(db, keyHash);
    if (!apiKeyId) throw AppError.invalidApiKey();
    const decision = await consumeRate(db, `api-key:${apiKeyId}`, rule);
    if (!decision.allowed) {
      const seconds = decision.retryAfter ?? rule.window;
      c.header('Retry-After', String(seconds));
      const refused = new AppError(
        'RATE_LIMITED',
        `Too many requests with this API key: at most ${rule.max} every ${rule.window} seconds. Try again in ${seconds} seconds.`,
      );
      return c.json(refused.toBody(), refused.status);
    }
    c.set('db', db);
    c.set('apiKeyHash', keyHash);
    await next();
  };
}
