// Where to send a user after sign-in. The target arrives in the URL (`/auth?next=…`), so it is
// untrusted: only same-origin paths are accepted, never `//evil.test` or `https://…`, also after
// the URL parser has resolved dot segments.

export const SIGN_IN_PATH = '/auth';
export const HOME_PATH = '/dashboard';
export const NEXT_PARAM = 'next';

const PUBLIC_AUTH_PATHS = new Set(['/', SIGN_IN_PATH, '/forgot-password', '/update-password']);

/** `value` if it is a safe in-app path to return to after sign-in, otherwise null. */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (/\p{Cc}/u.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, 'http://callboard.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://callboard.invalid') return null;
  // Check the path as the router will use it, after normalisation: `/.//evil.test` and
  // `/..//evil.test` normalise to `//evil.test`, which a browser reads as another host.
  if (url.pathname.startsWith('//') || url.pathname.startsWith('/\\')) return null;
  // Returning to a sign-in or recovery screen after signing in would be pointless (or loop).
  if (PUBLIC_AUTH_PATHS.has(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in URL that returns to `from` afterwards. */
export function signInPath(from?: string | null): string {
  const next = safeRedirectPath(from);
  if (!next) return SIGN_IN_PATH;
  return `${SIGN_IN_PATH}?${new URLSearchParams({ [NEXT_PARAM]: next }).toString()}`;
}
