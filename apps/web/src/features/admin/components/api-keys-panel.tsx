// API keys: the organisation's live keys for the ingestion API (docs/ingestion.md), the dialog
// that creates one and shows its secret once, and revocation.
import { createApiKeyBodySchema, type ApiKey, type CreatedApiKey } from '@callboard/contract';
import { REAUTHENTICATION_WINDOW_MINUTES } from '@callboard/contract/auth-routes';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { actionsColumn, type TableColumn } from '../../../components/ui/column-table.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ConfirmIdentityForm } from '../../../components/ui/confirm-identity-form.tsx';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { IconCheck, IconCopy, IconKey, IconPlus } from '../../../components/ui/icons.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { RequestErrorAlert } from '../../../components/ui/request-error-alert.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatDate, formatDateTime, formatFullDateTime } from '../../../lib/format.ts';
import { formResolver, tooLongMessage } from '../../../lib/forms.ts';
import { isReauthenticationRequired, useReauthenticate } from '../../../lib/identity-check.ts';
import { useAuthSession } from '../../../lib/session-provider.tsx';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys.ts';
import { useAdminMembers } from '../api/members.ts';
import { FORMER_MEMBER, nameLookup } from '../audit-format.ts';
import { PanelHeader, PanelTable } from './panel-states.tsx';

/** Where a key is used, as the how-to lines and docs/ingestion.md say it. */
const INGEST_ENDPOINT = 'POST /api/v1/ingest/calls';

