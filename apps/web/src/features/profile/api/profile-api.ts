import { updateMeRoute, type Me, type UpdateMeBody } from '@callboard/contract';
import { changePasswordRoute } from '@callboard/contract/auth-routes';
import { useMutation } from '@tanstack/react-query';
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
  return useMutation({ mutationFn: changePassword, meta: { errorToast: false } });
}
