// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_USER } from '../testing/fake-fetch.ts';
import type { PostHogConfig, PublicConfig, SentryConfig } from './public-config.ts';
import type { ErrorReporter, ProductAnalytics, TelemetryLoaders } from './telemetry.ts';

// What importing each SDK did, and what it was initialised with (the mocks stand in for them).
const sdk = vi.hoisted(() => ({
  sentryImported: false,
  posthogImported: false,
  sentryInit: [] as unknown[],
  posthogInit: [] as unknown[],
}));

vi.mock('@sentry/react', () => {
  sdk.sentryImported = true;
  return {
    init: (options: unknown) => sdk.sentryInit.push(options),
    browserSessionIntegration: () => ({ name: 'BrowserSession' }),
    browserTracingIntegration: () => ({ name: 'BrowserTracing' }),
    captureException: vi.fn(),
    setUser: vi.fn(),
  };
});

vi.mock('posthog-js/dist/module.slim.no-external.js', () => {
  sdk.posthogImported = true;
  return {
    posthog: {
      init: (key: string, options: unknown) => sdk.posthogInit.push({ key, options }),
      capture: vi.fn(),
      identify: vi.fn(),
      reset: vi.fn(),
    },
  };
});

const OFF: PublicConfig = { mode: 'production', signUp: false, sentry: null, posthog: null };
const SENTRY: SentryConfig = {
  dsn: 'http://public@127.0.0.1:9/1',
  environment: 'production',
  release: '1.0.0',
  sampleRate: 1,
};
const POSTHOG: PostHogConfig = { key: 'phc_test', host: 'http://127.0.0.1:9' };
const ON: PublicConfig = { mode: 'test', signUp: true, sentry: SENTRY, posthog: POSTHOG };

const MIA = {
  id: DEMO_USER.id,
  email: DEMO_USER.email,
  organisationId: DEMO_USER.organisation.id,
  organisationName: DEMO_USER.organisation.name,
  isSuperAdmin: false,
};

function fakeSinks() {
  const reporter = { captureException: vi.fn(), setUser: vi.fn() } satisfies ErrorReporter;
  const analytics = {
    capture: vi.fn(),
    identify: vi.fn(),
    reset: vi.fn(),
  } satisfies ProductAnalytics;
  return { reporter, analytics };
}

function loaders(config: PublicConfig | Error, sinks = fakeSinks()) {
  return {
    sinks,
    loaders: {
      loadConfig: vi.fn(() =>
        config instanceof Error ? Promise.reject(config) : Promise.resolve(config),
      ),
      loadErrorReporter: vi.fn(() => Promise.resolve(sinks.reporter)),
      loadAnalytics: vi.fn(() => Promise.resolve(sinks.analytics)),
      idle: () => Promise.resolve(),
      warn: vi.fn(),
    } satisfies TelemetryLoaders,
  };
}

// The facade keeps state per page load: a fresh copy for each test.
async function freshTelemetry() {
  vi.resetModules();
  return import('./telemetry.ts');
}

