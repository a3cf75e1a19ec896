import {
  CALL_FILTER_PARAMS,
  listCallsRoute,
  type CallFilterApiParams,
  type CallListResponse,
  type CallListSort,
} from '@callboard/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, type EarlyRequest } from '../../../lib/api-client.ts';
import { callKeys } from './call-keys.ts';

/**
 * GET /api/v1/calls parameters, as sent (absent means the default): the tab, paging, the
 * filters (packages/contract/src/call-list-filters.ts) and the sort (newest first if absent).
 */
export type CallListApiQuery = CallFilterApiParams & {
  status: 'open' | 'closed' | 'all';
  page: number;
  pageSize: number;
  loadAll: boolean;
  sort?: CallListSort;
};

export function callListSearchParams(query: CallListApiQuery): URLSearchParams {
  const params = new URLSearchParams({ status: query.status });
  if (query.loadAll) {
    params.set('loadAll', 'true');
  } else {
    params.set('page', String(query.page));
    params.set('pageSize', String(query.pageSize));
  }
  for (const name of CALL_FILTER_PARAMS) {
    const value = query[name];
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  if (query.sort) params.set('sort', query.sort);
  return params;
}

export function getCalls(
  query: CallListApiQuery,
  signal?: AbortSignal,
  accessToken?: string,
  early?: EarlyRequest,
): Promise<CallListResponse> {
  return callApi(listCallsRoute, {
    query: callListSearchParams(query),
    signal,
    accessToken,
    early,
  });
}

export function callsQueryOptions(query: CallListApiQuery) {
  return queryOptions({
    queryKey: callKeys.list(query),
    queryFn: ({ signal }) => getCalls(query, signal),
    // A new filter keeps the old rows on screen (dimmed) until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useCalls(query: CallListApiQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...callsQueryOptions(query), enabled: options.enabled ?? true });
}
