import { useMutation } from '@tanstack/react-query';
import { requestPasswordResetRoute } from '@callboard/contract/auth-routes';
import { callApi, isApiError } from '../../../lib/api-client.ts';

/**
 * Asks for a reset link. The server answers the same whether or not the account exists, so the
 * screen does too; only failures that mean "nothing was sent, try again" are worth showing.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  await callApi(requestPasswordResetRoute, { body: { email: email.trim() } });
}

/** True when the request may not have gone through and the user should try again. */
export function isRetryableResetFailure(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.retryable || error.status >= 500 || error.status === 429;
}

export function useRequestPasswordReset() {
  // The screen decides what to show; a toast could reveal whether the account exists.
  return useMutation({ mutationFn: requestPasswordReset, meta: { errorToast: false } });
}
