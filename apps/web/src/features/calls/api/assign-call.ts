import { assignCallRoute, type CallDetail, type Member } from '@callboard/contract';
import { callApi } from '../../../lib/api-client.ts';
import { useCallMutation } from './call-cache.ts';

/** PUT /calls/{id}/assignee: a colleague, or null to unassign. */
export function assignCall(callId: string, assigneeId: string | null): Promise<CallDetail> {
  return callApi(assignCallRoute, { params: { callId }, body: { assigneeId } });
}

/** Assigns at once on screen (optimistic), undone if the server refuses. */
export function useAssignCall(callId: string) {
  return useCallMutation(callId, {
    mutationFn: (assignee: Member | null) => assignCall(callId, assignee?.id ?? null),
    update: (call, assignee) => ({ ...call, assignee_id: assignee?.id ?? null, assignee }),
  });
}
