import { sendEmailCodeRoute, signInWithCodeRoute } from '@callboard/contract/auth-routes';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { loadSignedInSession } from './sign-in.ts';

/** Asks for a sign-in code by email; the answer is the same whether or not the address has an account. */
export async function sendSignInCode(email: string): Promise<void> {
  await callApi(sendEmailCodeRoute, { body: { email: email.trim(), type: 'sign-in' } });
}

/** Signs in with the emailed code, then loads the session. */
export async function signInWithCode(input: { email: string; code: string }) {
  await callApi(signInWithCodeRoute, {
    body: { email: input.email.trim(), otp: input.code.replace(/\s+/gu, '') },
  });
  return loadSignedInSession();
}

// The forms show every failure themselves.
export function useSendSignInCode() {
  return useMutation({ mutationFn: sendSignInCode, meta: { errorToast: false } });
}

export function useSignInWithCode() {
  return useMutation({ mutationFn: signInWithCode, meta: { errorToast: false } });
}
