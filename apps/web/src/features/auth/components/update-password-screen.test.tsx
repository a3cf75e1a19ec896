// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../../components/ui/toast-store.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { sessionStore } from '../../../lib/session.ts';
import {
  createFakeFetch,
  jsonResponse,
  sentBody,
  sessionRoutes,
  type FakeHandler,
} from '../../../testing/fake-fetch.ts';
import { UpdatePasswordScreen } from './update-password-screen.tsx';

function renderUpdatePassword(
  routes: Record<string, FakeHandler>,
  entry = '/update-password?token=tok123',
) {
  const fetchMock = createFakeFetch(routes);
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
  return { fetchMock, router, user: userEvent.setup() };
}

const newPassword = () => screen.getByLabelText('New password');
const confirmation = () => screen.getByLabelText('Confirm new password');

beforeEach(() => sessionStore.setState({ status: 'signed-out', event: null, reason: null }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('UpdatePasswordScreen', () => {
  it('explains a link without a token and offers a new one', () => {
    renderUpdatePassword({}, '/update-password');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("This link doesn't work");
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('uses new-password autocomplete and lists the rules', () => {
    renderUpdatePassword({});
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
    const { fetchMock, user } = renderUpdatePassword({});
    await user.type(newPassword(), 'harbour-lantern-92');
    await user.type(confirmation(), 'harbour-lantern-29{Enter}');
    expect(screen.getByText("The passwords don't match.")).toBeTruthy();
    expect(confirmation().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(confirmation());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('ticks the length rule as the user types', async () => {
    const { user } = renderUpdatePassword({});
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
    const { user } = renderUpdatePassword({
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
    const { user } = renderUpdatePassword({
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
    const { user } = renderUpdatePassword({
      'POST /api/auth/reset-password': () =>
        jsonResponse({ code: 'INVALID_TOKEN', message: 'Invalid token' }, 400),
    });
    await user.type(newPassword(), 'harbour-lantern-92');
    await user.type(confirmation(), 'harbour-lantern-92{Enter}');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This reset link has expired or has already been used.');
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('on success loads the session in the password-recovery state and opens the dashboard', async () => {
    const { fetchMock, user } = renderUpdatePassword({
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
    expect(sentBody(fetchMock)).toEqual({
      newPassword: 'harbour-lantern-92',
      token: 'tok123',
    });
  });
});
