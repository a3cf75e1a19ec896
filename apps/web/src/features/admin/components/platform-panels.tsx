// The platform console (super-admins): every organisation, creating one with its first admin's
// invitation, and every agent with the organisation it is mapped to.
import { useId, useState, type SubmitEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { IconBot, IconBuilding } from '../../../components/ui/icons.tsx';
import { Input } from '../../../components/ui/input.tsx';
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
import { formatCount, formatDate } from '../../../lib/format.ts';
import {
  useCreateOrganisation,
  useMapAgent,
  usePlatformAgents,
  usePlatformOrganisations,
} from '../api/platform.ts';
import { PanelError, PanelHeader, PanelLoading } from './panel-states.tsx';
import { rt } from './responsive-table.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;

export function PlatformOrganisationsPanel() {
  const organisations = usePlatformOrganisations();
  const [createOpen, setCreateOpen] = useState(false);
  let body;
  if (organisations.isPending) body = <PanelLoading label="Loading organisations" />;
  else if (organisations.isError) {
    body = (
      <PanelError
        title="Couldn’t load the organisations"
        error={organisations.error}
        onRetry={() => void organisations.refetch()}
      />
    );
  } else if (organisations.data.length === 0) {
    body = (
      <EmptyState
        icon={<IconBuilding />}
        title="No organisations yet"
        description="Create one; its first admin gets an invitation by email."
      />
    );
  } else {
    body = (
      <Table className={rt.table}>
        <TableHeader className={rt.head}>
          <tr>
            <TableHeaderCell className="pl-5">Organisation</TableHeaderCell>
            <TableHeaderCell className="text-right">Members</TableHeaderCell>
            <TableHeaderCell className="text-right">Agents</TableHeaderCell>
            <TableHeaderCell className="text-right">Calls</TableHeaderCell>
            <TableHeaderCell className="pr-5">Created</TableHeaderCell>
          </tr>
        </TableHeader>
        <TableBody className={rt.body}>
          {organisations.data.map((organisation) => (
            <TableRow key={organisation.id} className={rt.row}>
              <TableCell className={`pl-5 font-medium ${rt.lead}`}>{organisation.name}</TableCell>
              <TableCell data-label="Members" className={`text-right tabular-nums ${rt.cell}`}>
                {formatCount(organisation.members)}
              </TableCell>
              <TableCell data-label="Agents" className={`text-right tabular-nums ${rt.cell}`}>
                {formatCount(organisation.agents)}
              </TableCell>
              <TableCell data-label="Calls" className={`text-right tabular-nums ${rt.cell}`}>
                {formatCount(organisation.calls)}
              </TableCell>
              <TableCell
                data-label="Created"
                className={`pr-5 whitespace-nowrap text-fg-muted ${rt.cell}`}
              >
                {formatDate(organisation.created_at)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }
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
      {body}
      <CreateOrganisationDialog open={createOpen} onOpenChange={setCreateOpen} />
    </section>
  );
}

function CreateOrganisationDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const create = useCreateOrganisation();
  const [name, setName] = useState('');
  const [adminEmail, setAdminEmail] = useState('');
  const [errors, setErrors] = useState<{
    name?: string | undefined;
    adminEmail?: string | undefined;
  }>({});

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = {
      name: name.trim().length < 2 ? 'Enter a name of at least 2 characters.' : undefined,
      adminEmail: EMAIL_PATTERN.test(adminEmail.trim())
        ? undefined
        : 'Enter the first admin’s email address.',
    };
    setErrors(found);
    if (found.name || found.adminEmail) {
      document.getElementById(found.name ? `${id}-name` : `${id}-email`)?.focus();
      return;
    }
    create.mutate(
      { name: name.trim(), adminEmail: adminEmail.trim() },
      {
        onSuccess: () => {
          showToast({
            tone: 'success',
            title: `${name.trim()} created`,
            description: `An invitation to become its admin was sent to ${adminEmail.trim()}.`,
          });
          setName('');
          setAdminEmail('');
          create.reset();
          onOpenChange(false);
        },
      },
    );
  }

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
            <Button
              type="submit"
              form={`${id}-form`}
              pending={create.isPending}
              pendingLabel="Creating…"
            >
              Create and invite
            </Button>
          </>
        }
      >
        <form id={`${id}-form`} noValidate onSubmit={onSubmit} className="space-y-4">
          {create.isError ? <Alert tone="error">{errorMessage(create.error)}</Alert> : null}
          <Field
            label="Name"
            htmlFor={`${id}-name`}
            errorId={`${id}-name-error`}
            error={errors.name}
          >
            <Input
              id={`${id}-name`}
              value={name}
              invalid={Boolean(errors.name)}
              aria-describedby={`${id}-name-error`}
              onChange={(event) => setName(event.target.value)}
            />
          </Field>
          <Field
            label="First admin’s email"
            htmlFor={`${id}-email`}
            errorId={`${id}-email-error`}
            error={errors.adminEmail}
          >
            <Input
              id={`${id}-email`}
              type="email"
              autoComplete="off"
              value={adminEmail}
              invalid={Boolean(errors.adminEmail)}
              aria-describedby={`${id}-email-error`}
              onChange={(event) => setAdminEmail(event.target.value)}
            />
          </Field>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const UNMAPPED = '';

export function PlatformAgentsPanel() {
  const agents = usePlatformAgents();
  const organisations = usePlatformOrganisations();
  const map = useMapAgent();
  let body;
  if (agents.isPending) body = <PanelLoading label="Loading agents" />;
  else if (agents.isError) {
    body = (
      <PanelError
        title="Couldn’t load the agents"
        error={agents.error}
        onRetry={() => void agents.refetch()}
      />
    );
  } else if (agents.data.length === 0) {
    body = (
      <EmptyState
        icon={<IconBot />}
        title="No agents yet"
        description="Agents appear here once calls arrive from them."
      />
    );
  } else {
    // Unmapped agents first: their calls are visible to no one until mapped.
    const sorted = [...agents.data].sort(
      (a, b) =>
        Number(a.organisation_id !== null) - Number(b.organisation_id !== null) ||
        a.agent_id.localeCompare(b.agent_id),
    );
    body = (
      <Table className={rt.table}>
        <TableHeader className={rt.head}>
          <tr>
            <TableHeaderCell className="pl-5">Agent</TableHeaderCell>
            <TableHeaderCell className="text-right">Calls</TableHeaderCell>
            <TableHeaderCell className="pr-5">Organisation</TableHeaderCell>
          </tr>
        </TableHeader>
        <TableBody className={rt.body}>
          {sorted.map((agent) => {
            const label = agent.display_name ?? agent.agent_id;
            return (
              <TableRow key={agent.agent_id} className={rt.row}>
                <TableCell className={`pl-5 ${rt.lead}`}>
                  <span className="font-medium">{label}</span>
                  {agent.display_name ? (
                    <span className="ml-2 font-mono text-xs text-fg-muted">{agent.agent_id}</span>
                  ) : null}
                  {agent.organisation_id === null ? (
                    <Badge tone="warning" className="ml-2">
                      Unmapped
                    </Badge>
                  ) : null}
                </TableCell>
                <TableCell data-label="Calls" className={`text-right tabular-nums ${rt.cell}`}>
                  {formatCount(agent.calls)}
                </TableCell>
                <TableCell data-label="Organisation" className={`pr-5 ${rt.cell}`}>
                  <Select
                    aria-label={`Organisation of ${agent.agent_id}`}
                    value={agent.organisation_id ?? UNMAPPED}
                    disabled={
                      organisations.isPending ||
                      (map.isPending && map.variables.agentId === agent.agent_id)
                    }
                    onChange={(event) => {
                      const organisationId = event.target.value || null;
                      const target = organisations.data?.find((o) => o.id === organisationId);
                      map.mutate(
                        { agentId: agent.agent_id, organisationId },
                        {
                          onSuccess: () =>
                            showToast({
                              tone: 'success',
                              title: target
                                ? `${label} now belongs to ${target.name}`
                                : `${label} is unmapped`,
                              description: target
                                ? `${target.name} sees its ${formatCount(agent.calls)} calls now.`
                                : 'Its calls are visible to no organisation.',
                            }),
                        },
                      );
                    }}
                    wrapperClassName="w-full sm:w-56"
                    className="h-8"
                  >
                    <option value={UNMAPPED}>Not mapped</option>
                    {(organisations.data ?? []).map((organisation) => (
                      <option key={organisation.id} value={organisation.id}>
                        {organisation.name}
                      </option>
                    ))}
                  </Select>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    );
  }
  return (
    <section aria-label="Agents">
      <PanelHeader
        title="Agents"
        description="Map each agent to an organisation; its calls are visible there at once. Unmapped agents’ calls are visible to no one."
      />
      {body}
    </section>
  );
}
