import { listAgentsRoute, type Agent } from '@callboard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { analyticsKeys } from './analytics-keys.ts';

/** The organisation's agents: the agent filter's choices. */
export async function getAgents(signal?: AbortSignal): Promise<Agent[]> {
  const { agents } = await callApi(listAgentsRoute, { signal });
  return agents;
}

export function agentsQueryOptions() {
  return queryOptions({
    queryKey: analyticsKeys.agents(),
    queryFn: ({ signal }) => getAgents(signal),
  });
}

export function useAgents(options: { enabled?: boolean } = {}) {
  return useQuery({ ...agentsQueryOptions(), enabled: options.enabled ?? true });
}
