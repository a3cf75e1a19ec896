import { useMutation } from '@tanstack/react-query';
import { signInRoute } from '@callboard/contract/auth-routes';
import { ApiError, callApi } from '../../../lib/api-client.ts';
import { loadSession, type SessionState } from '../../../lib/session.ts';

export interface SignInValues {
  email: string;
  password: string;
}

/**
 * Signs in with email and password, then loads the session (access token and user). An account
 * with two-factor sign-in has no session yet: 'two-factor' says a code must follow.
 */
export async function signInWithEmail(values: SignInValues): Promise<SessionState | 'two-factor'> {
  const answer = await callApi(signInRoute, {
    body: { email: values.email.trim(), password: values.password },
  });
  if (answer.twoFactorRedirect) return 'two-factor';
  return loadSignedInSession();
}

/** The session the identity endpoint has just set up, or a clear error if the cookie is missing. */
export async function loadSignedInSession(): Promise<SessionState> {
  const state = await loadSession('SIGNED_IN');
  if (state.status !== 'signed-in') {
    // The server accepted the password but the browser did not keep its session cookie.
    throw new ApiError({
      status: 400,
      code: 'SESSION_NOT_KEPT',
      message:
        'You were signed in, but this browser blocked the session cookie. Allow cookies for this site and try again.',
    });
  }
  return state;
}

export function useSignIn() {
  // The form shows every failure itself (lib/request-errors.ts would otherwise toast it too).
  return useMutation({ mutationFn: signInWithEmail, meta: { errorToast: false } });
}
