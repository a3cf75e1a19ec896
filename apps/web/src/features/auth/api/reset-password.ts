import { useMutation } from '@tanstack/react-query';
import { resetPasswordRoute } from '@callboard/contract/auth-routes';
import { callApi, isApiError } from '../../../lib/api-client.ts';
import { loadSession } from '../../../lib/session.ts';

export interface ResetPasswordInput {
  newPassword: string;
  token: string;
}

/** The reset link's token is expired, used or unknown. */
export function isInvalidResetToken(error: unknown): boolean {
  return isApiError(error) && error.code === 'INVALID_TOKEN';
}

/**
 * Sets the new password. The server then signs the user in on this device (and ends every other
 * session), so the session is loaded in the "password recovery" state (docs/product.md, "Session"). Resolves to whether
 * that worked; the password is changed either way.
 */
export async function resetPassword(input: ResetPasswordInput): Promise<{ signedIn: boolean }> {
  await callApi(resetPasswordRoute, { body: input });
  try {
    const state = await loadSession('PASSWORD_RECOVERY');
    return { signedIn: state.status === 'signed-in' };
  } catch {
    return { signedIn: false };
  }
}

export function useResetPassword() {
  // The form shows every failure itself (lib/request-errors.ts would otherwise toast it too).
  return useMutation({ mutationFn: resetPassword, meta: { errorToast: false } });
}
