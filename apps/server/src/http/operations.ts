// The operator's endpoints (docs/operations.md). /metrics: the middleware that times every request
// by its route template, and the scrape with its protection: served on PORT only with
// METRICS_TOKEN, on a listener of its own with METRICS_PORT, and otherwise a plain 404, never the
// web app. /ops/backup: a consistent copy of the embedded database for `npm run db:backup`.
import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { Metrics } from '../lib/metrics.ts';
import type { ApiEnv } from './api-env.ts';
import { AppError } from './errors.ts';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Times every request and counts it under the route that answered it: the template it was
 * declared with (/api/v1/calls/:callId), never the path, so that the series stay few. A request
 * refused by a middleware counts under that middleware's pattern (/api/v1/*), and one that
 * matched nothing under the catch-all that answered it.
 */
export function requestMetrics(metrics: Metrics): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const started = performance.now();
    // For the routes that count what they received (calls ingested).
    c.set('metrics', metrics);
    try {
      await next();
    } finally {
      const method = METHODS.has(c.req.method) ? c.req.method : 'OTHER';
      metrics.observeRequest(
        method,
        routePath(c) || 'unmatched',
        c.res.status,
        (performance.now() - started) / 1000,
      );
    }
  };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** The bearer token matches, compared in constant time. */
function carriesToken(c: Context, expected: Buffer): boolean {
  const header = c.req.header('authorization');
  const token = header?.match(/^Bearer\s+(\S+)$/iu)?.[1];
  return token !== undefined && timingSafeEqual(digest(token), expected);
}

/** GET /metrics: the scrape, behind the token when one is configured. */
export function metricsEndpoint(metrics: Metrics, token: string | undefined) {
  const expected = token === undefined ? null : digest(token);
  return async (c: Context) => {
    if (expected && !carriesToken(c, expected)) {
      const refused = new AppError(
        'UNAUTHENTICATED',
        'Send the metrics token as Authorization: Bearer …',
      );
      return c.json(refused.toBody(), 401, { 'WWW-Authenticate': 'Bearer realm="metrics"' });
    }
    const { text, contentType } = await metrics.scrape();
    return c.body(text, 200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  };
}

/** The METRICS_PORT listener's app: /metrics and nothing else. */
export function metricsApp(metrics: Metrics, token: string | undefined) {
  const app = new Hono();
  app.get('/metrics', metricsEndpoint(metrics, token));
  app.onError((_error, c) => {
    return c.json({ error: { code: 'INTERNAL', message: 'Could not collect the metrics.' } }, 500);
  });
  app.notFound((c) => c.json(AppError.notFound('Only /metrics is served here.').toBody(), 404));
  return app;
}

export interface BackupSource {
  /** A random token, written for the CLI into DATA_DIR (db/backup.ts), never configured. */
  token: string;
  snapshot: () => Promise<Blob>;
}

/**
 * POST /ops/backup: PGlite's tarball of the running database, for `npm run db:backup` on this
 * machine. The token is in DATA_DIR, so whoever may read it could copy the database files anyway.
 */
export function backupEndpoint({ token, snapshot }: BackupSource) {
  const expected = digest(token);
  return async (c: Context) => {
    // The same answer as for a server without the endpoint: nothing to learn without the token.
    if (!carriesToken(c, expected)) throw AppError.notFound('No such endpoint.');
    const tarball = await snapshot();
    return c.body(tarball.stream(), 200, {
      'Content-Type': 'application/gzip',
      'Cache-Control': 'no-store',
    });
  };
}
