// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createFakeFetch,
  DEMO_USER,
  jsonResponse,
  sessionRoutes,
  type FakeHandler,
} from '../testing/fake-fetch.ts';

/** What the dashboard asks for, for an organisation with no open calls. */
const EMPTY_CALL_LIST: Record<string, FakeHandler> = {
  'GET /api/v1/calls': () =>
    jsonResponse({
      rows: [],
      total: 0,
      page: 1,
      pageSize: 100,
      counts: { open: 0, closed: 0, all: 0 },
    }),
  'GET /api/v1/organisation/members': () => jsonResponse({ members: [] }),
  'GET /api/v1/organisation/agents': () => jsonResponse({ agents: [] }),
};

// Each test loads the app's modules afresh: the session is loaded once per page load.
async function renderApp(
  path: string,
  signedIn: boolean,
  extraRoutes: RouteObject[] = [],
  serverRoutes: Record<string, FakeHandler> = {},
) {
  vi.resetModules();
  vi.stubGlobal('scrollTo', vi.fn()); // ScrollRestoration; jsdom does not scroll
  vi.stubGlobal(
    'fetch',
    createFakeFetch(
      signedIn
        ? { ...sessionRoutes(), ...serverRoutes }
        : { 'GET /api/auth/token': () => jsonResponse({ message: 'Unauthorized' }, 401) },
    ),
  );
  const { routes } = await import('./router.tsx');
  const { createQueryClient } = await import('../lib/query-client.ts');
  const [root] = routes;
  if (!root || root.index) throw new Error('expected the root layout route first');
  const router = createMemoryRouter(
    [{ ...root, children: [...extraRoutes, ...(root.children ?? [])] }],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('routes', () => {
  it("shows 'Loading page...' while the first page loads", async () => {
    await renderApp('/auth', false);
    expect(screen.getByText('Loading page...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Sign in to Callboard' })).toBeTruthy();
  });

  it('sends / to /auth', async () => {
    const router = await renderApp('/', false);
    await screen.findByRole('heading', { name: 'Sign in to Callboard' });
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('sends a signed-out visitor of /dashboard to /auth, remembering the page', async () => {
    const router = await renderApp('/dashboard', false);
    await screen.findByRole('heading', { name: 'Sign in to Callboard' });
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.location.search).toBe('?next=%2Fdashboard');
  });

  it('sends a signed-in user from /auth on to the dashboard, under the app header', async () => {
    const router = await renderApp('/auth', true);
    expect(await screen.findByRole('heading', { name: 'Calls', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByText('Northwind')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it('sends a platform operator with no organisation to the platform console, not the call list', async () => {
    const operator = { ...DEMO_USER, isSuperAdmin: true, role: 'member', organisation: null };
    const platform = {
      'GET /api/v1/me': () => jsonResponse(operator),
      'GET /api/v1/platform/organisations': () => jsonResponse({ organisations: [] }),
    };
    for (const start of ['/auth', '/dashboard']) {
      cleanup();
      const router = await renderApp(start, true, [], platform);
      expect(
        await screen.findByRole('heading', { name: 'Platform console', level: 1 }),
      ).toBeTruthy();
      expect(router.state.location.pathname).toBe('/admin');
      const nav = screen.getByRole('navigation', { name: 'Main' });
      expect(within(nav).queryByRole('link', { name: 'Dashboard' })).toBeNull();
      expect(within(nav).getByRole('link', { name: 'Platform console' })).toBeTruthy();
    }
  });

  it('sends a signed-out visitor of a call to /auth, remembering the call', async () => {
    const router = await renderApp('/call/call_42', false);
    await screen.findByRole('heading', { name: 'Sign in to Callboard' });
    expect(router.state.location.search).toBe('?next=%2Fcall%2Fcall_42');
  });

  it('opens a call page for a signed-in user', async () => {
    await renderApp('/call/call_42', true);
    // The fake server knows no calls: the page says so in the server's words.
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to calls/u }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });

  it('shows a not-found page with a link home for unknown paths', async () => {
    await renderApp('/no/such/page', false);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Callboard' }).getAttribute('href')).toBe('/');
  });

  it("shows 'Unexpected Application Error!' when a page fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('boom');
    };
    await renderApp('/broken', false, [{ path: 'broken', Component: Broken }]);
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the start' }).getAttribute('href')).toBe('/');
    vi.mocked(console.error).mockRestore();
  });
});

describe('the dashboard’s first requests', () => {
  it('asks for the calls as soon as the access token is back, before /me answers, and once', async () => {
    vi.resetModules();
    vi.stubGlobal('scrollTo', vi.fn());
    let answerMe: () => void = () => undefined;
    const meAnswered = new Promise<void>((resolve) => {
      answerMe = resolve;
    });
    const session = sessionRoutes();
    const fetchMock = createFakeFetch({
      ...session,
      'GET /api/v1/me': async () => {
        await meAnswered;
        return session['GET /api/v1/me']();
      },
      ...EMPTY_CALL_LIST,
    });
    vi.stubGlobal('fetch', fetchMock);
    const { routes } = await import('./router.tsx');
    // The app's own query client: the one the loader's requests land in.
    const { queryClient } = await import('../lib/query-client.ts');
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/dashboard'] })} />
      </QueryClientProvider>,
    );
    const requested = (path: string) =>
      fetchMock.mock.calls.filter(
        ([input]) => typeof input === 'string' && new URL(input, 'http://x').pathname === path,
      );

    await vi.waitFor(() => expect(requested('/api/v1/calls')).toHaveLength(1));
    const [, init] = requested('/api/v1/calls')[0] ?? [];
    expect(new Headers(init?.headers).get('Authorization')).toMatch(/^Bearer /u);
    expect(screen.queryByRole('heading', { name: 'Calls', level: 1 })).toBeNull();

    answerMe();
    expect(await screen.findByRole('heading', { name: 'Calls', level: 1 })).toBeTruthy();
    expect(await screen.findByText('No open calls')).toBeTruthy();
    expect(requested('/api/v1/calls')).toHaveLength(1);
    expect(requested('/api/v1/organisation/members')).toHaveLength(1);
  });

  describe('at start-up, the list’s first request', () => {
    const GET_CALLS = '../features/calls/api/get-calls.ts';
    const PREFETCH = '../features/calls/api/prefetch-call-list.ts';

    /** Starts the app at `path` with `missing` (a module) never arriving. */
    async function startWithout(missing: string, path: string) {
      vi.resetModules();
      vi.stubGlobal('scrollTo', vi.fn());
      vi.doMock(missing, () => new Promise(() => undefined));
      const fetchMock = createFakeFetch({
        ...sessionRoutes(),
        ...EMPTY_CALL_LIST,
      });
      vi.stubGlobal('fetch', fetchMock);
      const { routes } = await import('./router.tsx');
      const { queryClient } = await import('../lib/query-client.ts');
      const { sessionStore } = await import('../lib/session.ts');
      const router = createMemoryRouter(routes, { initialEntries: [path] });
      render(
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      );
      const listRequests = () =>
        fetchMock.mock.calls
          .map(([input]) => (typeof input === 'string' ? input : ''))
          .filter((url) => url.startsWith('/api/v1/calls'));
      return { sessionStore, listRequests };
    }

    afterEach(() => {
      vi.doUnmock(GET_CALLS);
      vi.doUnmock(PREFETCH);
    });

    it('goes out before the code that builds it (and the contract) has loaded', async () => {
      const { listRequests } = await startWithout(GET_CALLS, '/dashboard');
      await vi.waitFor(() =>
        expect(listRequests()).toEqual(['/api/v1/calls?status=open&page=1&pageSize=100']),
      );
    });

    it('waits for that code when the address asks for another list', async () => {
      const { sessionStore, listRequests } = await startWithout(
        GET_CALLS,
        '/dashboard?status=closed',
      );
      // The token came back, and GET /me was answered after it.
      await vi.waitFor(() => expect(sessionStore.getState().status).toBe('signed-in'));
      expect(listRequests()).toEqual([]);
    });

    it('is not sent early on a later visit to the dashboard: the screen asks once', async () => {
      // Signed in already: the sign-in page sends the user on once the session has loaded.
      const { listRequests } = await startWithout(PREFETCH, '/auth');
      expect(await screen.findByText('No open calls')).toBeTruthy();
      expect(listRequests()).toEqual(['/api/v1/calls?status=open&page=1&pageSize=100']);
    });
  });
});
