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
import { ensureSessionLoaded } from '../lib/session.ts';
import { lazyPage } from './lazy-page.ts';
import { PageLoading } from './page-loading.tsx';
import { RootError } from './root-error.tsx';
import { RootLayout } from './root-layout.tsx';

/** Every page waits for the session (cookie → access token → user) before it renders. */
async function loadSession() {
  await ensureSessionLoaded();
  return null;
}

/** Signed-out visitors go to sign-in, which brings them back here afterwards. */
export async function requireSignedIn({ request }: LoaderFunctionArgs) {
  const state = await ensureSessionLoaded();
  if (state.status === 'signed-in') return null;
  const url = new URL(request.url);
  return redirect(signInPath(`${url.pathname}${url.search}`));
}

/** Signed-in users have no business on the sign-in page: on to where they were going. */
export async function redirectIfSignedIn({ request }: LoaderFunctionArgs) {
  const state = await ensureSessionLoaded();
  if (state.status !== 'signed-in') return null;
  const next = safeRedirectPath(new URL(request.url).searchParams.get(NEXT_PARAM));
  return redirect(next ?? HOME_PATH);
}

// Guards are static loaders, so a redirect never waits for a page's code to download.
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RootError,
    HydrateFallback: PageLoading,
    loader: loadSession,
    children: [
      // The loader redirects before anything renders; element: null says so to the router.
      { index: true, loader: () => redirect(SIGN_IN_PATH), element: null },
      {
        path: 'auth',
        loader: redirectIfSignedIn,
        lazy: lazyPage(() => import('./routes/auth.tsx')),
      },
      { path: 'forgot-password', lazy: lazyPage(() => import('./routes/forgot-password.tsx')) },
      { path: 'update-password', lazy: lazyPage(() => import('./routes/update-password.tsx')) },
      {
        // The signed-in pages share a header; the guard runs before any of their code loads.
        id: 'signed-in',
        loader: requireSignedIn,
        lazy: lazyPage(() => import('./routes/signed-in.tsx')),
        children: [
          { path: 'dashboard', lazy: lazyPage(() => import('./routes/dashboard.tsx')) },
          { path: 'call/:callId', lazy: lazyPage(() => import('./routes/call.tsx')) },
        ],
      },
      { path: '*', lazy: lazyPage(() => import('./routes/not-found.tsx')) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
