import {
  createApiKeyRoute,
  listApiKeysRoute,
  revokeApiKeyRoute,
  type ApiKey,
  type CreatedApiKey,
} from '@callboard/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** GET /admin/api-keys: the organisation's live keys, newest first (never their secrets). */
export async function getApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  const { rows } = await callApi(listApiKeysRoute, { signal });
  return rows;
}

export function apiKeysQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.apiKeys(),
    queryFn: ({ signal }) => getApiKeys(signal),
  });
}

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}

/** POST /admin/api-keys: the answer is the only time the whole key (`key`) exists outside its holder. */
export function createApiKey(body: { name: string }): Promise<CreatedApiKey> {
  return callApi(createApiKeyRoute, { body });
}

/** DELETE /admin/api-keys/{id}: the key is refused from the next request on. */
export function revokeApiKey(keyId: string): Promise<undefined> {
  return callApi(revokeApiKeyRoute, { params: { keyId } });
}

function useInvalidateApiKeys() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.apiKeys() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.auditAll() }),
    ]);
}

/**
 * The list is refetched rather than given the answer: the answer holds the secret, which must live
 * only as long as the dialog showing it. For the same reason the mutation is dropped from the
 * mutation cache as soon as nothing observes it (`gcTime: 0`): the dialog resets it on closing.
 * The dialog shows a refusal in place, so no toast.
 */
export function useCreateApiKey() {
  const invalidate = useInvalidateApiKeys();
  return useMutation({
    mutationFn: createApiKey,
    onSettled: invalidate,
    gcTime: 0,
    meta: { errorToast: false },
  });
}

/** The confirm dialog shows a refusal in place, so no toast. */
export function useRevokeApiKey() {
  const invalidate = useInvalidateApiKeys();
  return useMutation({
    mutationFn: revokeApiKey,
    onSettled: invalidate,
    meta: { errorToast: false },
  });
}
