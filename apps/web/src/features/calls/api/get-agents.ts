import { listAgentsRoute, type Agent } from '@callboard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { organisationKeys } from './call-keys.ts';

/** The organisation's agents (the agent filter, agent names in the list). */
export async function getAgents(signal?: AbortSignal, accessToken?: string): Promise<Agent[]> {
  const { agents } = await callApi(listAgentsRoute, { signal, accessToken });
  return agents;
}

export function agentsQueryOptions() {
  return queryOptions({
    queryKey: organisationKeys.agents(),
    queryFn: ({ signal }) => getAgents(signal),
  });
}

export function useAgents(options: { enabled?: boolean } = {}) {
  return useQuery({ ...agentsQueryOptions(), enabled: options.enabled ?? true });
}
