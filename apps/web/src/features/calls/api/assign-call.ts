import { assignCallRoute, type CallDetail, type Member } from '@callboard/contract';
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

/** PUT /calls/{id}/assignee: a colleague, or null to unassign. */
export function assignCall(callId: string, assigneeId: string | null): Promise<CallDetail> {
  return callApi(assignCallRoute, { params: { callId }, body: { assigneeId } });
}

/** Assigns at once on screen (optimistic), undone if the server refuses. */
export function useAssignCall(callId: string) {
  const queryClient = useQueryClient();
  return useMutation<CallDetail, Error, Member | null, CallMutationContext>({
    mutationKey: callKeys.mutations(callId),
    mutationFn: (assignee) => assignCall(callId, assignee?.id ?? null),
    onMutate: (assignee) =>
      updateCallOptimistically(queryClient, callId, (call) => ({
        ...call,
        assignee_id: assignee?.id ?? null,
        assignee,
      })),
    onError: (_error, _assignee, context) => rollBackCall(queryClient, callId, context),
    onSuccess: (call) => storeCall(queryClient, call),
    onSettled: (_call, error) => settleCall(queryClient, callId, error !== null),
  });
}
