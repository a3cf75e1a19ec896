// Error reporting (Sentry) and product analytics (PostHog), behind one small facade
// (docs/product.md, "Monitoring" and "Constants"; docs/architecture.md, "Observability"). Each
// is on only when the server's public configuration names it (SENTRY_DSN, POSTHOG_KEY); its SDK
// is then downloaded on demand, so a visitor of a deployment without them — and every visitor's
// first page — pays nothing for it. Without a configuration nothing is sent.
//
// Calls made before the configuration has arrived (an error during the first render, the first
// page view, the user restored from the session cookie) wait in a short queue and are replayed
// once the SDKs are ready, or dropped if telemetry turns out to be off.
import type { Me } from '@callboard/contract';
import {
  fetchPublicConfig,
  type AppMode,
  type PostHogConfig,
  type PublicConfig,
  type SentryConfig,
} from './public-config.ts';
import { useSyncExternalStore } from 'react';
import { sessionStore, type SessionStore } from './session.ts';

/**
 * The identity attached to error reports and analytics (docs/product.md, "Entities": monitored
 * user identity).
 */
export interface MonitoredUser {
  id: string;
  email: string;
  organisationId: string | null;
  organisationName: string | null;
  isSuperAdmin: boolean;
}

export function monitoredUser(user: Me): MonitoredUser {
  return {
    id: user.id,
    email: user.email,
    organisationId: user.organisation?.id ?? null,
    organisationName: user.organisation?.name ?? null,
    isSuperAdmin: user.isSuperAdmin,
  };
}

export interface ErrorReporter {
  captureException(error: unknown, context?: Record<string, unknown>): void;
  setUser(user: MonitoredUser | null): void;
}

export interface ProductAnalytics {
  capture(event: string, properties: Record<string, unknown>): void;
  identify(user: MonitoredUser): void;
  /** Forgets the identified user (sign-out): later events are anonymous again. */
  reset(): void;
}

export interface TelemetryLoaders {
  loadConfig: () => Promise<PublicConfig>;
  loadErrorReporter: (config: SentryConfig, mode: AppMode) => Promise<ErrorReporter>;
  loadAnalytics: (config: PostHogConfig, mode: AppMode) => Promise<ProductAnalytics>;
  /** Resolves when the browser has a moment: the SDKs wait for it, the first page does not. */
  idle: () => Promise<void>;
  warn: (message: string) => void;
}

export const ERROR_REPORTING_DISABLED_WARNING =
  'Error reporting is disabled: set SENTRY_DSN on the server to send errors to Sentry.';

const defaultLoaders: TelemetryLoaders = {
  loadConfig: () => fetchPublicConfig(),
  loadErrorReporter: async (config, mode) =>
    (await import('./telemetry-sentry.ts')).createSentryReporter(config, mode),
  loadAnalytics: async (config, mode) =>
    (await import('./telemetry-posthog.ts')).createPostHogAnalytics(config, mode),
  idle: () =>
    new Promise<void>((resolve) => {
      if (typeof requestIdleCallback === 'function') {
        requestIdleCallback(() => resolve(), { timeout: 2000 });
      } else {
        setTimeout(resolve, 0);
      }
    }),
  warn: (message) => console.warn(message),
};

export type TelemetryStatus =
  | { state: 'starting' }
  | {
      state: 'ready';
      /** Null when the configuration could not be loaded. */
      config: PublicConfig | null;
      errorReporting: boolean;
      analytics: boolean;
    };

// ——— the facade's state ———

/** How many calls may wait for the SDKs; more are dropped (a render loop must not eat memory). */
const MAX_PENDING = 50;

let errorReporter: ErrorReporter | null = null;
let analytics: ProductAnalytics | null = null;
let status: TelemetryStatus = { state: 'starting' };
let starting: Promise<TelemetryStatus> | null = null;
const pending: (() => void)[] = [];
const statusListeners = new Set<() => void>();

function whenReady(action: () => void): void {
  if (status.state === 'ready') action();
  else if (pending.length < MAX_PENDING) pending.push(action);
}

