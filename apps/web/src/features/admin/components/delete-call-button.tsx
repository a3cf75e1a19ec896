// "Delete call" for admins on the call page: asks first, then hides the call from everyone's call
// log (it can be restored from the admin area's Deleted calls).
import { useState, type Ref } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useSetCallDeleted } from '../api/deleted-calls.ts';

export function DeleteCallButton({
  callId,
  version,
  ref,
}: {
  callId: string;
  /** The version on screen, sent with the delete. */
  version?: number;
  /** The button that opens the dialog (the call page focuses it once a restore has put it there). */
  ref?: Ref<HTMLButtonElement>;
}) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const setDeleted = useSetCallDeleted({
    errorToast: false,
    onSuccess: () => {
      setOpen(false);
      showToast({
        tone: 'success',
        title: 'Call deleted',
        description: 'Admins can restore it from the admin area’s Deleted calls.',
      });
      void navigate('/dashboard');
    },
  });
  return (
    <>
      <Button
        ref={ref}
        variant="secondary"
        size="sm"
        onClick={() => {
          setDeleted.reset();
          setOpen(true);
        }}
      >
        Delete call
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this call?"
        confirmLabel="Delete call"
        pendingLabel="Deleting…"
        pending={setDeleted.isPending}
        error={setDeleted.isError ? errorMessage(setDeleted.error) : null}
        onConfirm={() => setDeleted.mutate({ callId, deleted: true, version })}
      >
        <p>
          It disappears from the call log and analytics for everyone in the organisation. Admins can
          restore it later from the admin area.
        </p>
      </ConfirmDialog>
    </>
  );
}
