// How the three call mutations (assignee, status, note) keep the cached call in step. An optimistic
// change shows at once and is undone on failure; while several changes to one call are in flight,
// only the last to finish writes the server's answer (an earlier answer would briefly undo a later
// optimistic change), and a failure at the end refetches the call to be sure of what is true.
//
// Each write carries the version of the call it was made on (docs/live-updates.md, "Conflicts"):
// the changes to one call are sent one after another, each with the version the previous one
// left, so that a user's own quick changes never conflict with each other. A conflict puts the
// server's call in the cache at once (the caller then asks its user what to do).
import type { CallDetail } from '@callboard/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callConflict } from './call-conflict.ts';
import { callKeys } from './call-keys.ts';

interface CallMutationContext {
  previous: CallDetail | undefined;
}

function isLastInFlight(queryClient: QueryClient, callId: string): boolean {
  return queryClient.isMutating({ mutationKey: callKeys.mutations(callId) }) <= 1;
}

async function updateCallOptimistically(
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

function rollBackCall(
  queryClient: QueryClient,
  callId: string,
  context: CallMutationContext | undefined,
): void {
  if (context?.previous && isLastInFlight(queryClient, callId)) {
    queryClient.setQueryData(callKeys.detail(callId), context.previous);
  }
}

function storeCall(queryClient: QueryClient, call: CallDetail): void {
  if (isLastInFlight(queryClient, call.call_id)) {
    queryClient.setQueryData(callKeys.detail(call.call_id), call);
    return;
  }
  // Later changes are still waiting: keep their optimistic look, but take the new version, which
  // the next of them carries.
  queryClient.setQueryData<CallDetail>(callKeys.detail(call.call_id), (cached) =>
    cached && cached.version < call.version ? { ...cached, version: call.version } : cached,
  );
}

/** After any change: lists are stale (status, assignee, counts); a failed last change refetches. */
function settleCall(queryClient: QueryClient, callId: string, failed: boolean): void {
  void queryClient.invalidateQueries({ queryKey: callKeys.lists() });
  if (failed && isLastInFlight(queryClient, callId)) {
    void queryClient.invalidateQueries({ queryKey: callKeys.detail(callId) });
  }
}

export interface CallMutationOptions<Variables> {
  /**
   * The request; the server answers with the whole call. `version` is the cached call's, as the
   * request leaves (undefined if the call is not cached).
   */
  mutationFn: (variables: Variables, version: number | undefined) => Promise<CallDetail>;
  /** The change as it will look, shown at once (optimistic); without it, the answer is awaited. */
  update?: (call: CallDetail, variables: Variables) => CallDetail;
}

/** A change to one call, kept in step with the cache as described above. */
export function useCallMutation<Variables>(
  callId: string,
  { mutationFn, update }: CallMutationOptions<Variables>,
) {
  const queryClient = useQueryClient();
  return useMutation<CallDetail, Error, Variables, CallMutationContext | undefined>({
    mutationKey: callKeys.mutations(callId),
    // A conflict is answered by the caller's dialog (components/call-conflict-dialog.tsx), not a toast.
    meta: { ownErrorCodes: ['CONFLICT'] },
    // One at a time per call, so that each reads the version the previous one left.
    scope: { id: callKeys.mutations(callId).join('/') },
    mutationFn: (variables) =>
      mutationFn(variables, queryClient.getQueryData<CallDetail>(callKeys.detail(callId))?.version),
    onMutate: update
      ? (variables) =>
          updateCallOptimistically(queryClient, callId, (call) => update(call, variables))
      : undefined,
    onError: (error, _variables, context) => {
      const conflict = callConflict(error);
      // The server's call is the truth now: shown at once, not rolled back to the stale one.
      if (conflict) queryClient.setQueryData(callKeys.detail(callId), conflict.call);
      else rollBackCall(queryClient, callId, context);
    },
    onSuccess: (call) => storeCall(queryClient, call),
    onSettled: (_call, error) =>
      settleCall(queryClient, callId, error !== null && callConflict(error) === null),
  });
}
