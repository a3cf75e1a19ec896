// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createFakeFetch,
  DEMO_USER,
  fakeJwt,
  jsonResponse,
  sessionRoutes,
} from '../testing/fake-fetch.ts';
import {
  accessTokenFrom,
  decodeJwtExpiry,
  shouldRefreshToken,
  TOKEN_REFRESH_MARGIN_SECONDS,
  TOKEN_REFRESH_THRESHOLD_TICKS,
  TOKEN_REFRESH_TICK_MS,
  type AuthSession,
} from './session.ts';

// A fresh copy of the session modules (they hold the app's one session) for each test.
async function freshModules() {
  vi.resetModules();
  const session = await import('./session.ts');
  const apiClient = await import('./api-client.ts');
  const { queryClient } = await import('./query-client.ts');
  return { ...session, ...apiClient, queryClient };
}

function signedInSession(expiresAt: number): AuthSession {
  return {
    access_token: fakeJwt({ exp: expiresAt }),
    expires_in: 900,
    expires_at: expiresAt,
    user: { ...DEMO_USER, organisation: { ...DEMO_USER.organisation } },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('token refresh constants (docs/product.md, "Constants")', () => {
  it('checks every 30 s and refreshes when 3 ticks (90 s) or fewer remain', () => {
    expect(TOKEN_REFRESH_TICK_MS).toBe(30_000);
    expect(TOKEN_REFRESH_THRESHOLD_TICKS).toBe(3);
    expect(TOKEN_REFRESH_MARGIN_SECONDS).toBe(90);
  });
});

describe('shouldRefreshToken', () => {
  const now = 1_800_000_000;

  it.each([
    [900, false],
    [120, false],
    [91, false],
    [90, true],
    [60, true],
    [1, true],
    [0, true],
    [-30, true],
  ])('with %i s left → %s', (secondsLeft, expected) => {
    expect(shouldRefreshToken(now + secondsLeft, now)).toBe(expected);
  });
});

describe('decodeJwtExpiry', () => {
  it('reads exp from the base64url payload', () => {
    expect(decodeJwtExpiry(fakeJwt({ sub: 'u1', exp: 1_800_000_900 }))).toBe(1_800_000_900);
  });

  it('copes with base64url characters and unicode in the payload', () => {
    // "??>" and "ü" encode to '-' / '_' and multi-byte sequences.
    const token = fakeJwt({ name: 'Müller ??> ~~~', exp: 1_234_567_890 });
    expect(token.split('.')[1]).toMatch(/[-_]/u);
    expect(decodeJwtExpiry(token)).toBe(1_234_567_890);
  });

  it.each(['', 'abc', 'a.b', 'a.!!!.c', 'a.b.c.d'])('rejects the malformed token %j', (token) => {
    expect(() => decodeJwtExpiry(token)).toThrow();
  });

  it('rejects a token without exp', () => {
    expect(() => decodeJwtExpiry(fakeJwt({ sub: 'u1' }))).toThrow('Access token has no expiry');
  });
});

describe('accessTokenFrom', () => {
  it('gives expires_in and expires_at for a fresh token', () => {
    const token = fakeJwt({ iat: 1_000, exp: 1_900 });
    expect(accessTokenFrom(token, 1_000)).toEqual({
      access_token: token,
      expires_in: 900,
      expires_at: 1_900,
    });
  });

  it("puts expiry on the browser's clock when the clocks disagree", () => {
    // Server clock 10 minutes ahead of this browser: the token still lasts 900 s from now here.
    const token = fakeJwt({ iat: 1_600, exp: 2_500 });
    expect(accessTokenFrom(token, 1_000)).toMatchObject({ expires_in: 900, expires_at: 1_900 });
  });

  it('falls back to exp − now without iat', () => {
    expect(accessTokenFrom(fakeJwt({ exp: 1_500 }), 1_000)).toMatchObject({
      expires_in: 500,
      expires_at: 1_500,
    });
  });
});

describe('loadSession', () => {
  beforeEach(() => vi.unstubAllGlobals());

  it('gets an access token from the cookie, then the user', async () => {
    const { loadSession, sessionStore } = await freshModules();
    const fetchMock = createFakeFetch(sessionRoutes());
    vi.stubGlobal('fetch', fetchMock);

    const state = await loadSession('SIGNED_IN');

    expect(state.status).toBe('signed-in');
    expect(sessionStore.getState()).toMatchObject({
      status: 'signed-in',
      event: 'SIGNED_IN',
      session: { user: { email: 'mia@northwind.test' }, expires_in: 900 },
    });
    const meCalls = fetchMock.mock.calls.filter(
      ([url]) => typeof url === 'string' && url.startsWith('/api/v1/me'),
    );
    expect(meCalls).toHaveLength(1);
    expect(new Headers(meCalls[0]?.[1]?.headers).get('Authorization')).toMatch(/^Bearer ey/u);
  });

  it('marks a session that comes from a reset link as password recovery', async () => {
    const { loadSession, sessionStore } = await freshModules();
    vi.stubGlobal('fetch', createFakeFetch(sessionRoutes()));
    await loadSession('PASSWORD_RECOVERY');
    expect(sessionStore.getState()).toMatchObject({
      status: 'signed-in',
      event: 'PASSWORD_RECOVERY',
    });
  });

  it('is signed out when there is no session cookie', async () => {
    const { ensureSessionLoaded } = await freshModules();
    vi.stubGlobal(
      'fetch',
      createFakeFetch({
        'GET /api/auth/token': () => jsonResponse({ message: 'Unauthorized' }, 401),
      }),
    );
    await expect(ensureSessionLoaded()).resolves.toEqual({
      status: 'signed-out',
      event: null,
      reason: null,
    });
  });

  it('starts signed out when the server cannot be reached', async () => {
    const { ensureSessionLoaded } = await freshModules();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(ensureSessionLoaded()).resolves.toMatchObject({ status: 'signed-out' });
  });
});

describe('the refresh tick', () => {
  it('refreshes only when 90 s or fewer remain', async () => {
    const { runRefreshTick, sessionStore } = await freshModules();
    const now = Math.floor(Date.now() / 1000);
    const fetchMock = createFakeFetch(sessionRoutes(now));
    vi.stubGlobal('fetch', fetchMock);
    const session = signedInSession(now + 91);
    sessionStore.setState({ status: 'signed-in', event: 'SIGNED_IN', session });

    expect(runRefreshTick(now)).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();

    expect(runRefreshTick(now + 1)).toBe(true);
    await vi.waitFor(() =>
      expect(sessionStore.getState()).toMatchObject({ event: 'TOKEN_REFRESHED' }),
    );
    const state = sessionStore.getState();
    expect(state.status === 'signed-in' && state.session.expires_at).toBeGreaterThanOrEqual(
      now + 900,
    );
    expect(state.status === 'signed-in' && state.session.user.id).toBe(DEMO_USER.id);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('ticks every 30 s once started', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-03-01T09:00:00Z'));
    const { startTokenRefresh, sessionStore } = await freshModules();
    const now = Math.floor(Date.now() / 1000);
    const fetchMock = createFakeFetch(sessionRoutes(now));
    vi.stubGlobal('fetch', fetchMock);
    // 150 s left: the ticks at 30 s (120 left) and 59 s do nothing; the one at 60 s (90 left) refreshes.
    sessionStore.setState({
      status: 'signed-in',
      event: 'SIGNED_IN',
      session: signedInSession(now + 150),
    });

    const stop = startTokenRefresh();
    vi.advanceTimersByTime(30_000);
    expect(fetchMock).not.toHaveBeenCalled();
    vi.advanceTimersByTime(29_000);
    expect(fetchMock).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/token');
    stop();
  });

  it('treats a refused refresh as the end of the session', async () => {
    const { runRefreshTick, sessionStore, configureApiClient } = await freshModules();
    const onUnauthenticated = vi.fn();
    configureApiClient({ getAccessToken: () => null, onUnauthenticated });
    vi.stubGlobal(
      'fetch',
      createFakeFetch({
        'GET /api/auth/token': () => jsonResponse({ message: 'Unauthorized' }, 401),
      }),
    );
    const now = Math.floor(Date.now() / 1000);
    sessionStore.setState({
      status: 'signed-in',
      event: 'SIGNED_IN',
      session: signedInSession(now + 30),
    });

    runRefreshTick(now);
    await vi.waitFor(() => expect(onUnauthenticated).toHaveBeenCalledTimes(1));
  });

  it('renews an expiring token before a request uses it (after the laptop slept, say)', async () => {
    const { getFreshAccessToken, sessionStore } = await freshModules();
    const now = Math.floor(Date.now() / 1000);
    vi.stubGlobal('fetch', createFakeFetch(sessionRoutes(now)));
    const old = signedInSession(now - 10);
    sessionStore.setState({ status: 'signed-in', event: 'SIGNED_IN', session: old });

    const token = await getFreshAccessToken();
    expect(token).not.toBe(old.access_token);
    expect(decodeJwtExpiry(token ?? '')).toBe(now + 900);
  });
});

describe('signOut', () => {
  it('clears the session and the query cache, then ends the session on the server, once', async () => {
    const { signOut, sessionStore, queryClient } = await freshModules();
    const fetchMock = createFakeFetch({
      'POST /api/auth/sign-out': () => jsonResponse({ success: true }),
    });
    vi.stubGlobal('fetch', fetchMock);
    sessionStore.setState({
      status: 'signed-in',
      event: 'SIGNED_IN',
      session: signedInSession(Math.floor(Date.now() / 1000) + 900),
    });
    queryClient.setQueryData(['calls'], ['a call']);

    await signOut();
    await signOut();

    expect(sessionStore.getState()).toEqual({
      status: 'signed-out',
      event: 'SIGNED_OUT',
      reason: 'user',
    });
    expect(queryClient.getQueryData(['calls'])).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/sign-out');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', body: '{}' });
  });

  it('stays signed out here even when the server cannot be told', async () => {
    const { signOut, sessionStore } = await freshModules();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    sessionStore.setState({
      status: 'signed-in',
      event: 'SIGNED_IN',
      session: signedInSession(Math.floor(Date.now() / 1000) + 900),
    });
    await signOut();
    expect(sessionStore.getState()).toMatchObject({ status: 'signed-out', event: 'SIGNED_OUT' });
  });
});
