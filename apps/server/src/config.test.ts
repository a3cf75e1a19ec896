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

  it('requires a secret and the public address in production', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'AUTH_SECRET: is required when NODE_ENV=production',
      'APP_URL: is required when NODE_ENV=production (the public address, e.g. https://callboard.example.com)',
    ]);
    expect(
      problemsOf({ NODE_ENV: 'production', APP_URL: 'https://x.test', AUTH_SECRET: 'short' }),
    ).toEqual(['AUTH_SECRET: must be at least 32 characters (try: openssl rand -base64 32)']);
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
