// The server's configuration: every environment variable it reads, validated once at start-up.
// Edit this file (and the README's configuration table) to add a variable.
import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional())
  .optional();

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    DATABASE_URL: optionalUrl,
    DATA_DIR: z.string().min(1).default('./data'),
    APP_URL: z.url().optional(),
    AUTH_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters (try: openssl rand -base64 32)')
      .optional(),
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().min(3).default('Callboard <no-reply@callboard.test>'),
    TRUSTED_PROXIES: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      ),
    SENTRY_DSN: optionalUrl,
    // Spec §9: release label default 1.0.0, environment default production.
    SENTRY_ENVIRONMENT: z.string().trim().min(1).default('production'),
    SENTRY_RELEASE: z.string().trim().min(1).default('1.0.0'),
    POSTHOG_KEY: z
      .string()
      .trim()
      .transform((value) => (value === '' ? undefined : value))
      .optional(),
    POSTHOG_HOST: z.url().default('https://eu.i.posthog.com'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** The built SPA to serve; defaults to apps/web/dist. */
    WEB_DIST_DIR: z.string().trim().min(1).optional(),
    SEED_DEMO_DATA: z
      .enum(['true', 'false'])
      .default('true')
      .transform((value) => value === 'true'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message: 'is required when NODE_ENV=production',
      });
    }
    if (env.NODE_ENV === 'production' && !env.APP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_URL'],
        message:
          'is required when NODE_ENV=production (the public address, e.g. https://callboard.example.com)',
      });
    }
  });

export type Config = Omit<z.output<typeof configSchema>, 'APP_URL'> & { APP_URL: string };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** Parses the environment; throws a ConfigError that names every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.') || 'environment';
      const value = env[name];
      const shown =
        value === undefined || /SECRET|URL|KEY|DSN/.test(name) ? '' : ` (got "${value}")`;
      return `${name}: ${issue.message}${shown}`;
    });
    throw new ConfigError(problems);
  }
  const config = parsed.data;
  return { ...config, APP_URL: config.APP_URL ?? `http://localhost:${config.PORT}` };
}

/** Spec §9: error sampling 0.1 in production, 1 otherwise. */
export function errorSampleRate(config: Pick<Config, 'NODE_ENV'>) {
  return config.NODE_ENV === 'production' ? 0.1 : 1;
}

/**
 * The subset of configuration that the browser may see (GET /api/config). Nothing secret goes
 * here: a Sentry DSN and a PostHog project key are public by design.
 */
export function publicConfig(config: Config) {
  return {
    mode: config.NODE_ENV,
    sentry: config.SENTRY_DSN
      ? {
          dsn: config.SENTRY_DSN,
          environment: config.SENTRY_ENVIRONMENT,
          release: config.SENTRY_RELEASE,
          sampleRate: errorSampleRate(config),
        }
      : null,
    posthog: config.POSTHOG_KEY ? { key: config.POSTHOG_KEY, host: config.POSTHOG_HOST } : null,
  };
}
export type PublicConfig = ReturnType<typeof publicConfig>;
