// The server's configuration: every environment variable it reads, validated once at start-up.
// Edit this file (and the README's configuration table) to add a variable.
import { z } from 'zod';
import { DEMO_PASSWORD } from './db/seed/demo-password.ts';

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional())
  .optional();

/** A comma-separated list, its entries trimmed; unset or empty: none. */
const commaList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  );

/**
 * The drain in production: longer than a load balancer's usual health-check interval times its
 * failures-before-down (docs/operations.md, "Shutdown and rolling deploys").
 */
const PRODUCTION_DRAIN_MS = 5_000;

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** The interface to listen on; unset: loopback only, except in production (every one). */
    HOST: z
      .string()
      .trim()
      .transform((value) => (value === '' ? undefined : value))
      .optional(),
    DATABASE_URL: optionalUrl,
    /** With DATABASE_URL: the login for tenant queries; unset: DATABASE_URL as callboard_app. */
    DATABASE_APP_URL: optionalUrl,
    /**
     * With DATABASE_URL: a streaming replica of it that serves the call list, call details,
     * analytics, saved-view counts and CSV export (docs/operations.md, "Read replica"). Only its
     * address counts: reads log in there as the tenant login of DATABASE_APP_URL.
     */
    DATABASE_READ_URL: optionalUrl,
    /** Reads leave the replica while it is further behind the primary than this. */
    DATABASE_READ_MAX_LAG_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
    /**
     * With DATABASE_URL: how long opening a connection (or waiting for a free one) may take before
     * the request is answered 503 (docs/operations.md, "Database outages").
     */
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
    /** With DATABASE_URL: the longest one statement of a request may run; 0 for no limit. */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    DATA_DIR: z.string().min(1).default('./data'),
    APP_URL: z.url().optional(),
    AUTH_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters (try: openssl rand -base64 32)')
      .optional(),
    SMTP_URL: optionalUrl,
    /**
     * smtp: send through SMTP_URL. log: log each mail's recipient and subject only (never its
     * text, which holds live links). outbox: development and tests — log the whole mail and keep it
     * for GET /api/dev/outbox. Unset: smtp when SMTP_URL is set, else outbox outside production.
     */
    MAIL_TRANSPORT: z.enum(['smtp', 'log', 'outbox']).optional(),
    MAIL_FROM: z.string().min(3).default('Callboard <no-reply@callboard.test>'),
    TRUSTED_PROXIES: commaList,
    SENTRY_DSN: optionalUrl,
    // docs/product.md, "Constants": release label default 1.0.0, environment default production.
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
    /** Unset: true outside production, false in production. */
    SEED_DEMO_DATA: z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => (value === undefined ? undefined : value === 'true')),
    /**
     * Whether anyone may create an account on /auth ("Create an account", with a verified address;
     * docs/security.md, "Sign-up"). Unset: true outside production, false in production, where
     * accounts come from invitations unless the operator opens sign-up.
     */
    PUBLIC_SIGN_UP: z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => (value === undefined ? undefined : value === 'true')),
    /**
     * Origins of identity providers on private or loopback addresses that organisations may use
     * for single sign-on, comma-separated (e.g. https://sso.corp.internal). Callboard fetches an
     * identity provider's keys and tokens from the server, so it refuses every non-public address
     * unless it is listed here (docs/security.md, "Single sign-on").
     */
    SSO_INTERNAL_ISSUERS: commaList.pipe(
      z.array(
        z
          .url({ message: 'must be a comma-separated list of origins such as https://sso.corp' })
          .refine((entry) => new URL(entry).origin === entry.replace(/\/$/u, ''), {
            message: 'must list origins only (scheme, host and port, no path)',
          })
          .transform((entry) => new URL(entry).origin),
      ),
    ),
    /** Requests per minute that one API key may make to the ingestion API (docs/ingestion.md). */
    INGEST_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
    /**
     * /metrics (docs/operations.md, "Metrics"): served on PORT only to scrapes that carry this as
     * a bearer token, and required on METRICS_PORT too when set. Unset: no /metrics on PORT.
     */
    METRICS_TOKEN: z
      .string()
      .trim()
      .transform((value) => (value === '' ? undefined : value))
      .pipe(
        z.string().min(32, 'must be at least 32 characters (try: openssl rand -hex 32)').optional(),
      )
      .optional(),
    /** A listener of its own for /metrics alone, on METRICS_HOST; unset: none. */
    METRICS_PORT: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number().int().min(1).max(65535).optional(),
    ),
    /** The interface METRICS_PORT listens on: loopback unless said otherwise. */
    METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
    /** The demo accounts' password; unset: the published one, which production refuses. */
    DEMO_PASSWORD: z.string().min(10, 'must be at least 10 characters').max(128).optional(),
    /**
     * After SIGTERM/SIGINT: how long /readyz answers 503 while requests are still served, so a
     * load balancer stops sending before the listener closes. Unset: 5 s in production, else 0.
     */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).optional(),
    /**
     * Password hashes at once (each about 32 MB and a core for ~100 ms). Unset: one less than the
     * cores Node sees, and at least one (docs/decisions/0038-password-hashing-leaves-a-core.md).
     * Set it in a container whose CPU quota is smaller than the machine's cores, which Node counts.
     */
    PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    /** After SIGTERM/SIGINT: the most the whole shutdown may take (drain included). */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(1).max(600_000).default(10_000),
  })
  .superRefine((env, ctx) => {
    const production = env.NODE_ENV === 'production';
    if (env.DATABASE_READ_URL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_READ_URL'],
        message:
          'needs DATABASE_URL (the primary it replicates); the embedded database has no replicas',
      });
    }
    if (env.MAIL_TRANSPORT === 'smtp' && !env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'is required when MAIL_TRANSPORT=smtp',
      });
    }
    if (production && !env.SMTP_URL && env.MAIL_TRANSPORT !== 'log') {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message:
          'is required when NODE_ENV=production (or set MAIL_TRANSPORT=log to log recipients and subjects only)',
      });
    }
    if (production && env.MAIL_TRANSPORT === 'outbox') {
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_TRANSPORT'],
        message: 'outbox keeps live links in memory and logs; it is for development only',
      });
    }
    if (
      production &&
      env.SEED_DEMO_DATA === true &&
      (env.DEMO_PASSWORD ?? DEMO_PASSWORD) === DEMO_PASSWORD
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['DEMO_PASSWORD'],
        message:
          'must be set, to something other than the published demo password, for SEED_DEMO_DATA=true in production',
      });
    }
    const drainMs = env.SHUTDOWN_DRAIN_MS ?? (production ? PRODUCTION_DRAIN_MS : 0);
    if (drainMs >= env.SHUTDOWN_GRACE_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['SHUTDOWN_DRAIN_MS'],
        message: `must be less than SHUTDOWN_GRACE_MS (${env.SHUTDOWN_GRACE_MS} ms), which includes it`,
      });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'must differ from PORT',
      });
    }
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

