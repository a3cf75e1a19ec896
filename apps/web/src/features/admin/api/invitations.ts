import {
  createInvitationRoute,
  listInvitationsRoute,
  resendInvitationRoute,
  revokeInvitationRoute,
  type Invitation,
  type Role,
  type SentInvitation,
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

export interface CreateInvitationInput {
  email: string;
  role: Role;
  /** Send even though the address belongs to someone in another organisation. */
  confirmOtherOrganisation?: boolean;
}

/** POST /admin/invitations: the answer carries the link, this once. */
export function createInvitation(body: CreateInvitationInput): Promise<SentInvitation> {
  return callApi(createInvitationRoute, { body });
}

/** A new link (in the answer, this once); the old one stops working. */
export function resendInvitation(id: string): Promise<SentInvitation> {
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

/**
 * The invite dialog shows a refusal (already a member, already invited, in another
 * organisation) in place.
 */
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
