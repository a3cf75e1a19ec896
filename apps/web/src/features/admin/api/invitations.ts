import {
  createInvitationRoute,
  listInvitationsRoute,
  resendInvitationRoute,
  revokeInvitationRoute,
  type Invitation,
  type Role,
} from '@callboard/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** GET /admin/invitations: pending and expired ones (accepted and revoked ones are gone). */
export async function getInvitations(signal?: AbortSignal): Promise<Invitation[]> {
  const { invitations } = await callApi(listInvitationsRoute, { signal });
  return invitations;
}

export function invitationsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.invitations(),
    queryFn: ({ signal }) => getInvitations(signal),
  });
}

export function useInvitations() {
  return useQuery(invitationsQueryOptions());
}

export function createInvitation(body: { email: string; role: Role }): Promise<Invitation> {
  return callApi(createInvitationRoute, { body });
}

export function resendInvitation(id: string): Promise<Invitation> {
  return callApi(resendInvitationRoute, { params: { invitationId: id } });
}

export function revokeInvitation(id: string): Promise<undefined> {
  return callApi(revokeInvitationRoute, { params: { invitationId: id } });
}

function useInvalidateInvitations() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.invitations() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.auditAll() }),
    ]);
}

/** The invite dialog shows a refusal (already a member, already invited) in place. */
export function useCreateInvitation() {
  const invalidate = useInvalidateInvitations();
  return useMutation({
    mutationFn: createInvitation,
    onSettled: invalidate,
    meta: { errorToast: false },
  });
}

export function useResendInvitation() {
  const invalidate = useInvalidateInvitations();
  return useMutation({
    mutationFn: resendInvitation,
    onSettled: invalidate,
    meta: { errorTitle: 'Couldn’t resend the invitation' },
  });
}

export function useRevokeInvitation() {
  const invalidate = useInvalidateInvitations();
  return useMutation({
    mutationFn: revokeInvitation,
    onSettled: invalidate,
    meta: { errorToast: false },
  });
}
