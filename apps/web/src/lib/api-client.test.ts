import * as z from 'zod/mini';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeFetch, DEMO_USER, fakeJwt, jsonResponse } from '../testing/fake-fetch.ts';
import { ApiError, authRequest, createApiClient, sendEarly } from './api-client.ts';
import { connectionStatus } from './connection-status.ts';
import { errorMessage } from './error-message.ts';

const UNAUTHENTICATED_BODY = {
  error: { code: 'UNAUTHENTICATED', message: 'Authentication required' },
};

afterEach(() => vi.unstubAllGlobals());

describe('apiClient', () => {
  it('sends the bearer token and returns the validated body', async () => {
    const fetchMock = createFakeFetch({ 'GET /api/v1/me': () => jsonResponse(DEMO_USER) });
    const client = createApiClient({
      fetch: fetchMock,
      getAccessToken: () => 'the-token',
      onUnauthenticated: vi.fn(),
    });

    const me = await client.request('/me', { schema: z.object({ email: z.string() }) });

    expect(me).toEqual({ email: 'mia@northwind.test' });
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer the-token');
  });

  it('on a 401 calls onUnauthenticated and rejects with the server message', async () => {
    const onUnauthenticated = vi.fn();
    const client = createApiClient({
      fetch: createFakeFetch({
        'GET /api/v1/calls': () => jsonResponse(UNAUTHENTICATED_BODY, 401),
      }),
      getAccessToken: () => 'expired-token',
      onUnauthenticated,
    });

    const failure = client.request('/calls', { schema: z.unknown() });

    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
      message: 'Authentication required',
    });
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('carries the code, the message and every reason of a refused password', async () => {
    const reasons = ['Use at least 10 characters.', 'Don’t use your name.'];
    const client = createApiClient({
      fetch: createFakeFetch({
        'POST /api/v1/invitations/abc/sign-up': () =>
          jsonResponse(
            { error: { code: 'WEAK_PASSWORD', message: 'Choose a stronger password.', reasons } },
            400,
          ),
      }),
      getAccessToken: () => null,
      onUnauthenticated: vi.fn(),
    });
    await expect(
      client.request('/invitations/abc/sign-up', { body: {}, schema: z.unknown() }),
    ).rejects.toMatchObject({ status: 400, code: 'WEAK_PASSWORD', reasons });
  });

  it('sends no token on an anonymous request, and its 401 signs nobody out', async () => {
    const onUnauthenticated = vi.fn();
    const fetchMock = createFakeFetch({
      'GET /api/v1/invitations/abc': () => jsonResponse(UNAUTHENTICATED_BODY, 401),
    });
    const client = createApiClient({
      fetch: fetchMock,
      getAccessToken: () => 'the-token',
      onUnauthenticated,
    });
    await expect(
      client.request('/invitations/abc', { schema: z.unknown(), anonymous: true }),
    ).rejects.toMatchObject({ status: 401, sessionEnded: false });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBeNull();
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it('treats a 401 without a body the same way', async () => {
    const onUnauthenticated = vi.fn();
    const client = createApiClient({
      fetch: vi.fn().mockResolvedValue(new Response(null, { status: 401 })),
      getAccessToken: () => null,
      onUnauthenticated,
    });
    await expect(client.request('/me', { schema: z.unknown() })).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
    });
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('leaves the session alone on other errors', async () => {
    const onUnauthenticated = vi.fn();
    const client = createApiClient({
      fetch: createFakeFetch({
        'GET /api/v1/calls': () =>
          jsonResponse(
            { error: { code: 'NO_ORGANISATION', message: 'No organization assigned to user' } },
            403,
          ),
      }),
      getAccessToken: () => 'token',
      onUnauthenticated,
    });
    await expect(client.request('/calls', { schema: z.unknown() })).rejects.toMatchObject({
      status: 403,
      code: 'NO_ORGANISATION',
      message: 'No organization assigned to user',
      retryable: false,
    });
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it('says when the organisation requires two-factor of this user, and only then', async () => {
    const onTwoFactorRequired = vi.fn();
    const refusal = (code: string) =>
      createApiClient({
        fetch: createFakeFetch({
          'GET /api/v1/calls': () => jsonResponse({ error: { code, message: 'Refused' } }, 403),
        }),
        getAccessToken: () => 'token',
        onUnauthenticated: vi.fn(),
        onTwoFactorRequired,
      });
    await expect(
      refusal('FORBIDDEN').request('/calls', { schema: z.unknown() }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(onTwoFactorRequired).not.toHaveBeenCalled();
    await expect(
      refusal('TWO_FACTOR_REQUIRED').request('/calls', { schema: z.unknown() }),
    ).rejects.toMatchObject({ status: 403, code: 'TWO_FACTOR_REQUIRED' });
    expect(onTwoFactorRequired).toHaveBeenCalledTimes(1);
  });

  it('reports network failures and 502–504 as retryable', async () => {
    const offline = createApiClient({
      fetch: vi.fn().mockRejectedValue(new TypeError('Failed to fetch')),
      getAccessToken: () => 'token',
      onUnauthenticated: vi.fn(),
    });
    await expect(offline.request('/me', { schema: z.unknown() })).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      retryable: true,
    });

    const gateway = createApiClient({
      fetch: vi.fn().mockResolvedValue(new Response('Bad gateway', { status: 502 })),
      getAccessToken: () => 'token',
      onUnauthenticated: vi.fn(),
    });
    await expect(gateway.request('/me', { schema: z.unknown() })).rejects.toMatchObject({
      status: 502,
      retryable: true,
    });
  });

  it('rejects a body that does not match the schema', async () => {
    const client = createApiClient({
      fetch: createFakeFetch({ 'GET /api/v1/me': () => jsonResponse({ unexpected: true }) }),
      getAccessToken: () => 'token',
      onUnauthenticated: vi.fn(),
    });
    await expect(
      client.request('/me', { schema: z.object({ email: z.string() }) }),
    ).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });
});

/** An early request whose answer is already in. */
function earlyAnswer(path: string, response: Response) {
  let answer: Promise<Response> | null = Promise.resolve(response);
  return {
    path,
    take() {
      const taken = answer;
      answer = null;
      return taken;
    },
  };
}

describe('an early request (sendEarly)', () => {
  it('goes out at once with the token, and its answer is read instead of asking again', async () => {
    const sent = createFakeFetch({ 'GET /api/v1/me': () => jsonResponse(DEMO_USER) });
    vi.stubGlobal('fetch', sent);
    const early = sendEarly('/me', 'the-token');
    expect(sent).toHaveBeenCalledTimes(1);
    expect(sent.mock.calls[0]?.[0]).toBe('/api/v1/me');
    const headers = new Headers(sent.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer the-token');
    expect(headers.get('Accept')).toBe('application/json');

    const fetchMock = createFakeFetch({});
    const client = createApiClient({
      fetch: fetchMock,
      getAccessToken: () => 'the-token',
      onUnauthenticated: vi.fn(),
    });
    const me = await client.request('/me', { schema: z.object({ email: z.string() }), early });

    expect(me).toEqual({ email: 'mia@northwind.test' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is checked like any answer: a 401 signs out, a failure to connect is a network error', async () => {
    const onUnauthenticated = vi.fn();
    const client = createApiClient({
      fetch: createFakeFetch({}),
      getAccessToken: () => 'token',
      onUnauthenticated,
    });
    const refused = earlyAnswer('/me', jsonResponse(UNAUTHENTICATED_BODY, 401));
    await expect(
      client.request('/me', { schema: z.unknown(), early: refused }),
    ).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const lost = sendEarly('/me', 'token');
    await expect(client.request('/me', { schema: z.unknown(), early: lost })).rejects.toMatchObject(
      {
        status: 0,
        code: 'NETWORK_ERROR',
      },
    );
  });

  it('is read once: a second request for it (a retry) asks the server again', async () => {
    const fetchMock = createFakeFetch({ 'GET /api/v1/me': () => jsonResponse(DEMO_USER) });
    const client = createApiClient({
      fetch: fetchMock,
      getAccessToken: () => 'token',
      onUnauthenticated: vi.fn(),
    });
    const early = earlyAnswer('/me', new Response('Bad gateway', { status: 502 }));
    const schema = z.object({ email: z.string() });

    await expect(client.request('/me', { schema, early })).rejects.toMatchObject({ status: 502 });
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(client.request('/me', { schema, early })).resolves.toEqual({
      email: 'mia@northwind.test',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is ignored by a request for another path, or one that is not a GET', async () => {
    const fetchMock = createFakeFetch({
      'GET /api/v1/calls': () => jsonResponse({ from: 'its own request' }),
      'POST /api/v1/calls': ({ body }) =>
        jsonResponse({ from: `its own POST of ${JSON.stringify(body)}` }),
    });
    const client = createApiClient({
      fetch: fetchMock,
      getAccessToken: () => 'token',
      onUnauthenticated: vi.fn(),
    });
    const early = () =>
      earlyAnswer('/calls?status=open', jsonResponse({ from: 'the early request' }));
    const schema = z.object({ from: z.string() });

    await expect(
      client.request('/calls?status=closed', { schema, early: early() }),
    ).resolves.toEqual({ from: 'its own request' });
    await expect(
      client.request('/calls?status=open', { schema, early: early(), body: { a: 1 } }),
    ).resolves.toEqual({ from: 'its own POST of {"a":1}' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('the app-wide 401 handling', () => {
  it('signs out (memory, query cache, server) and sends the user to /auth, remembering the page', async () => {
    vi.resetModules();
    const { apiClient, configureApiClient } = await import('./api-client.ts');
    const session = await import('./session.ts');
    const { queryClient } = await import('./query-client.ts');
    const fetchMock = createFakeFetch({
      'GET /api/v1/calls': () => jsonResponse(UNAUTHENTICATED_BODY, 401),
      'POST /api/auth/sign-out': () => jsonResponse({ success: true }),
    });
    vi.stubGlobal('fetch', fetchMock);
    const navigate = vi.fn();
    configureApiClient({
      getAccessToken: session.getFreshAccessToken,
      onUnauthenticated: session.createUnauthenticatedHandler({
        navigate,
        currentLocation: () => ({ pathname: '/dashboard', search: '?status=closed' }),
      }),
    });
    const now = Math.floor(Date.now() / 1000);
    session.sessionStore.setState({
      status: 'signed-in',
      event: 'SIGNED_IN',
      session: {
        access_token: fakeJwt({ exp: now + 600 }),
        expires_in: 900,
        expires_at: now + 600,
        user: { ...DEMO_USER, organisation: { ...DEMO_USER.organisation } },
      },
    });
    queryClient.setQueryData(['calls'], ['a call']);

    await expect(apiClient.request('/calls', { schema: z.unknown() })).rejects.toMatchObject({
      status: 401,
    });

    expect(session.sessionStore.getState()).toEqual({
      status: 'signed-out',
      event: 'SIGNED_OUT',
      reason: 'session-ended',
    });
    expect(queryClient.getQueryData(['calls'])).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('/auth?next=%2Fdashboard%3Fstatus%3Dclosed');
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/auth/sign-out'),
    );
  });

  it('does not navigate again when already on /auth', async () => {
    vi.resetModules();
    const session = await import('./session.ts');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ success: true })));
    const navigate = vi.fn();
    const handle = session.createUnauthenticatedHandler({
      navigate,
      currentLocation: () => ({ pathname: '/auth', search: '' }),
    });
    handle();
    expect(navigate).not.toHaveBeenCalled();
    expect(session.sessionStore.getState()).toMatchObject({ status: 'signed-out' });
  });
});

describe('authRequest', () => {
  it('does not sign anyone out on a 401 (a wrong password is not an expired session)', async () => {
    vi.resetModules();
    const api = await import('./api-client.ts');
    const onUnauthenticated = vi.fn();
    api.configureApiClient({ getAccessToken: () => null, onUnauthenticated });
    const fetchMock = createFakeFetch({
      'POST /api/auth/sign-in/email': () =>
        jsonResponse(
          { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
          401,
        ),
    });

    const failure = api.authRequest(
      '/sign-in/email',
      { body: { email: 'a@b.test', password: 'x' }, schema: z.unknown() },
      fetchMock,
    );

    await expect(failure).rejects.toMatchObject({
      status: 401,
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
    expect(onUnauthenticated).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      body: JSON.stringify({ email: 'a@b.test', password: 'x' }),
    });
  });

  it('keeps every reason of a weak password', async () => {
    const reasons = ['Use at least 10 characters.', 'This password is too common.'];
    const fetchMock = createFakeFetch({
      'POST /api/auth/reset-password': () =>
        jsonResponse(
          { code: 'WEAK_PASSWORD', message: 'Choose a stronger password.', reasons },
          400,
        ),
    });
    await expect(
      authRequest('/reset-password', { body: {}, schema: z.unknown() }, fetchMock),
    ).rejects.toMatchObject({ code: 'WEAK_PASSWORD', reasons });
  });

  it('reads Retry-After and X-Retry-After on 429', async () => {
    const perAccount = createFakeFetch({
      'POST /api/auth/sign-in/email': () =>
        jsonResponse(
          {
            code: 'TOO_MANY_ATTEMPTS',
            message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
          },
          429,
          { 'Retry-After': '900' },
        ),
    });
    await expect(
      authRequest('/sign-in/email', { body: {}, schema: z.unknown() }, perAccount),
    ).rejects.toMatchObject({ status: 429, retryAfterSeconds: 900, code: 'TOO_MANY_ATTEMPTS' });

    const perAddress = createFakeFetch({
      'POST /api/auth/sign-in/email': () =>
        jsonResponse({ message: 'Too many requests. Please try again later.' }, 429, {
          'X-Retry-After': '12',
        }),
    });
    await expect(
      authRequest('/sign-in/email', { body: {}, schema: z.unknown() }, perAddress),
    ).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 12,
      message: 'Too many requests. Please try again later.',
    });
  });
});

describe('an unreachable Callboard (docs/operations.md, "Database outages")', () => {
  afterEach(() => connectionStatus.reportOk());

  const unavailable = {
    error: {
      code: 'DATABASE_UNAVAILABLE',
      message: 'Callboard cannot reach its database right now. Nothing was changed.',
    },
  };

  it('reports 503 DATABASE_UNAVAILABLE and network failures as lost, any other answer as back', async () => {
    let answer = () => jsonResponse(unavailable, 503, { 'Retry-After': '5' });
    const client = createApiClient({
      fetch: createFakeFetch({ 'GET /api/v1/calls': () => answer() }),
      getAccessToken: () => 'token',
      onUnauthenticated: vi.fn(),
    });
    const failure = client.request('/calls', { schema: z.unknown() });
    await expect(failure).rejects.toMatchObject({
      status: 503,
      code: 'DATABASE_UNAVAILABLE',
      retryAfterSeconds: 5,
      connectionTrouble: true,
      retryable: true,
    });
    expect(connectionStatus.getState()).toBe('lost');

    answer = () => jsonResponse({ rows: [] });
    await client.request('/calls', { schema: z.unknown() });
    expect(connectionStatus.getState()).toBe('restored');

    const offline = createApiClient({
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      getAccessToken: () => 'token',
      onUnauthenticated: vi.fn(),
    });
    await expect(offline.request('/calls', { schema: z.unknown() })).rejects.toMatchObject({
      status: 0,
      connectionTrouble: true,
    });
    expect(connectionStatus.getState()).toBe('lost');
  });

  it('never calls an unknown outcome retryable, and keeps the server’s words for it', async () => {
    const client = createApiClient({
      fetch: createFakeFetch({
        'POST /api/v1/calls/c1/notes': () =>
          jsonResponse(
            {
              error: {
                code: 'OUTCOME_UNKNOWN',
                message: 'This change may or may not have been saved.',
              },
            },
            503,
            { 'Retry-After': '5' },
          ),
      }),
      getAccessToken: () => 'token',
      onUnauthenticated: vi.fn(),
    });
    const failure = client.request('/calls/c1/notes', {
      method: 'POST',
      body: { body: 'x' },
      schema: z.unknown(),
    });
    await expect(failure).rejects.toMatchObject({
      code: 'OUTCOME_UNKNOWN',
      connectionTrouble: false,
      retryable: false,
    });
    expect(errorMessage(await failure.catch((error: unknown) => error))).toBe(
      'This change may or may not have been saved.',
    );
  });
});