export function ApiKeysPanel() {
  const keys = useApiKeys();
  const members = useAdminMembers();
  const revoke = useRevokeApiKey();
  const [createOpen, setCreateOpen] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const names = members.data ? nameLookup(members.data) : null;

  /** The creator's name; "Former member" once they are gone; nothing until the directory loads. */
  function creatorName(key: ApiKey): string {
    if (!key.created_by) return FORMER_MEMBER;
    if (!names) return '—';
    return names.get(key.created_by) ?? FORMER_MEMBER;
  }

  const columns: TableColumn<ApiKey>[] = [
    {
      id: 'name',
      header: 'Name',
      card: 'title',
      cellClassName: 'font-medium break-words',
      cell: (key) => key.name,
    },
    {
      id: 'prefix',
      header: 'Key',
      cellClassName: 'font-mono text-xs whitespace-nowrap text-fg-muted',
      cell: (key) => (
        <span title="The start of the key; the rest is never shown again">{key.prefix}…</span>
      ),
    },
    {
      id: 'created',
      header: 'Created',
      cellClassName: 'whitespace-nowrap text-fg-muted',
      cell: (key) => (
        <time dateTime={key.created_at} title={formatFullDateTime(key.created_at)}>
          {formatDate(key.created_at)}
        </time>
      ),
    },
    {
      id: 'created-by',
      header: 'Created by',
      cellClassName: 'text-fg-muted',
      showFrom: 'lg',
      cell: creatorName,
    },
    {
      id: 'last-used',
      header: 'Last used',
      cellClassName: 'whitespace-nowrap text-fg-muted',
      cell: (key) =>
        key.last_used_at ? (
          <time dateTime={key.last_used_at} title={formatFullDateTime(key.last_used_at)}>
            {formatDateTime(key.last_used_at)}
          </time>
        ) : (
          'Never'
        ),
    },
    actionsColumn((key) => (
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Revoke the key ${key.name}`}
        onClick={() => {
          revoke.reset();
          setRevoking(key);
        }}
      >
        Revoke
      </Button>
    )),
  ];

  return (
    <section aria-label="API keys">
      <PanelHeader
        title="API keys"
        description="Keys your own systems use to send calls to Callboard. Give each system its own, so that one can be revoked without stopping the others."
        action={
          <Button onClick={() => setCreateOpen(true)}>
            <IconPlus className="size-4" />
            Create key
          </Button>
        }
      />
      <PanelTable
        query={keys}
        noun="API keys"
        empty={{
          icon: <IconKey />,
          title: 'No API keys yet',
          description: (
            <>
              A key lets a voice platform, an export job or a script send the organisation’s calls
              to its call log with{' '}
              <code className="font-mono text-[13px] whitespace-nowrap">{INGEST_ENDPOINT}</code>.
              Choose <strong className="font-medium text-fg">Create key</strong> to make one.
            </>
          ),
        }}
        columns={columns}
        rowKey={(key) => key.id}
      />
      <CreateKeyDialog open={createOpen} onOpenChange={setCreateOpen} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        confirmLabel="Revoke key"
        pendingLabel="Revoking…"
        pending={revoke.isPending}
        error={revoke.isError ? errorMessage(revoke.error) : null}
        onConfirm={() => {
          if (!revoking) return;
          const { id, name } = revoking;
          revoke.mutate(id, {
            onSuccess: () => {
              setRevoking(null);
              showToast({ tone: 'success', title: `API key “${name}” revoked` });
            },
          });
        }}
      >
        <p>
          Systems using it will be refused from their next request. This cannot be undone: to
          reconnect a system, create a new key for it.
        </p>
        {revoking ? (
          <p>
            Key <span className="font-mono text-xs text-fg">{revoking.prefix}…</span>
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}

const createResolver = formResolver(createApiKeyBodySchema, {
  name: { missing: 'Enter a name for the key.', tooLong: tooLongMessage(100) },
});

/**
 * Asks for a name, then shows the new key once. The key lives only in the mutation's answer,
 * which closing resets (and the mutation cache then drops): reopened, the dialog starts afresh.
 */
function CreateKeyDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const formId = useId();
  const confirmFormId = useId();
  const create = useCreateApiKey();
  const confirm = useReauthenticate();
  const twoFactorEnabled = useAuthSession()?.user.two_factor.enabled ?? false;
  const form = useForm({ resolver: createResolver, defaultValues: { name: '' } });

  function close(next: boolean) {
    if (create.isPending || confirm.isPending) return;
    onOpenChange(next);
    if (!next) {
      // Closed after success: a clean form next time. Cancelled: keep what was typed.
      if (create.isSuccess) form.reset();
      create.reset();
      confirm.reset();
      form.clearErrors();
    }
  }

  const onSubmit = form.handleSubmit((body) => {
    create.mutate(body);
  });

  const created = create.data;
  return (
    <Dialog open={open} onOpenChange={close}>
      {isReauthenticationRequired(create.error) ? (
        // Signed in a while ago: the password (or a code) first, then the key is made.
        <DialogContent
          title="Confirm it’s you"
          description="An API key lets a system add calls to your organisation’s call log for as long as it lives."
          footer={
            <>
              <DialogClose asChild>
                <Button variant="secondary" disabled={confirm.isPending}>
                  Cancel
                </Button>
              </DialogClose>
              <Button
                type="submit"
                form={confirmFormId}
                pending={confirm.isPending}
                pendingLabel="Checking…"
              >
                Confirm and create
              </Button>
            </>
          }
        >
          <ConfirmIdentityForm
            id={confirmFormId}
            reason={`You signed in more than ${REAUTHENTICATION_WINDOW_MINUTES} minutes ago. Enter your password again to create the key.`}
            twoFactorEnabled={twoFactorEnabled}
            confirm={confirm}
            onConfirmed={() => create.mutate(form.getValues())}
          />
        </DialogContent>
      ) : created ? (
        <DialogContent
          title="Copy your new API key"
          keepOpenOnOutsideClick
          description={`“${created.name}” is ready. Copy the key now and store it where the system that uses it keeps its secrets.`}
          footer={
            <DialogClose asChild>
              <Button>Done</Button>
            </DialogClose>
          }
        >
          <ShowOnce created={created} />
        </DialogContent>
      ) : (
        <DialogContent
          title="Create API key"
          description="For one system that sends calls to Callboard: a voice platform, an export job, a script."
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
                pendingLabel="Creating…"
              >
                Create key
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
            <Field
              label="Name"
              hint="Say where it is used, to tell keys apart: “Voice platform (production)”."
              error={form.formState.errors.name?.message}
            >
              {/* First focus here rather than on the header's close button: the one thing to do. */}
              <Input autoComplete="off" maxLength={120} autoFocus {...form.register('name')} />
            </Field>
          </form>
        </DialogContent>
      )}
    </Dialog>
  );
}

type CopyState = 'idle' | 'copied' | 'failed';

/** The whole key, once: selectable, copyable, with how to use it. */
function ShowOnce({ created }: { created: CreatedApiKey }) {
  const fieldId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');

  function selectKey() {
    field.current?.focus();
    field.current?.select();
  }

  async function copyKey() {
    try {
      // Missing outside a secure context (plain http on another host than localhost).
      if (typeof navigator.clipboard === 'undefined') throw new Error('no clipboard');
      await navigator.clipboard.writeText(created.key);
      setCopy('copied');
    } catch {
      setCopy('failed');
      selectKey();
    }
  }

  return (
    <div className="space-y-4">
      {/* A note, not a live region: the dialog's description already says to copy it now. */}
      <Alert tone="warning" role="note" title="It will not be shown again">
        Callboard keeps only a fingerprint of the key. If it is lost, revoke it and create another.
      </Alert>
      <div>
        <Label htmlFor={fieldId} className="mb-1.5">
          API key
        </Label>
        {/* A textarea rather than an input: the whole key wraps into view, even on a phone. */}
        <textarea
          id={fieldId}
          ref={field}
          readOnly
          rows={2}
          spellCheck={false}
          autoFocus
          value={created.key}
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full resize-none rounded-lg border border-border-input bg-surface-muted px-3 py-2 font-mono text-base leading-6 break-all text-fg shadow-xs sm:text-sm focus:border-accent focus:ring-3 focus:ring-ring/30 focus:outline-none"
        />
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Button variant="secondary" size="sm" onClick={() => void copyKey()}>
          {copy === 'copied' ? <IconCheck className="size-4" /> : <IconCopy className="size-4" />}
          {copy === 'copied' ? 'Copied' : 'Copy key'}
        </Button>
        {/* Present from the start, so that what appears in it is announced. */}
        <p role="status" className="min-w-0 flex-1 text-sm text-fg-muted">
          {copy === 'copied'
            ? 'Copied to the clipboard.'
            : copy === 'failed'
              ? 'Couldn’t copy it here: the key is selected, copy it with Ctrl+C (⌘C on a Mac).'
              : null}
        </p>
      </div>
      <div className="text-sm leading-6 text-fg-muted">
        <p>
          Your system sends it with every{' '}
          <code className="font-mono text-[13px] whitespace-nowrap text-fg">{INGEST_ENDPOINT}</code>{' '}
          request, in this header:
        </p>
        <pre className="mt-1.5 overflow-x-auto rounded-md border border-border bg-surface-muted px-3 py-2 font-mono text-[13px] leading-5 text-fg">
          Authorization: Bearer {created.prefix}…
        </pre>
      </div>
    </div>
  );
}
