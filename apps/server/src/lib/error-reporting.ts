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
    // Nothing a request carries leaves for Sentry: by default the SDK attaches request bodies
    // (a sign-in's password, a call's content), headers, cookies, query strings (searches for a
    // caller's number), bound SQL parameters and stack-frame variables to events and spans.
    // Reports name the user and request through capture() below (docs/security.md).
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      queues: false,
      graphQL: { document: false, variables: false },
      genAI: { inputs: false, outputs: false },
      mcp: { inputs: false, outputs: false },
      stackFrameVariables: false,
    },
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
