// The platform console (super-admins): every organisation, creating one with its first admin's
// invitation, and every agent with the organisation it is mapped to.
import { createOrganisationBodySchema } from '@callboard/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { countColumn, type TableColumn } from '../../../components/ui/column-table.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { IconBot, IconBuilding } from '../../../components/ui/icons.tsx';
import { EmailInput, Input } from '../../../components/ui/input.tsx';
import { RequestErrorAlert } from '../../../components/ui/request-error-alert.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatCount, formatDate } from '../../../lib/format.ts';
import { formResolver, tooLongMessage } from '../../../lib/forms.ts';
import {
  useCreateOrganisation,
  useMapAgent,
  usePlatformAgents,
  usePlatformOrganisations,
  type PlatformAgent,
  type PlatformOrganisation,
} from '../api/platform.ts';
import { PanelHeader, PanelTable } from './panel-states.tsx';

const ORGANISATION_COLUMNS: readonly TableColumn<PlatformOrganisation>[] = [
  {
    id: 'name',
    header: 'Organisation',
    card: 'title',
    cellClassName: 'font-medium',
    cell: (organisation) => organisation.name,
  },
  countColumn('members', 'Members', (organisation) => organisation.members),
  countColumn('agents', 'Agents', (organisation) => organisation.agents),
  countColumn('calls', 'Calls', (organisation) => organisation.calls),
  {
    id: 'created',
    header: 'Created',
    headerClassName: 'pl-8',
    cellClassName: 'pl-8 whitespace-nowrap text-fg-muted',
    cell: (organisation) => formatDate(organisation.created_at),
  },
];

export function PlatformOrganisationsPanel() {
  const organisations = usePlatformOrganisations();
  const [createOpen, setCreateOpen] = useState(false);
  return (
    <section aria-label="Organisations">
      <PanelHeader
        title="Organisations"
        description="Every organisation on the platform, with its members, agents and calls."
        action={
          <Button onClick={() => setCreateOpen(true)}>
            <IconBuilding className="size-4" />
            New organisation
          </Button>
        }
      />
      <PanelTable
        query={organisations}
        noun="organisations"
        empty={{
          icon: <IconBuilding />,
          title: 'No organisations yet',
          description: 'Create one; its first admin gets an invitation by email.',
        }}
        columns={ORGANISATION_COLUMNS}
        rowKey={(organisation) => organisation.id}
      />
      <CreateOrganisationDialog open={createOpen} onOpenChange={setCreateOpen} />
    </section>
  );
}

const createOrganisationResolver = formResolver(createOrganisationBodySchema, {
  name: { invalid: 'Enter a name of at least 2 characters.', tooLong: tooLongMessage(100) },
  adminEmail: 'Enter the first admin’s email address.',
});

function CreateOrganisationDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const formId = useId();
  const create = useCreateOrganisation();
  const form = useForm({
    resolver: createOrganisationResolver,
    defaultValues: { name: '', adminEmail: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) => {
    create.mutate(body, {
      onSuccess: () => {
        showToast({
          tone: 'success',
          title: `${body.name} created`,
          description: `An invitation to become its admin was sent to ${body.adminEmail}.`,
        });
        form.reset();
        create.reset();
        onOpenChange(false);
      },
    });
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (create.isPending) return;
        if (!next) create.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent
        title="New organisation"
        description="Its first admin gets an invitation by email and can invite the rest."
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary" disabled={create.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" form={formId} pending={create.isPending} pendingLabel="Creating…">
              Create and invite
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
          <Field label="Name" error={errors.name?.message}>
            <Input placeholder="Acme Health" {...form.register('name')} />
          </Field>
          <Field label="First admin’s email" error={errors.adminEmail?.message}>
            <EmailInput autoComplete="off" {...form.register('adminEmail')} />
          </Field>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const UNMAPPED = '';

/** An agent's organisation as the operator picked it, waiting for confirmation. */
interface PendingMapping {
  agent: PlatformAgent;
  organisationId: string | null;
}

export function PlatformAgentsPanel() {
  const agents = usePlatformAgents();
  const organisations = usePlatformOrganisations();
  const map = useMapAgent();
  const [pending, setPending] = useState<PendingMapping | null>(null);
  const orgName = (organisationId: string | null) =>
    organisations.data?.find((organisation) => organisation.id === organisationId)?.name ?? null;

  const columns: TableColumn<PlatformAgent>[] = [
    {
      id: 'agent',
      header: 'Agent',
      card: 'title',
      cell: (agent) => (
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium">{agentLabel(agent)}</span>
          {agent.display_name ? (
            <span className="font-mono text-xs text-fg-muted">{agent.agent_id}</span>
          ) : null}
          {agent.organisation_id === null ? <Badge tone="warning">Unmapped</Badge> : null}
        </div>
      ),
    },
    countColumn('calls', 'Calls', (agent) => agent.calls),
    {
      id: 'organisation',
      header: 'Organisation',
      headerClassName: 'pl-8',
      cellClassName: 'pl-8',
      cell: (agent) => (
        <Select
          aria-label={`Organisation of ${agent.agent_id}`}
          size="sm"
          // Stays on the current organisation until the change is confirmed.
          value={agent.organisation_id ?? UNMAPPED}
          disabled={
            organisations.isPending || (map.isPending && map.variables.agentId === agent.agent_id)
          }
          onChange={(event) => {
            map.reset();
            setPending({ agent, organisationId: event.target.value || null });
          }}
          wrapperClassName="w-full sm:w-56"
        >
          <option value={UNMAPPED}>Not mapped</option>
          {(organisations.data ?? []).map((organisation) => (
            <option key={organisation.id} value={organisation.id}>
              {organisation.name}
            </option>
          ))}
        </Select>
      ),
    },
  ];

  return (
    <section aria-label="Agents">
      <PanelHeader
        title="Agents"
        description="Map each agent to an organisation; its calls are visible there at once. Unmapped agents’ calls are visible to no one."
      />
      <PanelTable
        query={agents}
        noun="agents"
        empty={{
          icon: <IconBot />,
          title: 'No agents yet',
          description: 'Agents appear here once calls arrive from them.',
        }}
        columns={columns}
        rowKey={(agent) => agent.agent_id}
        order={unmappedFirst}
      />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        tone="default"
        title={
          pending
            ? pending.organisationId
              ? `Map ${agentLabel(pending.agent)} to ${orgName(pending.organisationId) ?? 'this organisation'}?`
              : `Unmap ${agentLabel(pending.agent)}?`
            : 'Map agent?'
        }
        confirmLabel={pending?.organisationId === null ? 'Unmap agent' : 'Map agent'}
        pendingLabel="Saving…"
        pending={map.isPending}
        error={map.isError ? errorMessage(map.error) : null}
        onConfirm={() => {
          if (!pending) return;
          const { agent, organisationId } = pending;
          const label = agentLabel(agent);
          const target = orgName(organisationId);
          map.mutate(
            { agentId: agent.agent_id, organisationId },
            {
              onSuccess: () => {
                setPending(null);
                showToast({
                  tone: 'success',
                  title: target ? `${label} now belongs to ${target}` : `${label} is unmapped`,
                  description: target
                    ? `${target} sees its ${formatCount(agent.calls)} calls now.`
                    : 'Its calls are visible to no organisation.',
                });
              },
            },
          );
        }}
      >
        {pending ? <p>{mappingConsequence(pending, orgName)}</p> : null}
      </ConfirmDialog>
    </section>
  );
}

function agentLabel(agent: PlatformAgent): string {
  return agent.display_name ?? agent.agent_id;
}

/** Unmapped agents first (their calls are visible to no one until mapped), then by id. */
function unmappedFirst(agents: readonly PlatformAgent[]): PlatformAgent[] {
  return [...agents].sort(
    (a, b) =>
      Number(a.organisation_id !== null) - Number(b.organisation_id !== null) ||
      a.agent_id.localeCompare(b.agent_id),
  );
}

/** Who gains and who loses sight of the agent's calls. */
function mappingConsequence(
  { agent, organisationId }: PendingMapping,
  orgName: (organisationId: string | null) => string | null,
): string {
  const calls = `${formatCount(agent.calls)} ${agent.calls === 1 ? 'call' : 'calls'}`;
  const from = orgName(agent.organisation_id);
  const to = orgName(organisationId);
  if (!to) {
    return from
      ? `${from} stops seeing its ${calls} at once. They stay visible to no organisation until the agent is mapped again.`
      : `Its ${calls} stay visible to no organisation.`;
  }
  return from
    ? `Its ${calls} move from ${from} to ${to}: ${to}’s members see them at once, and ${from}’s no longer do.`
    : `${to}’s members see its ${calls} at once.`;
}
