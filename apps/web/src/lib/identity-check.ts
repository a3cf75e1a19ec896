// Confirming it is you (docs/security.md, "Re-authentication"): a sensitive action refused with
// REAUTHENTICATION_REQUIRED is sent again once the user has entered their password, or a code from
// their authenticator app, in POST /api/auth/reauthenticate. The words for a wrong password or
// code are shared with the forms that turn two-factor sign-in on and off.
import { reauthenticateRoute } from '@callboard/contract/auth-routes';
import { useMutation } from '@tanstack/react-query';
import { callApi, isApiError } from './api-client.ts';

/** The API refused a sensitive action until the user confirms it is them. */
export function isReauthenticationRequired(error: unknown): boolean {
  return isApiError(error) && error.code === 'REAUTHENTICATION_REQUIRED';
}

/** A wrong password or code, in words; anything else is left to the standard alert. */
export function codeOrPasswordProblem(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (error.code === 'INVALID_PASSWORD') return 'That password isn’t right.';
  if (error.code === 'INVALID_CODE') {
    return 'That code isn’t right. Enter the code your authenticator app shows now.';
  }
  if (error.code === 'CODE_ALREADY_USED') return error.message;
  return null;
}

export type IdentityProof = { password: string } | { code: string };

/** POST /api/auth/reauthenticate: the form shows a refusal in place, so no toast. */
export function useReauthenticate() {
  return useMutation({
    mutationFn: (proof: IdentityProof) =>
      callApi(reauthenticateRoute, {
        body: 'code' in proof ? { code: proof.code.replace(/\s+/gu, '') } : proof,
      }),
    meta: { errorToast: false },
  });
}
