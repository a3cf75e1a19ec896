// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { sessionStore } from '../../../lib/session.ts';
import {
  createFakeFetch,
  jsonResponse,
  sessionRoutes,
  type FakeHandler,
} from '../../../testing/fake-fetch.ts';
import { SignUpScreen } from './sign-up-screen.tsx';

function renderSignUp(routes: Record<string, FakeHandler>, initialEntry = '/sign-up') {
  const fetchMock = createFakeFetch(routes);
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      { path: '/sign-up', Component: SignUpScreen },
      { path: '/auth', element: <h1>Sign-in page</h1> },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
    ],
    { initialEntries: [initialEntry] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { fetchMock, router, user: userEvent.setup() };
}

const WEAK = {
  code: 'WEAK_PASSWORD',
  message: 'Choose a stronger password.',
  reasons: ['Not made of your name or email address'],
};

async function fillForm(user: ReturnType<typeof userEvent.setup>, password: string) {
  await user.type(screen.getByLabelText('First name'), 'Nia');
  await user.type(screen.getByLabelText('Last name'), 'Okafor');
  await user.type(screen.getByLabelText('Email'), 'nia@newcomer.test');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

beforeEach(() => {
  sessionStore.setState({ status: 'signed-out', event: null, reason: null });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SignUpScreen', () => {
  it('flags every empty field and sends nothing', async () => {
    const { fetchMock, user } = renderSignUp({});
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Enter your first name.')).toBeTruthy();
    expect(screen.getByText('Enter your last name.')).toBeTruthy();
    expect(screen.getByText('Enter your email address.')).toBeTruthy();
    expect(screen.getByText('Choose a password.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows a weak password's reasons and keeps what was typed", async () => {
    const { user } = renderSignUp({
      'POST /api/auth/sign-up/email': () => jsonResponse(WEAK, 400),
    });
    await fillForm(user, 'nia@newcomer.test');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Choose a stronger password.');
    expect(alert.textContent).toContain('Not made of your name or email address');
    expect(screen.getByLabelText('First name')).toHaveProperty('value', 'Nia');
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'nia@newcomer.test');
  });

  it('asks for the code after the sign-up, verifies it and opens the dashboard signed in', async () => {
    const sent: Record<string, unknown> = {};
    const { router, user } = renderSignUp({
      'POST /api/auth/sign-up/email': (request) => {
        sent.signUp = request.body;
        return jsonResponse({ token: null, user: { id: 'x' } });
      },
      'POST /api/auth/email-otp/verify-email': (request) => {
        sent.verify = request.body;
        return jsonResponse({ status: true, token: 't', user: { id: 'x' } });
      },
      ...sessionRoutes(),
    });
    await fillForm(user, 'lantern-orchard-42');
    expect(await screen.findByRole('heading', { name: 'Confirm your email' })).toBeTruthy();
    expect(sent.signUp).toEqual({
      first_name: 'Nia',
      last_name: 'Okafor',
      email: 'nia@newcomer.test',
      password: 'lantern-orchard-42',
    });
    // A new code only after the cooldown.
    expect(screen.getByText(/You can send a new code in \d+ s\./u)).toBeTruthy();

    await user.type(screen.getByLabelText('Code from the email'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
    expect(sent.verify).toEqual({
      email: 'nia@newcomer.test',
      otp: '123456',
      password: 'lantern-orchard-42',
    });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(sessionStore.getState().status).toBe('signed-in');
  });
});
