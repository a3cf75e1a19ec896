// The PostHog side of lib/telemetry.ts. Imported only on demand, when a project key is configured.
// The slim build without external loading: no autocapture, no session replay, no surveys, no
// scripts fetched from PostHog's CDN (the CSP would refuse them anyway) — events the app sends and
// nothing else. Memory persistence: no cookie and nothing in storage, so no consent banner needed;
// the identity comes back from the session on every page load (lib/telemetry.ts).
import { posthog } from 'posthog-js/dist/module.slim.no-external.js';
import type { AppMode, PostHogConfig } from './public-config.ts';
import type { ProductAnalytics } from './telemetry.ts';

export function createPostHogAnalytics(config: PostHogConfig, mode: AppMode): ProductAnalytics {
  posthog.init(config.key, {
    api_host: config.host,
    persistence: 'memory',
    autocapture: false,
    // Page views are captured by the app on every route change (lib/telemetry.ts).
    capture_pageview: false,
    capture_pageleave: false,
    capture_exceptions: false,
    capture_performance: false,
    capture_heatmaps: false,
    capture_dead_clicks: false,
    rageclick: false,
    disable_session_recording: true,
    disable_surveys: true,
    disable_product_tours: true,
    disable_conversations: true,
    disable_web_experiments: true,
    disable_external_dependency_loading: true,
    advanced_disable_flags: true,
    disable_compression: true,
    person_profiles: 'identified_only',
    // Memory persistence mints a new anonymous id on every page load; merging each into the person
    // at identify() would pile up ids on them. The signed-in person is the user id alone.
    reuseAnonymousId: true,
    debug: mode === 'development',
  });
  return {
    capture: (event, properties) => void posthog.capture(event, properties),
    identify: (user) =>
      posthog.identify(user.id, {
        email: user.email,
        organisationId: user.organisationId,
        organisationName: user.organisationName,
        isSuperAdmin: user.isSuperAdmin,
      }),
    reset: () => posthog.reset(),
  };
}
