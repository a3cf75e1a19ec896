// Runs a bulk action on the list's selection (use-call-selection.ts) and says how it went: a toast
// with "Undo", which sends the undo the server's answer describes — the versions that answer gave,
// so that a call someone changed in between is reported, not overwritten
// (docs/decisions/0019-bulk-actions.md).
import {
  BULK_ACTION_MAX_CALLS,
  bulkUndoBody,
  type BulkCallActionBody,
  type BulkCallActionResponse,
  type CallStatus,
  type CallSummary,
  type Member,
} from '@callboard/contract';
import { showToast } from '../../../components/ui/toast-store.ts';
import { formatCount } from '../../../lib/format.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useBulkCallAction } from '../api/bulk-call-action.ts';
import { callListSearchParams, type CallListApiQuery } from '../api/get-calls.ts';
import { memberName } from '../people.ts';
import type { CallSelection } from './use-call-selection.ts';

/** What the user asked for. */
export type BulkRequest =
  | { action: 'assign'; assignee: Member | null }
  | { action: 'setStatus'; status: CallStatus }
  | { action: 'delete' };

const calls = (count: number) => `${formatCount(count)} ${count === 1 ? 'call' : 'calls'}`;

/** "5 calls assigned to Leo Marsh": what the action did, for its toast. */
export function bulkOutcome(
  request: BulkRequest,
  result: BulkCallActionResponse,
  currentUserId: string | null,
): { title: string; description?: string } {
  const changed = result.changed.length;
  const already = result.unchanged;
  if (changed === 0) {
    return {
      title: 'Nothing to change',
      description:
        already === 1
          ? 'The selected call already was as asked.'
          : 'The selected calls already were as asked.',
    };
  }
  let title: string;
  switch (request.action) {
    case 'assign':
      title = !request.assignee
        ? `${calls(changed)} unassigned`
        : `${calls(changed)} assigned to ${request.assignee.id === currentUserId ? 'you' : memberName(request.assignee)}`;
      break;
    case 'setStatus':
      title =
        request.status === 'Closed'
          ? `${calls(changed)} closed`
          : `${calls(changed)} set to ${request.status}`;
      break;
    case 'delete':
      title = `${calls(changed)} deleted`;
      break;
  }
  return already > 0
    ? { title, description: `${calls(already)} already ${already === 1 ? 'was' : 'were'}.` }
    : { title };
}

/** What the undo did: everything, or all but the calls someone changed since. */
export function undoOutcome(result: BulkCallActionResponse): {
  title: string;
  description?: string;
} {
  const skipped = result.skipped.length;
  if (skipped === 0) return { title: 'Undone' };
  return {
    title: result.changed.length > 0 ? 'Partly undone' : 'Nothing undone',
    description: `${calls(skipped)} changed since, so ${skipped === 1 ? 'it was' : 'they were'} left as ${skipped === 1 ? 'it is' : 'they are'}.`,
  };
}

function failureTitle(request: BulkRequest): string {
  switch (request.action) {
    case 'assign':
      return request.assignee ? "Couldn't assign the calls" : "Couldn't unassign the calls";
    case 'setStatus':
      return "Couldn't change the status";
    case 'delete':
      return "Couldn't delete the calls";
  }
}

function actionBody(request: BulkRequest) {
  switch (request.action) {
    case 'assign':
      return { action: 'assign' as const, assigneeId: request.assignee?.id ?? null };
    case 'setStatus':
      return { action: 'setStatus' as const, status: request.status };
    case 'delete':
      return { action: 'delete' as const };
  }
}

export function useBulkActions({
  selection,
  query,
  currentUserId,
}: {
  selection: CallSelection;
  /** The list's query: "every call matching" is this view. */
  query: CallListApiQuery;
  currentUserId: string | null;
}) {
  const mutation = useBulkCallAction();

  function undo(result: BulkCallActionResponse) {
    const body = bulkUndoBody(result);
    if (!body) return;
    mutation.mutate(body, {
      onSuccess: (undone) => showToast({ tone: 'info', ...undoOutcome(undone) }),
      onError: (error) =>
        showToast({ tone: 'error', title: "Couldn't undo", description: errorMessage(error) }),
    });
  }

  function send(body: BulkCallActionBody, request: BulkRequest) {
    mutation.mutate(body, {
      onSuccess: (result) => {
        selection.clear();
        const outcome = bulkOutcome(request, result, currentUserId);
        showToast({
          ...outcome,
          ...(result.changed.length > 0
            ? {
                action: {
                  label: 'Undo',
                  altText: 'Undo the change from the list by selecting the calls again',
                  onAction: () => undo(result),
                },
              }
            : {}),
        });
      },
      // A refusal (a call changed since, or the view's count moved) leaves the selection as it
      // was; the lists refetch, so the user sees why and can try again.
      onError: (error) =>
        showToast({
          tone: 'error',
          title: failureTitle(request),
          description: errorMessage(error),
        }),
    });
  }

  /** The action on the selection. */
  function run(request: BulkRequest) {
    if (selection.count === 0 || selection.count > BULK_ACTION_MAX_CALLS) return;
    if (!selection.allMatching) {
      runOn(selection.rows, request);
      return;
    }
    send(
      {
        ...actionBody(request),
        matching: {
          query: Object.fromEntries(callListSearchParams(query)),
          total: selection.count,
        },
      },
      request,
    );
  }

  /** The action on these rows (the current row, when nothing is selected). */
  function runOn(rows: readonly CallSummary[], request: BulkRequest) {
    if (rows.length === 0) return;
    send(
      {
        ...actionBody(request),
        calls: rows.map((row) => ({ id: row.call_id, version: row.version })),
      },
      request,
    );
  }

  return { run, runOn, pending: mutation.isPending };
}
