import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { configureApiClient } from './lib/api-client.ts';
import { setRequestErrorHandler } from './lib/query-client.ts';
import { handleRequestError } from './lib/request-errors.ts';
import {
  createUnauthenticatedHandler,
  ensureSessionLoaded,
  getFreshAccessToken,
} from './lib/session.ts';
import { startTelemetry, watchSessionIdentity } from './lib/telemetry.ts';

// The session starts before anything else. Its first request (cookie → access token) left with the
// HTML, which preloads it, and is answered from there: the route's code is a dozen files or more,
// and a browser opens six connections to a server, so a request made after them waits for most of
// them (docs/architecture.md, "Front end"; ADR 0042, docs/decisions).
void ensureSessionLoaded();

// Error reporting and analytics start next (their configuration loads beside the session); what
// happens before they are ready waits for them.
void startTelemetry();
watchSessionIdentity();

const router = createAppRouter();

// Every /api/v1 call carries the session's access token; any 401 signs out and goes to /auth.
// (The router's first loaders are already running, but none has an answer before this line.)
configureApiClient({
  getAccessToken: getFreshAccessToken,
  onUnauthenticated: createUnauthenticatedHandler({
    navigate: (to) => void router.navigate(to, { replace: true }),
    currentLocation: () => router.state.location,
  }),
  // The organisation has just started to require two-factor sign-in: a fresh load of the set-up
  // page reads the user (and the new requirement) again.
  onTwoFactorRequired: () => {
    if (window.location.pathname !== '/setup-two-factor')
      window.location.assign('/setup-two-factor');
  },
});
// Every failed query and mutation: 401 → sign out; anything else → analytics event and a toast.
setRequestErrorHandler(handleRequestError);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
