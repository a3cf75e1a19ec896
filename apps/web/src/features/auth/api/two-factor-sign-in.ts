import { useMutation } from '@tanstack/react-query';
import { verifyBackupCodeRoute, verifyTotpRoute } from '@callboard/contract/auth-routes';
import { callApi } from '../../../lib/api-client.ts';
import { loadSignedInSession } from './sign-in.ts';

export interface SecondFactor {
  method: 'totp' | 'backup';
  code: string;
  /** Skip the code on this browser for 30 days. */
  trustDevice: boolean;
}

/** Completes a sign-in whose password was right with a code, then loads the session. */
export async function completeTwoFactorSignIn({ method, code, trustDevice }: SecondFactor) {
  const route = method === 'totp' ? verifyTotpRoute : verifyBackupCodeRoute;
  // Codes are read aloud or copied with spaces; the server wants the bare code. Backup codes are
  // lower case, whatever was typed.
  const bare = method === 'totp' ? code.replace(/\s+/gu, '') : code.trim().toLowerCase();
  await callApi(route, { body: { code: bare, trustDevice } });
  return loadSignedInSession();
}

export function useTwoFactorSignIn() {
  // The form shows every failure itself.
  return useMutation({ mutationFn: completeTwoFactorSignIn, meta: { errorToast: false } });
}
