// The one way the browser talks to the server. `apiClient` is for the product API (/api/v1): it
// adds the bearer access token and treats ANY 401 as "the session is over" (docs/product.md,
// "Session").
// `authRequest` is for the identity endpoints (/api/auth/*), which ride on the session cookie and
// answer 401 for ordinary reasons (a wrong password), so it never signs anyone out.
//
// `callApi` is how features call either: it takes a route declared in the contract
// (packages/contract/src/routes) and builds the request and checks the answer from it.
//
// Schemas here are zod/mini (tree-shaken: this file is in every page's first download); callers
// may pass any zod schema, the contract's classic ones included.
import type {
  ErrorBody,
  PathParams,
  RouteBody,
  RouteDeclaration,
  RouteResponse,
} from '@callboard/contract';
import { authErrorBodySchema } from '@callboard/contract/auth-routes';
import { routePath } from '@callboard/contract/route';
import * as z from 'zod/mini';
import { connectionStatus } from './connection-status.ts';

/**
 * Statuses after which trying again may work (docs/product.md, "Error messages"); 0 stands for a
 * network failure.
 */
const RETRYABLE_STATUSES = new Set([0, 502, 503, 504]);

export const NETWORK_ERROR_MESSAGE =
  'We couldn’t reach Callboard. Check your connection and try again.';
