// Server-side error reporting (Sentry), on only when SENTRY_DSN is set. Without it nothing is
// sent; in development a warning says so once.
import type { Logger } from 'pino';
import { errorSampleRate, type Config } from '../config.ts';
import type { ReportedUser } from '../http/api-env.ts';

export interface ErrorReporter {
  enabled: boolean;
  /** Reports an unexpected error with who and what request it happened to. */
  capture: (
    error: unknown,
    context: { requestId?: string; user?: ReportedUser; path?: string },
  ) => void;
  flush: () => Promise<void>;
}

export async function createErrorReporter(config: Config, logger: Logger): Promise<ErrorReporter> {
  if (!config.SENTRY_DSN) {
    if (config.NODE_ENV === 'development') {
      logger.warn('Error reporting is disabled: set SENTRY_DSN to send errors to Sentry.');
    }
    return { enabled: false, capture: () => undefined, flush: () => Promise.resolve() };
  }
  // Loaded only when configured: the SDK and its OpenTelemetry parts cost about 85 MB.
  const Sentry = await import('@sentry/node');
  Sentry.init({
    dsn: config.SENTRY_DSN,
    environment: config.SENTRY_ENVIRONMENT,
    release: config.SENTRY_RELEASE,
    sampleRate: 1,
    tracesSampleRate: errorSampleRate(config),
    debug: config.NODE_ENV === 'development',
  });
  return {
    enabled: true,
    capture: (error, context) => {
      Sentry.withScope((scope) => {
        if (context.user) scope.setUser({ ...context.user });
        if (context.requestId) scope.setTag('request_id', context.requestId);
        if (context.path) scope.setTag('path', context.path);
        Sentry.captureException(error);
      });
    },
    flush: async () => {
      await Sentry.flush(2000);
    },
  };
}
