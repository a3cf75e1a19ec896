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
  DEMO_USER,
  fakeJwt,
  jsonResponse,
  sentBody,
  sessionRoutes,
  type FakeHandler,
} from '../../../testing/fake-fetch.ts';
import { JoinScreen } from './join-screen.tsx';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz';
const PREVIEW = {
  email: 'new@northwind.test',
  role: 'member',
  organisation: { name: 'Northwind Clinics' },
  invitedBy: 'Ava Whitfield',
  expiresAt: '2026-12-01T10:00:00.000Z',
  accountExists: false,
};
const previewRoute = `GET /api/v1/invitations/${TOKEN}`;

function renderJoin(routes: Record<string, FakeHandler>, entry = `/join?token=${TOKEN}`) {
  const fetchMock = createFakeFetch(routes);
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      { path: '/join', Component: JoinScreen },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
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

function signInAs(email: string, organisation: { id: string; name: string } | null = null) {
  const now = Math.floor(Date.now() / 1000);
  sessionStore.setState({
    status: 'signed-in',
    event: 'SIGNED_IN',
    session: {
      access_token: fakeJwt({ sub: DEMO_USER.id, iat: now, exp: now + 900 }),
      expires_in: 900,
      expires_at: now + 900,
      user: { ...DEMO_USER, email, organisation, role: 'member' },
    },
  });
}

beforeEach(() => sessionStore.setState({ status: 'signed-out', event: null, reason: null }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('JoinScreen', () => {
  it('shows the organisation, who invited and the role, then creates the account and lands on the dashboard', async () => {
    const { fetchMock, user } = renderJoin({
      [previewRoute]: () => jsonResponse(PREVIEW),
      [`POST /api/v1/invitations/${TOKEN}/sign-up`]: () =>
        jsonResponse({ email: PREVIEW.email }, 201),
      'POST /api/auth/sign-in/email': () => jsonResponse({ ok: true }),
      ...sessionRoutes(),
    });
    expect(
      await screen.findByRole('heading', { name: 'Join Northwind Clinics on Callboard' }),
    ).toBeTruthy();
    expect(screen.getByText('Ava Whitfield invited you to the team’s call log.')).toBeTruthy();
    expect(screen.getByText('Member')).toBeTruthy();
    await user.type(screen.getByLabelText('First name'), 'Nadia');
    await user.type(screen.getByLabelText('Last name'), 'Berg');
    await user.type(screen.getByLabelText('Password'), 'quiet-harbour-lantern');
    await user.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
    const signUpCall = fetchMock.mock.calls.findIndex(([input]) =>
      (input instanceof Request ? input.url : input.toString()).endsWith('/sign-up'),
    );
    expect(sentBody(fetchMock, signUpCall)).toEqual({
      first_name: 'Nadia',
      last_name: 'Berg',
      password: 'quiet-harbour-lantern',
    });
  });

  it('lists every reason a password is refused, keeping what was typed', async () => {
    const { user } = renderJoin({
      [previewRoute]: () => jsonResponse(PREVIEW),
      [`POST /api/v1/invitations/${TOKEN}/sign-up`]: () =>
        jsonResponse(
          {
            error: {
              code: 'WEAK_PASSWORD',
              message: 'Choose a stronger password.',
              reasons: ['Use at least 10 characters.', 'Don’t use your name.'],
            },
          },
          400,
        ),
    });
    await user.type(await screen.findByLabelText('First name'), 'Nadia');
    await user.type(screen.getByLabelText('Last name'), 'Berg');
    await user.type(screen.getByLabelText('Password'), 'nadia');
    await user.click(screen.getByRole('button', { name: 'Create account and join' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Use at least 10 characters.');
    expect(alert.textContent).toContain('Don’t use your name.');
    expect(screen.getByLabelText<HTMLInputElement>('First name').value).toBe('Nadia');
  });

  it.each([
    [
      410,
      'INVITATION_EXPIRED',
      'This invitation has expired. Ask your admin to send a new one.',
      'This invitation has expired',
    ],
    [
      410,
      'INVITATION_REVOKED',
      'This invitation was withdrawn. Ask your admin if you still need access.',
      'This invitation was withdrawn',
    ],
    [
      410,
      'INVITATION_USED',
      'This invitation has already been used. Sign in instead.',
      'This invitation has already been used',
    ],
    [
      404,
      'NOT_FOUND',
      'This invitation link is not valid. Check that you copied all of it.',
      'This invitation link isn’t valid',
    ],
  ])('explains a %s %s: %s', async (status, code, message, heading) => {
    renderJoin({
      [previewRoute]: () => jsonResponse({ error: { code, message } }, status),
    });
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(message);
  });

  it('asks an existing account to sign in first, coming back here', async () => {
    renderJoin({ [previewRoute]: () => jsonResponse({ ...PREVIEW, accountExists: true }) });
    const link = await screen.findByRole('link', { name: 'Sign in to accept' });
    expect(link.getAttribute('href')).toBe(
      `/auth?next=${encodeURIComponent(`/join?token=${TOKEN}`)}`,
    );
  });

  it('offers to sign out when signed in with another address', async () => {
    signInAs('someone@else.test');
    renderJoin({ [previewRoute]: () => jsonResponse(PREVIEW) });
    expect(await screen.findByText('This invitation is for another address')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Sign out and use the invited address' }),
    ).toBeTruthy();
  });

  it('accepts as the invited user, and shows why when that fails', async () => {
    signInAs(PREVIEW.email);
    const { user } = renderJoin({
      [previewRoute]: () => jsonResponse(PREVIEW),
      [`POST /api/v1/invitations/${TOKEN}/accept`]: () =>
        jsonResponse(
          {
            error: {
              code: 'CONFLICT',
              message:
                'You already belong to an organisation. Each account belongs to one organisation.',
            },
          },
          409,
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Join Northwind Clinics' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'You already belong to an organisation.',
    );
  });

  it('says why, instead of offering Join, to an invited user already in another organisation', async () => {
    signInAs(PREVIEW.email, {
      id: '1f0e2d3c-4b5a-4978-8695-a4b3c2d1e0f9',
      name: 'Globex Insurance',
    });
    const { fetchMock } = renderJoin({ [previewRoute]: () => jsonResponse(PREVIEW) });
    expect(await screen.findByText('You already belong to Globex Insurance')).toBeTruthy();
    expect(
      screen.getByText(/ask an admin of Globex Insurance to remove you from it/u),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Join/u })).toBeNull();
    expect(
      fetchMock.mock.calls.some(
        ([input]) => typeof input === 'string' && input.endsWith('/accept'),
      ),
    ).toBe(false);
  });
});
