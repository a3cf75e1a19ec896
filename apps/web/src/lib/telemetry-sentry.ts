// The Sentry side of lib/telemetry.ts. Imported only on demand, when a DSN is configured: the SDK
// never reaches a browser that has nowhere to send errors.
import {
  browserSessionIntegration,
  browserTracingIntegration,
  captureException,
  init,
  setUser,
} from '@sentry/react';
import { errorSampleRate, type AppMode, type SentryConfig } from './public-config.ts';
import type { ErrorReporter } from './telemetry.ts';

export function createSentryReporter(config: SentryConfig, mode: AppMode): ErrorReporter {
  init({
    dsn: config.dsn,
    environment: config.environment,
    release: config.release,
    // As on the server: every error is kept; the product's sampling (0.1 in production, 1 otherwise)
    // applies to performance traces.
    sampleRate: 1,
    tracesSampleRate: config.sampleRate ?? errorSampleRate(mode),
    debug: mode === 'development',
    // docs/product.md, "Constants": "automatic session tracking on": the SDK's default, named here so it stays on.
    integrations: [browserSessionIntegration(), browserTracingIntegration()],
  });
  return {
    captureException: (error, context) => {
      captureException(error, context ? { extra: context } : undefined);
    },
    setUser: (user) => setUser(user ? { ...user } : null),
  };
}
