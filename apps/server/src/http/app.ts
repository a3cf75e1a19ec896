// The HTTP application: health, identity (/api/auth), the product API (/api/v1), the development
// outbox, and — when the web app has been built — the SPA itself.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { sql } from 'drizzle-orm';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import type { Logger } from 'pino';
import { CALL_IMPORT_MAX_BYTES } from '@callboard/contract';
import { publicConfig, type Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { ReadReplica } from '../db/read-replica.ts';
import { isDatabaseUnavailable, unavailableCause } from '../db/unavailable.ts';
import type { ErrorReporter } from '../lib/error-reporting.ts';
import type { MailQueue } from '../lib/mail-queue.ts';
import type { Mailer } from '../lib/mailer.ts';
import type { Metrics } from '../lib/metrics.ts';
import type { Auth } from '../modules/auth/auth.ts';
import { authRoutes } from '../modules/auth/auth.routes.ts';
import { devRoutes } from '../modules/dev/dev.routes.ts';
import { analyticsRoutes } from '../modules/analytics/analytics.routes.ts';
import { adminRoutes } from '../modules/admin/admin.routes.ts';
import { apiKeyAuth, ingestRateRule } from '../modules/api-keys/api-key-auth.ts';
import { apiKeyRoutes } from '../modules/api-keys/api-keys.routes.ts';
import { callCsvRoutes } from '../modules/call-csv/call-csv.routes.ts';
import { callRoutes } from '../modules/calls/calls.routes.ts';
import { diagnosticsRoutes } from '../modules/diagnostics/diagnostics.routes.ts';
import { eventRoutes } from '../modules/events/events.routes.ts';
import type { LiveHub } from '../modules/events/live-hub.ts';
import { ingestRoutes } from '../modules/ingest/ingest.routes.ts';
import { secretBox } from '../modules/integrations/integration-secret.ts';
import { ssoSettingsRoutes } from '../modules/admin/sso-settings.ts';
import { integrationRoutes } from '../modules/integrations/integrations.routes.ts';
import { WEBHOOK_PATH, webhookGate } from '../modules/webhooks/webhook-gate.ts';
import { webhookRoutes } from '../modules/webhooks/webhooks.routes.ts';
import {
  invitationRoutes,
  publicInvitationRoutes,
} from '../modules/invitations/invitations.routes.ts';
import { meRoutes } from '../modules/me/me.routes.ts';
import { notificationRoutes } from '../modules/notifications/notifications.routes.ts';
import { organisationRoutes } from '../modules/organisation/organisation.routes.ts';
import { platformRoutes } from '../modules/platform/platform.routes.ts';
import { viewRoutes } from '../modules/views/views.routes.ts';
import { createAccessTokenVerifier } from './access-token.ts';
import { openApiDocument } from './openapi.ts';
import { readConsistency } from './read-consistency.ts';
import {
  backupEndpoint,
  metricsEndpoint,
  requestMetrics,
  type BackupSource,
} from './operations.ts';
import { servedRoutes } from './routes.ts';
import type { ApiEnv } from './api-env.ts';
import type { ShutdownState } from './shutdown.ts';
import { AppError, DATABASE_RETRY_AFTER_SECONDS } from './errors.ts';
import {
  databaseErrorOf,
  hasNoBody,
  inputGuard,
  invalidInputError,
  isInvalidInput,
  redactedDatabaseError,
} from './input-guard.ts';

export interface AppDeps {
  db: Db;
  config: Config;
  logger: Logger;
  /** The transport; only the development outbox reads it directly. */
  mailer: Mailer;
  mail: MailQueue;
  auth: Auth;
  errorReporter: ErrorReporter;
  /** This process's live-update streams (docs/live-updates.md). */
  live: LiveHub;
  metrics: Metrics;
  /** The embedded database's copy for `npm run db:backup`; null on a PostgreSQL server. */
  backup: BackupSource | null;
  /** The built SPA (apps/web/dist); null to serve the API only. */
  webRoot: string | null;
  /** The streaming replica for reads (DATABASE_READ_URL), if any. */
  readReplica?: ReadReplica | null;
  /** Set once the process begins to shut down (http/shutdown.ts); unset: it never does. */
  shutdown?: Readonly<ShutdownState>;
}

/** Request bodies: identity and the public invitation routes take a few fields. */
export const PUBLIC_BODY_LIMIT_BYTES = 16 * 1024;
export const API_BODY_LIMIT_BYTES = 1024 * 1024;
/** The ingestion API: 1,000 calls with their transcripts (docs/ingestion.md). */
export const INGEST_BODY_LIMIT_BYTES = 4 * 1024 * 1024;
const INGEST_PATH = '/api/v1/ingest/';
/** CSV import: a file of up to 10 MB (docs/ingestion.md, "CSV import"). */
const IMPORT_PATH = '/api/v1/admin/calls/import';

function bodyLimitOf(maxSize: number): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize,
    // The server adapter discards what the client still sends (without keeping it), briefly, so
    // the client reads this answer instead of a reset connection.
    onError: () => {
      throw AppError.payloadTooLarge(maxSize);
    },
  });
  return (c, next) => (hasNoBody(c.req.method) ? next() : limit(c, next));
}

