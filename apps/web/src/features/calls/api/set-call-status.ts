import { setCallStatusRoute, type CallDetail, type CallStatus } from '@callboard/contract';
import { callApi } from '../../../lib/api-client.ts';
import { useCallMutation } from './call-cache.ts';

/** PUT /calls/{id}/status, with the version the change was made on (see assign-call.ts). */
export function setCallStatus(
  callId: string,
  status: CallStatus,
  version?: number,
): Promise<CallDetail> {
  return callApi(setCallStatusRoute, { params: { callId }, body: { status, version } });
}

/** Changes the status at once on screen (optimistic), undone if the server refuses (see call-cache.ts). */
export function useSetCallStatus(callId: string) {
  return useCallMutation(callId, {
    mutationFn: (status: CallStatus, version) => setCallStatus(callId, status, version),
    update: (call, status) => ({ ...call, status }),
  });
}
