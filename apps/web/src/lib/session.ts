// The client session (docs/product.md, "Session" and "Constants"; docs/architecture.md,
// "Authentication").
//
// The session lives in memory only: `{access_token, expires_in, expires_at, user}`. What survives
// a reload is better-auth's httpOnly session cookie, which scripts cannot read; from it the app
// asks for a short-lived JWT access token (GET /api/auth/token) and the user (GET /api/v1/me).
// A 30 s tick renews the access token once 3 ticks (90 s) or fewer remain.
import type { Me } from '@callboard/contract';
import { getAccessTokenRoute, signOutRoute } from '@callboard/contract/auth-routes';
import * as z from 'zod/mini';
import { ApiError, callApi, reportUnauthenticated, sendEarly } from './api-client.ts';
import { queryClient } from './query-client.ts';
import { SIGN_IN_PATH, signInPath } from './safe-redirect.ts';

/**
 * How often the client checks whether its access token needs renewing (docs/product.md,
 * "Constants").
 */
export const TOKEN_REFRESH_TICK_MS = 30_000;
/**
 * Renew when this many ticks or fewer remain before the token expires (docs/product.md,
 * "Constants").
 */
export const TOKEN_REFRESH_THRESHOLD_TICKS = 3;
/** The same rule in seconds: 3 × 30 s = 90 s. */
export const TOKEN_REFRESH_MARGIN_SECONDS =
  (TOKEN_REFRESH_TICK_MS / 1000) * TOKEN_REFRESH_THRESHOLD_TICKS;

export interface AccessToken {
  access_token: string;
  /** Lifetime in seconds when issued. */
  expires_in: number;
  /** Expiry, in seconds since the epoch by this browser's clock. */
  expires_at: number;
}

export interface AuthSession extends AccessToken {
  user: Me;
}

/** The session's events (docs/product.md, "Session"). */
export type SessionEvent = 'SIGNED_IN' | 'TOKEN_REFRESHED' | 'SIGNED_OUT' | 'PASSWORD_RECOVERY';
export type SignedInEvent = Exclude<SessionEvent, 'SIGNED_OUT'>;
/** 'user' pressed Sign out; 'session-ended' means the server refused the session (any 401). */
export type SignOutReason = 'user' | 'session-ended';

export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-in'; event: SignedInEvent; session: AuthSession }
  /** `event` is null when there was no session to begin with. */
  | { status: 'signed-out'; event: 'SIGNED_OUT' | null; reason: SignOutReason | null };

const NO_SESSION: SessionState = { status: 'signed-out', event: null, reason: null };

// ——— pure helpers ———

export function nowInSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** True when the token expires within TOKEN_REFRESH_MARGIN_SECONDS (or already has). */
export function shouldRefreshToken(expiresAt: number, nowSeconds: number): boolean {
  return expiresAt - nowSeconds <= TOKEN_REFRESH_MARGIN_SECONDS;
}

const jwtClaimsSchema = z.object({ exp: z.number(), iat: z.optional(z.number()) });

/** The `exp` and `iat` claims of a JWT. The signature is the server's business, not checked here. */
export function decodeJwtClaims(token: string): { exp: number; iat?: number | undefined } {
  const payload = token.split('.')[1];
  if (token.split('.').length !== 3 || !payload) throw new Error('Malformed access token');
  let json: unknown;
  try {
    json = JSON.parse(decodeBase64Url(payload));
  } catch {
    throw new Error('Malformed access token');
  }
  const claims = z.safeParse(jwtClaimsSchema, json);
  if (!claims.success) throw new Error('Access token has no expiry');
  return claims.data;
}

/** The `exp` claim of a JWT, in seconds since the epoch. */
export function decodeJwtExpiry(token: string): number {
  return decodeJwtClaims(token).exp;
}

/**
 * The session's view of a freshly issued token. `expires_at` is put on this browser's clock
 * (now + the token's lifetime, exp − iat), so a computer whose clock is minutes off still renews
 * on time instead of letting the token lapse (which would end in a 401 and a sign-out).
 */
