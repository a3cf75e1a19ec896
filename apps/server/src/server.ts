// Builds a running Callboard from a configuration: database (migrated, seeded when empty),
// identity, mail and the HTTP app. main.ts serves it; the tests start it on a free port.
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import {
  checkTenantConnection,
  databaseTarget,
  openDatabase,
  type Database,
  type DatabaseTarget,
} from './db/client.ts';
import { migrateDatabase, withStartupLock } from './db/migrate.ts';
import { analyzeStaleTables } from './db/planner-statistics.ts';
import { createReadReplica, replicaAppUrl } from './db/read-replica.ts';
import {
  demoAccountsWithPublishedPassword,
  PublishedDemoPasswordError,
} from './db/seed/demo-guard.ts';
import { seedDemoDataIfEmpty } from './db/seed/seed.ts';
import { createApp } from './http/app.ts';
import type { ShutdownState } from './http/shutdown.ts';
import { resolveAuthSecret } from './lib/auth-secret.ts';
import { createErrorReporter } from './lib/error-reporting.ts';
import { createMailQueue } from './lib/mail-queue.ts';
import { createMailer } from './lib/mailer.ts';
import { createMetrics } from './lib/metrics.ts';
import { pruneRates } from './lib/rate-limit.ts';
import { createAuth } from './modules/auth/auth.ts';
import { createLiveHub } from './modules/events/live-hub.ts';

export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface BuildOptions {
  config: Config;
  logger: Logger;
  /** Defaults to the configured database; tests pass their own. */
  database?: Database;
  databaseTarget?: DatabaseTarget;
  webRoot?: string | null;
  /** The live-update heartbeat; the product's 30 s unless a test says otherwise. */
  liveHeartbeatMs?: number;
}

export async function buildServer(options: BuildOptions) {
  const { logger } = options;
  const config = { ...options.config, AUTH_SECRET: resolveAuthSecret(options.config) };
  const database =
    options.database ?? (await openDatabase(options.databaseTarget ?? databaseTarget(config)));
  await migrateDatabase(database, logger);
  try {
    await checkTenantConnection(database);
  } catch (error) {
    if (!options.database) await database.close();
    throw error;
  }
  if (config.SEED_DEMO_DATA) {
    // Under the start-up lock: replicas starting together on an empty database load it once.
    const seeded = await withStartupLock(
      database,
      () => seedDemoDataIfEmpty(database.db, { logger, password: config.DEMO_PASSWORD }),
      logger,
    );
    if (seeded) logger.info(seeded, 'loaded the demo data into the empty database');
  }
  if (config.NODE_ENV === 'production') {
    const exposed = await demoAccountsWithPublishedPassword(database.db);
    if (exposed.length > 0) {
      if (!options.database) await database.close();
      throw new PublishedDemoPasswordError(exposed);
    }
  }
  if (database.kind === 'pglite') {
    // No autovacuum in the embedded database: its planner has statistics only if asked.
    const analysed = await analyzeStaleTables(database.db);
    if (analysed.length > 0) {
      logger.info(
        { tables: analysed.length },
        'gathered planner statistics for the embedded database',
      );
    }
  }
  await pruneRates(database.db);
  const mailer = createMailer({
    transport: config.MAIL_TRANSPORT,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    logger,
  });
  const mail = createMailQueue({ db: database.db, mailer, logger });
  const auth = createAuth({ db: database.db, config, mail, logger });
  const errorReporter = await createErrorReporter(config, logger);
  // Started (checked every second) by whoever serves the app, like the live hub below; until
  // then every read runs on the primary.
  const readReplica =
    config.DATABASE_READ_URL && database.kind === 'postgres'
      ? createReadReplica({
          database,
          url: replicaAppUrl(config.DATABASE_READ_URL, config.DATABASE_APP_URL),
          maxLagMs: config.DATABASE_READ_MAX_LAG_MS,
          logger,
        })
      : null;
  // Started (listening) by whoever serves the app: main.ts, or the test server.
  const live = createLiveHub({
    database,
    logger,
    ...(options.liveHeartbeatMs === undefined ? {} : { heartbeatMs: options.liveHeartbeatMs }),
  });
  const shutdown: ShutdownState = { stopping: false };
  const metrics = createMetrics({ database, live, logger });
  // Its last check's figure: null (NaN on the gauge) while the replica cannot be measured.
  if (readReplica) metrics.measureReplicaLag(() => readReplica.status().lagSeconds ?? null);
  // The embedded database is copied through the running server (db/backup.ts).
  const backup = database.snapshot
    ? { token: randomBytes(32).toString('base64url'), snapshot: database.snapshot }
    : null;
  const app = createApp({
    db: database.db,
    config,
    logger,
    mailer,
    mail,
    auth,
    errorReporter,
    live,
    readReplica,
    metrics,
    backup,
    webRoot:
      options.webRoot === undefined ? (config.WEB_DIST_DIR ?? DEFAULT_WEB_ROOT) : options.webRoot,
    shutdown,
  });
  return {
    app,
    database,
    config,
    mailer,
    mail,
    auth,
    errorReporter,
    live,
    readReplica,
    shutdown,
    metrics,
    backup,
  };
}
