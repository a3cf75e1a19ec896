import { callDetailSchema, type CallDetail } from '@callboard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { callKeys } from './call-keys.ts';

export function callPath(callId: string): string {
  return `/calls/${encodeURIComponent(callId)}`;
}

export function getCall(callId: string, signal?: AbortSignal): Promise<CallDetail> {
  return apiClient.request(callPath(callId), { schema: callDetailSchema, signal });
}

export function callQueryOptions(callId: string) {
  return queryOptions({
    queryKey: callKeys.detail(callId),
    queryFn: ({ signal }) => getCall(callId, signal),
  });
}

export function useCall(callId: string) {
  return useQuery(callQueryOptions(callId));
}