export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status, or 0 when the request never got an answer. */
  readonly status: number;
  readonly code: string;
  /** Every failing rule, when the server lists them (WEAK_PASSWORD). */
  readonly reasons: readonly string[];
  /** Which input was wrong and why, by parameter name (400 VALIDATION_FAILED). */
  readonly fields: Readonly<Record<string, string>>;
  /** Seconds to wait before trying again, from Retry-After / X-Retry-After. */
  readonly retryAfterSeconds: number | null;
  /**
   * The product API's whole `error` object, unchecked, for a feature that reads more than the
   * code and message (a CONFLICT carries the call as it is now); the feature validates it.
   */
  readonly details: unknown;
  /**
   * The product API refused the session (a 401 from /api/v1): the user is signed out. Not set for
   * /api/auth answers, where 401 has ordinary meanings (a wrong password).
   */
  readonly sessionEnded: boolean;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    reasons?: readonly string[];
    fields?: Readonly<Record<string, string>> | undefined;
    retryAfterSeconds?: number | null;
    sessionEnded?: boolean;
    details?: unknown;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.reasons = init.reasons ?? [];
    this.fields = init.fields ?? {};
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
    this.sessionEnded = init.sessionEnded ?? false;
    this.details = init.details;
  }

  get retryable(): boolean {
    return RETRYABLE_STATUSES.has(this.status) && this.code !== 'OUTCOME_UNKNOWN';
  }

  /**
   * Callboard is out of reach: the network failed, a proxy found no server, or the server's
   * database is unavailable. Nothing was done, and trying again later is safe
   * (docs/operations.md, "Database outages").
   */
  get connectionTrouble(): boolean {
    // The retryable answers: no answer at all, a proxy's 502/504, and every 503 but
    // OUTCOME_UNKNOWN (ours say DATABASE_UNAVAILABLE; a proxy's has no code).
    return this.retryable;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Any zod schema (classic or mini) whose output is T. */
export type Schema<T> = z.core.$ZodType<T>;

export interface RequestOptions<T> {
  method?: HttpMethod;
  body?: unknown;
  /** Validates the response body; its output is what the call resolves to. */
  schema: Schema<T>;
  signal?: AbortSignal;
}

export interface ApiRequestOptions<T> extends RequestOptions<T> {
  /**
   * A public route (an invitation link is its own credential): no access token is sent, and a 401
   * says nothing about the session, so it does not sign anyone out.
   */
  anonymous?: boolean;
  /** Use this token instead of asking `getAccessToken` (while a session is being loaded). */
  accessToken?: string;
  /**
   * The answer to this same GET, already on its way (`sendEarly`): read instead of asking again,
   * once (a retry asks again). One for another path is ignored.
   */
  early?: EarlyRequest | undefined;
}

/** A GET to /api/v1 sent before the code that reads its answer had loaded (`sendEarly`). */
export interface EarlyRequest {
  /** Relative to /api/v1 and with its query string, exactly as the reader will ask for it. */
  readonly path: string;
  /** The answer the first time; null after that, when it has been read (or is being read). */
  take(): Promise<Response> | null;
}

export interface ApiClientDeps {
  fetch?: typeof fetch;
  /** The current access token, renewed first when it is about to expire. */
  getAccessToken: () => Promise<string | null> | string | null;
  /** Called once per 401 answer, before the request rejects. */
  onUnauthenticated: () => void;
  /**
   * Called when the API answers TWO_FACTOR_REQUIRED: the organisation now requires two-factor
   * sign-in of this user, who has not set it up (docs/security.md, "Two-factor sign-in").
   */
  onTwoFactorRequired?: () => void;
}

/** A request whose body or answer is not JSON (a CSV file). */
export interface RawRequestOptions {
  method: HttpMethod;
  /** Sent as it is, with `contentType`. */
  body?: Blob | Uint8Array<ArrayBuffer> | string;
  contentType?: string;
  signal?: AbortSignal | undefined;
}

export interface ApiClient {
  /** `path` is relative to /api/v1, e.g. '/me'. */
  request<T>(path: string, options: ApiRequestOptions<T>): Promise<T>;
  /**
   * As `request`, with the token and the same errors, but for a body or an answer that is not
   * JSON: resolves to the successful Response, its body unread.
   */
  requestRaw(path: string, options: RawRequestOptions): Promise<Response>;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const refused = (error: ApiError) => {
    if (error.code === 'TWO_FACTOR_REQUIRED') deps.onTwoFactorRequired?.();
    return error;
  };
  return {
    async request<T>(path: string, options: ApiRequestOptions<T>): Promise<T> {
      const token = options.anonymous
        ? null
        : (options.accessToken ?? (await deps.getAccessToken()));
      const headers = apiHeaders('application/json', token);
      const early =
        options.early?.path === path && methodOf(options) === 'GET' ? options.early.take() : null;
      // An early answer is read even when this request's signal aborts: it left without one.
      const response = early
        ? await answered(() => early)
        : await send(deps.fetch ?? fetch, `/api/v1${path}`, options, headers);
      if (response.status === 401 && !options.anonymous) {
        deps.onUnauthenticated();
        throw await errorFromResponse(response, 'UNAUTHENTICATED', true);
      }
      if (!response.ok) throw refused(await errorFromResponse(response));
      return parseBody(response, options.schema);
    },
    async requestRaw(path: string, options: RawRequestOptions): Promise<Response> {
      const token = await deps.getAccessToken();
      const headers = apiHeaders('text/csv, application/json', token);
      if (options.contentType) headers.set('Content-Type', options.contentType);
      const response = await answered(() =>
        (deps.fetch ?? fetch)(`/api/v1${path}`, {
          method: options.method,
          headers,
          credentials: 'same-origin',
          body: options.body ?? null,
          signal: options.signal ?? null,
        }),
      );
      if (response.status === 401) {
        deps.onUnauthenticated();
        throw await errorFromResponse(response, 'UNAUTHENTICATED', true);
      }
      if (!response.ok) throw refused(await errorFromResponse(response));
      connectionStatus.reportOk();
      return response;
    },
  };
}

// The default client is configured once by the app (src/main.tsx), which knows how to find the
// current session and where to send a signed-out user; until then it behaves as signed out.
let configured: Omit<ApiClientDeps, 'fetch'> = {
  getAccessToken: () => null,
  onUnauthenticated: () => undefined,
};

export function configureApiClient(deps: Omit<ApiClientDeps, 'fetch'>): void {
  configured = deps;
}

export const apiClient: ApiClient = createApiClient({
  getAccessToken: () => configured.getAccessToken(),
  onUnauthenticated: () => configured.onUnauthenticated(),
  onTwoFactorRequired: () => configured.onTwoFactorRequired?.(),
});

/**
 * Calls a declared /api/v1 route whose body or answer is a file (`rawBody`, or a response
 * `mediaType`): the successful Response, its body unread for the caller to stream or parse.
 */
export function callApiRaw(
  route: RouteDeclaration,
  options: {
    query?: URLSearchParams;
    body?: RawRequestOptions['body'];
    signal?: AbortSignal | undefined;
  } = {},
): Promise<Response> {
  const queryString = options.query?.toString() ?? '';
  const path = `${routePath(route.path, {})}${queryString ? `?${queryString}` : ''}`;
  return apiClient.requestRaw(path, {
    method: route.method.toUpperCase() as HttpMethod,
    body: options.body,
    contentType: route.rawBody?.mediaType,
    signal: options.signal,
  });
}

/** Tell the app the session is over, as a 401 would (used when a token refresh is refused). */
export function reportUnauthenticated(): void {
  configured.onUnauthenticated();
}

/** What a declared route needs besides itself: its path parameters and body, when it has them. */
export type RouteCallOptions<Route extends RouteDeclaration> = {
  /** Already built by the caller: the query schemas take strings, as a URL carries them. */
  query?: URLSearchParams;
  signal?: AbortSignal | undefined;
  /** As in `ApiRequestOptions`. */
  accessToken?: string | undefined;
  /** As in `ApiRequestOptions`; /api/v1 routes only (an /api/auth route asks for itself). */
  early?: EarlyRequest | undefined;
} & (Route['path'] extends `${string}{${string}`
  ? { params: PathParams<Route['path']> }
  : { params?: never }) &
  (Route['body'] extends object ? { body: RouteBody<Route> } : { body?: never });

/**
 * Calls a declared route: /api/v1 ones through `apiClient` (public ones without a token),
 * /api/auth ones through `authRequest`. Resolves to the answer parsed with the route's success
 * schema; an answer with none must be empty.
 */
export function callApi<Route extends RouteDeclaration>(
  route: Route,
  ...[options]: object extends RouteCallOptions<Route>
    ? [RouteCallOptions<Route>?]
    : [RouteCallOptions<Route>]
): Promise<RouteResponse<Route>> {
  const { params, query, body, signal, accessToken, early } = options ?? {};
  // Not `query.size`: Safari before 17 has no such property, and would drop every query string.
  const queryString = query?.toString() ?? '';
  const search = queryString ? `?${queryString}` : '';
  const path = `${routePath(route.path, params ?? {})}${search}`;
  const request = {
    method: route.method.toUpperCase() as HttpMethod,
    body,
    schema: (route.response?.schema ?? z.undefined()) as Schema<RouteResponse<Route>>,
    signal,
  };
  if (route.base === '/api/auth') return authRequest(path, request);
  return apiClient.request(path, {
    ...request,
    accessToken,
    early,
    anonymous: route.auth === 'public',
  });
}

/**
 * Sends a GET to /api/v1 now, with the token given, for a page that knows its first requests
 * before the code that makes them (and the contract that checks their answers) has loaded: the
 * answer travels while that code downloads. `callApi` reads it when given it as `early`, with the
 * same checks and errors as its own requests.
 */
export function sendEarly(path: string, accessToken: string): EarlyRequest {
  let response: Promise<Response> | null = fetch(`/api/v1${path}`, {
    headers: apiHeaders('application/json', accessToken),
    credentials: 'same-origin',
  });
  // Its reader meets a failure; one that is never read must not be an unhandled rejection.
  response.catch(() => undefined);
  return {
    path,
    take() {
      const answer = response;
      response = null;
      return answer;
    },
  };
}

/** A call to better-auth under /api/auth; `path` is relative to it, e.g. '/sign-in/email'. */
export async function authRequest<T>(
  path: string,
  options: RequestOptions<T>,
  fetchImpl: typeof fetch = fetch,
): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  const response = await send(fetchImpl, `/api/auth${path}`, options, headers);
  if (!response.ok) throw await errorFromResponse(response);
  return parseBody(response, options.schema);
}

