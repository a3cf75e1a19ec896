// Setting up and turning off two-factor sign-in (docs/security.md, "Two-factor sign-in"). Both
// replace the session on the server, so each ends by loading the session again from the new cookie.
import { useMutation } from '@tanstack/react-query';
import {
  disableTwoFactorRoute,
  enableTwoFactorRoute,
  verifyTotpRoute,
} from '@callboard/contract/auth-routes';
import { callApi } from '../../../lib/api-client.ts';
import { loadSession } from '../../../lib/session.ts';
import { useInvalidateSessions } from './profile-api.ts';

export interface Enrolment {
  /** otpauth://totp/…, for the QR code; its `secret` is the key typed by hand. */
  totpURI: string;
  backupCodes: string[];
}

/** Starts an enrolment: a new secret and backup codes, not in force until a code confirms them. */
export function useStartEnrolment() {
  return useMutation({
    mutationFn: async (password: string): Promise<Enrolment> => {
      const answer = await callApi(enableTwoFactorRoute, { body: { password } });
      return { totpURI: answer.totpURI, backupCodes: answer.backupCodes };
    },
    meta: { errorToast: false },
  });
}

/** Confirms the enrolment with the app's first code; from then on sign-in asks for a code. */
export function useConfirmEnrolment() {
  // The session was replaced: the list of sessions has a new "this browser".
  const invalidate = useInvalidateSessions();
  return useMutation({
    mutationFn: async (code: string) => {
      await callApi(verifyTotpRoute, { body: { code: code.replace(/\s+/gu, '') } });
      await loadSession('TOKEN_REFRESHED');
    },
    onSuccess: invalidate,
    meta: { errorToast: false },
  });
}

export function useDisableTwoFactor() {
  const invalidate = useInvalidateSessions();
  return useMutation({
    mutationFn: async (input: { password: string; code: string }) => {
      await callApi(disableTwoFactorRoute, {
        body: { password: input.password, code: input.code.replace(/\s+/gu, '') },
      });
      await loadSession('TOKEN_REFRESHED');
    },
    onSuccess: invalidate,
    meta: { errorToast: false },
  });
}

/** The key inside an otpauth:// URI, in groups of four for typing into an app. */
export function secretOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})(?=.)/gu, '$1 ');
}
