// Test support for screens: a signed-in session, and a render inside the app's providers (a
// memory router, so that links, search params and router state work, and a fresh query cache)
// against a fake server (fake-fetch.ts). Imported only by *.test.tsx files.
import type { Me } from '@callboard/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createMemoryRouter,
  RouterProvider,
  type InitialEntry,
  type RouteObject,
} from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';
import { sessionStore } from '../lib/session.ts';
import { createFakeFetch, DEMO_USER, fakeJwt, type FakeHandler } from './fake-fetch.ts';

/** A session for `user` (by default the demo user, an admin of Northwind), valid 15 minutes. */
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

export interface RenderRoutesOptions {
  /** Where the router starts; by default '/'. */
  initialEntry?: InitialEntry;
  /** The fake server's routes (see createFakeFetch); `fetch` is stubbed with it. */
  server?: Record<string, FakeHandler>;
}

/** Renders `routes` in a memory router with a fresh query cache, against a fake server. */
export function renderRoutes(
  routes: RouteObject[],
  { initialEntry = '/', server = {} }: RenderRoutesOptions = {},
) {
  const fetchMock = createFakeFetch(server);
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { fetchMock, router, queryClient, view, user: userEvent.setup() };
}

/** jsdom has no ResizeObserver (Radix and recharts ask for one): one that never reports. */
export function stubResizeObserver(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
