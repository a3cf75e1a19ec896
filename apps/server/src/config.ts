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
    POSTHOG_KEY: z.string().trim().optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
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

/** The subset of configuration that the browser may see. Nothing secret goes here. */
export function publicConfig(config: Config) {
  return {
    environment: config.NODE_ENV,
    sentryDsn: config.SENTRY_DSN ?? null,
    posthogKey: config.POSTHOG_KEY ?? null,
  };
}
