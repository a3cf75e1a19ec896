// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../../components/ui/toast-store.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { sessionStore } from '../../../lib/session.ts';
import {
  createFakeFetch,
  jsonResponse,
  sessionRoutes,
  type FakeHandler,
} from '../../../testing/fake-fetch.ts';
import { UpdatePasswordScreen } from './update-password-screen.tsx';

/** The check a reset link's page makes as it opens: the link works unless a test says not. */
const LIVE_LINK = { 'POST /api/auth/reset-password/check': () => jsonResponse({ valid: true }) };

async function renderUpdatePassword(
  routes: Record<string, FakeHandler>,
  entry = '/update-password?token=tok123',
  { waitForForm = true } = {},
) {
  const fetchMock = createFakeFetch({ ...LIVE_LINK, ...routes });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      { path: '/update-password', Component: UpdatePasswordScreen },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
      { path: '/forgot-password', element: <h1>Forgot password page</h1> },
      { path: '/auth', element: <h1>Sign-in page</h1> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  if (waitForForm) await screen.findByLabelText('New password');
  return { fetchMock, router, user: userEvent.setup() };
}

/** The requests a fake fetch received for one path, with their JSON bodies. */
function sentTo(fetchMock: ReturnType<typeof createFakeFetch>, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input]) => (typeof input === 'string' ? input : '').endsWith(path))
    .map(([, init]) =>
      typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
    );
}

const newPassword = () => screen.getByLabelText('New password');
const confirmation = () => screen.getByLabelText('Confirm new password');

beforeEach(() => sessionStore.setState({ status: 'signed-out', event: null, reason: null }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('UpdatePasswordScreen', () => {
  it('explains a link without a token and offers a new one', async () => {
    await renderUpdatePassword({}, '/update-password', { waitForForm: false });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("This link doesn't work");
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('uses new-password autocomplete and lists the rules', async () => {
    await renderUpdatePassword({});
    expect(newPassword().getAttribute('autocomplete')).toBe('new-password');
    expect(confirmation().getAttribute('autocomplete')).toBe('new-password');
    const rules = document.getElementById(
      newPassword().getAttribute('aria-describedby')?.split(' ')[0] ?? '',
    );
    expect(rules?.textContent).toContain('At least 10 characters');
    expect(rules?.textContent).toContain('Not a common password');
    expect(rules?.textContent).toContain('Not based on your name or email');
  });

  it('checks that both entries match before asking the server', async () => {
    const { fetchMock, user } = await renderUpdatePassword({});
    await user.type(newPassword(), 'harbour-lantern-92');
    await user.type(confirmation(), 'harbour-lantern-29{Enter}');
    expect(screen.getByText("The passwords don't match.")).toBeTruthy();
    expect(confirmation().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(confirmation());
    expect(sentTo(fetchMock, '/api/auth/reset-password')).toEqual([]);
  });

  it('ticks the length rule as the user types', async () => {
    const { user } = await renderUpdatePassword({});
    await user.type(newPassword(), 'short');
    expect(screen.queryByText('(met)')).toBeNull();
    await user.type(newPassword(), '-but-now-long');
    expect(screen.getByText('At least 10 characters').textContent).toContain('(met)');
  });

  it('sends a short password anyway, so the server can list every rule it breaks', async () => {
    const reasons = [
      'Use at least 10 characters.',
      'Do not build your password from your name or email address.',
    ];
    const { user } = await renderUpdatePassword({
      'POST /api/auth/reset-password': () =>
        jsonResponse(
          { code: 'WEAK_PASSWORD', message: 'Choose a stronger password.', reasons },
          400,
        ),
    });
    await user.type(newPassword(), 'gus');
    await user.type(confirmation(), 'gus{Enter}');
    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(reasons);
  });

  it('shows every reason the server gives for a weak password, keeping the input', async () => {
    const reasons = [
      'This password is too common. Choose something less predictable.',
      'Do not build your password from your name or email address.',
    ];
    const { user } = await renderUpdatePassword({
      'POST /api/auth/reset-password': () =>
        jsonResponse(
          { code: 'WEAK_PASSWORD', message: 'Choose a stronger password.', reasons },
          400,
        ),
    });
    await user.type(newPassword(), 'password2026!');
    await user.type(confirmation(), 'password2026!{Enter}');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Choose a stronger password.')).toBeTruthy();
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(reasons);
    expect(document.activeElement).toBe(alert);
    expect(newPassword()).toHaveProperty('value', 'password2026!');
    expect(confirmation()).toHaveProperty('value', 'password2026!');
  });

  it('says when the link has expired or was used, with a way to get a new one', async () => {
    const { user } = await renderUpdatePassword({
      'POST /api/auth/reset-password': () =>
        jsonResponse({ code: 'INVALID_TOKEN', message: 'Invalid token' }, 400),
    });
    await user.type(newPassword(), 'harbour-lantern-92');
    await user.type(confirmation(), 'harbour-lantern-92{Enter}');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This link has been used or has expired.');
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('says at once that a used or expired link no longer works, without a form to fill in', async () => {
    const { fetchMock } = await renderUpdatePassword(
      { 'POST /api/auth/reset-password/check': () => jsonResponse({ valid: false }) },
      '/update-password?token=used-token',
      { waitForForm: false },
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reset link expired' }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(
      'This link has been used or has expired.',
    );
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(sentTo(fetchMock, '/api/auth/reset-password/check')).toEqual([{ token: 'used-token' }]);
  });

  it('shows the form when the link cannot be checked: the server judges it on submit', async () => {
    await renderUpdatePassword({
      'POST /api/auth/reset-password/check': () => jsonResponse({ message: 'down' }, 503),
    });
    expect(newPassword()).toBeTruthy();
  });

  it('shows "Not a common password" failed once the field is left with a common password', async () => {
    const { fetchMock, user } = await renderUpdatePassword({
      'POST /api/auth/password/check': ({ body }) =>
        jsonResponse({ common: (body as { password: string }).password === 'password123' }),
    });
    const rule = () => screen.getByText('Not a common password');
    await user.type(newPassword(), 'password123');
    expect(rule().textContent).not.toContain('(not met)');
    await user.tab();
    await waitFor(() => expect(rule().textContent).toContain('(not met)'));
    expect(sentTo(fetchMock, '/api/auth/password/check')).toEqual([{ password: 'password123' }]);

    // A change makes the answer stale; the next one ticks the rule.
    await user.type(newPassword(), '-harbour-lantern');
    expect(rule().textContent).not.toContain('(not met)');
    await user.tab();
    await waitFor(() => expect(rule().textContent).toContain('(met)'));
  });

  it('on success loads the session in the password-recovery state and opens the dashboard', async () => {
    const { fetchMock, user } = await renderUpdatePassword({
      'POST /api/auth/reset-password': () => jsonResponse({ status: true }),
      ...sessionRoutes(),
    });
    await user.type(newPassword(), 'harbour-lantern-92');
    await user.type(confirmation(), 'harbour-lantern-92{Enter}');

    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
    expect(sessionStore.getState()).toMatchObject({
      status: 'signed-in',
      event: 'PASSWORD_RECOVERY',
    });
    expect(getToasts().at(-1)).toMatchObject({ title: 'Password updated', open: true });
    expect(sentTo(fetchMock, '/api/auth/reset-password')).toEqual([
      { newPassword: 'harbour-lantern-92', token: 'tok123' },
    ]);
  });
});
