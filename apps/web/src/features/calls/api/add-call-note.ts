import { addCallNoteRoute, type CallDetail } from '@callboard/contract';
import { callApi } from '../../../lib/api-client.ts';
import { useCallMutation } from './call-cache.ts';

/** POST /calls/{id}/notes */
export function addCallNote(callId: string, body: string): Promise<CallDetail> {
  return callApi(addCallNoteRoute, { params: { callId }, body: { body } });
}

/** Not optimistic: the note appears in the activity once the server has kept it. */
export function useAddCallNote(callId: string) {
  return useCallMutation(callId, { mutationFn: (body: string) => addCallNote(callId, body) });
}
