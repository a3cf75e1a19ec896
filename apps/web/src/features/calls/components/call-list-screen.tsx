// /dashboard: the organisation's calls. Tabs (Open, Closed, All), search and filters, pages or
// every call in one list, virtualised either way; all of it in the URL (use-call-list-filters.ts). Rows can be
// selected for bulk triage (bulk-toolbar.tsx), with the list's shortcuts (list-shortcuts.ts).
import {
  CALL_LIST_LOAD_ALL_LIMIT,
  CALL_LIST_SORTS,
  type Agent,
  type CallListSort,
} from '@callboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { IconInbox, IconSearchX } from '../../../components/ui/icons.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TabPanel, Tabs } from '../../../components/ui/tabs.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { formatCount } from '../../../lib/format.ts';
import { useAgents, useMembers } from '../../../lib/organisation-directory.ts';
import { useAuthSession } from '../../../lib/session-provider.tsx';
import { isNoOrganisationError } from '../api/api-errors.ts';
import { callKeys } from '../api/call-keys.ts';
import { useCalls } from '../api/get-calls.ts';
import {
  CALL_STATUS_TABS,
  hasNarrowingFilters,
  PAGE_SIZE_OPTIONS,
  toCallListApiQuery,
  useCallListFilters,
  type CallListFilters,
  type CallStatusTab,
} from '../hooks/use-call-list-filters.ts';
import { useBulkActions } from '../hooks/use-bulk-actions.ts';
import { useCallListColumns } from '../hooks/use-call-list-columns.ts';
import { useCallSelection } from '../hooks/use-call-selection.ts';
import type { ListShortcutActions } from '../hooks/use-list-shortcuts.ts';
import { useNewCalls } from '../hooks/use-new-calls.ts';
import { createDirectory } from '../people.ts';
import { ActiveFilterChips } from './active-filter-chips.tsx';
import { BulkToolbar, SelectAllMatchingBar } from './bulk-toolbar.tsx';
import { CallColumnsMenu } from './call-columns-menu.tsx';
import { CallFilters } from './call-filters.tsx';
import { CallTable, CallTableSkeleton, describeCallSort } from './call-table.tsx';
import { ExportButton } from './export-button.tsx';
import { NewCallsBar } from './new-calls-bar.tsx';
import { NoOrganisation } from './no-organisation.tsx';
import { SavedViewsMenu } from './saved-views-menu.tsx';

const TAB_LABELS: Record<CallStatusTab, string> = { open: 'Open', closed: 'Closed', all: 'All' };

function noun(count: number, status: CallStatusTab): string {
  const word = count === 1 ? 'call' : 'calls';
  return status === 'all' ? word : `${status} ${word}`;
}

function EmptyResult({
  filters,
  total,
  onFirstPage,
  onClear,
}: {
  filters: CallListFilters;
  total: number;
  onFirstPage: () => void;
  onClear: () => void;
}) {
  if (total > 0) {
    return (
      <EmptyState
        icon={<IconInbox />}
        title="This page is past the end of the list"
        description={`There are ${formatCount(total)} ${noun(total, filters.status)}, all on earlier pages.`}
        action={<Button onClick={onFirstPage}>Go to the first page</Button>}
      />
    );
  }
  if (hasNarrowingFilters(filters)) {
    return (
      <EmptyState
        icon={<IconSearchX />}
        title="No calls match these filters"
        description="Try a different search or fewer filters."
        action={
          <Button variant="secondary" onClick={onClear}>
            Clear filters
          </Button>
        }
      />
    );
  }
  const byStatus: Record<CallStatusTab, { title: string; description: string }> = {
    open: {
      title: 'No open calls',
      description: 'Every call has been closed. New calls will appear here as they come in.',
    },
    closed: {
      title: 'No closed calls yet',
      description: 'Calls you close will be listed here.',
    },
    all: {
      title: 'No calls yet',
      description: "Calls handled by your organisation's agents will appear here.",
    },
  };
  return <EmptyState icon={<IconInbox />} {...byStatus[filters.status]} />;
}

const SORT_OPTIONS: Record<CallListSort, string> = {
  '-ended': 'Newest first',
  ended: 'Oldest first',
  '-duration': 'Longest first',
  duration: 'Shortest first',
  caller: 'Caller, A to Z',
  '-caller': 'Caller, Z to A',
  agent: 'Agent, A to Z',
  '-agent': 'Agent, Z to A',
  assignee: 'Assignee, A to Z',
  '-assignee': 'Assignee, Z to A',
  status: 'Status, New first',
  '-status': 'Status, Closed first',
};

