import { invitationSchema, type Invitation, type Role } from '@callboard/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

const invitationsResponseSchema = z.object({ invitations: z.array(invitationSchema) });

/** GET /admin/invitations: pending and expired ones (accepted and revoked ones are gone). */
export async function getInvitations(signal?: AbortSignal): Promise<Invitation[]> {
  const { invitations } = await apiClient.request('/admin/invitations', {
    schema: invitationsResponseSchema,
    signal,
  });
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

export function createInvitation(body: { email: string; role: Role }): Promise<unknown> {
  return apiClient.request('/admin/invitations', { method: 'POST', body, schema: z.unknown() });
}

export function resendInvitation(id: string): Promise<unknown> {
  return apiClient.request(`/admin/invitations/${encodeURIComponent(id)}/resend`, {
    method: 'POST',
    schema: z.unknown(),
  });
}

export function revokeInvitation(id: string): Promise<unknown> {
  return apiClient.request(`/admin/invitations/${encodeURIComponent(id)}/revoke`, {
    method: 'POST',
    schema: z.unknown(),
  });
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
