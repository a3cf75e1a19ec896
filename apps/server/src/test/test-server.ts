// A real Callboard on a free loopback port, over a test database, for API tests: real HTTP,
// real better-auth, real PostgreSQL (PGlite or a server).
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import pino from 'pino';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { seedDemoData } from '../db/seed/seed.ts';
import { buildServer } from '../server.ts';

export interface TestServer {
  url: string;
  database: Database;
  mailer: Awaited<ReturnType<typeof buildServer>>['mailer'];
  mail: Awaited<ReturnType<typeof buildServer>>['mail'];
  /** The live-update hub: tests run its heartbeat with live.tick() rather than wait 30 s. */
  live: Awaited<ReturnType<typeof buildServer>>['live'];
  metrics: Awaited<ReturnType<typeof buildServer>>['metrics'];
  close: () => Promise<void>;
}

export async function startTestServer(
  database: Database,
  options: { callsPerOrganisation?: number; env?: Record<string, string> } = {},
): Promise<TestServer> {
  let app: Awaited<ReturnType<typeof buildServer>>['app'] | null = null;
  const server: ServerType = serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: (request, env) =>
      app ? app.fetch(request, env) : new Response('starting', { status: 503 }),
  });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  await seedDemoData(database.db, { callsPerOrganisation: options.callsPerOrganisation ?? 60 });
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: url,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const built = await buildServer({
    config,
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    database,
    webRoot: null,
  });
  await built.live.start();
  await built.readReplica?.start();
  app = built.app;
  return {
    url,
    database,
    mailer: built.mailer,
    mail: built.mail,
    live: built.live,
    metrics: built.metrics,
    close: async () => {
      await built.live.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await built.mail.stop();
      await built.readReplica?.stop();
      await database.close();
    },
  };
}
