// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import {
  createFakeFetch,
  jsonResponse,
  sentBody,
  type FakeHandler,
} from '../../../testing/fake-fetch.ts';
import { ForgotPasswordScreen, RESET_LINK_SENT_MESSAGE } from './forgot-password-screen.tsx';

function renderForgotPassword(routes: Record<string, FakeHandler>) {
  const fetchMock = createFakeFetch(routes);
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      { path: '/forgot-password', Component: ForgotPasswordScreen },
      { path: '/auth', element: <h1>Sign-in page</h1> },
    ],
    { initialEntries: [{ pathname: '/forgot-password', state: { email: 'mia@northwind.test' } }] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { fetchMock, user: userEvent.setup() };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ForgotPasswordScreen', () => {
  it('starts with the address typed on the sign-in page', () => {
    renderForgotPassword({});
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'mia@northwind.test');
  });

  it('confirms in the same words whether or not the account exists', async () => {
    for (const answer of [
      () => jsonResponse({ status: true, message: 'If this email exists…' }),
      () => jsonResponse({ code: 'SOMETHING', message: 'Something' }, 400),
    ]) {
      const { fetchMock, user } = renderForgotPassword({
        'POST /api/auth/request-password-reset': answer,
      });
      await user.click(screen.getByRole('button', { name: 'Send reset link' }));
      expect((await screen.findByRole('status')).textContent).toBe(RESET_LINK_SENT_MESSAGE);
      expect(sentBody(fetchMock)).toEqual({
        email: 'mia@northwind.test',
      });
      cleanup();
    }
    expect(RESET_LINK_SENT_MESSAGE).toBe(
      "If an account exists for that address, we've sent a link to reset the password. It expires in one hour.",
    );
  });

  it('offers a retry when the server cannot be reached, keeping the address', async () => {
    const { user } = renderForgotPassword({
      'POST /api/auth/request-password-reset': () =>
        new Response('Service unavailable', { status: 503 }),
    });
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/couldn.t reach Callboard/u);
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'mia@northwind.test');
    expect(screen.getByRole('button', { name: 'Send reset link' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('validates the address first', async () => {
    const { fetchMock, user } = renderForgotPassword({});
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'not-an-address{Enter}');
    expect(screen.getByText('Enter a valid email address, like name@company.com.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
