// Integrations: the voice platforms (Retell AI, Vapi) whose post-call webhooks post the
// organisation's calls to Callboard. Add one (the webhook URL, and for Vapi its secret, are shown
// after), list them with their URL and last delivery, read an integration's recent deliveries,
// and remove one (its URL is refused from then on). docs/ingestion.md says how to set each
// platform up.
import {
  createIntegrationBodySchema,
  DELIVERIES_KEPT,
  DELIVERY_DAYS_KEPT,
  INTEGRATION_KINDS,
  type CreatedIntegration,
  type DeliveryStatus,
  type Integration,
  type IntegrationKind,
  type WebhookDelivery,
} from '@callboard/contract';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  actionsColumn,
  ColumnTable,
  type TableColumn,
} from '../../../components/ui/column-table.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { IconCopy, IconInbox, IconWebhook } from '../../../components/ui/icons.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { RequestErrorAlert } from '../../../components/ui/request-error-alert.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatDateTime, formatRelativeTime } from '../../../lib/format.ts';
import { formResolver, tooLongMessage } from '../../../lib/forms.ts';
import {
  useCreateIntegration,
  useDeleteIntegration,
  useDeliveries,
  useIntegrations,
} from '../api/integrations.ts';
import { PanelHeader, PanelQuery, PanelTable } from './panel-states.tsx';

export const PLATFORM_LABELS: Record<IntegrationKind, string> = {
  retell: 'Retell AI',
  vapi: 'Vapi',
};

const PLATFORM_HINTS: Record<IntegrationKind, string> = {
  retell: 'Retell signs each webhook with your Retell API key; Callboard checks it with the key.',
  vapi: 'Callboard makes a secret for Vapi to send with each request.',
};

const STATUS_TONES: Record<DeliveryStatus, BadgeTone> = {
  accepted: 'success',
  ignored: 'neutral',
  rejected: 'danger',
};
const STATUS_LABELS: Record<DeliveryStatus, string> = {
  accepted: 'Accepted',
  ignored: 'Ignored',
  rejected: 'Rejected',
};

