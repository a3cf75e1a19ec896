import {
  endOtherOwnSessionsRoute,
  endOwnSessionRoute,
  listOwnSessionsRoute,
  updateMeRoute,
  type Me,
  type OwnSession,
  type UpdateMeBody,
} from '@callboard/contract';
import { changePasswordRoute } from '@callboard/contract/auth-routes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { currentSession, loadSession, sessionStore } from '../../../lib/session.ts';

/**
 * PATCH /me: first and last name, or the email-notification setting; the session's user follows
 * at once (header, menu, profile).
 */
export async function updateProfile(body: UpdateMeBody): Promise<Me> {
  const user = await callApi(updateMeRoute, { body });
  const session = currentSession();
  if (session && session.user.id === user.id) {
    sessionStore.setState({
      status: 'signed-in',
      event: 'SIGNED_IN',
      session: { ...session, user },
    });
  }
  return user;
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile, meta: { errorToast: false } });
}

/**
 * better-auth's change-password (cookie-authenticated): the current password is required and the
 * user's other sessions end. This session may be rotated, so a fresh access token follows.
 */
export async function changePassword(body: { currentPassword: string; newPassword: string }) {
  await callApi(changePasswordRoute, { body: { ...body, revokeOtherSessions: true } });
  await loadSession('SIGNED_IN');
}

export function useChangePassword() {
  const invalidate = useInvalidateSessions();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: invalidate,
    meta: { errorToast: false },
  });
}

export const sessionKeys = { own: () => ['me', 'sessions'] as const };

/** GET /me/sessions: this user's live sessions, this one first. */
export async function getOwnSessions(signal?: AbortSignal): Promise<OwnSession[]> {
  const { sessions } = await callApi(listOwnSessionsRoute, { signal });
  return sessions;
}

export function ownSessionsQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.own(),
    queryFn: ({ signal }) => getOwnSessions(signal),
  });
}

export function useOwnSessions() {
  return useQuery(ownSessionsQueryOptions());
}

export function useInvalidateSessions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionKeys.own() });
}

/** DELETE /me/sessions/{id}: that session's next request is refused. */
export function useEndSession() {
  const invalidate = useInvalidateSessions();
  return useMutation({
    mutationFn: (sessionId: string) => callApi(endOwnSessionRoute, { params: { sessionId } }),
    onSettled: invalidate,
    meta: { errorToast: false },
  });
}

/** POST /me/sessions/end-others: every session but this one ends. */
export function useEndOtherSessions() {
  const invalidate = useInvalidateSessions();
  return useMutation({
    mutationFn: () => callApi(endOtherOwnSessionsRoute, {}),
    onSettled: invalidate,
    meta: { errorToast: false },
  });
}
