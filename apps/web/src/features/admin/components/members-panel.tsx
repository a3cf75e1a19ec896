// Members: who is in the organisation, their role (changeable; the last admin stays) and removal.
import type { AdminMember, Role } from '@callboard/contract';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { IconUsers } from '../../../components/ui/icons.tsx';
import { Select } from '../../../components/ui/select.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatDate } from '../../../lib/format.ts';
import { useAdminMembers, useRemoveMember, useSetMemberRole } from '../api/members.ts';
import { memberName } from '../audit-format.ts';
import { PanelError, PanelHeader, PanelLoading } from './panel-states.tsx';
import { rt } from './responsive-table.ts';

export function MembersPanel({ currentUserId }: { currentUserId: string }) {
  const members = useAdminMembers();
  const setRole = useSetMemberRole();
  const remove = useRemoveMember();
  const [roleError, setRoleError] = useState<{ userId: string; message: string } | null>(null);
  const [removing, setRemoving] = useState<AdminMember | null>(null);

  if (members.isPending) return <PanelLoading label="Loading members" />;
  if (members.isError) {
    return (
      <PanelError
        title="Couldn’t load the members"
        error={members.error}
        onRetry={() => void members.refetch()}
      />
    );
  }

  const list = members.data;

  function changeRole(member: AdminMember, role: Role) {
    setRoleError(null);
    setRole.mutate(
      { userId: member.id, role },
      {
        onSuccess: () =>
          showToast({
            tone: 'success',
            title: `${memberName(member)} is now ${role === 'admin' ? 'an admin' : 'a member'}`,
          }),
        onError: (error) => setRoleError({ userId: member.id, message: errorMessage(error) }),
      },
    );
  }

  return (
    <section aria-label="Members">
      <PanelHeader
        title="Members"
        description={`${list.length} ${list.length === 1 ? 'person' : 'people'} in the organisation. An organisation always keeps at least one admin.`}
      />
      {list.length === 0 ? (
        <EmptyState
          icon={<IconUsers />}
          title="No members yet"
          description="Invite colleagues from the Invitations tab."
        />
      ) : (
        <Table className={rt.table}>
          <TableHeader className={rt.head}>
            <tr>
              <TableHeaderCell className="pl-5">Name</TableHeaderCell>
              <TableHeaderCell>Email</TableHeaderCell>
              <TableHeaderCell>Role</TableHeaderCell>
              <TableHeaderCell>Joined</TableHeaderCell>
              <TableHeaderCell className="pr-5 text-right">
                <span className="sr-only">Actions</span>
              </TableHeaderCell>
            </tr>
          </TableHeader>
          <TableBody className={rt.body}>
            {list.map((member) => {
              const name = memberName(member);
              const isSelf = member.id === currentUserId;
              const error = roleError?.userId === member.id ? roleError.message : null;
              return (
                <TableRow key={member.id} className={rt.row}>
                  <TableCell className={`pl-5 font-medium ${rt.lead}`}>
                    {name}
                    {isSelf ? (
                      <Badge className="ml-2" tone="neutral">
                        You
                      </Badge>
                    ) : null}
                    {error ? (
                      <Alert tone="error" className="mt-2 max-w-md font-normal">
                        {error}
                      </Alert>
                    ) : null}
                  </TableCell>
                  <TableCell data-label="Email" className={`break-all text-fg-muted ${rt.cell}`}>
                    {member.email}
                  </TableCell>
                  <TableCell data-label="Role" className={rt.cell}>
                    <Select
                      aria-label={`Role of ${name}`}
                      value={member.role}
                      disabled={setRole.isPending && setRole.variables.userId === member.id}
                      onChange={(event) => changeRole(member, event.target.value as Role)}
                      wrapperClassName="w-32"
                      className="h-8"
                    >
                      <option value="admin">Admin</option>
                      <option value="member">Member</option>
                    </Select>
                  </TableCell>
                  <TableCell
                    data-label="Joined"
                    className={`whitespace-nowrap text-fg-muted ${rt.cell}`}
                  >
                    {formatDate(member.joined_at)}
                  </TableCell>
                  <TableCell className={`pr-5 text-right ${rt.actions}`}>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Remove ${name}`}
                      onClick={() => {
                        remove.reset();
                        setRemoving(member);
                      }}
                    >
                      Remove
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
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