/**
 * What a token whose user must still set up two-factor sign-in may call (docs/security.md,
 * "Two-factor sign-in"): who they are, and their own sessions. Enrolment itself is under /api/auth,
 * with the session cookie.
 */
const ENROLMENT_ROUTE =
  /^(?:GET \/api\/v1\/me|GET \/api\/v1\/me\/sessions|DELETE \/api\/v1\/me\/sessions\/[^/]+|POST \/api\/v1\/me\/sessions\/end-others)$/u;

export function createApp(deps: AppDeps) {
  const { db, config, logger, mailer, mail, auth, errorReporter, live, metrics } = deps;
  // The browser talks to Sentry and PostHog directly when they are configured.
  const telemetryOrigins = [config.SENTRY_DSN, config.POSTHOG_KEY ? config.POSTHOG_HOST : undefined]
    .filter((url): url is string => url !== undefined)
    .map((url) => new URL(url).origin);
  const verifyAccessToken = createAccessTokenVerifier(db, {
    issuer: config.APP_URL,
    audience: config.APP_URL,
  });

  const app = new Hono<ApiEnv>();

  // First, so that every answer is counted, refusals and errors included.
  app.use(requestMetrics(metrics));
  // Shutting down (http/shutdown.ts): every answer closes its connection after it, so no client
  // sends another request on a connection that is about to close.
  app.use(async (c, next) => {
    await next();
    if (deps.shutdown?.stopping) c.header('Connection', 'close');
  });
  app.use(requestId());
  // The API's answers say Vary before they exist. compress() sets it with c.header() once an
  // answer is made, and c.header() on a made answer turns its body into a stream that the Node
  // adapter must read back, even when nothing is compressed (docs/architecture.md, "API"). Only
  // answers made with c.json() or c.body() take headers set this early; for the rest (better-auth's,
  // the CSV export, the event stream) and outside the API, compress() still says it.
  app.use('/api/*', async (c, next) => {
    c.header('Vary', 'Accept-Encoding');
    await next();
  });
  // gzip or deflate for JSON, HTML, scripts and styles when the client accepts it. Never for
  // text/event-stream (the middleware's own rule, and the stream says no-transform): each event
  // must leave when it is sent, not when a compressor's buffer fills.
  app.use(compress());
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    // Server time of the request, for browsers' devtools and for benchmarks.
    c.res.headers.append('Server-Timing', `app;dur=${ms}`);
    const entry = {
      requestId: c.var.requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms,
      // With a read replica: where the request's reads ran.
      ...(c.var.reads?.servedBy ? { readFrom: c.var.reads.servedBy } : {}),
    };
    if (c.req.path === '/healthz' || c.req.path === '/readyz') logger.debug(entry, 'request');
    else logger.info(entry, 'request');
  });
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...telemetryOrigins],
        mediaSrc: ["'self'", 'https:'],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
      strictTransportSecurity: config.NODE_ENV === 'production' ? 'max-age=63072000' : false,
    }),
  );

  app.onError((error, c) => {
    if (error instanceof AppError && (error.status !== 503 || error.code === 'UNAVAILABLE')) {
      // 429s and the shutdown's 503 (http/shutdown.ts) say themselves when to come back.
      if (error.retryAfter !== undefined) c.header('Retry-After', String(error.retryAfter));
      return c.json(error.toBody(), error.status);
    }
    if (error instanceof AppError || isDatabaseUnavailable(error)) {
      // The database is out of reach (docs/operations.md, "Database outages"): fail fast and say
      // when to try again. A read has no outcome to be unsure about, whatever its transaction.
      const safe = c.req.method === 'GET' || c.req.method === 'HEAD';
      const answer =
        error instanceof AppError && !(safe && error.code === 'OUTCOME_UNKNOWN')
          ? error
          : AppError.databaseUnavailable();
      logger.warn(
        {
          requestId: c.var.requestId,
          path: c.req.path,
          code: answer.code,
          cause: unavailableCause(error) ?? undefined,
        },
        'database unavailable',
      );
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json(answer.toBody(), 503);
    }
    if (error instanceof HTTPException && error.status < 500) {
      const body = new AppError('VALIDATION_FAILED', error.message || 'Bad request').toBody();
      return c.json(body, error.status);
    }
    // A driver error (raw, or wrapped by Drizzle) carries the query and its parameters — values
    // from the request, perhaps personal data: only its SQLSTATE and message are logged.
    const database = databaseErrorOf(error);
    const where = { requestId: c.var.requestId, path: c.req.path };
    if (database && isInvalidInput(database)) {
      // Defence in depth behind the input boundary: a value the database refused is the
      // request's fault, not ours.
      logger.warn({ database, ...where }, 'the database refused a value in the request');
      const invalid = invalidInputError(database);
      return c.json(invalid.toBody(), invalid.status);
    }
    if (database) logger.error({ database, ...where }, 'unhandled database error');
    else logger.error({ err: error, ...where }, 'unhandled error');
    const claims = c.get('claims') as ApiEnv['Variables']['claims'] | undefined;
    errorReporter.capture(database ? redactedDatabaseError(error, database) : error, {
      requestId: c.var.requestId,
      path: c.req.path,
      user: c.var.reportedUser ?? (claims ? { id: claims.userId } : undefined),
    });
    return c.json(
      {
        error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
      },
      500,
    );
  });

  // API answers are per user and often private: never kept by a browser or a shared cache. First,
  // so that the refusals of the body limits, the API key check and the input guard are covered.
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });

  // Every API body is size-limited before anything reads it: small where no sign-in is needed.
  // The smaller limit is registered first, so it is the one that answers.
  const publicBodyLimit = bodyLimitOf(PUBLIC_BODY_LIMIT_BYTES);
  app.use('/api/auth/*', publicBodyLimit);
  app.use('/api/v1/invitations/*', publicBodyLimit);
  // The ingestion API takes a larger body than the rest of /api/v1, and only with a live API key,
  // which is checked (and rate-limited) before the body is read.
  const ingestBodyLimit = bodyLimitOf(INGEST_BODY_LIMIT_BYTES);
  const apiBodyLimit = bodyLimitOf(API_BODY_LIMIT_BYTES);
  const importBodyLimit = bodyLimitOf(CALL_IMPORT_MAX_BYTES);
  const apiBodyLimits: MiddlewareHandler = (c, next) =>
    c.req.path.startsWith(INGEST_PATH)
      ? ingestBodyLimit(c, next)
      : c.req.path.startsWith(IMPORT_PATH)
        ? importBodyLimit(c, next)
        : apiBodyLimit(c, next);
  app.use('/api/*', apiBodyLimits);
  app.use(`${INGEST_PATH}*`, apiKeyAuth(db, ingestRateRule(config.INGEST_REQUESTS_PER_MINUTE)));
  // Voice-platform webhooks take the rest of /api/v1's 1 MB, and only for a live integration,
  // found (and rate-limited as an API key is) before the body is read.
  app.use(`${WEBHOOK_PATH}*`, webhookGate(db, ingestRateRule(config.INGEST_REQUESTS_PER_MINUTE)));
  // Then no string PostgreSQL cannot take gets further (URL and body).
  app.use('/api/*', inputGuard());
  // With a read replica, read-your-writes for people: identity and the product API carry the
  // position of each client's last write (not ingestion or webhooks, which read nothing back).
  const readsAfterWrites = deps.readReplica
    ? readConsistency(deps.readReplica, { secure: config.NODE_ENV === 'production' })
    : null;
  if (readsAfterWrites) app.use('/api/auth/*', readsAfterWrites);

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  // What the browser needs to know at start-up; public by construction (config.ts).
  const browserConfig = publicConfig(config);
  app.get('/api/config', (c) => c.json(browserConfig));
  app.get('/readyz', async (c) => {
    // Shutting down: a load balancer sends nothing new here (docs/operations.md).
    if (deps.shutdown?.stopping) return c.json({ status: 'stopping' }, 503);
    try {
      await db.execute(sql`select 1`);
      return c.json({ status: 'ok' });
    } catch (error) {
      logger.warn({ err: error }, 'readiness check failed');
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json({ status: 'unavailable' }, 503);
    }
  });

  // Identity: better-auth's endpoints that the product uses, behind its throttles.
  app.route('/api/auth', authRoutes({ db, config, auth }));

  // The product API: every request carries a verified access token.
  const openApi = openApiDocument();
  app.get('/api/v1/openapi.json', (c) => c.json(openApi));
  // Public: the invitation link is the credential.
  app.route(
    '/api/v1',
    servedRoutes(...publicInvitationRoutes({ db, mail, appUrl: config.APP_URL, auth })),
  );
  // An organisation's systems, with an API key (apiKeyAuth, above) rather than an access token.
  app.route('/api/v1', servedRoutes(...ingestRoutes));
  // The voice platforms, verified by an integration's signature or secret (webhookGate, above).
  if (!config.AUTH_SECRET) throw new Error('createApp needs AUTH_SECRET');
  const secrets = secretBox(config.AUTH_SECRET);
  app.route('/api/v1', servedRoutes(...webhookRoutes(secrets)));
  const api = new Hono<ApiEnv>();
  if (readsAfterWrites) api.use(readsAfterWrites);
  api.use(async (c, next) => {
    const header = c.req.header('authorization');
    const token = header?.match(/^Bearer\s+(\S+)$/iu)?.[1];
    const claims = token ? await verifyAccessToken(token) : null;
    if (!claims) throw AppError.unauthenticated();
    if (claims.enrol && !ENROLMENT_ROUTE.test(`${c.req.method} ${c.req.path}`)) {
      throw AppError.twoFactorRequired();
    }
    // A copy: the verifier hands every request with this token the same claims object.
    c.set('claims', c.var.reads ? { ...claims, reads: c.var.reads } : claims);
    c.set('db', db);
    c.set('mail', mail);
    c.set('appUrl', config.APP_URL);
    await next();
  });
  api.route(
    '/',
    servedRoutes(
      ...meRoutes,
      ...notificationRoutes,
      // Before callRoutes: /calls/export.csv is not the call with id "export.csv".
      ...callCsvRoutes,
      ...callRoutes,
      ...analyticsRoutes,
      ...organisationRoutes,
      ...diagnosticsRoutes,
      ...adminRoutes,
      ...apiKeyRoutes,
      ...integrationRoutes({ secrets, appUrl: config.APP_URL }),
      ...ssoSettingsRoutes({
        appUrl: config.APP_URL,
        internalIssuers: config.SSO_INTERNAL_ISSUERS,
      }),
      ...invitationRoutes,
      ...platformRoutes,
      ...viewRoutes,
      ...eventRoutes(live),
    ),
  );
  app.route('/api/v1', api);

  if (config.NODE_ENV !== 'production') app.route('/api/dev', devRoutes(mailer, mail));

  app.all('/api/*', () => {
    throw AppError.notFound('No such API endpoint.');
  });
  // Prometheus metrics on this port only for a scrape with METRICS_TOKEN; otherwise (and with
  // METRICS_PORT) a plain 404 rather than the SPA's HTML (docs/operations.md, "Metrics").
  if (config.METRICS_TOKEN) app.get('/metrics', metricsEndpoint(metrics, config.METRICS_TOKEN));
  app.all('/metrics', () => {
    throw AppError.notFound('No metrics here.');
  });
  // The embedded database's backup (docs/operations.md, "Backups and restore").
  if (deps.backup) app.post('/ops/backup', backupEndpoint(deps.backup));
  app.all('/ops/*', () => {
    throw AppError.notFound('No such endpoint.');
  });

  if (deps.webRoot && existsSync(join(deps.webRoot, 'index.html'))) mountSpa(app, deps.webRoot);

  return app;
}