export function IntegrationsPanel() {
  const integrations = useIntegrations();
  const remove = useDeleteIntegration();
  const [addOpen, setAddOpen] = useState(false);
  const [removing, setRemoving] = useState<Integration | null>(null);
  const [watching, setWatching] = useState<Integration | null>(null);

  const columns: TableColumn<Integration>[] = [
    {
      id: 'name',
      header: 'Integration',
      card: 'title',
      cell: (integration) => (
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="font-medium break-all text-fg">{integration.name}</span>
          <Badge tone="info">{PLATFORM_LABELS[integration.kind]}</Badge>
          {integration.secret_hint ? (
            <span className="text-xs text-fg-muted">key …{integration.secret_hint}</span>
          ) : null}
        </div>
      ),
    },
    {
      id: 'url',
      header: 'Webhook URL',
      cell: (integration) => (
        <div className="flex min-w-0 items-center gap-1.5">
          <code
            title={integration.webhook_url}
            className="block min-w-0 font-mono text-xs text-fg-muted max-sm:break-all sm:max-w-72 sm:truncate xl:max-w-md"
          >
            {integration.webhook_url}
          </code>
          <CopyButton
            value={integration.webhook_url}
            label={`the webhook URL of ${integration.name}`}
          />
        </div>
      ),
    },
    {
      id: 'last',
      header: 'Last delivery',
      cellClassName: 'whitespace-nowrap',
      cell: (integration) =>
        integration.last_delivery ? (
          <span className="inline-flex items-center gap-2">
            <Badge tone={STATUS_TONES[integration.last_delivery.status]}>
              {STATUS_LABELS[integration.last_delivery.status]}
            </Badge>
            <time
              dateTime={integration.last_delivery.received_at}
              title={formatDateTime(integration.last_delivery.received_at)}
              className="text-fg-muted"
            >
              {formatRelativeTime(integration.last_delivery.received_at)}
            </time>
          </span>
        ) : (
          <span className="text-fg-muted">None yet</span>
        ),
    },
    actionsColumn(
      (integration) => (
        <div className="inline-flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Recent deliveries to ${integration.name}`}
            onClick={() => setWatching(integration)}
          >
            Deliveries
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Remove ${integration.name}`}
            onClick={() => {
              remove.reset();
              setRemoving(integration);
            }}
          >
            Remove
          </Button>
        </div>
      ),
      { cellClassName: 'whitespace-nowrap' },
    ),
  ];

  return (
    <section aria-label="Integrations">
      <PanelHeader
        title="Integrations"
        description="Voice platforms that post each call to Callboard when it ends: no code in between."
        action={
          <Button onClick={() => setAddOpen(true)}>
            <IconWebhook className="size-4" />
            Add integration
          </Button>
        }
      />
      <PanelTable
        query={integrations}
        noun="integrations"
        empty={{
          icon: <IconWebhook />,
          title: 'No integrations yet',
          description:
            'Connect Retell AI or Vapi: paste the webhook URL Callboard gives you into the platform, and its calls arrive here as they end.',
        }}
        columns={columns}
        rowKey={(integration) => integration.id}
      />
      <AddIntegrationDialog open={addOpen} onOpenChange={setAddOpen} />
      <DeliveriesDialog integration={watching} onClose={() => setWatching(null)} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remove this integration?"
        confirmLabel="Remove integration"
        pendingLabel="Removing…"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={() => {
          if (!removing) return;
          const name = removing.name;
          remove.mutate(removing.id, {
            onSuccess: () => {
              setRemoving(null);
              showToast({ tone: 'success', title: `${name} removed` });
            },
          });
        }}
      >
        <p>
          Callboard refuses <strong className="font-medium text-fg">{removing?.name}</strong>’s
          webhook URL from now on, and forgets its credential and delivery log. Calls it already
          sent stay in the call log.
        </p>
      </ConfirmDialog>
    </section>
  );
}

/** Copies `value` to the clipboard and says so. */
function CopyButton({ value, label }: { value: string; label: string }) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      aria-label={`Copy ${label}`}
      title="Copy"
      className="shrink-0"
      onClick={() => {
        navigator.clipboard.writeText(value).then(
          () => showToast({ tone: 'success', title: 'Copied to the clipboard' }),
          () =>
            showToast({
              tone: 'error',
              title: 'Couldn’t copy',
              description: 'Select the text and copy it by hand.',
            }),
        );
      }}
    >
      <IconCopy className="size-4" />
    </Button>
  );
}

/** A value to paste elsewhere, with its copy button. */
function CopyField({ label, value, hint }: { label: string; value: string; hint?: string }) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <p id={id} className="text-sm font-medium text-fg">
        {label}
      </p>
      <div className="flex items-center gap-2 rounded-lg border border-border bg-surface-muted px-3 py-2">
        <code aria-labelledby={id} className="min-w-0 flex-1 font-mono text-xs break-all text-fg">
          {value}
        </code>
        <CopyButton value={value} label={label.toLowerCase()} />
      </div>
      {hint ? <p className="text-xs text-fg-muted">{hint}</p> : null}
    </div>
  );
}

/**
 * The form's values: every field whatever the platform (a select switches between them), checked
 * with the contract's schema for the request once the platform's own fields are picked out.
 */
const integrationFormSchema = z
  .object({
    kind: z.enum(INTEGRATION_KINDS),
    name: z.string(),
    retell_api_key: z.string(),
  })
  .transform((values) =>
    values.kind === 'retell' ? values : { kind: values.kind, name: values.name },
  )
  .pipe(createIntegrationBodySchema);

const integrationResolver = formResolver(integrationFormSchema, {
  name: { missing: 'Give the integration a name.', tooLong: tooLongMessage(100) },
  retell_api_key: {
    missing: 'Paste the Retell API key that has the webhook badge.',
    invalid: 'This does not look like a Retell API key.',
  },
});

const EMPTY_FORM: { kind: IntegrationKind; name: string; retell_api_key: string } = {
  kind: 'retell',
  name: '',
  retell_api_key: '',
};

function AddIntegrationDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const formId = useId();
  const create = useCreateIntegration();
  const [created, setCreated] = useState<CreatedIntegration | null>(null);
  const form = useForm({
    resolver: integrationResolver,
    defaultValues: EMPTY_FORM,
  });
  const kind = useWatch({ control: form.control, name: 'kind' });

  function close(next: boolean) {
    if (create.isPending) return;
    onOpenChange(next);
    if (!next) {
      // The credential is never kept in the form once sent, nor the secret once shown.
      if (created) setCreated(null);
      form.reset();
      create.reset();
    }
  }

  const onSubmit = form.handleSubmit((body) => {
    create.mutate(body, {
      onSuccess: (integration) => {
        setCreated(integration);
        form.reset();
      },
    });
  });

  if (created) {
    return (
      <Dialog open={open} onOpenChange={close}>
        <DialogContent
          title={`${PLATFORM_LABELS[created.kind]} connected`}
          keepOpenOnOutsideClick={created.secret !== null}
          description={
            created.kind === 'retell'
              ? 'In Retell, paste this URL as the webhook URL of your agent (or of your account).'
              : 'In Vapi, paste this URL as the server URL of your assistant, and the secret as its credential.'
          }
          footer={
            <DialogClose asChild>
              <Button>Done</Button>
            </DialogClose>
          }
        >
          <div className="space-y-4">
            <CopyField
              label="Webhook URL"
              value={created.webhook_url}
              hint={
                created.kind === 'retell'
                  ? 'Events: call_ended and call_analyzed are stored; the others are acknowledged.'
                  : 'Server message: end-of-call-report is stored; the others are acknowledged.'
              }
            />
            {created.secret ? (
              <>
                <Alert tone="info" title="Copy the secret now">
                  Callboard keeps only a fingerprint of it: this is the only time it is shown. If it
                  is lost, remove this integration and add a new one.
                </Alert>
                <CopyField
                  label="Secret"
                  value={created.secret}
                  hint="Send it as a Bearer Token credential (Authorization header) or as the X-Vapi-Secret header."
                />
              </>
            ) : null}
          </div>
        </DialogContent>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title="Add an integration"
        description="Callboard gives you a webhook URL to paste into the platform."
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary" disabled={create.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" form={formId} pending={create.isPending} pendingLabel="Adding…">
              Add integration
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
          <Field label="Platform" hint={PLATFORM_HINTS[kind]}>
            <Select {...form.register('kind')}>
              {INTEGRATION_KINDS.map((value) => (
                <option key={value} value={value}>
                  {PLATFORM_LABELS[value]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Name" error={form.formState.errors.name?.message}>
            <Input autoComplete="off" placeholder="Front desk" {...form.register('name')} />
          </Field>
          {kind === 'retell' ? (
            <Field
              label="Retell API key"
              hint="The key with the webhook badge in Retell’s dashboard. Stored encrypted; only its last 4 characters are shown again."
              error={form.formState.errors.retell_api_key?.message}
            >
              <PasswordInput autoComplete="off" {...form.register('retell_api_key')} />
            </Field>
          ) : null}
        </form>
      </DialogContent>
    </Dialog>
  );
}

const deliveryColumns: TableColumn<WebhookDelivery>[] = [
  {
    id: 'time',
    header: 'Received',
    card: 'title',
    cellClassName: 'whitespace-nowrap',
    cell: (delivery) => (
      <time dateTime={delivery.received_at} className="font-medium text-fg">
        {formatDateTime(delivery.received_at)}
      </time>
    ),
  },
  {
    id: 'event',
    header: 'Event',
    cellClassName: 'font-mono text-xs whitespace-nowrap',
    cell: (delivery) => delivery.event_type ?? '—',
  },
  {
    id: 'status',
    header: 'Status',
    cellClassName: 'whitespace-nowrap',
    cell: (delivery) => (
      <span className="inline-flex items-center gap-1.5">
        <Badge tone={STATUS_TONES[delivery.status]}>{STATUS_LABELS[delivery.status]}</Badge>
        <span className="text-xs text-fg-muted">{delivery.http_status}</span>
      </span>
    ),
  },
  {
    id: 'detail',
    header: 'Detail',
    cellClassName: 'text-fg-muted wrap-anywhere',
    cell: (delivery) =>
      delivery.error ??
      (delivery.call_id ? `Call ${delivery.call_id}` : (delivery.platform_call_id ?? '—')),
  },
];

function DeliveriesDialog({
  integration,
  onClose,
}: {
  integration: Integration | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={integration !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {integration ? (
        <DialogContent
          title={`Deliveries to ${integration.name}`}
          description={`The last ${String(DELIVERIES_KEPT)} requests ${PLATFORM_LABELS[integration.kind]} made, from the last ${String(DELIVERY_DAYS_KEPT)} days, newest first.`}
          size="lg"
          footer={
            <DialogClose asChild>
              <Button variant="secondary">Done</Button>
            </DialogClose>
          }
        >
          <DeliveriesList integrationId={integration.id} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function DeliveriesList({ integrationId }: { integrationId: string }) {
  const deliveries = useDeliveries(integrationId);
  return (
    <PanelQuery
      query={deliveries}
      loadingLabel="Loading deliveries"
      errorTitle="Couldn’t load the deliveries"
      empty={
        <EmptyState
          icon={<IconInbox />}
          title="No deliveries yet"
          description="Make a test call: each request the platform makes shows here, accepted or not."
        />
      }
    >
      {(rows) => (
        <div className="-mx-1 overflow-hidden rounded-lg border border-border">
          <ColumnTable columns={deliveryColumns} rows={rows} rowKey={(row) => row.id} />
        </div>
      )}
    </PanelQuery>
  );
}
