import { listMembersRoute, type Member } from '@callboard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { organisationKeys } from './call-keys.ts';

/** The colleagues in the signed-in user's organisation (assignees, names in the activity). */
export async function getMembers(signal?: AbortSignal, accessToken?: string): Promise<Member[]> {
  const { members } = await callApi(listMembersRoute, { signal, accessToken });
  return members;
}

export function membersQueryOptions() {
  return queryOptions({
    queryKey: organisationKeys.members(),
    queryFn: ({ signal }) => getMembers(signal),
  });
}

export function useMembers(options: { enabled?: boolean } = {}) {
  return useQuery({ ...membersQueryOptions(), enabled: options.enabled ?? true });
}
