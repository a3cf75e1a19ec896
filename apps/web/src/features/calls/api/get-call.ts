import { getCallRoute, type CallDetail } from '@callboard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { callKeys } from './call-keys.ts';

export function getCall(callId: string, signal?: AbortSignal): Promise<CallDetail> {
  return callApi(getCallRoute, { params: { callId }, signal });
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