/** On phones, where the table's headers are not shown: the sort as one choice. */
function SortSelect({
  sort,
  onSortChange,
}: {
  sort: CallListSort;
  onSortChange: (sort: CallListSort) => void;
}) {
  return (
    <div className="md:hidden">
      <label htmlFor="call-list-sort" className="sr-only">
        Sort calls
      </label>
      <Select
        id="call-list-sort"
        value={sort}
        onChange={(event) => onSortChange(event.target.value as CallListSort)}
      >
        {CALL_LIST_SORTS.map((option) => (
          <option key={option} value={option}>
            {SORT_OPTIONS[option]}
          </option>
        ))}
      </Select>
    </div>
  );
}

export function CallListScreen() {
  const session = useAuthSession();
  const user = session?.user ?? null;
  const hasOrganisation = Boolean(user?.organisation);
  const { filters, setFilters, clearFilters } = useCallListFilters();
  const columns = useCallListColumns();
  const query = useMemo(() => toCallListApiQuery(filters), [filters]);
  const calls = useCalls(query, { enabled: hasOrganisation });
  const agents = useAgents({ enabled: hasOrganisation });
  const members = useMembers({ enabled: hasOrganisation });
  const cardRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const queryClient = useQueryClient();
  const newCalls = useNewCalls(JSON.stringify(query), calls.data?.rows);

  const agentMap = useMemo(
    () => new Map<string, Agent>((agents.data ?? []).map((agent) => [agent.agent_id, agent])),
    [agents.data],
  );
  const people = useMemo(
    () => createDirectory(members.data, user?.id ?? null),
    [members.data, user?.id],
  );
  const rows = newCalls.rows ?? [];
  const selection = useCallSelection(JSON.stringify(query), rows, calls.data?.total ?? 0);
  const bulk = useBulkActions({ selection, query, currentUserId: user?.id ?? null });
  const [openMenu, setOpenMenu] = useState<'assign' | 'status' | null>(null);
  /** a, s, c with nothing selected act on the current row: it becomes the selection. */
  const shortcuts: ListShortcutActions = {
    onToggle: (index) => selection.toggle(index),
    onAssign: (index) => {
      if (selection.count === 0) selection.toggle(index);
      setOpenMenu('assign');
    },
    onStatus: (index) => {
      if (selection.count === 0) selection.toggle(index);
      setOpenMenu('status');
    },
    onClose: (index) => {
      if (selection.count > 0) {
        bulk.run({ action: 'setStatus', status: 'Closed' });
        return;
      }
      const row = rows[index];
      if (row) bulk.runOn([row], { action: 'setStatus', status: 'Closed' });
    },
  };

  const noOrganisation = !hasOrganisation || isNoOrganisationError(calls.error);
  const data = calls.data;
  const counts = data?.counts;

  const heading = (
    <div>
      <title>Calls · Callboard</title>
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="scroll-mt-40 text-xl font-semibold tracking-tight text-fg focus:outline-none"
      >
        Calls
      </h1>
      {user?.organisation ? (
        <p className="mt-1 text-sm text-fg-muted">
          Calls handled by the agents of {user.organisation.name}, {describeCallSort(filters.sort)}.
        </p>
      ) : null}
    </div>
  );

  if (noOrganisation) {
    return (
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
        {heading}
        <Card className="mt-6">
          <NoOrganisation email={user?.email ?? null} />
        </Card>
      </main>
    );
  }

  function goToPage(page: number) {
    setFilters({ page });
    const top = cardRef.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) cardRef.current?.scrollIntoView({ block: 'start' });
  }

  /** The bar was pressed: the newest calls, from the top of the first page. */
  function showNewCalls() {
    newCalls.release();
    if (filters.page !== 1) setFilters({ page: 1 });
    void queryClient.invalidateQueries({ queryKey: callKeys.lists() });
    window.scrollTo({ top: 0 });
    // Focus leaves the vanished bar for the top of the page, where the new calls are.
    headingRef.current?.focus({ preventScroll: true });
  }

  let body;
  if (calls.isPending) {
    body = <CallTableSkeleton columns={columns} />;
  } else if (calls.isError) {
    body = (
      <LoadError
        title="We couldn't load the calls"
        error={calls.error}
        onRetry={() => void calls.refetch()}
        retrying={calls.isFetching}
      />
    );
  } else if (rows.length === 0) {
    body = (
      <EmptyResult
        filters={filters}
        total={calls.data.total}
        onFirstPage={() => setFilters({ page: 1 })}
        onClear={clearFilters}
      />
    );
  } else {
    body = (
      <CallTable
        rows={rows}
        columns={columns}
        sort={filters.sort}
        onSortChange={(sort) => setFilters({ sort })}
        search={calls.data.search}
        agents={agentMap}
        people={people}
        stale={calls.isPlaceholderData}
        selection={selection}
        shortcuts={shortcuts}
      />
    );
  }

  const total = data?.total ?? 0;
  const truncated = filters.loadAll && data !== undefined && data.rows.length < data.total;

  return (
    <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      <SkipToCalls />
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
        {heading}
        {user?.organisation ? (
          <SavedViewsMenu organisationName={user.organisation.name} userId={user.id} />
        ) : null}
      </div>

      <Tabs
        label="Calls by status"
        className="mt-5"
        value={filters.status}
        onValueChange={(status) => setFilters({ status })}
        items={CALL_STATUS_TABS.map((status) => ({
          value: status,
          label: TAB_LABELS[status],
          count: counts ? formatCount(counts[status]) : undefined,
        }))}
      >
        <div className="mt-4 space-y-3">
          <CallFilters
            filters={filters}
            setFilters={setFilters}
            clearFilters={clearFilters}
            agents={agents.data ?? []}
            members={members.data ?? []}
            currentUserId={user?.id ?? null}
          />
          <ActiveFilterChips filters={filters} setFilters={setFilters} />
        </div>

        <div className="mt-4 flex min-h-9 flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <p aria-live="polite" className="flex items-center gap-2 text-sm text-fg-muted">
            {/* While the previous filters' rows stand in for the new ones, so would their count:
                it is left out rather than shown under the new filters' name. */}
            {data && !calls.isPlaceholderData ? (
              <span className="tabular-nums">
                {formatCount(total)} {noun(total, filters.status)}
                {truncated ? ` · showing the newest ${formatCount(data.rows.length)}` : null}
              </span>
            ) : null}
            {calls.isFetching && !calls.isPending ? (
              <>
                <Spinner className="size-3.5" />
                <span className="sr-only">Updating…</span>
              </>
            ) : null}
          </p>
          <div className="flex flex-wrap items-start gap-2">
            <SortSelect sort={filters.sort} onSortChange={(sort) => setFilters({ sort })} />
            <CallColumnsMenu setFilters={setFilters} />
            <ExportButton query={query} />
            <SegmentedControl
              legend="Show"
              hideLegend
              className="w-48"
              value={filters.loadAll ? 'all' : 'pages'}
              onValueChange={(view) => setFilters({ loadAll: view === 'all' })}
              options={[
                { value: 'pages', label: 'Pages' },
                { value: 'all', label: 'Load all' },
              ]}
            />
          </div>
        </div>

        <NewCallsBar count={newCalls.count} onShow={showNewCalls} />
        <div className="mt-3">
          <SelectAllMatchingBar selection={selection} pageRows={rows.length} total={total} />
        </div>
        {CALL_STATUS_TABS.map((status) => (
          <TabPanel key={status} value={status}>
            <Card ref={cardRef} className="scroll-mt-4 overflow-clip">
              {body}
            </Card>
          </TabPanel>
        ))}
        <BulkToolbar
          selection={selection}
          members={members.data ?? []}
          membersLoading={members.isPending}
          currentUserId={user?.id ?? null}
          isAdmin={user?.role === 'admin'}
          pending={bulk.pending}
          onRun={bulk.run}
          openMenu={openMenu}
          onOpenMenuChange={setOpenMenu}
        />
      </Tabs>

      {!filters.loadAll && data && data.total > 0 ? (
        <Pagination
          className="mt-4"
          noun={total === 1 ? 'call' : 'calls'}
          page={filters.page}
          pageSize={filters.pageSize}
          total={total}
          pageSizeOptions={
            (PAGE_SIZE_OPTIONS as readonly number[]).includes(filters.pageSize)
              ? PAGE_SIZE_OPTIONS
              : [...PAGE_SIZE_OPTIONS, filters.pageSize].sort((a, b) => a - b)
          }
          onPageChange={goToPage}
          onPageSizeChange={(pageSize) => setFilters({ pageSize })}
        />
      ) : null}
      {truncated ? (
        <p className="mt-4 text-sm text-fg-muted">
          "Load all" shows up to {formatCount(CALL_LIST_LOAD_ALL_LIMIT)} calls. Narrow the filters
          to see older ones.
        </p>
      ) : null}
    </main>
  );
}

/**
 * The list's first Tab stop, shown when focused: straight to the calls, past the views, tabs,
 * search, filters and column headers (two dozen stops), onto the row the list's keys move from.
 */
function SkipToCalls() {
  return (
    <a
      href="#content"
      onClick={(event) => {
        const row = event.currentTarget
          .closest('main')
          ?.querySelector<HTMLElement>('tbody tr[tabindex="0"]');
        if (!row) return;
        event.preventDefault();
        row.focus();
      }}
      className="fixed top-2 left-2 z-50 -translate-y-24 rounded-lg bg-surface px-4 py-2.5 text-sm font-medium text-fg ring-1 ring-border transition-transform focus:translate-y-0 focus:shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      Skip to the calls
    </a>
  );
}
