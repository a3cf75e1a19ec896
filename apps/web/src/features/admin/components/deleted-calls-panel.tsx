// Deleted calls: hidden from everyone's call log; admins see them here and restore them.
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { IconInbox } from '../../../components/ui/icons.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDeletedCalls, useSetCallDeleted } from '../api/deleted-calls.ts';
import { PanelError, PanelHeader, PanelLoading } from './panel-states.tsx';
import { rt } from './responsive-table.ts';

export function DeletedCallsPanel() {
  const calls = useDeletedCalls();
  const setDeleted = useSetCallDeleted();
  let body;
  if (calls.isPending) body = <PanelLoading label="Loading deleted calls" />;
  else if (calls.isError) {
    body = (
      <PanelError
        title="Couldn’t load the deleted calls"
        error={calls.error}
        onRetry={() => void calls.refetch()}
      />
    );
  } else if (calls.data.length === 0) {
    body = (
      <EmptyState
        icon={<IconInbox />}
        title="No deleted calls"
        description="Calls an admin deletes disappear from the call log and analytics, and wait here to be restored."
      />
    );
  } else {
    body = (
      <Table className={rt.table}>
        <TableHeader className={rt.head}>
          <tr>
            <TableHeaderCell className="pl-5">Call</TableHeaderCell>
            <TableHeaderCell>Caller</TableHeaderCell>
            <TableHeaderCell>Agent</TableHeaderCell>
            <TableHeaderCell>Ended</TableHeaderCell>
            <TableHeaderCell className="pr-5 text-right">
              <span className="sr-only">Actions</span>
            </TableHeaderCell>
          </tr>
        </TableHeader>
        <TableBody className={rt.body}>
          {calls.data.map((call) => (
            <TableRow key={call.call_id} className={rt.row}>
              <TableCell className={`pl-5 ${rt.lead}`}>
                <Link
                  to={`/call/${encodeURIComponent(call.call_id)}`}
                  className="font-mono text-xs font-medium text-accent-text underline-offset-4 hover:underline"
                >
                  {call.call_id}
                </Link>
                {call.summary ? (
                  <p className="mt-0.5 line-clamp-1 max-w-sm text-xs text-fg-muted">
                    {call.summary}
                  </p>
                ) : null}
              </TableCell>
              <TableCell data-label="Caller" className={rt.cell}>
                {call.caller_name ?? call.from_number ?? '—'}
              </TableCell>
              <TableCell
                data-label="Agent"
                className={`font-mono text-xs text-fg-muted ${rt.cell}`}
              >
                {call.agent_id}
              </TableCell>
              <TableCell
                data-label="Ended"
                className={`whitespace-nowrap text-fg-muted ${rt.cell}`}
              >
                {formatDateTime(call.end_datetime)}
              </TableCell>
              <TableCell className={`pr-5 text-right ${rt.actions}`}>
                <Button
                  variant="secondary"
                  size="sm"
                  pending={setDeleted.isPending && setDeleted.variables.callId === call.call_id}
                  pendingLabel="Restoring…"
                  aria-label={`Restore call ${call.call_id}`}
                  onClick={() =>
                    setDeleted.mutate(
                      { callId: call.call_id, deleted: false },
                      {
                        onSuccess: () =>
                          showToast({
                            tone: 'success',
                            title: 'Call restored',
                            description: 'It is back in the call log.',
                          }),
                      },
                    )
                  }
                >
                  Restore
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }
  return (
    <section aria-label="Deleted calls">
      <PanelHeader
        title="Deleted calls"
        description="Hidden from the call log and analytics for everyone. Restore one to bring it back."
      />
      {body}
    </section>
  );
}
