// Open sign-up (docs/security.md, "Sign-up"): create the account, then verify its address with the
// code sent by email, which also signs in.
import { sendEmailCodeRoute, signUpRoute, verifyEmailRoute } from '@callboard/contract/auth-routes';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { loadSignedInSession } from './sign-in.ts';

export interface SignUpValues {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
}

/** Creates the account; the answer is the same whether or not the address already has one. */
export async function signUp(values: SignUpValues): Promise<void> {
  await callApi(signUpRoute, { body: { ...values, email: values.email.trim() } });
}

/** Asks for a new verification code for an address not yet verified. */
export async function sendVerificationCode(email: string): Promise<void> {
  await callApi(sendEmailCodeRoute, {
    body: { email: email.trim(), type: 'email-verification' },
  });
}

/**
 * Verifies the address with the emailed code and the sign-up's password, which signs in; then
 * loads the session.
 */
export async function verifyEmail(input: { email: string; code: string; password: string }) {
  await callApi(verifyEmailRoute, {
    body: {
      email: input.email.trim(),
      otp: input.code.replace(/\s+/gu, ''),
      password: input.password,
    },
  });
  return loadSignedInSession();
}

// The forms show every failure themselves.
export function useSignUp() {
  return useMutation({ mutationFn: signUp, meta: { errorToast: false } });
}

export function useSendVerificationCode() {
  return useMutation({ mutationFn: sendVerificationCode, meta: { errorToast: false } });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail, meta: { errorToast: false } });
}
