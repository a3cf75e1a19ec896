import { CALL_STATUSES, type CallStatus } from '@callboard/contract';
import { useState } from 'react';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { callConflict } from '../api/call-conflict.ts';
import { useSetCallStatus } from '../api/set-call-status.ts';
import { CallStatusIcon } from './call-badges.tsx';
import {
  CallConflictDialog,
  conflictAuthor,
  type ConflictPrompt,
} from './call-conflict-dialog.tsx';

export interface StatusControlProps {
  callId: string;
  status: CallStatus;
  /** The signed-in user, to tell a conflict with oneself (another tab) from one with a colleague. */
  currentUserId?: string | null;
}

/**
 * New, In progress, Closed — one click, shown at once, undone if the server refuses. If a
 * colleague changed the call first, the server refuses and the user chooses whose change stays.
 */
export function StatusControl({ callId, status, currentUserId = null }: StatusControlProps) {
  const setStatus = useSetCallStatus(callId);
  // Shown from the click itself: the cached call changes a moment later (after onMutate), and a
  // radio button must not flick back in between.
  const [chosen, setChosen] = useState<CallStatus | null>(null);
  const [conflict, setConflict] = useState<(ConflictPrompt & { status: CallStatus }) | null>(null);

  function choose(next: CallStatus, seen: CallStatus) {
    setConflict(null);
    setChosen(next);
    setStatus.mutate(next, {
      onSettled: () => setChosen(null),
      onSuccess: () =>
        showToast({ title: next === 'Closed' ? 'Call closed' : `Status set to ${next}` }),
      onError: (error) => {
        const refused = callConflict(error);
        if (refused) {
          const who = conflictAuthor(refused.changedBy, currentUserId);
          const theirs = refused.call.status;
          setConflict({
            who,
            theirs:
              theirs === seen
                ? `${who} changed something else; the status is still ${theirs}.`
                : `${who} set the status to ${theirs}.`,
            mine: `You chose ${next}.`,
            status: next,
          });
          return;
        }
        showToast({
          tone: 'error',
          title: "Couldn't change the status",
          description: errorMessage(error),
        });
      },
    });
  }

  return (
    <>
      <SegmentedControl
        legend="Status"
        value={chosen ?? status}
        onValueChange={(next) => choose(next, status)}
        options={CALL_STATUSES.map((value) => ({
          value,
          label: value,
          icon: <CallStatusIcon status={value} className="size-3.5 shrink-0" />,
        }))}
      />
      <CallConflictDialog
        prompt={conflict}
        onKeepTheirs={() => setConflict(null)}
        onApplyMine={() => {
          if (conflict) choose(conflict.status, status);
        }}
      />
    </>
  );
}
