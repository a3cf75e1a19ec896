import type { Me } from '@callboard/contract';
import {
  createBrowserRouter,
  redirect,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import {
  HOME_PATH,
  NEXT_PARAM,
  SIGN_IN_PATH,
  safeRedirectPath,
  signInPath,
} from '../lib/safe-redirect.ts';
import { homePath } from '../lib/permissions.ts';
import { firstCallListRequest } from '../features/calls/api/first-list-request.ts';
import { sendEarly } from '../lib/api-client.ts';
import { earlyAccessToken, ensureSessionLoaded, sessionStore } from '../lib/session.ts';
import { lazyPage, setPendingPathSource } from './lazy-page.ts';
import { FirstPageLoading } from './page-loading.tsx';
import { PageError, RootError } from './root-error.tsx';
import { RootLayout } from './root-layout.tsx';

/** Every page waits for the session (cookie → access token → user) before it renders. */
async function loadSession() {
  await ensureSessionLoaded();
  return null;
}

/**
 * Signed-out visitors go to sign-in, which brings them back here afterwards. A member whose
 * organisation requires two-factor sign-in, and who has not set it up, goes to set it up first.
 */
export async function requireSignedIn({ request }: LoaderFunctionArgs) {
  const state = await ensureSessionLoaded();
  if (state.status === 'signed-in') {
    return mustSetUpTwoFactor(state.session.user) ? redirect(SETUP_TWO_FACTOR_PATH) : null;
  }
  const url = new URL(request.url);
  return redirect(signInPath(`${url.pathname}${url.search}`));
}

const SETUP_TWO_FACTOR_PATH = '/setup-two-factor';

function mustSetUpTwoFactor(user: Me): boolean {
  return user.two_factor.required && !user.two_factor.enabled;
}

/** The set-up page is for those who must; anyone else goes on to their home page. */
async function requireTwoFactorSetUp({ request }: LoaderFunctionArgs) {
  const state = await ensureSessionLoaded();
  if (state.status !== 'signed-in') {
    const url = new URL(request.url);
    return redirect(signInPath(url.pathname));
  }
  return mustSetUpTwoFactor(state.session.user) ? null : redirect(homePath(state.session.user));
}

/** Signed-in users have no business on the sign-in page: on to where they were going. */
export async function redirectIfSignedIn({ request }: LoaderFunctionArgs) {
  const state = await ensureSessionLoaded();
  if (state.status !== 'signed-in') return null;
  const next = safeRedirectPath(new URL(request.url).searchParams.get(NEXT_PARAM));
  return redirect(next ?? homePath(state.session.user));
}

/**
 * The dashboard's call list is requested the moment the access token arrives, beside GET /me and
 * the page's code, instead of after both. At start-up the default list's request leaves then too,
 * before even the code that reads it has loaded. The loader does not wait for any of it. A
 * platform operator with no organisation has no call list: they start on the platform console
 * instead.
 */
async function loadDashboard({ request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const firstRequest = sessionStore.getState().status === 'loading' && firstCallListRequest(search);
  const token = earlyAccessToken();
  const early = token.then((accessToken) =>
    accessToken && firstRequest ? sendEarly(firstRequest, accessToken) : undefined,
  );
  void Promise.all([token, early, import('../features/calls/api/prefetch-call-list.ts')])
    .then(([accessToken, sent, { prefetchCallList }]) => {
      if (accessToken) prefetchCallList(search, accessToken, sent);
    })
    .catch(() => undefined); // the screen's own requests will show what is wrong
  // The parent's guard waits for the same session, so this adds no wait of its own.
  const state = await ensureSessionLoaded();
  if (state.status !== 'signed-in') return null;
  const home = homePath(state.session.user);
  return home === HOME_PATH ? null : redirect(home);
}

// Guards are static loaders, so a redirect never waits for a page's code to download.
// The routes are those of docs/product.md, "Routes"; each page is its own module.
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RootError,
    HydrateFallback: FirstPageLoading,
    loader: loadSession,
    children: [
      // The loader redirects before anything renders; element: null says so to the router.
      { index: true, loader: () => redirect(SIGN_IN_PATH), element: null },
      {
        path: 'auth',
        loader: redirectIfSignedIn,
        lazy: lazyPage(() => import('./routes/auth.tsx')),
      },
      {
        path: 'sign-up',
        loader: redirectIfSignedIn,
        lazy: lazyPage(() => import('./routes/sign-up.tsx')),
      },
      {
        path: 'sso',
        loader: redirectIfSignedIn,
        lazy: lazyPage(() => import('./routes/sso.tsx')),
      },
      { path: 'forgot-password', lazy: lazyPage(() => import('./routes/forgot-password.tsx')) },
      { path: 'update-password', lazy: lazyPage(() => import('./routes/update-password.tsx')) },
      {
        path: 'setup-two-factor',
        loader: requireTwoFactorSetUp,
        lazy: lazyPage(() => import('./routes/setup-two-factor.tsx')),
      },
      // Invitees arrive here before they have an account: no sign-in needed.
      { path: 'join', lazy: lazyPage(() => import('./routes/join.tsx')) },
      {
        // The signed-in pages share a header; the guard runs before any of their code loads.
        id: 'signed-in',
        loader: requireSignedIn,
        lazy: lazyPage(() => import('./routes/signed-in.tsx')),
        children: [
          {
            // A page that fails shows its error under the header, whose links still work.
            id: 'signed-in-page',
            ErrorBoundary: PageError,
            children: [
              {
                path: 'dashboard',
                loader: loadDashboard,
                lazy: lazyPage(() => import('./routes/dashboard.tsx')),
              },
              { path: 'analytics', lazy: lazyPage(() => import('./routes/analytics.tsx')) },
              { path: 'admin', lazy: lazyPage(() => import('./routes/admin.tsx')) },
              { path: 'profile', lazy: lazyPage(() => import('./routes/profile.tsx')) },
              { path: 'call/:callId', lazy: lazyPage(() => import('./routes/call.tsx')) },
              { path: 'test-sentry', lazy: lazyPage(() => import('./routes/test-sentry.tsx')) },
            ],
          },
        ],
      },
      { path: '*', lazy: lazyPage(() => import('./routes/not-found.tsx')) },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  // A page whose code fails to load on the way there reloads at its own address.
  setPendingPathSource(() => {
    const target = router.state.navigation.location;
    return target ? `${target.pathname}${target.search}${target.hash}` : null;
  });
  return router;
}
