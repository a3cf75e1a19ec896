// The admin's part of the call page (rendered there by app/routes/call.tsx, for organisation
// admins only): delete a live call, or restore a deleted one that was opened directly.
// Also home to what restoring shares with the admin area's Deleted calls: the Restore button, and
// the rule for putting keyboard focus back once the button has gone.
import type { CallDetail } from '@callboard/contract';
import { useLayoutEffect, useRef } from 'react';
import { Button, type ButtonProps } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { useSetCallDeleted } from '../api/deleted-calls.ts';
import { DeleteCallButton } from './delete-call-button.tsx';
import { toastRestored } from './restored-toast.ts';

export function CallAdminActions({
  call,
}: {
  call: Pick<CallDetail, 'call_id' | 'deleted_flag' | 'version'>;
}) {
  const deleted = call.deleted_flag === true;
  const restore = useSetCallDeleted({ onSuccess: toastRestored });
  const deleteButton = useRef<HTMLButtonElement>(null);
  // Restore was pressed here: when the refetched call turns Restore into Delete, focus follows.
  const restoring = useRef(false);
  useLayoutEffect(() => {
    if (deleted || !restoring.current) return;
    restoring.current = false;
    if (focusWasDropped()) deleteButton.current?.focus();
  }, [deleted]);

  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
      <p className="min-w-0 flex-1 text-xs leading-5 text-fg-muted">
        {deleted
          ? 'Bring it back to everyone’s call log and analytics.'
          : 'Hide this call from everyone’s call log and analytics.'}
      </p>
      {deleted ? (
        <RestoreButton
          pending={restore.isPending}
          onRestore={() => {
            restoring.current = true;
            restore.mutate(
              { callId: call.call_id, deleted: false, version: call.version },
              {
                onError: () => {
                  restoring.current = false;
                },
              },
            );
          }}
        >
          Restore call
        </RestoreButton>
      ) : (
        <DeleteCallButton ref={deleteButton} callId={call.call_id} version={call.version} />
      )}
    </div>
  );
}

/**
 * Restore, busy while the restore runs. Busy is aria-disabled rather than disabled: a disabled
 * button loses keyboard focus to the page, and the admin should not have to find their place.
 */
export function RestoreButton({
  pending,
  onRestore,
  className,
  children,
  ...props
}: Omit<ButtonProps, 'pending' | 'pendingLabel' | 'disabled' | 'onClick'> & {
  pending: boolean;
  onRestore: () => void;
}) {
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      className={cn(
        'aria-disabled:cursor-not-allowed aria-disabled:opacity-60 aria-disabled:hover:bg-surface',
        className,
      )}
      onClick={pending ? undefined : onRestore}
      {...props}
    >
      {pending ? (
        <>
          <Spinner />
          Restoring…
        </>
      ) : (
        children
      )}
    </Button>
  );
}

/**
 * Whether keyboard focus has fallen to the page, as it does when the focused element is removed.
 * Focus is put back only then: never taken from wherever the user has moved it meanwhile.
 */
export function focusWasDropped(): boolean {
  return document.activeElement === null || document.activeElement === document.body;
}
