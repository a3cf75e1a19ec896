// Invitations: pending (and expired) ones with resend and revoke, and the invite dialog.
import { createInvitationBodySchema, type Invitation, type Role } from '@callboard/contract';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { actionsColumn, type TableColumn } from '../../../components/ui/column-table.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { IconMail, IconUserPlus } from '../../../components/ui/icons.tsx';
import { EmailInput } from '../../../components/ui/input.tsx';
import { RequestErrorAlert } from '../../../components/ui/request-error-alert.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatDate } from '../../../lib/format.ts';
import { formResolver, INVALID_EMAIL_MESSAGE } from '../../../lib/forms.ts';
import { useAdminMembers } from '../api/members.ts';
import {
  useCreateInvitation,
  useInvitations,
  useResendInvitation,
  useRevokeInvitation,
} from '../api/invitations.ts';
import { FORMER_MEMBER, nameLookup } from '../audit-format.ts';
import { PanelHeader, PanelTable } from './panel-states.tsx';

const ROLE_HINTS: Record<Role, string> = {
  member: 'Works with the organisation’s calls: triage, assign, close.',
  admin: 'Also manages members, invitations, agents, API keys and deleted calls.',
};

export function InvitationsPanel() {
  const invitations = useInvitations();
  const members = useAdminMembers();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [inviteOpen, setInviteOpen] = useState(false);
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const names = nameLookup(members.data ?? []);

  const columns: TableColumn<Invitation>[] = [
    {
      id: 'email',
      header: 'Email',
      card: 'title',
      cellClassName: 'font-medium break-all',
      cell: (invitation) => invitation.email,
    },
    {
      id: 'role',
      header: 'Role',
      cell: (invitation) => (
        <Badge tone={invitation.role === 'admin' ? 'info' : 'neutral'}>
          {invitation.role === 'admin' ? 'Admin' : 'Member'}
        </Badge>
      ),
    },
    {
      id: 'invited-by',
      header: 'Invited by',
      cellClassName: 'text-fg-muted',
      cell: (invitation) =>
        invitation.invited_by ? (names.get(invitation.invited_by) ?? FORMER_MEMBER) : '—',
    },
    {
      id: 'expires',
      header: 'Expires',
      cellClassName: 'whitespace-nowrap',
      cell: (invitation) =>
        invitation.status === 'expired' ? (
          <Badge tone="warning">Expired</Badge>
        ) : (
          <span className="text-fg-muted">{formatDate(invitation.expires_at)}</span>
        ),
    },
    actionsColumn(
      (invitation) => (
        <div className="inline-flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Resend the invitation to ${invitation.email}`}
            pending={resend.isPending && resend.variables === invitation.id}
            pendingLabel="Sending…"
            onClick={() =>
              resend.mutate(invitation.id, {
                onSuccess: () =>
                  showToast({
                    tone: 'success',
                    title: `Invitation sent again to ${invitation.email}`,
                    description: 'The new link works for 7 days; the old one no longer works.',
                  }),
              })
            }
          >
            Resend
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Revoke the invitation to ${invitation.email}`}
            onClick={() => {
              revoke.reset();
              setRevoking(invitation);
            }}
          >
            Revoke
          </Button>
        </div>
      ),
      { cellClassName: 'whitespace-nowrap' },
    ),
  ];

  const inviteButton = (
    <Button onClick={() => setInviteOpen(true)}>
      <IconUserPlus className="size-4" />
      Invite someone
    </Button>
  );

  return (
    <section aria-label="Invitations">
      <PanelHeader
        title="Invitations"
        description="Invitations waiting to be accepted. Each link works once, for 7 days."
        action={inviteButton}
      />
      <PanelTable
        query={invitations}
        noun="invitations"
        empty={{
          icon: <IconMail />,
          title: 'No pending invitations',
          description:
            'Invite a colleague by email: they get a link that opens their account here. Links work for 7 days.',
        }}
        columns={columns}
        rowKey={(invitation) => invitation.id}
      />
      <InviteDialog open={inviteOpen} onOpenChange={setInviteOpen} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title="Revoke this invitation?"
        confirmLabel="Revoke invitation"
        pendingLabel="Revoking…"
        pending={revoke.isPending}
        error={revoke.isError ? errorMessage(revoke.error) : null}
        onConfirm={() => {
          if (!revoking) return;
          const email = revoking.email;
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              setRevoking(null);
              showToast({ tone: 'success', title: `Invitation to ${email} revoked` });
            },
          });
        }}
      >
        <p>
          The link sent to <strong className="font-medium text-fg">{revoking?.email}</strong> stops
          working at once. You can invite the address again later.
        </p>
      </ConfirmDialog>
    </section>
  );
}

const inviteResolver = formResolver(createInvitationBodySchema, {
  email: { missing: 'Enter the email address to invite.', invalid: INVALID_EMAIL_MESSAGE },
});

function InviteDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const formId = useId();
  const create = useCreateInvitation();
  const form = useForm({
    resolver: inviteResolver,
    defaultValues: { email: '', role: 'member' },
  });
  const role = useWatch({ control: form.control, name: 'role' });

  function close(next: boolean) {
    if (create.isPending) return;
    onOpenChange(next);
    if (!next) {
      // Closed after success: a clean form next time. Cancelled: keep what was typed.
      if (create.isSuccess) form.reset();
      create.reset();
      form.clearErrors();
    }
  }

  const onSubmit = form.handleSubmit((body) => {
    create.mutate(body, {
      onSuccess: () => {
        showToast({ tone: 'success', title: `Invitation sent to ${body.email}` });
        form.reset();
        create.reset();
        onOpenChange(false);
      },
    });
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title="Invite someone"
        description="They get an email with a link to create their account and join."
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary" disabled={create.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" form={formId} pending={create.isPending} pendingLabel="Sending…">
              Send invitation
            </Button>
          </>
        }
      >
        <form
          id={formId}
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="space-y-4"
        >
          {create.isError ? <RequestErrorAlert error={create.error} /> : null}
          <Field label="Email" error={form.formState.errors.email?.message}>
            <EmailInput autoComplete="off" {...form.register('email')} />
          </Field>
          <Field label="Role" hint={ROLE_HINTS[role ?? 'member']}>
            <Select {...form.register('role')}>
              <option value="member">Member</option>
              <option value="admin">Admin</option>
            </Select>
          </Field>
        </form>
      </DialogContent>
    </Dialog>
  );
}
