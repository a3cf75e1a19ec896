// The organisation's agents: id, display name (editable) and how many calls each has.
import { renameAgentBodySchema, type AdminAgent } from '@callboard/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { RequestErrorAlert } from '../../../components/ui/request-error-alert.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { formResolver, tooLongMessage } from '../../../lib/forms.ts';
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

const renameResolver = formResolver(renameAgentBodySchema, {
  display_name: { tooLong: tooLongMessage(100) },
});

function RenameDialog({ agent, onClose }: { agent: AdminAgent; onClose: () => void }) {
  const formId = useId();
  const rename = useRenameAgent();
  const form = useForm({
    resolver: renameResolver,
    defaultValues: { display_name: agent.display_name ?? '' },
  });

  // An empty name comes out as null: the id shows instead.
  const onSubmit = form.handleSubmit(({ display_name: name }) => {
    rename.mutate(
      { agentId: agent.agent_id, displayName: name },
      {
        onSuccess: () => {
          showToast({
            tone: 'success',
            title: name ? `Agent renamed to “${name}”` : 'Display name cleared',
          });
          onClose();
        },
      },
    );
  });

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
            <Button type="submit" form={formId} pending={rename.isPending} pendingLabel="Saving…">
              Save
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
          {rename.isError ? <RequestErrorAlert error={rename.error} /> : null}
          <Field label="Display name" error={form.formState.errors.display_name?.message}>
            <Input maxLength={120} {...form.register('display_name')} />
          </Field>
        </form>
      </DialogContent>
    </Dialog>
  );
}
