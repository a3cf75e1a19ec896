import {
  listAdminMembersRoute,
  removeMemberRoute,
  setMemberRoleRoute,
  type AdminMember,
  type Role,
} from '@callboard/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** GET /admin/members: everyone in the organisation, with role and join date. */
export async function getAdminMembers(signal?: AbortSignal): Promise<AdminMember[]> {
  const { members } = await callApi(listAdminMembersRoute, { signal });
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

export function setMemberRole(userId: string, role: Role): Promise<undefined> {
  return callApi(setMemberRoleRoute, { params: { userId }, body: { role } });
}

export function removeMember(userId: string): Promise<undefined> {
  return callApi(removeMemberRoute, { params: { userId } });
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
