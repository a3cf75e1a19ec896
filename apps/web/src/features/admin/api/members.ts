import { adminMemberSchema, type AdminMember, type Role } from '@callboard/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

const membersResponseSchema = z.object({ members: z.array(adminMemberSchema) });

/** GET /admin/members: everyone in the organisation, with role and join date. */
export async function getAdminMembers(signal?: AbortSignal): Promise<AdminMember[]> {
  const { members } = await apiClient.request('/admin/members', {
    schema: membersResponseSchema,
    signal,
  });
  return members;
}

export function adminMembersQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.members(),
    queryFn: ({ signal }) => getAdminMembers(signal),
  });
}

export function useAdminMembers(options: { enabled?: boolean } = {}) {
  return useQuery({ ...adminMembersQueryOptions(), enabled: options.enabled ?? true });
}

export function setMemberRole(userId: string, role: Role): Promise<unknown> {
  return apiClient.request(`/admin/members/${encodeURIComponent(userId)}/role`, {
    method: 'PUT',
    body: { role },
    schema: z.unknown(),
  });
}

export function removeMember(userId: string): Promise<unknown> {
  return apiClient.request(`/admin/members/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
    schema: z.unknown(),
  });
}

function useInvalidateMembers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.members() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.auditAll() }),
    ]);
}

/** The screen shows the server's refusal (the last admin) beside the member, so no toast. */
export function useSetMemberRole() {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) => setMemberRole(userId, role),
    onSettled: invalidate,
    meta: { errorToast: false },
  });
}

export function useRemoveMember() {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: (userId: string) => removeMember(userId),
    onSettled: invalidate,
    meta: { errorToast: false },
  });
}
