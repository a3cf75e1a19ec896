// The organisation's agents: id, display name (editable) and how many calls each has.
import type { AdminAgent } from '@callboard/contract';
import { useId, useState, type SubmitEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  actionsColumn,
  countColumn,
  type TableColumn,
} from '../../../components/ui/column-table.tsx';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { IconBot } from '../../../components/ui/icons.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAdminAgents, useRenameAgent } from '../api/agents.ts';
import { PanelHeader, PanelTable } from './panel-states.tsx';

export function AgentsPanel() {
  const agents = useAdminAgents();
  const [editing, setEditing] = useState<AdminAgent | null>(null);

  const columns: TableColumn<AdminAgent>[] = [
    {
      id: 'name',
      header: 'Display name',
      card: 'title',
      cellClassName: 'font-medium',
      cell: (agent) =>
        agent.display_name ?? <span className="font-normal text-fg-muted italic">No name</span>,
    },
    {
      id: 'agent-id',
      header: 'Agent id',
      cellClassName: 'font-mono text-xs text-fg-muted',
      cell: (agent) => agent.agent_id,
    },
    countColumn('calls', 'Calls', (agent) => agent.calls),
    actionsColumn((agent) => (
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Rename ${agent.display_name ?? agent.agent_id}`}
        onClick={() => setEditing(agent)}
      >
        Rename
      </Button>
    )),
  ];
  return (
    <section aria-label="Agents">
      <PanelHeader
        title="Agents"
        description="The agents whose calls belong to the organisation. Their display names show in the call log and analytics."
      />
      <PanelTable
        query={agents}
        noun="agents"
        empty={{
          icon: <IconBot />,
          title: 'No agents yet',
          description:
            'A platform operator maps your call platform’s agents to the organisation; their calls then show up here.',
        }}
        columns={columns}
        rowKey={(agent) => agent.agent_id}
      />
      {editing ? (
        <RenameDialog key={editing.agent_id} agent={editing} onClose={() => setEditing(null)} />
      ) : null}
    </section>
  );
}

function RenameDialog({ agent, onClose }: { agent: AdminAgent; onClose: () => void }) {
  const id = useId();
  const rename = useRenameAgent();
  const [name, setName] = useState(agent.display_name ?? '');
  const [error, setError] = useState<string | undefined>();

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = name.trim();
    if (value.length > 100) {
      setError('Use at most 100 characters.');
      return;
    }
    rename.mutate(
      { agentId: agent.agent_id, displayName: value || null },
      {
        onSuccess: () => {
          showToast({
            tone: 'success',
            title: value ? `Agent renamed to “${value}”` : 'Display name cleared',
          });
          onClose();
        },
      },
    );
  }

  return (
    <Dialog open onOpenChange={(open) => (!open && !rename.isPending ? onClose() : undefined)}>
      <DialogContent
        title="Rename agent"
        description={`Agent id ${agent.agent_id}. Leave the name empty to show the id instead.`}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary" disabled={rename.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button
              type="submit"
              form={`${id}-form`}
              pending={rename.isPending}
              pendingLabel="Saving…"
            >
              Save
            </Button>
          </>
        }
      >
        <form id={`${id}-form`} noValidate onSubmit={onSubmit} className="space-y-4">
          {rename.isError ? <Alert tone="error">{errorMessage(rename.error)}</Alert> : null}
          <Field label="Display name" htmlFor={`${id}-name`} errorId={`${id}-error`} error={error}>
            <Input
              id={`${id}-name`}
              value={name}
              maxLength={120}
              invalid={Boolean(error)}
              aria-describedby={`${id}-error`}
              onChange={(event) => {
                setName(event.target.value);
                setError(undefined);
              }}
            />
          </Field>
        </form>
      </DialogContent>
    </Dialog>
  );
}
