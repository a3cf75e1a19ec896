import {
  bulkCallActionRoute,
  type BulkCallActionBody,
  type BulkCallActionResponse,
} from '@callboard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { callKeys } from './call-keys.ts';

/**
 * POST /calls/bulk: one action on many calls, all or nothing, or the undo of one
 * (docs/decisions/0019-bulk-actions.md).
 */
export function bulkCallAction(body: BulkCallActionBody): Promise<BulkCallActionResponse> {
  return callApi(bulkCallActionRoute, { body });
}

/**
 * A bulk action. Nothing is shown before the answer (the server may refuse the whole action);
 * then every list and every open call refetches. The screen reports the outcome and failures
 * itself, with its own toasts.
 */
export function useBulkCallAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['calls', 'bulk'],
    mutationFn: bulkCallAction,
    // One at a time, so that an undo reads the versions its action left.
    scope: { id: 'calls/bulk' },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: callKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: callKeys.details() });
    },
  });
}
