// Starts Callboard: `npm start` (built SPA + API on PORT) or `npm run dev`.
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { ConfigError, loadConfig } from './config.ts';
import { removeBackupEndpoint, writeBackupEndpoint } from './db/backup.ts';
import { metricsApp } from './http/operations.ts';
import { limitHeapGrowth } from './lib/heap-growth.ts';
import { createLogger } from './lib/logger.ts';
import { databaseTarget, TenantConnectionError } from './db/client.ts';
import { PublishedDemoPasswordError } from './db/seed/demo-guard.ts';
import { gracefulShutdown } from './http/shutdown.ts';
import { buildServer } from './server.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  limitHeapGrowth(databaseTarget(config).kind);
  const logger = createLogger(config.LOG_LEVEL);
  let built;
  try {
    built = await buildServer({ config, logger });
  } catch (error) {
    if (error instanceof PublishedDemoPasswordError || error instanceof TenantConnectionError) {
      logger.fatal(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { app, database, mail, live, readReplica, shutdown, metrics, backup } = built;
  // Retries mail that could not leave at once (and anything another replica left behind).
  mail.start();
  // Listens for the database's change events before any stream can open.
  await live.start();
  // Checks the read replica (DATABASE_READ_URL) before taking reads to it.
  await readReplica?.start();
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    logger.info(
      {
        address: info.address,
        port: info.port,
        database: database.kind,
        environment: config.NODE_ENV,
      },
      `Callboard is listening on ${config.APP_URL}`,
    );
    // Where `npm run db:backup` on this machine asks for a copy of the embedded database.
    if (backup) {
      writeBackupEndpoint(config.DATA_DIR, {
        pid: process.pid,
        url: localUrl(info),
        token: backup.token,
      });
      process.on('exit', () => removeBackupEndpoint(config.DATA_DIR, process.pid));
    }
  });
  // /metrics alone on a port of its own (docs/operations.md, "Metrics"). It stays up while the
  // API drains at shutdown, so the last scrapes still see the process; the exit closes it.
  if (config.METRICS_PORT !== undefined) {
    serve(
      {
        fetch: metricsApp(metrics, config.METRICS_TOKEN).fetch,
        port: config.METRICS_PORT,
        hostname: config.METRICS_HOST,
      },
      (info) => logger.info({ address: info.address, port: info.port }, 'metrics listening'),
    );
  }

  // docs/operations.md, "Shutdown and rolling deploys".
  const shutDown = gracefulShutdown({
    server: server as Server,
    state: shutdown,
    live,
    mail,
    // The replica's pool and lag probe, then the primary's pools (or PGlite).
    database: {
      close: async () => {
        await readReplica?.stop();
        await database.close();
      },
    },
    logger,
    drainMs: config.SHUTDOWN_DRAIN_MS,
    graceMs: config.SHUTDOWN_GRACE_MS,
  });
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second signal: the operator will not wait.
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    shutDown(signal).then(
      (code) => process.exit(code),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** The address a client on this machine reaches the server at. */
function localUrl(info: AddressInfo): string {
  const host =
    info.address === '0.0.0.0' || info.address === '::'
      ? '127.0.0.1'
      : info.family === 'IPv6'
        ? `[${info.address}]`
        : info.address;
  return `http://${host}:${info.port}`;
}

await main();