/**
 * Loads the public configuration and, for each service it names, that service's SDK. Safe to call
 * more than once (the first call does the work). Never rejects: telemetry must not break the app.
 */
export function startTelemetry(
  loaders: TelemetryLoaders = defaultLoaders,
): Promise<TelemetryStatus> {
  starting ??= (async () => {
    let config: PublicConfig | null = null;
    try {
      config = await loaders.loadConfig();
    } catch {
      // No configuration, no telemetry.
    }
    if (config?.sentry || config?.posthog) await loaders.idle();
    const [reporter, product] = await Promise.all([
      config?.sentry
        ? loaders.loadErrorReporter(config.sentry, config.mode).catch(() => null)
        : null,
      config?.posthog ? loaders.loadAnalytics(config.posthog, config.mode).catch(() => null) : null,
    ]);
    // docs/product.md, "Monitoring": without an address error monitoring stays disabled, with a
    // warning in development only.
    const mode = config?.mode ?? (import.meta.env.DEV ? 'development' : 'production');
    if (!config?.sentry && mode === 'development') loaders.warn(ERROR_REPORTING_DISABLED_WARNING);
    errorReporter = reporter;
    analytics = product;
    status = { state: 'ready', config, errorReporting: !!reporter, analytics: !!product };
    for (const action of pending.splice(0)) action();
    for (const listener of statusListeners) listener();
    return status;
  })();
  return starting;
}

export function getTelemetryStatus(): TelemetryStatus {
  return status;
}

export function subscribeToTelemetryStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

/** The server's public configuration once start-up has read it: null until then, or if it failed. */
export function usePublicConfig(): PublicConfig | null {
  // The same state on the server: the sign-in page is rendered at build time (app/static-sign-in.tsx).
  const current = useSyncExternalStore(
    subscribeToTelemetryStatus,
    getTelemetryStatus,
    getTelemetryStatus,
  );
  return current.state === 'ready' ? current.config : null;
}

// ——— what the app reports ———

/** Sends an unexpected error to error reporting (with the signed-in user, when there is one). */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  whenReady(() => errorReporter?.captureException(error, context));
}

/** Sends a product-analytics event. */
export function captureEvent(event: string, properties: Record<string, unknown>): void {
  whenReady(() => analytics?.capture(event, properties));
}

let lastPageUrl: string | null = null;

/**
 * Records a page view (docs/product.md, "Routes": every route change, with path, search and
 * referrer). The referrer of the first page is the document's; after that it is the page the user
 * came from in the app. The same address twice in a row is one page view.
 */
export function capturePageView(
  location: { pathname: string; search: string },
  origin: string = window.location.origin,
): void {
  const url = `${origin}${location.pathname}${location.search}`;
  if (url === lastPageUrl) return;
  const referrer = lastPageUrl ?? document.referrer;
  lastPageUrl = url;
  captureEvent('$pageview', {
    path: location.pathname,
    search: location.search,
    referrer,
    $current_url: url,
    $pathname: location.pathname,
  });
}

let identified: MonitoredUser | null = null;

function sameUser(a: MonitoredUser | null, b: MonitoredUser | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.id === b.id &&
    a.email === b.email &&
    a.organisationId === b.organisationId &&
    a.organisationName === b.organisationName &&
    a.isSuperAdmin === b.isSuperAdmin
  );
}

/** Attaches the user to error reports and analytics, or (null) forgets them. */
export function setMonitoredUser(user: MonitoredUser | null): void {
  if (sameUser(identified, user)) return;
  identified = user;
  whenReady(() => {
    errorReporter?.setUser(user);
    if (user) analytics?.identify(user);
    else analytics?.reset();
  });
}

/**
 * Keeps the monitored identity in step with the session: set at sign-in (and when a reload
 * restores the session), cleared at sign-out. Returns stop.
 */
export function watchSessionIdentity(store: SessionStore = sessionStore): () => void {
  const sync = () => {
    const state = store.getState();
    if (state.status === 'signed-in') setMonitoredUser(monitoredUser(state.session.user));
    else if (state.status === 'signed-out') setMonitoredUser(null);
  };
  sync();
  return store.subscribe(sync);
}
