// Production without SMTP (MAIL_TRANSPORT=log): a password reset is asked for over HTTP and
// delivered, and the log names the recipient but never holds the mail's text, whose link would
// let anyone who reads the log take the account (docs/security.md).
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { seedDemoData } from './db/seed/seed.ts';
import { buildServer } from './server.ts';
import { testDatabaseKinds } from './test/databases.ts';

describe.each(testDatabaseKinds)('production mail without SMTP [$name]', ({ create }) => {
  it('logs who a reset mail went to, never its link', async () => {
    const database = await create();
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    try {
      await seedDemoData(database.db, {
        callsPerOrganisation: 0,
        password: 'private-demo-pass-99',
      });
      const appUrl = 'https://callboard.example.com';
      const built = await buildServer({
        config: loadConfig({
          NODE_ENV: 'production',
          APP_URL: appUrl,
          AUTH_SECRET: 'production-secret-production-secret-0123',
          MAIL_TRANSPORT: 'log',
          LOG_LEVEL: 'info',
        }),
        logger: pino({ level: 'info' }, stream),
        database,
        webRoot: null,
      });
      const response = await built.app.request('/api/auth/request-password-reset', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: appUrl },
        body: JSON.stringify({ email: 'mia@northwind.test' }),
      });
      expect(response.status).toBe(200);
      await built.mail.deliverDue();
      const logged = lines.join('\n');
      expect(logged).toContain('mia@northwind.test');
      expect(logged).not.toMatch(/update-password\?token=/u);
      await built.mail.stop();
    } finally {
      await database.close();
    }
  });
});
