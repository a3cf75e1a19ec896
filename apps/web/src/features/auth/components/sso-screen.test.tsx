// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, type FakeHandler } from '../../../testing/fake-fetch.ts';
import { renderRoutes } from '../../../testing/render.tsx';
import { SsoScreen } from './sso-screen.tsx';

function renderSso(server: Record<string, FakeHandler>, initialEntry = '/sso') {
  return renderRoutes(
    [
      { path: '/sso', Component: SsoScreen },
      { path: '/auth', element: <h1>Sign-in page</h1> },
    ],
    { initialEntry, server },
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SsoScreen', () => {
  it('asks for the work email first and sends nothing without it', async () => {
    const { fetchMock, user } = renderSso({});
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter your work email address.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('leaves for the identity provider the server names', async () => {
    const assign = vi.fn();
    const { origin, href } = window.location;
    vi.stubGlobal('location', { origin, href, assign });
    let sent: unknown = null;
    const { user } = renderSso({
      'POST /api/auth/sign-in/sso': (request) => {
        sent = request.body;
        return jsonResponse({ url: 'https://login.example.com/authorize?state=x', redirect: true });
      },
    });
    await user.type(screen.getByLabelText('Work email'), ' sam@example.com ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://login.example.com/authorize?state=x'),
    );
    expect(sent).toEqual({ email: 'sam@example.com' });
    // Busy until the page has gone.
    expect(screen.getByRole('button', { name: /Taking you to your sign-in page/u })).toBeTruthy();
  });

  it('says when the domain has no single sign-on, keeping the address', async () => {
    const { user } = renderSso({
      'POST /api/auth/sign-in/sso': () =>
        jsonResponse(
          {
            code: 'SSO_NOT_CONFIGURED',
            message:
              'No organisation signs in with single sign-on at this email domain. Sign in with your password or an email code.',
          },
          404,
        ),
    });
    await user.type(screen.getByLabelText('Work email'), 'sam@elsewhere.test');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'No organisation signs in with single sign-on at this email domain.',
    );
    expect(screen.getByLabelText('Work email')).toHaveProperty('value', 'sam@elsewhere.test');
  });

  it('explains a failed return in its own words, never in the words of its address', () => {
    renderSso({}, '/sso?error=sso_email_not_verified&error_description=Call+0800+now');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(
      'Your identity provider has not verified your email address.',
    );
    expect(alert.textContent).not.toContain('0800');
  });
});
