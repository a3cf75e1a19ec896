// Renders a calls screen as the app would: a router (so links, search params and router state
// work), a fresh query cache, a signed-in session and a fake server. For *.test.tsx files only.
import type { Me } from '@callboard/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { sessionStore } from '../../lib/session.ts';
import { createFakeFetch, DEMO_USER, fakeJwt, type FakeHandler } from '../../testing/fake-fetch.ts';
import { CallDetailScreen } from './components/call-detail-screen.tsx';
import { CallListScreen } from './components/call-list-screen.tsx';

export function signInAs(user: Me = { ...DEMO_USER, organisation: { ...DEMO_USER.organisation } }) {
  const now = Math.floor(Date.now() / 1000);
  sessionStore.setState({
    status: 'signed-in',
    event: 'SIGNED_IN',
    session: {
      access_token: fakeJwt({ sub: user.id, iat: now, exp: now + 900 }),
      expires_in: 900,
      expires_at: now + 900,
      user,
    },
  });
}

function CallPageProbe() {
  const location = useLocation();
  return (
    <div>
      <h1>Call page</h1>
      <p data-testid="call-path">{location.pathname}</p>
      <p data-testid="call-state">{JSON.stringify(location.state)}</p>
    </div>
  );
}

function CallRoute() {
  const location = useLocation();
  const callId = decodeURIComponent(location.pathname.replace('/call/', ''));
  return <CallDetailScreen callId={callId} />;
}

export function renderCalls(
  routes: Record<string, FakeHandler>,
  initialEntry: string | { pathname: string; search?: string; state?: unknown } = '/dashboard',
  options: { callPage?: 'real' | 'probe' } = {},
) {
  const fetchMock = createFakeFetch(routes);
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      { path: '/dashboard', Component: CallListScreen },
      {
        path: '/call/:callId',
        Component: options.callPage === 'probe' ? CallPageProbe : CallRoute,
      },
    ],
    { initialEntries: [initialEntry] },
  );
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { fetchMock, router, queryClient, view, user: userEvent.setup() };
}

/** The query parameters of every GET /api/v1/calls the fake server received. */
export function listRequests(fetchMock: ReturnType<typeof createFakeFetch>): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => {
      const href =
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      return new URL(href, 'http://localhost');
    })
    .filter((url) => url.pathname === '/api/v1/calls')
    .map((url) => url.searchParams);
}