export function accessTokenFrom(token: string, nowSeconds: number): AccessToken {
  const { exp, iat } = decodeJwtClaims(token);
  const lifetime = iat !== undefined && exp > iat ? exp - iat : exp - nowSeconds;
  return { access_token: token, expires_in: lifetime, expires_at: nowSeconds + lifetime };
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

// ——— the store ———

export interface SessionStore {
  getState(): SessionState;
  setState(next: SessionState): void;
  subscribe(listener: () => void): () => void;
}

export function createSessionStore(initial: SessionState = { status: 'loading' }): SessionStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    setState(next) {
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's session. Read it in React with `useSession()`. */
export const sessionStore = createSessionStore();

/** The signed-in session, or null (loading or signed out). */
export function currentSession(): AuthSession | null {
  const state = sessionStore.getState();
  return state.status === 'signed-in' ? state.session : null;
}

// ——— talking to the server ———

/** A new access token from the session cookie; null when there is no session (401). */
export async function fetchAccessToken(): Promise<AccessToken | null> {
  try {
    const { token } = await callApi(getAccessTokenRoute);
    return accessTokenFrom(token, nowInSeconds());
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * Builds the session from the cookie: an access token, then the user. `event` says why: 'SIGNED_IN'
 * after sign-in or on start-up, 'PASSWORD_RECOVERY' after a reset link set a new password.
 */
export async function loadSession(
  event: SignedInEvent,
  pendingToken: Promise<AccessToken | null> = fetchAccessToken(),
): Promise<SessionState> {
  const token = await pendingToken;
  if (!token) {
    sessionStore.setState(NO_SESSION);
    return NO_SESSION;
  }
  // The contract (and the full zod it is written in) loads only once there is a user to check,
  // keeping it out of what a signed-out visitor downloads. GET /me travels while it does.
  const me = sendEarly('/me', token.access_token);
  const { getMeRoute } = await import('@callboard/contract');
  const user = await callApi(getMeRoute, { accessToken: token.access_token, early: me });
  const previous = currentSession();
  if (previous && previous.user.id !== user.id) queryClient.clear();
  const next: SessionState = { status: 'signed-in', event, session: { ...token, user } };
  sessionStore.setState(next);
  return next;
}

let bootstrap: Promise<void> | null = null;
let startupToken: Promise<AccessToken | null> | null = null;

/** Loads the session once per page load (route loaders await it); later calls share the result. */
export async function ensureSessionLoaded(): Promise<SessionState> {
  startupToken ??= fetchAccessToken();
  bootstrap ??= loadSession('SIGNED_IN', startupToken).then(
    () => undefined,
    () => {
      // Server unreachable or misbehaving: carry on signed out; signing in will say what is wrong.
      if (sessionStore.getState().status === 'loading') sessionStore.setState(NO_SESSION);
    },
  );
  await bootstrap;
  return sessionStore.getState();
}

let refreshing: Promise<AccessToken | null> | null = null;

/**
 * Fetches a new access token for the current session (one request at a time). A refusal (401)
 * means the session ended on the server — signed out elsewhere, password reset — and is handled
 * like any other 401. Network errors reject and leave the session as it is for the next tick.
 */
export function refreshAccessToken(): Promise<AccessToken | null> {
  refreshing ??= renewAccessToken().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function renewAccessToken(): Promise<AccessToken | null> {
  const userId = currentSession()?.user.id;
  if (!userId) return null;
  const token = await fetchAccessToken();
  if (!token) {
    reportUnauthenticated();
    return null;
  }
  const session = currentSession();
  // Signed out (or someone else signed in) while the request was in flight: drop the token.
  if (session?.user.id !== userId) return null;
  sessionStore.setState({
    status: 'signed-in',
    event: 'TOKEN_REFRESHED',
    session: { ...session, ...token },
  });
  return token;
}

/**
 * The access token as soon as there is one: while the page is starting, the moment the token
 * arrives, before the user (GET /me) is known — so that a page's first request can go out beside
 * GET /me instead of after it. The server still checks everything; null when signed out.
 */
export async function earlyAccessToken(): Promise<string | null> {
  if (sessionStore.getState().status !== 'loading') return getFreshAccessToken();
  void ensureSessionLoaded();
  const token = await (startupToken ?? Promise.resolve(null)).catch(() => null);
  return token?.access_token ?? null;
}

/** The access token to send now, renewed first if it is about to expire (after sleep, say). */
export async function getFreshAccessToken(): Promise<string | null> {
  if (sessionStore.getState().status === 'loading') await ensureSessionLoaded();
  const session = currentSession();
  if (!session) return null;
  if (shouldRefreshToken(session.expires_at, nowInSeconds())) {
    try {
      const token = await refreshAccessToken();
      if (token) return token.access_token;
    } catch {
      // Unreachable for now: try with the token we have; the server decides.
    }
  }
  return currentSession()?.access_token ?? null;
}

/**
 * Ends the session here at once (memory and query cache), then on the server (clears the cookie).
 * Safe to call repeatedly: a burst of 401s signs out once.
 */
export async function signOut(reason: SignOutReason = 'user'): Promise<void> {
  const previous = sessionStore.getState();
  if (previous.status === 'signed-out' && previous.event === 'SIGNED_OUT') return;
  sessionStore.setState({ status: 'signed-out', event: 'SIGNED_OUT', reason });
  queryClient.clear();
  try {
    await callApi(signOutRoute, { body: {} });
  } catch {
    // Signed out locally regardless; the cookie's session ends on the server on its own.
  }
}

export interface UnauthenticatedHandlerDeps {
  navigate: (to: string) => void;
  currentLocation: () => { pathname: string; search: string };
}

/**
 * What any 401 does (docs/product.md, "Session"): sign out, then go to /auth, remembering the
 * page so that signing in again returns there.
 */
export function createUnauthenticatedHandler(deps: UnauthenticatedHandlerDeps): () => void {
  return () => {
    // The api client reports a 401 as it arrives and the query error handler sees it again; a
    // burst of 401s from parallel requests is one more of the same. The session ends once.
    const state = sessionStore.getState();
    if (state.status === 'signed-out' && state.reason === 'session-ended') return;
    void signOut('session-ended');
    const { pathname, search } = deps.currentLocation();
    if (pathname !== SIGN_IN_PATH) deps.navigate(signInPath(`${pathname}${search}`));
  };
}

/** One tick of the refresh timer; true when it started a refresh. */
export function runRefreshTick(nowSeconds: number = nowInSeconds()): boolean {
  const session = currentSession();
  if (!session || !shouldRefreshToken(session.expires_at, nowSeconds)) return false;
  refreshAccessToken().catch(() => undefined);
  return true;
}

/** Starts the 30 s refresh tick (and a check whenever the tab becomes visible); returns stop. */
export function startTokenRefresh(): () => void {
  const timer = setInterval(() => runRefreshTick(), TOKEN_REFRESH_TICK_MS);
  const onVisibilityChange = () => {
    if (document.visibilityState === 'visible') runRefreshTick();
  };
  document.addEventListener('visibilitychange', onVisibilityChange);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisibilityChange);
  };
}
