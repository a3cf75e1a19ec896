// /join's calls. The preview and the sign-up are public (holding the link is the credential), so
// they go without a bearer token (the route declarations say so); accepting as a signed-in user
// sends it, like every other product call.
import {
  acceptInvitationRoute,
  getInvitationPreviewRoute,
  signUpWithInvitationRoute,
  type InvitationPreview,
} from '@callboard/contract';
import { signInRoute } from '@callboard/contract/auth-routes';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, callApi } from '../../../lib/api-client.ts';
import { loadSession } from '../../../lib/session.ts';

export const joinKeys = {
  all: ['join'] as const,
  preview: (token: string) => [...joinKeys.all, 'preview', token] as const,
};

/** GET /invitations/{token}: the organisation, who invited and the role. */
export function getInvitationPreview(
  token: string,
  signal?: AbortSignal,
): Promise<InvitationPreview> {
  return callApi(getInvitationPreviewRoute, { params: { token }, signal });
}

export function invitationPreviewQueryOptions(token: string) {
  return queryOptions({
    queryKey: joinKeys.preview(token),
    queryFn: ({ signal }) => getInvitationPreview(token, signal),
    // The answer is the page; a link that failed will fail again.
    retry: false,
    staleTime: 0,
  });
}

export function useInvitationPreview(token: string) {
  return useQuery({ ...invitationPreviewQueryOptions(token), meta: { errorToast: false } });
}

export interface JoinSignUpValues {
  first_name: string;
  last_name: string;
  password: string;
}

/**
 * Creates the account through the invitation, then signs in with the new password and loads the
 * session (the new user already belongs to the organisation).
 */
export async function signUpAndSignIn(token: string, values: JoinSignUpValues): Promise<void> {
  const { email } = await callApi(signUpWithInvitationRoute, { params: { token }, body: values });
  await callApi(signInRoute, { body: { email, password: values.password } });
  const state = await loadSession('SIGNED_IN');
  if (state.status !== 'signed-in') {
    throw new ApiError({
      status: 400,
      code: 'SESSION_NOT_KEPT',
      message:
        'Your account was created, but this browser blocked the session cookie. Allow cookies for this site and sign in.',
    });
  }
}

/**
 * `onSuccess` is the hook's own: once signed in, the page re-renders as the new user and the form
 * that called `mutate` is gone, so a per-call callback would never run.
 */
export function useJoinSignUp(token: string, onSuccess: () => void) {
  return useMutation({
    mutationFn: (values: JoinSignUpValues) => signUpAndSignIn(token, values),
    onSuccess,
    meta: { errorToast: false },
  });
}

/** POST /invitations/{token}/accept as the signed-in user, then reload the session (new organisation). */
export async function acceptInvitation(token: string): Promise<void> {
  await callApi(acceptInvitationRoute, { params: { token } });
  await loadSession('SIGNED_IN');
}

export function useAcceptInvitation(token: string, onSuccess: () => void) {
  return useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess,
    meta: { errorToast: false },
  });
}

export type InvitationProblem = 'unknown' | 'expired' | 'revoked' | 'used' | 'other';

/** Which of /join's failures an error is, for the page's heading (the server's message is the body). */
export function invitationProblem(error: unknown): InvitationProblem {
  if (!(error instanceof ApiError)) return 'other';
  switch (error.code) {
    case 'NOT_FOUND':
    case 'VALIDATION_FAILED':
      return 'unknown';
    case 'INVITATION_EXPIRED':
      return 'expired';
    case 'INVITATION_REVOKED':
      return 'revoked';
    case 'INVITATION_USED':
      return 'used';
    default:
      return 'other';
  }
}
