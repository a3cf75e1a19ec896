import { callListResponseSchema, type CallSummary } from '@callboard/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/**
 * The organisation's deleted calls: the call list with deleted ones included (all statuses, all
 * pages), keeping those flagged deleted. The list API has no "only deleted" filter.
 */
export async function getDeletedCalls(signal?: AbortSignal): Promise<CallSummary[]> {
  const params = new URLSearchParams({ status: 'all', includeDeleted: 'true', loadAll: 'true' });
  const { rows } = await apiClient.request(`/calls?${params.toString()}`, {
    schema: callListResponseSchema,
    signal,
  });
  return rows.filter((call) => call.deleted_flag === true);
}

export function deletedCallsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.deletedCalls(),
    queryFn: ({ signal }) => getDeletedCalls(signal),
  });
}

export function useDeletedCalls() {
  return useQuery(deletedCallsQueryOptions());
}

const deletedResponseSchema = z.object({ call_id: z.string(), deleted_flag: z.boolean() });

/** PUT /admin/calls/{id}/deleted: hide a call from everyone's list, or bring it back. */
export function setCallDeleted(callId: string, deleted: boolean) {
  return apiClient.request(`/admin/calls/${encodeURIComponent(callId)}/deleted`, {
    method: 'PUT',
    body: { deleted },
    schema: deletedResponseSchema,
  });
}

/** `errorToast: false` where the screen shows the failure itself (the delete dialog). */
export function useSetCallDeleted(options: { errorToast?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ callId, deleted }: { callId: string; deleted: boolean }) =>
      setCallDeleted(callId, deleted),
    // The call list, the call page, analytics and the audit log all change.
    onSettled: () => queryClient.invalidateQueries(),
    meta: { errorTitle: 'Couldn’t change the call', ...options },
  });
}