function mountSpa(app: Hono<ApiEnv>, webRoot: string) {
  const indexHtml = readFileSync(join(webRoot, 'index.html'), 'utf8');
  // The sign-in page with its markup already in the HTML, written by the web app's build
  // (docs/decisions/0039-sign-in-page-in-the-html.md).
  const authFile = join(webRoot, 'auth.html');
  const authHtml = existsSync(authFile) ? readFileSync(authFile, 'utf8') : indexHtml;
  app.use('/*', async (c, next) => {
    await next();
    if (c.res.headers.has('Cache-Control') || c.req.path.startsWith('/api/')) return;
    // Vite names built assets by content hash: they never change, so cache them for good.
    // The HTML names the current assets, so it must never be served stale.
    if (c.req.path.startsWith('/assets/') && c.res.status === 200) {
      c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    } else if (c.res.headers.get('Content-Type')?.startsWith('text/html')) {
      c.res.headers.set('Cache-Control', 'no-cache');
    } else {
      c.res.headers.set('Cache-Control', 'public, max-age=3600');
    }
  });
  // The build writes .br and .gz copies of scripts and styles at the highest levels: sent as they
  // are to clients that accept them, instead of compressed again for each response.
  app.use('/*', serveStatic({ root: relative(process.cwd(), webRoot), precompressed: true }));
  // A missing asset is a 404, so that a stale page sees its chunk fail to load (and reloads).
  app.get('/assets/*', (c) => c.text('Not found', 404));
  // The browser's router shows the sign-in page at /auth/ too (Hono tells the two apart).
  for (const path of ['/auth', '/auth/']) {
    app.get(path, (c) => c.html(authHtml));
    // The sign-in form posts here only when sent before the page's first script has run: back to
    // the page, whose form the app handles.
    app.post(path, (c) => {
      c.header('Cache-Control', 'no-store');
      return c.redirect(`/auth${new URL(c.req.url).search}`, 303);
    });
  }
  // Client-side routes (/dashboard, /call/123 …) all get the SPA.
  app.get('*', (c) => c.html(indexHtml));
}
