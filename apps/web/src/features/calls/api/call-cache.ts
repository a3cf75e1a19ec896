// How the three call mutations (assignee, status, note) keep the cached call in step. An optimistic
// change shows at once and is undone on failure; while several changes to one call are in flight,
// only the last to finish writes the server's answer (an earlier answer would briefly undo a later
// optimistic change), and a failure at the end refetches the call to be sure of what is true.
import type { CallDetail } from '@callboard/contract';
import type { QueryClient } from '@tanstack/react-query';
import { callKeys } from './call-keys.ts';

export interface CallMutationContext {
  previous: CallDetail | undefined;
}

function isLastInFlight(queryClient: QueryClient, callId: string): boolean {
  return queryClient.isMutating({ mutationKey: callKeys.mutations(callId) }) <= 1;
}

export async function updateCallOptimistically(
  queryClient: QueryClient,
  callId: string,
  update: (call: CallDetail) => CallDetail,
): Promise<CallMutationContext> {
  const key = callKeys.detail(callId);
  await queryClient.cancelQueries({ queryKey: key });
  const previous = queryClient.getQueryData<CallDetail>(key);
  if (previous) queryClient.setQueryData<CallDetail>(key, update(previous));
  return { previous };
}

export function rollBackCall(
  queryClient: QueryClient,
  callId: string,
  context: CallMutationContext | undefined,
): void {
  if (context?.previous && isLastInFlight(queryClient, callId)) {
    queryClient.setQueryData(callKeys.detail(callId), context.previous);
  }
}

export function storeCall(queryClient: QueryClient, call: CallDetail): void {
  if (isLastInFlight(queryClient, call.call_id)) {
    queryClient.setQueryData(callKeys.detail(call.call_id), call);
  }
}

/** After any change: lists are stale (status, assignee, counts); a failed last change refetches. */
export function settleCall(queryClient: QueryClient, callId: string, failed: boolean): void {
  void queryClient.invalidateQueries({ queryKey: callKeys.lists() });
  if (failed && isLastInFlight(queryClient, callId)) {
    void queryClient.invalidateQueries({ queryKey: callKeys.detail(callId) });
  }
}
