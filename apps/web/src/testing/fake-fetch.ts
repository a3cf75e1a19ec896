// Test support: a fetch stand-in that answers by "METHOD /path", and a JWT maker. Imported only
// by *.test.ts(x) files.
import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  path: string;
  /** The query string's parameters (routes are matched on the path alone). */
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export type FakeHandler = (request: FakeRequest) => Response | Promise<Response>;

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** A fetch that routes "POST /api/auth/sign-in/email" style keys to handlers; others get 404. */
export function createFakeFetch(routes: Record<string, FakeHandler>) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const method = init?.method ?? 'GET';
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) return jsonResponse({ message: `no fake for ${method} ${url.pathname}` }, 404);
    const text = typeof init?.body === 'string' ? init.body : null;
    return handler({
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body: text ? (JSON.parse(text) as unknown) : undefined,
    });
  });
}

/** The JSON body of the n-th call a fake fetch received. */
export function sentBody(fetchMock: ReturnType<typeof createFakeFetch>, call = 0): unknown {
  const body = fetchMock.mock.calls[call]?.[1]?.body;
  return typeof body === 'string' ? (JSON.parse(body) as unknown) : undefined;
}

/** The query parameters of every request a fake fetch received for `path`, in order. */
export function requestedQueries(
  fetchMock: ReturnType<typeof createFakeFetch>,
  path: string,
): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => {
      const href =
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      return new URL(href, 'http://localhost');
    })
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}

/** A promise and the function that settles it: a fake answer held back until the test says. */
export function deferred<T = void>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  const binary = Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/u, '');
}

/** An unsigned JWT with the given claims (the client never checks signatures). */
export function fakeJwt(claims: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: 'EdDSA', typ: 'JWT' }))}.${base64Url(JSON.stringify(claims))}.c2lnbmF0dXJl`;
}

export const DEMO_USER = {
  id: '5b0c7a2e-2f0b-4c8e-9a51-0a4c7e9b1d23',
  email: 'mia@northwind.test',
  first_name: 'Mia',
  last_name: 'Hart',
  role: 'admin',
  isSuperAdmin: false,
  organisation: { id: '9d1c2b3a-4e5f-4a6b-8c7d-0e1f2a3b4c5d', name: 'Northwind' },
  notify_by_email: false,
  call_list_columns: null,
  two_factor: { enabled: false, required: false },
} as const;

/** Handlers for a working session: a token valid 15 minutes from `nowSeconds`, and /me. */
export function sessionRoutes(nowSeconds = Math.floor(Date.now() / 1000)) {
  return {
    'GET /api/auth/token': () =>
      jsonResponse({
        token: fakeJwt({ sub: DEMO_USER.id, iat: nowSeconds, exp: nowSeconds + 900 }),
      }),
    'GET /api/v1/me': () => jsonResponse(DEMO_USER),
  } satisfies Record<string, FakeHandler>;
}
