// Members: who is in the organisation, their role (changeable, after a confirmation; the last
// admin stays) and removal.
import type { AdminMember, Role } from '@callboard/contract';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { actionsColumn, type TableColumn } from '../../../components/ui/column-table.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { IconUsers } from '../../../components/ui/icons.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatDate } from '../../../lib/format.ts';
import { useAdminMembers, useRemoveMember, useSetMemberRole } from '../api/members.ts';
import { memberName } from '../audit-format.ts';
import { PanelHeader, PanelTable } from './panel-states.tsx';

/** A role picked in a member's row, waiting for confirmation. */
interface PendingRole {
  member: AdminMember;
  role: Role;
}

export function MembersPanel({ currentUserId }: { currentUserId: string }) {
  const members = useAdminMembers();
  const setRole = useSetMemberRole();
  const remove = useRemoveMember();
  const [changing, setChanging] = useState<PendingRole | null>(null);
  const [removing, setRemoving] = useState<AdminMember | null>(null);
  const count = members.data?.length;

  const columns: TableColumn<AdminMember>[] = [
    {
      id: 'name',
      header: 'Name',
      card: 'title',
      cellClassName: 'font-medium',
      cell: (member) => (
        <>
          {memberName(member)}
          {member.id === currentUserId ? (
            <Badge className="ml-2" tone="neutral">
              You
            </Badge>
          ) : null}
        </>
      ),
    },
    {
      id: 'email',
      header: 'Email',
      cellClassName: 'break-all text-fg-muted',
      cell: (member) => member.email,
    },
    {
      id: 'role',
      header: 'Role',
      cell: (member) => (
        <Select
          aria-label={`Role of ${memberName(member)}`}
          size="sm"
          // Stays on the current role until the change is confirmed.
          value={member.role}
          disabled={setRole.isPending && setRole.variables.userId === member.id}
          onChange={(event) => {
            setRole.reset();
            setChanging({ member, role: event.target.value as Role });
          }}
          wrapperClassName="w-32"
        >
          <option value="admin">Admin</option>
          <option value="member">Member</option>
        </Select>
      ),
    },
    {
      id: 'two-factor',
      header: 'Two-factor',
      cellClassName: 'whitespace-nowrap',
      cell: (member) =>
        member.two_factor ? <Badge tone="success">On</Badge> : <Badge tone="neutral">Off</Badge>,
    },
    {
      id: 'joined',
      header: 'Joined',
      cellClassName: 'whitespace-nowrap text-fg-muted',
      cell: (member) => formatDate(member.joined_at),
    },
    actionsColumn((member) => (
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Remove ${memberName(member)}`}
        onClick={() => {
          remove.reset();
          setRemoving(member);
        }}
      >
        Remove
      </Button>
    )),
  ];

  return (
    <section aria-label="Members">
      <PanelHeader
        title="Members"
        description={`${count === undefined ? 'Everyone' : `${count} ${count === 1 ? 'person' : 'people'}`} in the organisation. An organisation always keeps at least one admin.`}
      />
      <PanelTable
        query={members}
        noun="members"
        empty={{
          icon: <IconUsers />,
          title: 'No members yet',
          description: 'Invite colleagues from the Invitations tab.',
        }}
        columns={columns}
        rowKey={(member) => member.id}
      />
      <ConfirmDialog
        open={changing !== null}
        onOpenChange={(open) => {
          if (!open) setChanging(null);
        }}
        tone={changing && isSelfDemotion(changing, currentUserId) ? 'danger' : 'default'}
        title={changing ? roleChangeTitle(changing, currentUserId) : 'Change role?'}
        confirmLabel={changing?.role === 'admin' ? 'Make admin' : 'Make member'}
        pendingLabel="Saving…"
        pending={setRole.isPending}
        error={setRole.isError ? errorMessage(setRole.error) : null}
        onConfirm={() => {
          if (!changing) return;
          const { member, role } = changing;
          setRole.mutate(
            { userId: member.id, role },
            {
              onSuccess: () => {
                setChanging(null);
                showToast({
                  tone: 'success',
                  title: `${memberName(member)} is now ${role === 'admin' ? 'an admin' : 'a member'}`,
                });
              },
            },
          );
        }}
      >
        {changing ? <p>{roleChangeConsequence(changing, currentUserId)}</p> : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={removing ? `Remove ${memberName(removing)}?` : 'Remove member?'}
        confirmLabel="Remove member"
        pendingLabel="Removing…"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={() => {
          if (!removing) return;
          const name = memberName(removing);
          remove.mutate(removing.id, {
            onSuccess: () => {
              setRemoving(null);
              showToast({ tone: 'success', title: `${name} was removed` });
            },
          });
        }}
      >
        <p>
          {removing ? (
            <>
              <strong className="font-medium text-fg">{removing.email}</strong> loses access to the
              organisation’s calls at once.
            </>
          ) : null}{' '}
          Their open calls become unassigned, and the change is recorded in each call’s activity.
        </p>
      </ConfirmDialog>
    </section>
  );
}

function isSelfDemotion({ member, role }: PendingRole, currentUserId: string): boolean {
  return member.id === currentUserId && role === 'member';
}

function roleChangeTitle(change: PendingRole, currentUserId: string): string {
  if (isSelfDemotion(change, currentUserId)) return 'Give up your admin role?';
  const name = memberName(change.member);
  return change.role === 'admin' ? `Make ${name} an admin?` : `Make ${name} a member?`;
}

function roleChangeConsequence(change: PendingRole, currentUserId: string): string {
  if (isSelfDemotion(change, currentUserId)) {
    return 'You keep working with the organisation’s calls, but lose this admin area at once. Only another admin can make you an admin again.';
  }
  const name = memberName(change.member);
  return change.role === 'admin'
    ? `${name} can then manage members, invitations, agents, API keys and deleted calls, and read the audit log.`
    : `${name} keeps working with the organisation’s calls, but can no longer open the admin area.`;
}
