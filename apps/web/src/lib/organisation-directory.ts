// The signed-in user's organisation as every screen sees it: its members (assignees, names in
// activity and charts) and its agents (filters, names in the list and charts). Shared by the
// calls and analytics features, so both read one cache entry for each and a screen opened after
// the other finds the names already there.
import { listAgentsRoute, listMembersRoute, type Agent, type Member } from '@callboard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './api-client.ts';

export const organisationKeys = {
  all: ['organisation'] as const,
  members: () => ['organisation', 'members'] as const,
  agents: () => ['organisation', 'agents'] as const,
};

/** `accessToken`: for a route loader's prefetch, before the session store has the token. */
export async function getMembers(signal?: AbortSignal, accessToken?: string): Promise<Member[]> {
  const { members } = await callApi(listMembersRoute, { signal, accessToken });
  return members;
}

export async function getAgents(signal?: AbortSignal, accessToken?: string): Promise<Agent[]> {
  const { agents } = await callApi(listAgentsRoute, { signal, accessToken });
  return agents;
}

export function membersQueryOptions() {
  return queryOptions({
    queryKey: organisationKeys.members(),
    queryFn: ({ signal }) => getMembers(signal),
  });
}

export function agentsQueryOptions() {
  return queryOptions({
    queryKey: organisationKeys.agents(),
    queryFn: ({ signal }) => getAgents(signal),
  });
}

/** `enabled: false` for a user without an organisation, whom the API would refuse. */
export function useMembers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...membersQueryOptions(), enabled });
}

export function useAgents({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...agentsQueryOptions(), enabled });
}
