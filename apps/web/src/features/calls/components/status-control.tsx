import { CALL_STATUSES, type CallStatus } from '@callboard/contract';
import { useState } from 'react';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useSetCallStatus } from '../api/set-call-status.ts';
import { CallStatusIcon } from './call-badges.tsx';

/** New, In progress, Closed — one click, shown at once, undone if the server refuses. */
export function StatusControl({ callId, status }: { callId: string; status: CallStatus }) {
  const setStatus = useSetCallStatus(callId);
  // Shown from the click itself: the cached call changes a moment later (after onMutate), and a
  // radio button must not flick back in between.
  const [chosen, setChosen] = useState<CallStatus | null>(null);
  return (
    <SegmentedControl
      legend="Status"
      value={chosen ?? status}
      onValueChange={(next) => {
        setChosen(next);
        setStatus.mutate(next, {
          onSettled: () => setChosen(null),
          onSuccess: () =>
            showToast({ title: next === 'Closed' ? 'Call closed' : `Status set to ${next}` }),
          onError: (error) =>
            showToast({
              tone: 'error',
              title: "Couldn't change the status",
              description: errorMessage(error),
            }),
        });
      }}
      options={CALL_STATUSES.map((value) => ({
        value,
        label: value,
        icon: <CallStatusIcon status={value} className="size-3.5 shrink-0" />,
      }))}
    />
  );
}
