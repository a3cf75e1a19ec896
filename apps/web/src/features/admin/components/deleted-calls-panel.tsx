// Deleted calls: hidden from everyone's call log; admins page through them here and restore them.
// The page is kept in the address (?tab=deleted&page=2), so Back from an opened call returns to it.
import type { CallSummary } from '@callboard/contract';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  actionsColumn,
  ColumnTable,
  type TableColumn,
} from '../../../components/ui/column-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { IconInbox } from '../../../components/ui/icons.tsx';
import { Pagination, pageCount } from '../../../components/ui/pagination.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useAdminAgents } from '../api/agents.ts';
import { useDeletedCalls, useSetCallDeleted } from '../api/deleted-calls.ts';
import { focusWasDropped, RestoreButton } from './call-admin-actions.tsx';
import { PanelError, PanelHeader, PanelLoading } from './panel-states.tsx';
import { toastRestored } from './restored-toast.ts';

const PAGE_SIZES = [25, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 25;

interface PageChoice {
  page: number;
  pageSize: number;
}

/** The page and page size from the address; anything unexpected falls back to the default. */
function readPage(params: URLSearchParams): PageChoice {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: PAGE_SIZES.some((size) => size === pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** Where the call being restored was listed. */
interface RestoredFrom {
  callId: string;
  version: number;
  index: number;
  page: number;
}

/**
 * Focuses a heading. PanelHeader and EmptyState take no props for theirs, so it is made focusable
 * here, for script only (tabindex -1 keeps it out of the Tab order).
 */
function focusHeading(heading: HTMLElement | null | undefined) {
  if (!heading) return;
  heading.tabIndex = -1;
  heading.focus();
}

/** The address with this page and size; defaults are left out. */
function withPage(params: URLSearchParams, next: PageChoice): URLSearchParams {
  const updated = new URLSearchParams(params);
  if (next.page === 1) updated.delete('page');
  else updated.set('page', String(next.page));
  if (next.pageSize === DEFAULT_PAGE_SIZE) updated.delete('pageSize');
  else updated.set('pageSize', String(next.pageSize));
  return updated;
}

export function DeletedCallsPanel() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { page, pageSize } = readPage(searchParams);
  const calls = useDeletedCalls({ page, pageSize });
  const setDeleted = useSetCallDeleted({ onSuccess: toastRestored });
  // Agents by their names where admins gave them one (the Agents tab shares this query).
  const agents = useAdminAgents();
  const agentName = (agentId: string) =>
    agents.data?.find((agent) => agent.agent_id === agentId)?.display_name ?? agentId;

  // A restored call's row leaves the list, and with it the focused Restore button: focus goes to
  // the row that takes its place (else the one before it), else to the heading of what is left.
  const sectionRef = useRef<HTMLElement>(null);
  const restoring = useRef<RestoredFrom | null>(null);
  const restore = (from: RestoredFrom) => {
    restoring.current = from;
    setDeleted.mutate(
      { callId: from.callId, deleted: false, version: from.version },
      {
        onError: () => {
          restoring.current = null;
        },
      },
    );
  };
  useLayoutEffect(() => {
    const from = restoring.current;
    const section = sectionRef.current;
    if (!from || !section) return;
    let target: HTMLElement | null | undefined;
    if (calls.isError) {
      target = section.querySelector('h2');
    } else {
      const data = calls.data;
      // Still listed (the list is being refetched), or a page's worth of rows not here yet.
      if (!data || calls.isPlaceholderData) return;
      if (data.rows.some((row) => row.call_id === from.callId)) return;
      if (data.total > 0 && data.rows.length === 0) return; // past the end: the last page is next
      if (data.total === 0) {
        // The empty state's heading, after the panel's own.
        target = [...section.querySelectorAll('h2')].at(-1);
      } else {
        const buttons = [...section.querySelectorAll<HTMLElement>('[data-restore-call]')];
        // On the same page the next row has taken the restored one's place (else the row before
        // it is last); after a move back to the last page, the row before it is that page's last.
        const last = buttons.length - 1;
        target = buttons[page === from.page ? Math.min(from.index, last) : last];
      }
    }
    restoring.current = null;
    if (!focusWasDropped()) return;
    if (target instanceof HTMLButtonElement) target.focus();
    else focusHeading(target);
  }, [calls.data, calls.isPlaceholderData, calls.isError, page]);

  const goTo = (next: PageChoice, options: { replace?: boolean } = {}) =>
    setSearchParams((params) => withPage(params, next), options);

  // Restoring the last call of the last page (or an old link) leaves a page past the end: show
  // the last page there is instead of an empty one.
  const total = calls.data?.total ?? 0;
  const lastPage = pageCount(total, pageSize);
  const pastTheEnd = calls.isSuccess && !calls.isPlaceholderData && total > 0 && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) {
      setSearchParams((params) => withPage(params, { page: lastPage, pageSize }), {
        replace: true,
      });
    }
  }, [pastTheEnd, lastPage, pageSize, setSearchParams]);

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
  } else if (calls.data.total === 0) {
    body = (
      <EmptyState
        icon={<IconInbox />}
        title="No deleted calls"
        description="Calls an admin deletes disappear from the call log and analytics, and wait here to be restored."
      />
    );
  } else {
    const { rows } = calls.data;
    const columns: TableColumn<CallSummary>[] = [
      {
        id: 'call',
        header: 'Call',
        card: 'title',
        cell: (call) => (
          <>
            <Link
              to={`/call/${encodeURIComponent(call.call_id)}`}
              className="font-mono text-xs font-medium text-accent-text underline-offset-4 hover:underline"
            >
              {call.call_id}
            </Link>
            {call.summary ? (
              <p className="mt-0.5 line-clamp-1 max-w-sm text-xs text-fg-muted">{call.summary}</p>
            ) : null}
          </>
        ),
      },
      {
        id: 'caller',
        header: 'Caller',
        cell: (call) => call.caller_name ?? call.from_number ?? '—',
      },
      {
        id: 'agent',
        header: 'Agent',
        cellClassName: 'text-fg-muted',
        cell: (call) => agentName(call.agent_id),
      },
      {
        id: 'ended',
        header: 'Ended',
        cellClassName: 'whitespace-nowrap text-fg-muted',
        cell: (call) => formatDateTime(call.end_datetime),
      },
      actionsColumn((call) => (
        <RestoreButton
          data-restore-call={call.call_id}
          pending={setDeleted.isPending && setDeleted.variables.callId === call.call_id}
          aria-label={`Restore call ${call.call_id}`}
          onRestore={() =>
            restore({
              callId: call.call_id,
              version: call.version,
              index: rows.indexOf(call),
              page,
            })
          }
        >
          Restore
        </RestoreButton>
      )),
    ];
    body = (
      <>
        <ColumnTable
          columns={columns}
          rows={rows}
          rowKey={(call) => call.call_id}
          busy={calls.isFetching}
        />
        <Pagination
          className="border-t border-border px-4 py-3 sm:px-5"
          page={page}
          pageSize={pageSize}
          total={calls.data.total}
          pageSizeOptions={PAGE_SIZES}
          onPageChange={(next) => goTo({ page: next, pageSize })}
          onPageSizeChange={(size) => goTo({ page: 1, pageSize: size })}
          noun="deleted calls"
        />
      </>
    );
  }
  return (
    <section ref={sectionRef} aria-label="Deleted calls">
      <PanelHeader
        title="Deleted calls"
        description="Hidden from the call log and analytics for everyone. Restore one to bring it back."
      />
      {body}
    </section>
  );
}
