import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, publicConfig } from './config.ts';

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
