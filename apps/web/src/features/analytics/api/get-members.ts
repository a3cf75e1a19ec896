import { listMembersRoute, type Member } from '@callboard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { analyticsKeys } from './analytics-keys.ts';

/** The organisation's members: names for the workload chart. */
export async function getMembers(signal?: AbortSignal): Promise<Member[]> {
  const { members } = await callApi(listMembersRoute, { signal });
  return members;
}

export function membersQueryOptions() {
  return queryOptions({
    queryKey: analyticsKeys.members(),
    queryFn: ({ signal }) => getMembers(signal),
  });
}

export function useMembers(options: { enabled?: boolean } = {}) {
  return useQuery({ ...membersQueryOptions(), enabled: options.enabled ?? true });
}