beforeEach(() => {
  sdk.sentryImported = false;
  sdk.posthogImported = false;
  sdk.sentryInit.length = 0;
  sdk.posthogInit.length = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('telemetry without a configuration (docs/product.md, "Monitoring": monitoring without an address stays off)', () => {
  it('loads no SDK, sends nothing and drops what was queued', async () => {
    const telemetry = await freshTelemetry();
    const { loaders: load } = loaders(OFF);
    telemetry.reportError(new Error('early'));
    telemetry.capturePageView({ pathname: '/auth', search: '' });
    telemetry.setMonitoredUser(MIA);

    const status = await telemetry.startTelemetry(load);

    expect(status).toEqual({
      state: 'ready',
      config: OFF,
      errorReporting: false,
      analytics: false,
    });
    expect(load.loadErrorReporter).not.toHaveBeenCalled();
    expect(load.loadAnalytics).not.toHaveBeenCalled();
    expect(load.warn).not.toHaveBeenCalled(); // production: no warning
  });

  it('warns on the console in development only', async () => {
    const telemetry = await freshTelemetry();
    const { loaders: load } = loaders({ ...OFF, mode: 'development' });
    await telemetry.startTelemetry(load);
    expect(load.warn).toHaveBeenCalledWith(telemetry.ERROR_REPORTING_DISABLED_WARNING);

    for (const mode of ['test', 'production'] as const) {
      const again = await freshTelemetry();
      const quiet = loaders({ ...OFF, mode }).loaders;
      await again.startTelemetry(quiet);
      expect(quiet.warn).not.toHaveBeenCalled();
    }
  });

  it('stays off when the configuration cannot be loaded', async () => {
    const telemetry = await freshTelemetry();
    const { loaders: load } = loaders(new Error('offline'));
    const status = await telemetry.startTelemetry(load);
    expect(status).toMatchObject({ state: 'ready', config: null, errorReporting: false });
    expect(load.loadErrorReporter).not.toHaveBeenCalled();
    expect(load.loadAnalytics).not.toHaveBeenCalled();
  });

  it('with the real loaders: fetches /api/config and nothing else, and never imports an SDK', async () => {
    const telemetry = await freshTelemetry();
    const fetchMock = vi.fn(() => Promise.resolve(Response.json(OFF)));
    vi.stubGlobal('fetch', fetchMock);
    telemetry.reportError(new Error('boom'));
    telemetry.capturePageView({ pathname: '/dashboard', search: '' });

    await telemetry.startTelemetry();
    telemetry.reportError(new Error('later'));
    telemetry.captureEvent('query_error', { error: true });
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(fetchMock.mock.calls.map((call: unknown[]) => call[0])).toEqual(['/api/config']);
    expect(sdk.sentryImported).toBe(false);
    expect(sdk.posthogImported).toBe(false);
  });
});

describe('telemetry with Sentry and PostHog configured', () => {
  it('loads each SDK with its configuration and replays what happened before', async () => {
    const telemetry = await freshTelemetry();
    const { loaders: load, sinks } = loaders(ON);
    const early = new Error('during the first render');
    telemetry.reportError(early);
    telemetry.setMonitoredUser(MIA);
    telemetry.capturePageView({ pathname: '/dashboard', search: '?status=closed' }, 'http://app');

    const status = await telemetry.startTelemetry(load);

    expect(status).toMatchObject({ state: 'ready', errorReporting: true, analytics: true });
    expect(load.loadErrorReporter).toHaveBeenCalledWith(SENTRY, 'test');
    expect(load.loadAnalytics).toHaveBeenCalledWith(POSTHOG, 'test');
    expect(sinks.reporter.captureException).toHaveBeenCalledWith(early, undefined);
    expect(sinks.reporter.setUser).toHaveBeenCalledWith(MIA);
    expect(sinks.analytics.identify).toHaveBeenCalledWith(MIA);
    expect(sinks.analytics.capture).toHaveBeenCalledWith(
      '$pageview',
      expect.objectContaining({ path: '/dashboard', search: '?status=closed' }),
    );
  });

  it('keeps going without a service whose SDK fails to load', async () => {
    const telemetry = await freshTelemetry();
    const { loaders: load, sinks } = loaders(ON);
    load.loadErrorReporter.mockRejectedValueOnce(new Error('chunk failed'));
    const status = await telemetry.startTelemetry(load);
    expect(status).toMatchObject({ errorReporting: false, analytics: true });
    telemetry.captureEvent('mutation_error', { error: true });
    expect(sinks.analytics.capture).toHaveBeenCalledWith('mutation_error', { error: true });
  });

  it('records page views with path, search and referrer (the previous page after the first)', async () => {
    const telemetry = await freshTelemetry();
    const { loaders: load, sinks } = loaders(ON);
    await telemetry.startTelemetry(load);
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('https://mail.example/inbox');

    telemetry.capturePageView({ pathname: '/auth', search: '?next=%2Fdashboard' }, 'http://app');
    telemetry.capturePageView({ pathname: '/auth', search: '?next=%2Fdashboard' }, 'http://app');
    telemetry.capturePageView({ pathname: '/dashboard', search: '' }, 'http://app');

    expect(sinks.analytics.capture.mock.calls).toEqual([
      [
        '$pageview',
        {
          path: '/auth',
          search: '?next=%2Fdashboard',
          referrer: 'https://mail.example/inbox',
          $current_url: 'http://app/auth?next=%2Fdashboard',
          $pathname: '/auth',
        },
      ],
      [
        '$pageview',
        {
          path: '/dashboard',
          search: '',
          referrer: 'http://app/auth?next=%2Fdashboard',
          $current_url: 'http://app/dashboard',
          $pathname: '/dashboard',
        },
      ],
    ]);
  });

  it('identifies the user at sign-in, not again on a token refresh, and forgets them at sign-out', async () => {
    const telemetry = await freshTelemetry();
    const { createSessionStore } = await import('./session.ts');
    const { loaders: load, sinks } = loaders(ON);
    await telemetry.startTelemetry(load);
    const store = createSessionStore({ status: 'signed-out', event: null, reason: null });
    const stop = telemetry.watchSessionIdentity(store);
    expect(sinks.analytics.reset).not.toHaveBeenCalled(); // nobody was identified

    const user = { ...DEMO_USER, organisation: { ...DEMO_USER.organisation } };
    const session = { access_token: 'a', expires_in: 900, expires_at: 1, user };
    store.setState({ status: 'signed-in', event: 'SIGNED_IN', session });
    store.setState({ status: 'signed-in', event: 'TOKEN_REFRESHED', session });
    expect(sinks.reporter.setUser.mock.calls).toEqual([[MIA]]);
    expect(sinks.analytics.identify.mock.calls).toEqual([[MIA]]);

    store.setState({ status: 'signed-out', event: 'SIGNED_OUT', reason: 'user' });
    expect(sinks.reporter.setUser).toHaveBeenLastCalledWith(null);
    expect(sinks.analytics.reset).toHaveBeenCalledTimes(1);
    stop();
  });

  it('initialises Sentry per docs/product.md: sampling, release, environment, sessions, debug', async () => {
    const { createSentryReporter } = await import('./telemetry-sentry.ts');
    createSentryReporter({ ...SENTRY, sampleRate: undefined }, 'production');
    createSentryReporter({ ...SENTRY, sampleRate: undefined }, 'development');
    expect(sdk.sentryInit).toEqual([
      expect.objectContaining({
        dsn: 'http://public@127.0.0.1:9/1',
        environment: 'production',
        release: '1.0.0',
        sampleRate: 1,
        tracesSampleRate: 0.1,
        debug: false,
        integrations: expect.arrayContaining([{ name: 'BrowserSession' }]) as unknown,
      }),
      expect.objectContaining({ tracesSampleRate: 1, debug: true }),
    ]);
  });

  it('initialises PostHog to send only what the app captures, and nothing from outside', async () => {
    const { createPostHogAnalytics } = await import('./telemetry-posthog.ts');
    createPostHogAnalytics(POSTHOG, 'test');
    expect(sdk.posthogInit).toEqual([
      {
        key: 'phc_test',
        options: expect.objectContaining({
          api_host: 'http://127.0.0.1:9',
          autocapture: false,
          capture_pageview: false,
          disable_external_dependency_loading: true,
          persistence: 'memory',
          disable_session_recording: true,
        }) as unknown,
      },
    ]);
  });
});
