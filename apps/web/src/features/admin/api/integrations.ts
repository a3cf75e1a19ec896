import {
  createIntegrationRoute,
  deleteIntegrationRoute,
  listIntegrationsRoute,
  listWebhookDeliveriesRoute,
  type CreatedIntegration,
  type CreateIntegrationBody,
  type Integration,
  type WebhookDelivery,
} from '@callboard/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** GET /admin/integrations: the organisation's voice-platform integrations, newest first. */
export async function getIntegrations(signal?: AbortSignal): Promise<Integration[]> {
  const { rows } = await callApi(listIntegrationsRoute, { signal });
  return rows;
}

export function integrationsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.integrations(),
    queryFn: ({ signal }) => getIntegrations(signal),
  });
}

export function useIntegrations() {
  return useQuery(integrationsQueryOptions());
}

/** GET /admin/integrations/{id}/deliveries: the last deliveries, newest first. */
export async function getDeliveries(
  integrationId: string,
  signal?: AbortSignal,
): Promise<WebhookDelivery[]> {
  const { rows } = await callApi(listWebhookDeliveriesRoute, {
    params: { integrationId },
    signal,
  });
  return rows;
}

export function useDeliveries(integrationId: string) {
  return useQuery({
    queryKey: adminKeys.deliveries(integrationId),
    queryFn: ({ signal }) => getDeliveries(integrationId, signal),
  });
}

export function createIntegration(body: CreateIntegrationBody): Promise<CreatedIntegration> {
  return callApi(createIntegrationRoute, { body });
}

export function deleteIntegration(id: string): Promise<undefined> {
  return callApi(deleteIntegrationRoute, { params: { integrationId: id } });
}

function useInvalidateIntegrations() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.integrations() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.auditAll() }),
    ]);
}

/** The add dialog shows a refusal in place. */
export function useCreateIntegration() {
  const invalidate = useInvalidateIntegrations();
  return useMutation({
    mutationFn: createIntegration,
    onSettled: invalidate,
    meta: { errorToast: false },
  });
}

/** The confirm dialog shows a refusal in place. */
export function useDeleteIntegration() {
  const invalidate = useInvalidateIntegrations();
  return useMutation({
    mutationFn: deleteIntegration,
    onSettled: invalidate,
    meta: { errorToast: false },
  });
}
