// @vitest-environment jsdom
// The shell around the pages: navigation by role, the user menu, the skip link, the admin, join
// and test-sentry pages, the page-level error screen, and a page view on every route change.
import type { Me } from '@callboard/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createFakeFetch,
  DEMO_USER,
  jsonResponse,
  sessionRoutes,
  type FakeHandler,
} from '../testing/fake-fetch.ts';
import { stubResizeObserver } from '../testing/render.tsx';

const MIA: Me = { ...DEMO_USER, organisation: { ...DEMO_USER.organisation } }; // an admin
const LEO: Me = {
  ...MIA,
  id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  email: 'leo@northwind.test',
  first_name: 'Leo',
  last_name: 'Marsh',
  role: 'member',
};
const ROOT: Me = {
  ...MIA,
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  email: 'root@callboard.test',
  first_name: 'Root',
  last_name: 'Operator',
  role: 'member',
  isSuperAdmin: true,
  organisation: null,
};

const analytics = {
  capture: vi.fn<(event: string, properties: Record<string, unknown>) => void>(),
  identify: vi.fn(),
  reset: vi.fn(),
};
const reporter = {
  captureException: vi.fn<(error: unknown, context?: Record<string, unknown>) => void>(),
  setUser: vi.fn(),
};

// Each test loads the app's modules afresh (the session and telemetry are per page load), with
// telemetry on and its SDKs replaced by spies.
async function renderApp(
  path: string,
  user: Me | null,
  extraRoutes: Record<string, FakeHandler> = {},
) {
  vi.resetModules();
  vi.stubGlobal('scrollTo', vi.fn());
  const fetchMock = createFakeFetch({
    ...(user
      ? { ...sessionRoutes(), 'GET /api/v1/me': () => jsonResponse(user) }
      : { 'GET /api/auth/token': () => jsonResponse({ message: 'Unauthorized' }, 401) }),
    'POST /api/auth/sign-out': () => jsonResponse({ success: true }),
    ...extraRoutes,
  });
  vi.stubGlobal('fetch', fetchMock);
  const { routes } = await import('./router.tsx');
  const { createQueryClient } = await import('../lib/query-client.ts');
  const { TooltipProvider } = await import('../components/ui/tooltip.tsx');
  const telemetry = await import('../lib/telemetry.ts');
  await telemetry.startTelemetry({
    loadConfig: () =>
      Promise.resolve({
        mode: 'test',
        signUp: false,
        sentry: { dsn: 'http://k@127.0.0.1:9/1', environment: 'production', release: '1.0.0' },
        posthog: { key: 'phc_test', host: 'http://127.0.0.1:9' },
      }),
    loadErrorReporter: () => Promise.resolve(reporter),
    loadAnalytics: () => Promise.resolve(analytics),
    idle: () => Promise.resolve(),
    warn: vi.fn(),
  });
  telemetry.watchSessionIdentity();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TooltipProvider>
        <RouterProvider router={router} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { router, fetchMock };
}

beforeEach(() => {
  // Radix measures menus and tooltips; jsdom has no layout.
  stubResizeObserver();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  analytics.capture.mockClear();
  analytics.identify.mockClear();
  analytics.reset.mockClear();
  reporter.captureException.mockClear();
  reporter.setUser.mockClear();
});

function mainNav() {
  return screen.getByRole('navigation', { name: 'Main' });
}

describe('the header', () => {
  it('shows Dashboard, Analytics and Admin to an admin, with the organisation', async () => {
    await renderApp('/admin', MIA);
    await screen.findByRole('heading', { level: 1, name: 'Admin area' });
    const links = within(mainNav()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Analytics', '/analytics'],
      ['Admin', '/admin'],
    ]);
    expect(
      within(mainNav()).getByRole('link', { name: 'Admin' }).getAttribute('aria-current'),
    ).toBe('page');
    expect(screen.getByRole('banner').textContent).toContain('Northwind');
  });

  it('leaves Admin out for a member, and shows it to a platform operator', async () => {
    await renderApp('/dashboard', LEO);
    await screen.findByRole('heading', { level: 1, name: 'Calls' });
    expect(within(mainNav()).queryByRole('link', { name: 'Admin' })).toBeNull();
    cleanup();

    // An operator outside any organisation has no calls: the console is their one destination.
    await renderApp('/test-sentry', ROOT);
    await screen.findByRole('heading', { level: 1, name: 'Error reporting test' });
    const links = within(mainNav()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Platform console', '/admin'],
    ]);
  });

  it('has a user menu with the profile, the theme and sign out', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/admin', MIA);
    await screen.findByRole('heading', { level: 1, name: 'Admin area' });
    await user.click(screen.getByRole('button', { name: 'Mia Hart, account menu' }));
    const menu = await screen.findByRole('menu');
    expect(menu.textContent).toContain('mia@northwind.test');
    expect(menu.textContent).toContain('Northwind');
    expect(menu.textContent).toContain('Admin');
    const themes = within(menu)
      .getAllByRole('menuitemradio')
      .map((item) => item.textContent);
    expect(themes).toEqual(['Light', 'Dark', 'System']);

    await user.click(within(menu).getByRole('menuitemradio', { name: 'Dark' }));
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(
      within(screen.getByRole('menu'))
        .getByRole('menuitemradio', { name: 'Dark' })
        .getAttribute('aria-checked'),
    ).toBe('true');

    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(analytics.reset).toHaveBeenCalledTimes(1);
    expect(reporter.setUser).toHaveBeenLastCalledWith(null);
    localStorage.removeItem('theme');
  });

  it('starts with a skip link that moves focus to the page', async () => {
    const user = userEvent.setup();
    await renderApp('/admin', MIA);
    await screen.findByRole('heading', { level: 1, name: 'Admin area' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(document.activeElement).toBe(skip);
    await user.keyboard('{Enter}');
    expect(document.activeElement?.id).toBe('content');
    expect(document.activeElement?.contains(screen.getByRole('heading', { level: 1 }))).toBe(true);
  });
});

