import { signInWithSsoRoute } from '@callboard/contract/auth-routes';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/**
 * Asks where the address's organisation signs in, then leaves for its identity provider, which
 * sends the browser back to Callboard signed in (or to /sso with what went wrong).
 */
export async function startSsoSignIn(email: string): Promise<void> {
  const { url } = await callApi(signInWithSsoRoute, { body: { email: email.trim() } });
  window.location.assign(url);
  // The page is leaving: stay pending rather than flash the form again.
  await new Promise<never>(() => undefined);
}

// The form shows every failure itself.
export function useStartSsoSignIn() {
  return useMutation({ mutationFn: startSsoSignIn, meta: { errorToast: false } });
}