async function send(
  fetchImpl: typeof fetch,
  url: string,
  options: RequestOptions<unknown>,
  headers: Headers,
): Promise<Response> {
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  return answered(() =>
    fetchImpl(url, {
      method: methodOf(options),
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
    }),
  );
}

/** A product API request's headers: what it accepts, and the session's token when there is one. */
function apiHeaders(accept: string, token: string | null): Headers {
  const headers = new Headers({ Accept: accept });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

function methodOf(options: RequestOptions<unknown>): HttpMethod {
  return options.method ?? (options.body === undefined ? 'GET' : 'POST');
}

/** The answer to a request, or the NETWORK_ERROR of one that got none (an abort stays one). */
async function answered(request: () => Promise<Response>): Promise<Response> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
}

function networkError(): ApiError {
  connectionStatus.reportTrouble();
  return new ApiError({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
}

async function parseBody<T>(response: Response, schema: Schema<T>): Promise<T> {
  connectionStatus.reportOk();
  const text = await response.text();
  const result = z.safeParse(schema, text ? safeJson(text) : undefined);
  if (result.success) return result.data;
  throw new ApiError({
    status: response.status,
    code: 'INVALID_RESPONSE',
    message: SERVER_ERROR_MESSAGE,
  });
}

// The product API answers `{error: {code, message, fields?, reasons?}}` (the contract's
// errorBodySchema, restated in zod/mini; `satisfies` keeps the two in step). The code stays a
// string here so that a code this build does not know yet still reaches the caller.
const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    // A malformed `fields` or `reasons` must not cost the user the message.
    fields: z.catch(z.optional(z.record(z.string(), z.string())), undefined),
    reasons: z.catch(z.optional(z.array(z.string())), undefined),
  }),
}) satisfies z.ZodMiniType<{ error: Omit<ErrorBody['error'], 'code'> & { code: string } }>;

