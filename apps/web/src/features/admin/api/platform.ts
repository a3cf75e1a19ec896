import {
  createOrganisationRoute,
  listOrganisationsRoute,
  listPlatformAgentsRoute,
  mapAgentRoute,
  type platformAgentSchema,
  type platformOrganisationSchema,
} from '@callboard/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { platformKeys } from './admin-keys.ts';

export type PlatformOrganisation = z.infer<typeof platformOrganisationSchema>;
export type PlatformAgent = z.infer<typeof platformAgentSchema>;

export async function getPlatformOrganisations(signal?: AbortSignal) {
  const { organisations } = await callApi(listOrganisationsRoute, { signal });
  return organisations;
}

export function usePlatformOrganisations() {
  return useQuery(
    queryOptions({
      queryKey: platformKeys.organisations(),
      queryFn: ({ signal }) => getPlatformOrganisations(signal),
    }),
  );
}

export async function getPlatformAgents(signal?: AbortSignal) {
  const { agents } = await callApi(listPlatformAgentsRoute, { signal });
  return agents;
}

export function usePlatformAgents() {
  return useQuery(
    queryOptions({
      queryKey: platformKeys.agents(),
      queryFn: ({ signal }) => getPlatformAgents(signal),
    }),
  );
}

export function createOrganisation(body: { name: string; adminEmail: string }) {
  return callApi(createOrganisationRoute, { body });
}

export function useCreateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganisation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: platformKeys.all }),
    meta: { errorToast: false },
  });
}

/** PUT /platform/agents/{id}: map to an organisation, or null to unmap. */
export function mapAgent(agentId: string, organisationId: string | null) {
  return callApi(mapAgentRoute, { params: { agentId }, body: { organisationId } });
}

export function useMapAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ agentId, organisationId }: { agentId: string; organisationId: string | null }) =>
      mapAgent(agentId, organisationId),
    // Which calls each organisation sees changes at once.
    onSettled: () => queryClient.invalidateQueries(),
    meta: { errorTitle: 'Couldn’t change the agent’s organisation' },
  });
}
