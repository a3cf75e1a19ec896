// What the server tells the browser at start-up (GET /api/config, no sign-in needed): the mode it
// runs in, whether anyone may create an account, and where errors and product analytics go (each
// null when not configured). Restated in zod/mini: this file is in every page's first download.
import * as z from 'zod/mini';

/** docs/product.md, "Constants": the release label and environment error reports carry when none is configured. */
export const DEFAULT_RELEASE = '1.0.0';
export const DEFAULT_ENVIRONMENT = 'production';

const modeSchema = z.enum(['development', 'test', 'production']);
export type AppMode = z.infer<typeof modeSchema>;

/** docs/product.md, "Constants": error sampling 0.1 in production, 1 otherwise. */
export function errorSampleRate(mode: AppMode): number {
  return mode === 'production' ? 0.1 : 1;
}

const sentryConfigSchema = z.object({
  dsn: z.string().check(z.minLength(1)),
  environment: z._default(z.string(), DEFAULT_ENVIRONMENT),
  release: z._default(z.string(), DEFAULT_RELEASE),
  sampleRate: z.optional(z.number().check(z.gte(0), z.lte(1))),
});

const posthogConfigSchema = z.object({
  key: z.string().check(z.minLength(1)),
  host: z.string().check(z.minLength(1)),
});

const publicConfigSchema = z.object({
  mode: z.catch(modeSchema, 'production'),
  /** Whether /auth offers "Create an account" (open sign-up, docs/security.md, "Sign-up"). */
  signUp: z.catch(z.boolean(), false),
  sentry: z.nullable(sentryConfigSchema),
  posthog: z.nullable(posthogConfigSchema),
});

export type PublicConfig = z.infer<typeof publicConfigSchema>;
export type SentryConfig = NonNullable<PublicConfig['sentry']>;
export type PostHogConfig = NonNullable<PublicConfig['posthog']>;

export async function fetchPublicConfig(fetchImpl: typeof fetch = fetch): Promise<PublicConfig> {
  const response = await fetchImpl('/api/config', {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
  return z.parse(publicConfigSchema, await response.json());
}
