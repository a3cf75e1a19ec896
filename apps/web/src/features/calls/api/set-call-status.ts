import { setCallStatusRoute, type CallDetail, type CallStatus } from '@callboard/contract';
import { callApi } from '../../../lib/api-client.ts';
import { useCallMutation } from './call-cache.ts';

/** PUT /calls/{id}/status */
export function setCallStatus(callId: string, status: CallStatus): Promise<CallDetail> {
  return callApi(setCallStatusRoute, { params: { callId }, body: { status } });
}

/** Changes the status at once on screen (optimistic), undone if the server refuses. */
export function useSetCallStatus(callId: string) {
  return useCallMutation(callId, {
    mutationFn: (status: CallStatus) => setCallStatus(callId, status),
    update: (call, status) => ({ ...call, status }),
  });
}
