import { assignCallRoute, type CallDetail, type Member } from '@callboard/contract';
import { callApi } from '../../../lib/api-client.ts';
import { useCallMutation } from './call-cache.ts';

/**
 * PUT /calls/{id}/assignee: a colleague, or null to unassign; with the version the change was
 * made on, refused (409 CONFLICT) if the call has changed since.
 */
export function assignCall(
  callId: string,
  assigneeId: string | null,
  version?: number,
): Promise<CallDetail> {
  return callApi(assignCallRoute, { params: { callId }, body: { assigneeId, version } });
}

/** Assigns at once on screen (optimistic), undone if the server refuses (see call-cache.ts). */
export function useAssignCall(callId: string) {
  return useCallMutation(callId, {
    mutationFn: (assignee: Member | null, version) =>
      assignCall(callId, assignee?.id ?? null, version),
    update: (call, assignee) => ({ ...call, assignee_id: assignee?.id ?? null, assignee }),
  });
}