type ParsedConfig = z.output<typeof configSchema>;

export type Config = Omit<
  ParsedConfig,
  | 'APP_URL'
  | 'SEED_DEMO_DATA'
  | 'PUBLIC_SIGN_UP'
  | 'MAIL_TRANSPORT'
  | 'DEMO_PASSWORD'
  | 'SHUTDOWN_DRAIN_MS'
> & {
  APP_URL: string;
  SEED_DEMO_DATA: boolean;
  PUBLIC_SIGN_UP: boolean;
  MAIL_TRANSPORT: 'smtp' | 'log' | 'outbox';
  DEMO_PASSWORD: string;
  SHUTDOWN_DRAIN_MS: number;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

function configError(issues: z.core.$ZodIssue[], env: NodeJS.ProcessEnv): ConfigError {
  return new ConfigError(
    issues.map((issue) => {
      const name = issue.path.join('.') || 'environment';
      const value = env[name];
      const shown =
        value === undefined || /SECRET|URL|KEY|DSN|TOKEN|PASSWORD/.test(name)
          ? ''
          : ` (got "${value}")`;
      return `${name}: ${issue.message}${shown}`;
    }),
  );
}

/** Parses the environment; throws a ConfigError that names every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) throw configError(parsed.error.issues, env);
  const config = parsed.data;
  const production = config.NODE_ENV === 'production';
  return {
    ...config,
    APP_URL: config.APP_URL ?? `http://localhost:${config.PORT}`,
    HOST: config.HOST ?? (production ? undefined : '127.0.0.1'),
    SEED_DEMO_DATA: config.SEED_DEMO_DATA ?? !production,
    PUBLIC_SIGN_UP: config.PUBLIC_SIGN_UP ?? !production,
    MAIL_TRANSPORT:
      config.MAIL_TRANSPORT ?? (config.SMTP_URL ? 'smtp' : production ? 'log' : 'outbox'),
    DEMO_PASSWORD: config.DEMO_PASSWORD ?? DEMO_PASSWORD,
    SHUTDOWN_DRAIN_MS: config.SHUTDOWN_DRAIN_MS ?? (production ? PRODUCTION_DRAIN_MS : 0),
  };
}

const databaseConfigSchema = z.object({
  DATABASE_URL: configSchema.shape.DATABASE_URL,
  DATABASE_APP_URL: configSchema.shape.DATABASE_APP_URL,
  DATA_DIR: configSchema.shape.DATA_DIR,
});
export type DatabaseConfig = z.output<typeof databaseConfigSchema>;

/**
 * The database settings alone, for `npm run db:migrate`: a migration job or an operator's shell
 * has the database's address but need not have the server's secrets, mail or public address,
 * which production otherwise requires.
 */
export function loadDatabaseConfig(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  const parsed = databaseConfigSchema.safeParse(env);
  if (!parsed.success) throw configError(parsed.error.issues, env);
  return parsed.data;
}

/** docs/product.md, "Constants": error sampling 0.1 in production, 1 otherwise. */
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
    /** Whether /auth offers "Create an account". */
    signUp: config.PUBLIC_SIGN_UP,
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