/** The error a failed answer carries, reported to the connection status on its way. */
async function errorFromResponse(
  response: Response,
  fallbackCode?: string,
  sessionEnded = false,
): Promise<ApiError> {
  const error = await readError(response, fallbackCode, sessionEnded);
  if (error.connectionTrouble) connectionStatus.reportTrouble();
  else connectionStatus.reportOk();
  return error;
}

async function readError(
  response: Response,
  fallbackCode?: string,
  sessionEnded = false,
): Promise<ApiError> {
  const body = safeJson(await response.text().catch(() => ''));
  const retryAfterSeconds = parseRetryAfter(
    response.headers.get('Retry-After') ?? response.headers.get('X-Retry-After'),
  );
  const status = response.status;
  const fallback = {
    code: fallbackCode ?? (status >= 500 ? 'SERVER_ERROR' : `HTTP_${status}`),
    message: status >= 500 ? SERVER_ERROR_MESSAGE : `Request failed (${status}).`,
  };
  const product = z.safeParse(errorBodySchema, body);
  if (product.success) {
    const details = (body as { error: unknown }).error;
    return new ApiError({
      status,
      ...product.data.error,
      retryAfterSeconds,
      sessionEnded,
      details,
    });
  }
  const auth = z.safeParse(authErrorBodySchema, body);
  if (auth.success) {
    return new ApiError({
      status,
      code: auth.data.code ?? fallback.code,
      message: status >= 500 ? SERVER_ERROR_MESSAGE : (auth.data.message ?? fallback.message),
      reasons: auth.data.reasons ?? [],
      retryAfterSeconds,
      sessionEnded,
    });
  }
  return new ApiError({ status, ...fallback, retryAfterSeconds, sessionEnded });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function parseRetryAfter(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : null;
}
