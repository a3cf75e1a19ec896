// The admin's part of the call page (rendered there by app/routes/call.tsx, for organisation
// admins only): delete a live call, or restore a deleted one that was opened directly.
import type { CallDetail } from '@callboard/contract';
import { Button } from '../../../components/ui/button.tsx';
import { useSetCallDeleted } from '../api/deleted-calls.ts';
import { DeleteCallButton } from './delete-call-button.tsx';
import { toastRestored } from './restored-toast.ts';

export function CallAdminActions({ call }: { call: Pick<CallDetail, 'call_id' | 'deleted_flag'> }) {
  const deleted = call.deleted_flag === true;
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
      <p className="min-w-0 flex-1 text-xs leading-5 text-fg-muted">
        {deleted
          ? 'Bring it back to everyone’s call log and analytics.'
          : 'Hide this call from everyone’s call log and analytics.'}
      </p>
      {deleted ? (
        <RestoreCallButton callId={call.call_id} />
      ) : (
        <DeleteCallButton callId={call.call_id} />
      )}
    </div>
  );
}

function RestoreCallButton({ callId }: { callId: string }) {
  const setDeleted = useSetCallDeleted({ onSuccess: toastRestored });
  return (
    <Button
      variant="secondary"
      size="sm"
      pending={setDeleted.isPending}
      pendingLabel="Restoring…"
      onClick={() => setDeleted.mutate({ callId, deleted: false })}
    >
      Restore call
    </Button>
  );
}
