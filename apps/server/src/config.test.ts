import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadDatabaseConfig, publicConfig } from './config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATA_DIR: './data',
      APP_URL: 'http://localhost:3000',
      SEED_DEMO_DATA: true,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.AUTH_SECRET).toBeUndefined();
  });

  it('names every bad variable, one message each', () => {
    const problems = problemsOf({ PORT: 'eighty', DATABASE_URL: 'not a url', NODE_ENV: 'staging' });
    expect(problems).toHaveLength(3);
    expect(problems.find((p) => p.startsWith('PORT:'))).toContain('"eighty"');
    expect(problems.some((p) => p.startsWith('DATABASE_URL:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('NODE_ENV:'))).toBe(true);
    // Secrets and URLs are never echoed back.
    expect(problems.join('\n')).not.toContain('not a url');
  });

  it('takes a number of password hashes at once from 1 up, or leaves it to the cores', () => {
    expect(loadConfig({}).PASSWORD_HASH_CONCURRENCY).toBeUndefined();
    expect(loadConfig({ PASSWORD_HASH_CONCURRENCY: '3' }).PASSWORD_HASH_CONCURRENCY).toBe(3);
    for (const bad of ['0', '1.5', 'two']) {
      expect(problemsOf({ PASSWORD_HASH_CONCURRENCY: bad })).toHaveLength(1);
    }
  });

  it('takes a read replica only beside a PostgreSQL primary', () => {
    expect(problemsOf({ DATABASE_READ_URL: 'postgres://replica/db' })).toEqual([
      'DATABASE_READ_URL: needs DATABASE_URL (the primary it replicates); the embedded database has no replicas',
    ]);
    const config = loadConfig({
      DATABASE_URL: 'postgres://primary/db',
      DATABASE_READ_URL: 'postgres://replica/db',
    });
    expect(config.DATABASE_READ_MAX_LAG_MS).toBe(5_000);
    expect(problemsOf({ DATABASE_READ_MAX_LAG_MS: '-1' })).toHaveLength(1);
  });

  it('requires a secret, the public address and a way to send mail in production', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'SMTP_URL: is required when NODE_ENV=production (or set MAIL_TRANSPORT=log to log recipients and subjects only)',
      'AUTH_SECRET: is required when NODE_ENV=production',
      'APP_URL: is required when NODE_ENV=production (the public address, e.g. https://callboard.example.com)',
    ]);
    expect(
      problemsOf({
        NODE_ENV: 'production',
        APP_URL: 'https://x.test',
        AUTH_SECRET: 'short',
        SMTP_URL: 'smtp://mail.x.test',
      }),
    ).toEqual(['AUTH_SECRET: must be at least 32 characters (try: openssl rand -base64 32)']);
  });

  const production = {
    NODE_ENV: 'production',
    APP_URL: 'https://callboard.example.com',
    AUTH_SECRET: 'p'.repeat(40),
  };

  it('is safe by default in production: no demo data, every interface, mail never logged', () => {
    const config = loadConfig({ ...production, MAIL_TRANSPORT: 'log' });
    expect(config.SEED_DEMO_DATA).toBe(false);
    expect(config.HOST).toBeUndefined();
    expect(config.MAIL_TRANSPORT).toBe('log');
    expect(loadConfig({ ...production, SMTP_URL: 'smtp://mail.x.test' }).MAIL_TRANSPORT).toBe(
      'smtp',
    );
    expect(
      problemsOf({ ...production, MAIL_TRANSPORT: 'outbox', SMTP_URL: 'smtp://m.x.test' }),
    ).toEqual([
      'MAIL_TRANSPORT: outbox keeps live links in memory and logs; it is for development only (got "outbox")',
    ]);
  });

  it('listens on loopback only and keeps mail in the outbox outside production', () => {
    const config = loadConfig({});
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.MAIL_TRANSPORT).toBe('outbox');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(problemsOf({ MAIL_TRANSPORT: 'smtp' })).toEqual([
      'SMTP_URL: is required when MAIL_TRANSPORT=smtp',
    ]);
  });

  it('loads demo data in production only when asked, and never with the published password', () => {
    const asked = { ...production, MAIL_TRANSPORT: 'log', SEED_DEMO_DATA: 'true' };
    expect(problemsOf(asked)).toEqual([
      'DEMO_PASSWORD: must be set, to something other than the published demo password, for SEED_DEMO_DATA=true in production',
    ]);
    expect(problemsOf({ ...asked, DEMO_PASSWORD: 'callboard-demo-2026' })).toHaveLength(1);
    const config = loadConfig({ ...asked, DEMO_PASSWORD: 'a-private-demo-password' });
    expect(config.SEED_DEMO_DATA).toBe(true);
    expect(config.DEMO_PASSWORD).toBe('a-private-demo-password');
  });

  it('drains for 5 s before stopping in production, not at all elsewhere, always within the grace period', () => {
    const production = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'a'.repeat(40),
      APP_URL: 'https://callboard.example.com',
      MAIL_TRANSPORT: 'log',
    };
    expect(loadConfig({})).toMatchObject({ SHUTDOWN_DRAIN_MS: 0, SHUTDOWN_GRACE_MS: 10_000 });
    expect(loadConfig(production)).toMatchObject({
      SHUTDOWN_DRAIN_MS: 5_000,
      SHUTDOWN_GRACE_MS: 10_000,
    });
    expect(loadConfig({ ...production, SHUTDOWN_DRAIN_MS: '0' }).SHUTDOWN_DRAIN_MS).toBe(0);
    expect(problemsOf({ ...production, SHUTDOWN_GRACE_MS: '5000' })).toEqual([
      'SHUTDOWN_DRAIN_MS: must be less than SHUTDOWN_GRACE_MS (5000 ms), which includes it',
    ]);
  });

  it('leaves /metrics off by default and checks how it is protected', () => {
    const config = loadConfig({ METRICS_PORT: '' });
    expect(config.METRICS_TOKEN).toBeUndefined();
    expect(config.METRICS_PORT).toBeUndefined();
    expect(config.METRICS_HOST).toBe('127.0.0.1');
    const problems = problemsOf({
      METRICS_TOKEN: 'short-token',
      PORT: '4000',
      METRICS_PORT: '4000',
    });
    expect(problems).toEqual([
      'METRICS_TOKEN: must be at least 32 characters (try: openssl rand -hex 32)',
      'METRICS_PORT: must differ from PORT (got "4000")',
    ]);
    // The token is never echoed back.
    expect(problems.join('\n')).not.toContain('short-token');
    const open = loadConfig({ METRICS_TOKEN: 'x'.repeat(32), METRICS_PORT: '9464' });
    expect(open).toMatchObject({ METRICS_TOKEN: 'x'.repeat(32), METRICS_PORT: 9464 });
  });

  it('gives the browser only public values', () => {
    const config = loadConfig({
      AUTH_SECRET: 'a'.repeat(40),
      POSTHOG_KEY: 'phc_123',
      DATABASE_URL: 'postgres://u:p@h/db',
    });
    const shown = JSON.stringify(publicConfig(config));
    expect(shown).toContain('phc_123');
    expect(shown).not.toContain('a'.repeat(40));
    expect(shown).not.toContain('postgres://');
  });
});

describe('loadDatabaseConfig', () => {
  it('needs only the database settings, even in production (npm run db:migrate)', () => {
    expect(problemsOf({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@h/db' })).not.toEqual(
      [],
    );
    expect(
      loadDatabaseConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@h/db' }),
    ).toEqual({ DATABASE_URL: 'postgres://u@h/db', DATA_DIR: './data' });
    expect(() => loadDatabaseConfig({ DATABASE_URL: 'not a url' })).toThrow(ConfigError);
  });
});
