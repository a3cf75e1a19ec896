import { getAnalyticsRoute, type AnalyticsResponse } from '@callboard/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { analyticsKeys } from './analytics-keys.ts';

/** GET /api/v1/analytics parameters, as sent. */
export interface AnalyticsQuery {
  /** ISO instant, inclusive. */
  from: string;
  /** ISO instant, exclusive. */
  to: string;
  /** The viewer's IANA time zone: days, weekdays and hours are counted in it. */
  tz: string;
  agentId?: string;
}

export function analyticsSearchParams(query: AnalyticsQuery): URLSearchParams {
  const params = new URLSearchParams({ from: query.from, to: query.to, tz: query.tz });
  if (query.agentId) params.set('agentId', query.agentId);
  return params;
}

export function getAnalytics(
  query: AnalyticsQuery,
  signal?: AbortSignal,
): Promise<AnalyticsResponse> {
  return callApi(getAnalyticsRoute, { query: analyticsSearchParams(query), signal });
}

export function analyticsQueryOptions(query: AnalyticsQuery) {
  return queryOptions({
    queryKey: analyticsKeys.report(query),
    queryFn: ({ signal }) => getAnalytics(query, signal),
    // Another range keeps the last numbers on screen (dimmed) until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useAnalytics(query: AnalyticsQuery | null, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...analyticsQueryOptions(query ?? { from: '', to: '', tz: '' }),
    enabled: query !== null && (options.enabled ?? true),
  });
}
