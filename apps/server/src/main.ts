// Starts Callboard: `npm start` (built SPA + API on PORT) or `npm run dev`.
import { serve } from '@hono/node-server';
import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './lib/logger.ts';
import { TenantConnectionError } from './db/client.ts';
import { PublishedDemoPasswordError } from './db/seed/demo-guard.ts';
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
  const { app, database, mail, live } = built;
  // Retries mail that could not leave at once (and anything another replica left behind).
  mail.start();
  // Listens for the database's change events before any stream can open.
  await live.start();
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
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Open event streams would keep the server from closing: end them (clients reconnect to
    // another replica), then let the last requests finish.
    const liveStopped = live.stop();
    server.close(() => {
      void Promise.all([liveStopped, mail.stop()])
        .then(() => database.close())
        .finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

await main();
