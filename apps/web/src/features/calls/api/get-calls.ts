import {
  listCallsRoute,
  type CallListResponse,
  type CallStatus,
  type Sentiment,
} from '@callboard/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { callKeys } from './call-keys.ts';

/** GET /api/v1/calls parameters, as sent (strings and numbers; absent means the default). */
export interface CallListApiQuery {
  status: 'open' | 'closed' | 'all';
  page: number;
  pageSize: number;
  loadAll: boolean;
  q?: string;
  agentId?: string;
  assignee?: string;
  /** ISO date-time with offset, inclusive. */
  from?: string;
  /** ISO date-time with offset, exclusive. */
  to?: string;
  /** One status exactly (within `status`). */
  callStatus?: CallStatus;
  /** 'none': no sentiment. */
  sentiment?: Sentiment | 'none';
  /** A reason, or 'none' for no reason. */
  disconnectionReason?: string;
  /** ISO weekday 1–7 and hour 0–23 of the end time in `tz`. */
  weekday?: number;
  hour?: number;
  /** IANA zone of weekday and hour. */
  tz?: string;
  /** Changed to Closed within [closedFrom, closedTo). */
  closedFrom?: string;
  closedTo?: string;
}

export function callListSearchParams(query: CallListApiQuery): URLSearchParams {
  const params = new URLSearchParams({ status: query.status });
  if (query.loadAll) {
    params.set('loadAll', 'true');
  } else {
    params.set('page', String(query.page));
    params.set('pageSize', String(query.pageSize));
  }
  if (query.q) params.set('q', query.q);
  if (query.agentId) params.set('agentId', query.agentId);
  if (query.assignee) params.set('assignee', query.assignee);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.callStatus) params.set('callStatus', query.callStatus);
  if (query.sentiment) params.set('sentiment', query.sentiment);
  if (query.disconnectionReason) params.set('disconnectionReason', query.disconnectionReason);
  if (query.weekday !== undefined) params.set('weekday', String(query.weekday));
  if (query.hour !== undefined) params.set('hour', String(query.hour));
  if (query.tz) params.set('tz', query.tz);
  if (query.closedFrom) params.set('closedFrom', query.closedFrom);
  if (query.closedTo) params.set('closedTo', query.closedTo);
  return params;
}

export function getCalls(
  query: CallListApiQuery,
  signal?: AbortSignal,
  accessToken?: string,
): Promise<CallListResponse> {
  return callApi(listCallsRoute, { query: callListSearchParams(query), signal, accessToken });
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
