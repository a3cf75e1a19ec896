// Production refuses to start while a demo account still has the published password.
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { buildServer } from '../../server.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { PublishedDemoPasswordError } from './demo-guard.ts';
import { seedDemoData } from './seed.ts';

const productionEnv = {
  NODE_ENV: 'production',
  APP_URL: 'https://callboard.example.com',
  AUTH_SECRET: 'production-secret-production-secret-0123',
  MAIL_TRANSPORT: 'log',
  LOG_LEVEL: 'silent',
};

describe.each(testDatabaseKinds)('the demo-password guard [$name]', ({ create }) => {
  it('refuses to start in production with the published demo password, naming an account', async () => {
    const database = await create();
    try {
      await seedDemoData(database.db, { callsPerOrganisation: 0 });
      const started = buildServer({
        config: loadConfig(productionEnv),
        logger: pino({ level: 'silent' }),
        database,
        webRoot: null,
      });
      await expect(started).rejects.toBeInstanceOf(PublishedDemoPasswordError);
      await expect(started).rejects.toThrow(/demo password.*--remove-demo-accounts/u);
    } finally {
      await database.close();
    }
  });

  it('starts in production when the demo data was loaded with a private password', async () => {
    const database = await create();
    try {
      await seedDemoData(database.db, {
        callsPerOrganisation: 0,
        password: 'private-demo-pass-99',
      });
      const built = await buildServer({
        config: loadConfig(productionEnv),
        logger: pino({ level: 'silent' }),
        database,
        webRoot: null,
      });
      expect((await built.app.request('/healthz')).status).toBe(200);
    } finally {
      await database.close();
    }
  });
});
