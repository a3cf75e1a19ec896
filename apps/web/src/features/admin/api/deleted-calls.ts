import { listDeletedCallsRoute, setCallDeletedRoute } from '@callboard/contract';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

export interface DeletedCallsPage {
  page: number;
  pageSize: number;
}

/** GET /admin/calls/deleted: one page of the organisation's deleted calls, newest first. */
export function getDeletedCalls(query: DeletedCallsPage, signal?: AbortSignal) {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
  });
  return callApi(listDeletedCallsRoute, { query: params, signal });
}

export function deletedCallsQueryOptions(query: DeletedCallsPage) {
  return queryOptions({
    queryKey: adminKeys.deletedCalls(query),
    queryFn: ({ signal }) => getDeletedCalls(query, signal),
    // The page being left stays on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
}

export function useDeletedCalls(query: DeletedCallsPage) {
  return useQuery(deletedCallsQueryOptions(query));
}

/** PUT /admin/calls/{id}/deleted: hide a call from everyone's list, or bring it back. */
export function setCallDeleted(callId: string, deleted: boolean, version?: number) {
  return callApi(setCallDeletedRoute, {
    params: { callId },
    body: version === undefined ? { deleted } : { deleted, version },
  });
}

export interface CallDeletedChange {
  callId: string;
  deleted: boolean;
  /** The version on screen: a call changed since is refused with 409 (docs/live-updates.md). */
  version?: number;
}

/**
 * `errorToast: false` where the screen shows the failure itself (the delete dialog). `onSuccess`
 * runs before everything is refetched, and even if the caller has left the screen by then: the
 * call page's button turns from Delete into Restore (and back) as soon as the call is refetched,
 * and the call page leaves for the dashboard without waiting for the refetch.
 */
export function useSetCallDeleted(
  options: { errorToast?: boolean; onSuccess?: (change: CallDeletedChange) => void } = {},
) {
  const queryClient = useQueryClient();
  const { onSuccess, errorToast } = options;
  return useMutation({
    mutationFn: ({ callId, deleted, version }: CallDeletedChange) =>
      setCallDeleted(callId, deleted, version),
    onSuccess: (_result, change) => onSuccess?.(change),
    // The call list, the call page, analytics and the audit log all change.
    onSettled: () => queryClient.invalidateQueries(),
    meta: {
      errorTitle: 'Couldn’t change the call',
      ...(errorToast === undefined ? {} : { errorToast }),
    },
  });
}
