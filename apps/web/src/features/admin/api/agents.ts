import {
  listAdminAgentsRoute,
  renameAgentRoute,
  type AdminAgent,
  type Agent,
} from '@callboard/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** GET /admin/agents: the organisation's agents with their call counts. */
export async function getAdminAgents(signal?: AbortSignal): Promise<AdminAgent[]> {
  const { agents } = await callApi(listAdminAgentsRoute, { signal });
  return agents;
}

export function adminAgentsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.agents(),
    queryFn: ({ signal }) => getAdminAgents(signal),
  });
}

export function useAdminAgents() {
  return useQuery(adminAgentsQueryOptions());
}

/** PUT /admin/agents/{id}: a display name, or null for none (the id shows instead). */
export function renameAgent(agentId: string, displayName: string | null): Promise<Agent> {
  return callApi(renameAgentRoute, { params: { agentId }, body: { display_name: displayName } });
}

export function useRenameAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ agentId, displayName }: { agentId: string; displayName: string | null }) =>
      renameAgent(agentId, displayName),
    // Agent names appear in the call log and analytics too.
    onSettled: () => queryClient.invalidateQueries(),
    meta: { errorToast: false },
  });
}
