import { addCallNoteRoute, type CallDetail } from '@callboard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { settleCall, storeCall } from './call-cache.ts';
import { callKeys } from './call-keys.ts';

/** POST /calls/{id}/notes */
export function addCallNote(callId: string, body: string): Promise<CallDetail> {
  return callApi(addCallNoteRoute, { params: { callId }, body: { body } });
}

/** Not optimistic: the note appears in the activity once the server has kept it. */
export function useAddCallNote(callId: string) {
  const queryClient = useQueryClient();
  return useMutation<CallDetail, Error, string>({
    mutationKey: callKeys.mutations(callId),
    mutationFn: (body) => addCallNote(callId, body),
    onSuccess: (call) => storeCall(queryClient, call),
    onSettled: (_call, error) => settleCall(queryClient, callId, error !== null),
  });
}
