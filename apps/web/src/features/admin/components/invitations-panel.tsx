// Invitations: pending (and expired) ones with resend and revoke, and the invite dialog. Only a
// hash of each link's token is stored, so a link can be shown, and copied, only when it is made:
// when the invitation is sent or resent. Links made during this visit stay copyable in the list.
import {
  createInvitationBodySchema,
  type Invitation,
  type Role,
  type SentInvitation,
} from '@callboard/contract';
import { useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { actionsColumn, type TableColumn } from '../../../components/ui/column-table.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { IconCheck, IconCopy, IconMail, IconUserPlus } from '../../../components/ui/icons.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { EmailInput } from '../../../components/ui/input.tsx';
import { RequestErrorAlert } from '../../../components/ui/request-error-alert.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { isApiError } from '../../../lib/api-client.ts';
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
  /** A link just made by resending, shown in a dialog. */
  const [resent, setResent] = useState<SentInvitation | null>(null);
  /** The links made during this visit, by invitation id: the server cannot give them again. */
  const [links, setLinks] = useState<ReadonlyMap<string, string>>(new Map());
  const names = nameLookup(members.data ?? []);
  const remember = (sent: SentInvitation) =>
    setLinks((known) => new Map(known).set(sent.id, sent.link));

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
          {links.has(invitation.id) ? (
            <CopyButton
              text={links.get(invitation.id) ?? ''}
              label="Copy link"
              ariaLabel={`Copy the invitation link for ${invitation.email}`}
            />
          ) : null}
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Resend the invitation to ${invitation.email}`}
            pending={resend.isPending && resend.variables === invitation.id}
            pendingLabel="Sending…"
            onClick={() =>
              resend.mutate(invitation.id, {
                onSuccess: (sent) => {
                  remember(sent);
                  setResent(sent);
                },
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
        description="Invitations waiting to be accepted. Each link works once, for 7 days, and can be copied when it is sent or resent."
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
      <InviteDialog open={inviteOpen} onOpenChange={setInviteOpen} onSent={remember} />
      <Dialog
        open={resent !== null}
        onOpenChange={(open) => {
          if (!open) setResent(null);
        }}
      >
        {resent ? (
          <DialogContent
            title="New invitation link sent"
            description={`We emailed ${resent.email} a new link; the old one no longer works.`}
            footer={
              <DialogClose asChild>
                <Button>Done</Button>
              </DialogClose>
            }
          >
            <InviteLink invitation={resent} />
          </DialogContent>
        ) : null}
      </Dialog>
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
  onSent,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSent: (invitation: SentInvitation) => void;
}) {
  const formId = useId();
  const create = useCreateInvitation();
  const form = useForm({
    resolver: inviteResolver,
    defaultValues: { email: '', role: 'member' },
  });
  const role = useWatch({ control: form.control, name: 'role' });
  const email = useWatch({ control: form.control, name: 'email' });
  // The address belongs to someone in another organisation: say so before anything is sent.
  // Said of the address it was asked about: another address is another question.
  const otherOrganisation =
    isApiError(create.error) && create.error.code === 'INVITEE_HAS_ORGANISATION'
      ? create.error.message
      : null;
  const warning =
    otherOrganisation && create.variables?.email === email.trim().toLowerCase()
      ? otherOrganisation
      : null;

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
    create.mutate({ ...body, confirmOtherOrganisation: warning !== null }, { onSuccess: onSent });
  });

  const sent = create.data;
  return (
    <Dialog open={open} onOpenChange={close}>
      {sent ? (
        <DialogContent
          title="Invitation sent"
          description={`We emailed ${sent.email} a link to join. You can also copy it and send it yourself.`}
          footer={
            <DialogClose asChild>
              <Button>Done</Button>
            </DialogClose>
          }
        >
          <InviteLink invitation={sent} />
        </DialogContent>
      ) : (
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
              <Button
                type="submit"
                form={formId}
                pending={create.isPending}
                pendingLabel="Sending…"
              >
                {warning ? 'Send anyway' : 'Send invitation'}
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
            {warning ? (
              <Alert tone="warning" title="Invite someone from another organisation?">
                {warning} Until then, the invitation’s link tells them why they cannot join yet.
              </Alert>
            ) : create.isError && !otherOrganisation ? (
              <RequestErrorAlert error={create.error} />
            ) : null}
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
      )}
    </Dialog>
  );
}

type CopyState = 'idle' | 'copied' | 'failed';

/** A link just made, once: selectable and copyable, with why it will not be shown again. */
function InviteLink({ invitation }: { invitation: SentInvitation }) {
  const fieldId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  return (
    <div className="space-y-4">
      <div>
        <Label htmlFor={fieldId} className="mb-1.5">
          Invitation link for {invitation.email}
        </Label>
        {/* A textarea rather than an input: the whole link wraps into view, even on a phone. */}
        <textarea
          id={fieldId}
          ref={field}
          readOnly
          rows={3}
          spellCheck={false}
          value={invitation.link}
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full resize-none rounded-lg border border-border-input bg-surface-muted px-3 py-2 font-mono text-sm leading-6 break-all text-fg shadow-xs focus:border-accent focus:ring-3 focus:ring-ring/30 focus:outline-none"
        />
      </div>
      <CopyButton
        text={invitation.link}
        label="Copy invite link"
        autoFocus
        showStatus
        onFailed={() => {
          field.current?.focus();
          field.current?.select();
        }}
      />
      <p className="text-sm leading-6 text-fg-muted">
        Anyone with the link can join as {invitation.email} within 7 days: share it only with them.
        Callboard keeps only a fingerprint of it, so it can be copied now and from the list until
        you leave this page. For a new link later, resend the invitation (the old link then stops
        working).
      </p>
    </div>
  );
}

function CopyButton({
  text,
  label,
  ariaLabel,
  autoFocus = false,
  showStatus = false,
  onFailed,
}: {
  text: string;
  label: string;
  ariaLabel?: string;
  autoFocus?: boolean;
  /** A line beside the button that says what happened (read out as it changes). */
  showStatus?: boolean;
  onFailed?: () => void;
}) {
  const [copy, setCopy] = useState<CopyState>('idle');

  async function copyText() {
    try {
      // Missing outside a secure context (plain http on another host than localhost).
      if (typeof navigator.clipboard === 'undefined') throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setCopy('copied');
      if (!showStatus) showToast({ tone: 'success', title: 'Invitation link copied' });
    } catch {
      setCopy('failed');
      if (onFailed) onFailed();
      if (!showStatus) {
        showToast({
          tone: 'error',
          title: 'Couldn’t copy the link',
          description: 'Resend the invitation to see the link and copy it by hand.',
        });
      }
    }
  }

  const button = (
    <Button
      variant="secondary"
      size="sm"
      aria-label={ariaLabel}
      autoFocus={autoFocus}
      onClick={() => void copyText()}
    >
      {copy === 'copied' ? <IconCheck className="size-4" /> : <IconCopy className="size-4" />}
      {copy === 'copied' ? 'Copied' : label}
    </Button>
  );
  if (!showStatus) return button;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      {button}
      {/* Present from the start, so that what appears in it is announced. */}
      <p role="status" className="min-w-0 flex-1 text-sm text-fg-muted">
        {copy === 'copied'
          ? 'Copied to the clipboard.'
          : copy === 'failed'
            ? 'Couldn’t copy it here: the link is selected, copy it with Ctrl+C (⌘C on a Mac).'
            : null}
      </p>
    </div>
  );
}
