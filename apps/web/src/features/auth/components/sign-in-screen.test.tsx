// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { sessionStore } from '../../../lib/session.ts';
import {
  createFakeFetch,
  jsonResponse,
  sentBody,
  sessionRoutes,
  type FakeHandler,
} from '../../../testing/fake-fetch.ts';
import { SignInScreen } from './sign-in-screen.tsx';

function renderSignIn(routes: Record<string, FakeHandler>, initialEntry = '/auth') {
  const fetchMock = createFakeFetch(routes);
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      { path: '/auth', Component: SignInScreen },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
      { path: '/call/:id', element: <h1>Call page</h1> },
      { path: '/forgot-password', element: <h1>Forgot password page</h1> },
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

const emailInput = () => screen.getByLabelText('Email');
const passwordInput = () => screen.getByLabelText('Password');
const submitButton = () => screen.getByRole('button', { name: /sign in/i });

function describedBy(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby') ?? '';
  return ids
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

beforeEach(() => {
  sessionStore.setState({ status: 'signed-out', event: null, reason: null });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SignInScreen', () => {
  it('has labelled fields with the right types and autocomplete', () => {
    renderSignIn({});
    expect(emailInput().getAttribute('type')).toBe('email');
    expect(emailInput().getAttribute('autocomplete')).toBe('email');
    expect(passwordInput().getAttribute('type')).toBe('password');
    expect(passwordInput().getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('flags empty fields, ties the messages to them, focuses the first, and sends nothing', async () => {
    const { fetchMock, user } = renderSignIn({});
    await user.click(submitButton());

    expect(emailInput().getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(emailInput())).toBe('Enter your email address.');
    expect(passwordInput().getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(passwordInput())).toBe('Enter your password.');
    expect(document.activeElement).toBe(emailInput());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects an invalid email, keeps what was typed, and clears the error once fixed', async () => {
    const { user } = renderSignIn({});
    await user.type(emailInput(), 'mia.northwind.test');
    await user.type(passwordInput(), 'secret{Enter}');

    expect(describedBy(emailInput())).toBe('Enter a valid email address, like name@company.com.');
    expect(emailInput()).toHaveProperty('value', 'mia.northwind.test');
    expect(passwordInput()).toHaveProperty('value', 'secret');
    expect(document.activeElement).toBe(emailInput());

    await user.clear(emailInput());
    await user.type(emailInput(), 'mia@northwind.test');
    expect(emailInput().getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(/Enter a valid email address/u)).toBeNull();
  });

  it('focuses the password when only the password is missing', async () => {
    const { user } = renderSignIn({});
    await user.type(emailInput(), 'mia@northwind.test{Enter}');
    expect(document.activeElement).toBe(passwordInput());
    expect(emailInput().getAttribute('aria-invalid')).toBeNull();
  });

  it("shows the server's message in an alert for a wrong password, keeping the input", async () => {
    const { user } = renderSignIn({
      'POST /api/auth/sign-in/email': () =>
        jsonResponse(
          { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
          401,
        ),
    });
    await user.type(emailInput(), 'mia@northwind.test');
    await user.type(passwordInput(), 'wrong password{Enter}');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Invalid email or password');
    expect(document.activeElement).toBe(alert);
    expect(emailInput()).toHaveProperty('value', 'mia@northwind.test');
    expect(passwordInput()).toHaveProperty('value', 'wrong password');
    expect(sessionStore.getState().status).toBe('signed-out');
  });

  it('confirms an account whose address is not verified yet, with the password just typed', async () => {
    const sent: Record<string, unknown> = {};
    const { router, user } = renderSignIn({
      'POST /api/auth/sign-in/email': () =>
        jsonResponse({ code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' }, 403),
      'POST /api/auth/email-otp/send-verification-otp': (request) => {
        sent.code = request.body;
        return jsonResponse({ success: true });
      },
      'POST /api/auth/email-otp/verify-email': (request) => {
        sent.verify = request.body;
        return jsonResponse({ status: true, token: 't', user: { id: 'x' } });
      },
      ...sessionRoutes(),
    });
    await user.type(emailInput(), 'nia@newcomer.test');
    await user.type(passwordInput(), 'lantern-orchard-42{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Confirm your email address before you sign in.',
    );
    await user.click(screen.getByRole('button', { name: 'Confirm it now' }));
    await user.click(await screen.findByRole('button', { name: 'Email me a code' }));
    expect(sent.code).toEqual({ email: 'nia@newcomer.test', type: 'email-verification' });
    await user.type(await screen.findByLabelText('Code from the email'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
    expect(sent.verify).toEqual({
      email: 'nia@newcomer.test',
      otp: '123456',
      password: 'lantern-orchard-42',
    });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('clears a stale "Invalid email or password" as soon as either field changes', async () => {
    const { user } = renderSignIn({
      'POST /api/auth/sign-in/email': () =>
        jsonResponse(
          { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
          401,
        ),
    });
    await user.type(emailInput(), 'mia@northwind.tes');
    await user.type(passwordInput(), 'wrong password{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');

    // The user corrects the address: the old verdict is about another address.
    await user.type(emailInput(), 't');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Invalid email or password')).toBeNull();

    await user.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    await user.type(passwordInput(), '!');
    expect(screen.queryByText('Invalid email or password')).toBeNull();
  });

  it("shows the server's message when there are too many attempts", async () => {
    const message =
      'Too many failed sign-in attempts. Try again in 15 minutes, or reset your password.';
    const { user } = renderSignIn({
      'POST /api/auth/sign-in/email': () =>
        jsonResponse({ code: 'TOO_MANY_ATTEMPTS', message }, 429, { 'Retry-After': '900' }),
    });
    await user.type(emailInput(), 'mia@northwind.test');
    await user.type(passwordInput(), 'guess{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('says when the server cannot be reached', async () => {
    const { user } = renderSignIn({
      'POST /api/auth/sign-in/email': () => new Response('Bad gateway', { status: 502 }),
    });
    await user.type(emailInput(), 'mia@northwind.test');
    await user.type(passwordInput(), 'secret{Enter}');
    expect((await screen.findByRole('alert')).textContent).toMatch(/couldn.t reach Callboard/u);
  });

  it('shows a pending state, then signs in and goes where the user was heading', async () => {
    let answerSignIn: (response: Response) => void = () => undefined;
    const { fetchMock, router, user } = renderSignIn(
      {
        'POST /api/auth/sign-in/email': () =>
          new Promise<Response>((resolve) => {
            answerSignIn = resolve;
          }),
        ...sessionRoutes(),
      },
      '/auth?next=%2Fcall%2F42',
    );
    await user.type(emailInput(), ' mia@northwind.test');
    await user.type(passwordInput(), 'callboard-demo-2026{Enter}');

    const busy = await screen.findByRole('button', { name: /Signing in…/u });
    expect(busy).toHaveProperty('disabled', true);

    answerSignIn(jsonResponse({ redirect: false, token: 'session-token', user: { id: 'u1' } }));
    expect(await screen.findByRole('heading', { name: 'Call page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/call/42');
    expect(sessionStore.getState()).toMatchObject({
      status: 'signed-in',
      event: 'SIGNED_IN',
      session: { user: { email: 'mia@northwind.test' } },
    });
    expect(sentBody(fetchMock)).toEqual({
      email: 'mia@northwind.test',
      password: 'callboard-demo-2026',
    });
  });

  it('goes to the dashboard by default and ignores unsafe targets', async () => {
    const { router, user } = renderSignIn(
      {
        'POST /api/auth/sign-in/email': () => jsonResponse({ redirect: false }),
        ...sessionRoutes(),
      },
      '/auth?next=https%3A%2F%2Fevil.test',
    );
    await user.type(emailInput(), 'mia@northwind.test');
    await user.type(passwordInput(), 'callboard-demo-2026');
    await user.click(submitButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows and hides the password', async () => {
    const { user } = renderSignIn({});
    await user.type(passwordInput(), 'secret');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(passwordInput().getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(passwordInput().getAttribute('type')).toBe('password');
    expect(passwordInput()).toHaveProperty('value', 'secret');
  });

  it('explains why the user is here after the session ended', () => {
    sessionStore.setState({ status: 'signed-out', event: 'SIGNED_OUT', reason: 'session-ended' });
    renderSignIn({});
    expect(screen.getByRole('status').textContent).toBe(
      'Your session has ended. Sign in again to continue.',
    );
  });

  describe('the second step, for an account with two-factor sign-in', () => {
    async function passwordAccepted(routes: Record<string, FakeHandler>) {
      const rendered = renderSignIn({
        'POST /api/auth/sign-in/email': () =>
          jsonResponse({ twoFactorRedirect: true, twoFactorMethods: ['totp'] }),
        ...routes,
      });
      await rendered.user.type(emailInput(), 'mia@northwind.test');
      await rendered.user.type(passwordInput(), 'callboard-demo-2026{Enter}');
      await screen.findByRole('heading', { name: 'Two-factor sign-in' });
      return rendered;
    }

    it('asks for the app’s code, sends it with the trust choice, then goes on signed in', async () => {
      const { fetchMock, router, user } = await passwordAccepted({
        'POST /api/auth/two-factor/verify-totp': () => jsonResponse({ token: 't' }),
        ...sessionRoutes(),
      });
      expect(sessionStore.getState().status).toBe('signed-out');
      const code = screen.getByLabelText('Authentication code');
      expect(code.getAttribute('autocomplete')).toBe('one-time-code');
      expect(code.getAttribute('inputmode')).toBe('numeric');
      await user.type(code, '123 456');
      await user.click(screen.getByLabelText(/Trust this browser for 30 days/u));
      await user.click(screen.getByRole('button', { name: 'Verify' }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
      expect(sessionStore.getState().status).toBe('signed-in');
      // The password (call 0), then the code (call 1).
      expect(sentBody(fetchMock, 1)).toEqual({ code: '123456', trustDevice: true });
    });

    it('takes a backup code instead, in lower case', async () => {
      const { fetchMock, router, user } = await passwordAccepted({
        'POST /api/auth/two-factor/verify-backup-code': () => jsonResponse({ token: 't' }),
        ...sessionRoutes(),
      });
      await user.click(screen.getByRole('button', { name: 'Use a backup code' }));
      await user.type(screen.getByLabelText('Backup code'), ' K7M2P-X9QRT {Enter}');
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
      // The password (call 0), then the code (call 1).
      expect(sentBody(fetchMock, 1)).toEqual({ code: 'k7m2p-x9qrt', trustDevice: false });
    });

    it('says a wrong code is wrong, and keeps the step', async () => {
      const { user } = await passwordAccepted({
        'POST /api/auth/two-factor/verify-totp': () =>
          jsonResponse({ code: 'INVALID_CODE', message: 'Invalid code' }, 401),
      });
      await user.type(screen.getByLabelText('Authentication code'), '000000{Enter}');
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toMatch(/That code isn’t right/u);
      expect(screen.getByLabelText('Authentication code')).toHaveProperty('value', '000000');
    });

    it('goes back to the password after too many wrong codes, and says why', async () => {
      const { user } = await passwordAccepted({
        'POST /api/auth/two-factor/verify-totp': () =>
          jsonResponse(
            {
              code: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
              message: 'Too many attempts. Please request a new code.',
            },
            400,
          ),
      });
      await user.type(screen.getByLabelText('Authentication code'), '000000{Enter}');
      await screen.findByRole('heading', { name: 'Sign in to Callboard' });
      expect(screen.getByRole('status').textContent).toBe(
        'Too many wrong codes. Enter your password again for a new try.',
      );
      expect(passwordInput()).toHaveProperty('value', '');
      expect(emailInput()).toHaveProperty('value', 'mia@northwind.test');
    });
  });

  describe('signing in with an email code', () => {
    async function chooseEmailCode(routes: Record<string, FakeHandler>) {
      const rendered = renderSignIn(routes);
      await rendered.user.type(emailInput(), 'mia@northwind.test');
      await rendered.user.click(
        screen.getByRole('button', { name: 'Email me a sign-in code instead' }),
      );
      await screen.findByRole('heading', { name: 'Sign in with an email code' });
      return rendered;
    }

    it('sends a code to the address typed, then signs in with it and goes on', async () => {
      const { fetchMock, router, user } = await chooseEmailCode({
        'POST /api/auth/email-otp/send-verification-otp': () => jsonResponse({ success: true }),
        'POST /api/auth/sign-in/email-otp': () => jsonResponse({ token: 't' }),
        ...sessionRoutes(),
      });
      // The address typed for the password is kept.
      expect(screen.getByLabelText('Email')).toHaveProperty('value', 'mia@northwind.test');
      await user.click(screen.getByRole('button', { name: 'Email me a code' }));
      await screen.findByRole('heading', { name: 'Check your email' });
      expect(sentBody(fetchMock, 0)).toEqual({ email: 'mia@northwind.test', type: 'sign-in' });
      // A new code only after a minute: the first may just be on its way.
      expect(screen.getByText(/You can send a new code in \d+ s\./u)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Send a new code' })).toBeNull();

      const code = screen.getByLabelText('Code from the email');
      expect(document.activeElement).toBe(code);
      expect(code.getAttribute('autocomplete')).toBe('one-time-code');
      await user.type(code, '123 456{Enter}');
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
      expect(sessionStore.getState().status).toBe('signed-in');
      expect(sentBody(fetchMock, 1)).toEqual({ email: 'mia@northwind.test', otp: '123456' });
    });

    it('says what went wrong with a code, and how to go on', async () => {
      let answer = { code: 'INVALID_OTP', message: 'Invalid OTP' };
      let status = 400;
      const { user } = await chooseEmailCode({
        'POST /api/auth/email-otp/send-verification-otp': () => jsonResponse({ success: true }),
        'POST /api/auth/sign-in/email-otp': () => jsonResponse(answer, status),
      });
      await user.click(screen.getByRole('button', { name: 'Email me a code' }));
      const code = await screen.findByLabelText('Code from the email');
      await user.type(code, '000000{Enter}');
      expect((await screen.findByRole('alert')).textContent).toBe(
        'That code didn’t work. Check it against the latest email, or send a new code: each works for 10 minutes, with 3 tries.',
      );
      expect(code).toHaveProperty('value', '000000');

      // Throttled: the server's own words (when to try again).
      answer = {
        code: 'TOO_MANY_REQUESTS',
        message: 'Too many attempts. Try again in 15 minutes.',
      };
      status = 429;
      await user.type(code, '1{Enter}');
      expect((await screen.findByRole('alert')).textContent).toBe(
        'Too many attempts. Try again in 15 minutes.',
      );
    });

    it('checks the address before sending, and goes back to the password', async () => {
      const { fetchMock, user } = await chooseEmailCode({});
      const email = screen.getByLabelText('Email');
      await user.clear(email);
      await user.type(email, 'not an address{Enter}');
      expect(describedBy(email)).toContain('Enter a valid email address');
      expect(fetchMock).not.toHaveBeenCalled();
      await user.click(screen.getByRole('button', { name: 'Sign in with your password instead' }));
      await screen.findByRole('heading', { name: 'Sign in to Callboard' });
    });
  });
});
