import type { CallDetail, Member } from '@callboard/contract';
import { useMemo, useState } from 'react';
import { Combobox, type ComboboxOption } from '../../../components/ui/combobox.tsx';
import { IconUserMinus } from '../../../components/ui/icons.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { cn } from '../../../lib/cn.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAssignCall } from '../api/assign-call.ts';
import { initials, memberName } from '../people.ts';

const UNASSIGN = '__unassign__';

function Avatar({ member, className }: { member: Member; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-6 shrink-0 items-center justify-center rounded-full bg-accent-soft text-[10px] font-semibold text-accent-text ring-1 ring-info-border',
        className,
      )}
    >
      {initials(member)}
    </span>
  );
}

export interface AssigneePickerProps {
  call: CallDetail;
  members: readonly Member[];
  currentUserId: string | null;
  membersLoading?: boolean;
}

/** Who is dealing with the call: a searchable list of colleagues, and "Unassign". */
export function AssigneePicker({
  call,
  members,
  currentUserId,
  membersLoading = false,
}: AssigneePickerProps) {
  const assign = useAssignCall(call.call_id);
  // Shown from the choice itself, before the cached call catches up (see StatusControl).
  const [chosen, setChosen] = useState<{ assignee: Member | null } | null>(null);
  const assignee = chosen ? chosen.assignee : call.assignee;

  const options = useMemo<ComboboxOption[]>(() => {
    // The signed-in user first ("assign to me" is the common case), then everyone by name.
    const sorted = [...members].sort((a, b) => {
      if (a.id === currentUserId) return -1;
      if (b.id === currentUserId) return 1;
      return memberName(a).localeCompare(memberName(b));
    });
    const people = sorted.map((member) => ({
      value: member.id,
      label: member.id === currentUserId ? `${memberName(member)} (you)` : memberName(member),
      description: member.email,
      icon: <Avatar member={member} />,
    }));
    return assignee
      ? [
          {
            value: UNASSIGN,
            label: 'Unassign',
            description: 'Nobody is dealing with this call',
            icon: <IconUserMinus className="size-4 text-fg-muted" />,
          },
          ...people,
        ]
      : people;
  }, [members, currentUserId, assignee]);

  function onValueChange(value: string) {
    const next =
      value === UNASSIGN ? null : (members.find((member) => member.id === value) ?? null);
    if (value !== UNASSIGN && !next) return;
    setChosen({ assignee: next });
    assign.mutate(next, {
      onSettled: () => setChosen(null),
      onSuccess: () =>
        showToast({
          title: next
            ? next.id === currentUserId
              ? 'Assigned to you'
              : `Assigned to ${memberName(next)}`
            : 'Call unassigned',
        }),
      onError: (error) =>
        showToast({
          tone: 'error',
          title: next ? "Couldn't assign the call" : "Couldn't unassign the call",
          description: errorMessage(error),
        }),
    });
  }

  return (
    <Combobox
      label="Assignee"
      options={options}
      value={assignee?.id ?? null}
      onValueChange={onValueChange}
      searchLabel="Search colleagues"
      searchPlaceholder="Search colleagues…"
      emptyText={membersLoading ? 'Loading colleagues…' : 'No colleague matches'}
      pending={assign.isPending}
    >
      {assignee ? (
        <>
          <Avatar member={assignee} />
          <span className="truncate">
            {memberName(assignee)}
            {assignee.id === currentUserId ? <span className="text-fg-muted"> (you)</span> : null}
          </span>
        </>
      ) : (
        <span className="text-fg-muted">Unassigned</span>
      )}
    </Combobox>
  );
}
