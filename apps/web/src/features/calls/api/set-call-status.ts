import { setCallStatusRoute, type CallDetail, type CallStatus } from '@callboard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import {
  rollBackCall,
  settleCall,
  storeCall,
  updateCallOptimistically,
  type CallMutationContext,
} from './call-cache.ts';
import { callKeys } from './call-keys.ts';

/** PUT /calls/{id}/status */
export function setCallStatus(callId: string, status: CallStatus): Promise<CallDetail> {
  return callApi(setCallStatusRoute, { params: { callId }, body: { status } });
}

/** Changes the status at once on screen (optimistic), undone if the server refuses. */
export function useSetCallStatus(callId: string) {
  const queryClient = useQueryClient();
  return useMutation<CallDetail, Error, CallStatus, CallMutationContext>({
    mutationKey: callKeys.mutations(callId),
    mutationFn: (status) => setCallStatus(callId, status),
    onMutate: (status) =>
      updateCallOptimistically(queryClient, callId, (call) => ({ ...call, status })),
    onError: (_error, _status, context) => rollBackCall(queryClient, callId, context),
    onSuccess: (call) => storeCall(queryClient, call),
    onSettled: (_call, error) => settleCall(queryClient, callId, error !== null),
  });
}
