import type { CallDetail, Member } from '@callboard/contract';
import { useMemo, useState } from 'react';
import { Combobox, type ComboboxOption } from '../../../components/ui/combobox.tsx';
import { IconUserMinus } from '../../../components/ui/icons.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { cn } from '../../../lib/cn.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAssignCall } from '../api/assign-call.ts';
import { callConflict } from '../api/call-conflict.ts';
import { initials, memberName } from '../people.ts';
import {
  CallConflictDialog,
  conflictAuthor,
  type ConflictPrompt,
} from './call-conflict-dialog.tsx';

/** The option that unassigns. */
export const UNASSIGN = '__unassign__';

/**
 * The colleagues to choose from: the signed-in user first ("assign to me" is the common case),
 * then everyone by name; "Unassign" on top when asked for.
 */
export function assigneeOptions(
  members: readonly Member[],
  currentUserId: string | null,
  {
    unassign,
    unassignDescription = 'Nobody is dealing with this call',
  }: {
    unassign: boolean;
    unassignDescription?: string;
  },
): ComboboxOption[] {
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
  return unassign
    ? [
        {
          value: UNASSIGN,
          label: 'Unassign',
          description: unassignDescription,
          icon: <IconUserMinus className="size-4 text-fg-muted" />,
        },
        ...people,
      ]
    : people;
}

export function Avatar({ member, className }: { member: Member; className?: string }) {
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

/** A member as a conflict names them: "you" for the signed-in user. */
function assigneeWords(
  member: Pick<Member, 'id' | 'first_name' | 'last_name' | 'email'>,
  currentUserId: string | null,
) {
  return member.id === currentUserId ? 'you' : memberName(member);
}

/**
 * Who is dealing with the call: a searchable list of colleagues, and "Unassign". If a colleague
 * changed the call first, the server refuses and the user chooses whose change stays.
 */
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
  const [conflict, setConflict] = useState<(ConflictPrompt & { assignee: Member | null }) | null>(
    null,
  );

  const options = useMemo(
    () => assigneeOptions(members, currentUserId, { unassign: assignee !== null }),
    [members, currentUserId, assignee],
  );

  function onValueChange(value: string) {
    const next =
      value === UNASSIGN ? null : (members.find((member) => member.id === value) ?? null);
    if (value !== UNASSIGN && !next) return;
    choose(next, call.assignee_id);
  }

  function choose(next: Member | null, seenAssigneeId: string | null) {
    setConflict(null);
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
      onError: (error) => {
        const refused = callConflict(error);
        if (refused) {
          const who = conflictAuthor(refused.changedBy, currentUserId);
          const theirs = refused.call.assignee;
          const now = theirs ? `assigned to ${assigneeWords(theirs, currentUserId)}` : 'unassigned';
          setConflict({
            who,
            theirs:
              refused.call.assignee_id === seenAssigneeId
                ? `${who} changed something else; the call is still ${now}.`
                : theirs
                  ? `${who} assigned it to ${assigneeWords(theirs, currentUserId)}.`
                  : `${who} unassigned it.`,
            mine: next
              ? `You chose ${next.id === currentUserId ? 'yourself' : memberName(next)}.`
              : 'You chose to unassign it.',
            assignee: next,
          });
          return;
        }
        showToast({
          tone: 'error',
          title: next ? "Couldn't assign the call" : "Couldn't unassign the call",
          description: errorMessage(error),
        });
      },
    });
  }

  return (
    <>
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
      <CallConflictDialog
        prompt={conflict}
        onKeepTheirs={() => setConflict(null)}
        onApplyMine={() => {
          if (conflict) choose(conflict.assignee, call.assignee_id);
        }}
      />
    </>
  );
}