describe('the pages the shell adds', () => {
  it('/admin: the admin area for admins, an explanation for members', async () => {
    await renderApp('/admin', MIA);
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin area' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Members' })).toBeTruthy();
    cleanup();

    await renderApp('/admin', LEO);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'You need to be an organisation admin',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to the dashboard/u }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });

  it('/admin and /test-sentry need a session; /join does not', async () => {
    const { router } = await renderApp('/test-sentry', null);
    await screen.findByRole('heading', { name: 'Sign in to Callboard' });
    expect(router.state.location.search).toBe('?next=%2Ftest-sentry');
    cleanup();

    await renderApp('/join', null);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Join your team on Callboard' }),
    ).toBeTruthy();
  });

  it('/test-sentry: a browser error shows the error screen under the header and is reported', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await renderApp('/test-sentry', ROOT);
    await screen.findByRole('heading', { level: 1, name: 'Error reporting test' });
    expect(screen.getByText('On')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Raise a browser error' }));

    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy(); // the way back
    const [error] = reporter.captureException.mock.calls.at(-1) ?? [];
    expect(error).toMatchObject({ name: 'CallboardBrowserTestError' });
    expect(reporter.setUser).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'root@callboard.test', isSuperAdmin: true }),
    );
    vi.mocked(console.error).mockRestore();
  });

  it('/test-sentry: shows what the server said', async () => {
    const user = userEvent.setup();
    await renderApp('/test-sentry', ROOT, {
      'POST /api/v1/test-sentry': () =>
        jsonResponse({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, 500),
    });
    await user.click(await screen.findByRole('button', { name: 'Raise a server error' }));
    expect(await screen.findByText('The server raised its test error')).toBeTruthy();
    cleanup();

    await renderApp('/test-sentry', LEO, {
      'POST /api/v1/test-sentry': () =>
        jsonResponse(
          {
            error: {
              code: 'FORBIDDEN',
              message: 'Only platform operators can raise a test error.',
            },
          },
          403,
        ),
    });
    expect(
      await screen.findByText(
        'Only platform operators may do this; the server will refuse anyone else.',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Raise a server error' }));
    expect(await screen.findByText('Only platform operators can raise a test error.')).toBeTruthy();
  });
});

describe('page views (docs/product.md, "Routes": every route change, with path, search and referrer)', () => {
  it('records one per route change', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/test-sentry?from=menu', MIA);
    await screen.findByRole('heading', { level: 1, name: 'Error reporting test' });
    await user.click(within(mainNav()).getByRole('link', { name: 'Admin' }));
    await screen.findByRole('heading', { level: 1, name: 'Admin area' });
    await router.navigate('/admin?tab=members');
    await waitFor(() => expect(analytics.capture).toHaveBeenCalledTimes(3));

    const views = analytics.capture.mock.calls.map(([event, properties]) => [
      event,
      properties.path,
      properties.search,
      properties.referrer,
    ]);
    const origin = window.location.origin;
    expect(views).toEqual([
      ['$pageview', '/test-sentry', '?from=menu', ''],
      ['$pageview', '/admin', '', `${origin}/test-sentry?from=menu`],
      ['$pageview', '/admin', '?tab=members', `${origin}/admin`],
    ]);
    expect(analytics.identify).toHaveBeenCalledWith(
      expect.objectContaining({ id: MIA.id, organisationName: 'Northwind' }),
    );
  });
});
