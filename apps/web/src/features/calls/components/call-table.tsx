// The call list. One <table> for every width: from `md` up it is a table whose lower-value
// columns drop out as space runs short (agent and summary below `lg`, direction below `xl`); on
// phones each row is laid out as a card. The columns are declared once, in COLUMNS (see
// components/ui/column-table.tsx): the header, the rows, the loading rows and the spacers' spans
// all follow that list, less the columns the reader chose to hide (use-call-list-columns.ts).
// Sortable columns' headers sort the list. Rows open the call by click or keyboard (see
// use-row-navigation.ts); only the rows near the viewport are rendered (ADR 0029). Given
// a selection, the table starts with a column of checkboxes for bulk actions, and the list's
// shortcuts (list-shortcuts.ts) act on its rows.
import {
  CALL_LIST_COLUMNS,
  parseCallListSort,
  type Agent,
  type CallListColumn,
  type CallListSort,
  type CallListSortKey,
  type CallListItem,
  type CallSearchTerms,
} from '@callboard/contract';
import { measureElement, useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import {
  IconClock,
  IconPhoneIncoming,
  IconPhoneOutgoing,
  IconUser,
} from '../../../components/ui/icons.tsx';
import {
  cardLayouts,
  ColumnCells,
  ColumnHeaderRow,
  ColumnSkeletonCells,
  type TableColumn,
  type TableSorting,
} from '../../../components/ui/column-table.tsx';
import { Table, TableBody, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { cn } from '../../../lib/cn.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import {
  formatDate,
  formatDuration,
  formatDurationLong,
  formatFullDateTime,
  formatTime,
  formatWaiting,
} from '../../../lib/format.ts';
import type { CallSelection } from '../hooks/use-call-selection.ts';
import { useListShortcuts, type ListShortcutActions } from '../hooks/use-list-shortcuts.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useRowNavigation, type RowNavigation } from '../hooks/use-row-navigation.ts';
import { memberName, type PeopleDirectory } from '../people.ts';
import { CallStatusBadge, SentimentBadge } from './call-badges.tsx';
import { findDigitHits, findWordHits, type TextHit } from '../lib/highlight.ts';
import { callPagePath, type CallLocationState } from './call-links.ts';
import { HighlightedText } from './highlighted-text.tsx';

export interface CallTableProps {
  rows: readonly CallListItem[];
  /** The columns to show (the table keeps its own order). */
  columns: readonly CallListColumn[];
  sort: CallListSort;
  onSortChange: (sort: CallListSort) => void;
  /** What the list's search looked for, to mark in each row; absent without a search. */
  search?: CallSearchTerms | undefined;
  agents: ReadonlyMap<string, Agent>;
  people: PeopleDirectory;
  /** Rows are from an earlier filter while the new ones load. */
  stale?: boolean;
  /** Id of the table's panel (the status tabs control it). */
  id?: string;
  labelledBy?: string;
  /** Rows can be selected for a bulk action: a column of checkboxes. */
  selection?: CallSelection;
  /** What the list's shortcuts a, s, c and x do (list-shortcuts.ts). */
  shortcuts?: ListShortcutActions;
}

const DIRECTION = {
  inbound: { label: 'Inbound', Icon: IconPhoneIncoming },
  outbound: { label: 'Outbound', Icon: IconPhoneOutgoing },
} as const;

/** What every cell gets besides its call. */
interface CallCellContext {
  agents: ReadonlyMap<string, Agent>;
  people: PeopleDirectory;
  /** The list's search string, handed to the call page (see call-links.ts). */
  listSearch: string;
  /** The list's search (`q`), carried to the call page to mark there too. */
  q: string | null;
  search: CallSearchTerms | null;
  /** The time the waiting column counts to. */
  now: Date;
  /** The direction has a column of its own (from `xl`); else the caller's cell shows its icon. */
  directionColumn: boolean;
}

function AssigneeName({ id, people }: { id: string | null; people: PeopleDirectory }) {
  if (id === null) return <span className="text-fg-subtle">Unassigned</span>;
  if (id === people.currentUserId) return <span className="font-medium">You</span>;
  const member = people.byId.get(id);
  return <span>{member ? memberName(member) : 'Former colleague'}</span>;
}

function nameHits(text: string, search: CallSearchTerms | null): TextHit[] {
  return search ? findWordHits(text, search.words) : [];
}

/**
 * A number's hits: the searched numbers among its digits, also without a trunk 0 ("07700 4991"
 * is being typed for +44 7700 4991…), and words that start one of its digit runs.
 */
function numberHits(text: string, search: CallSearchTerms | null): TextHit[] {
  if (!search) return [];
  const numbers = search.numbers.flatMap((number) => [number, number.replace(/^0+/u, '')]);
  return [
    ...findDigitHits(
      text,
      numbers.filter((number) => number.length >= 4),
    ),
    ...findWordHits(text, search.words),
  ];
}

const SNIPPET_SOURCE = { summary: null, transcript: 'Transcript', note: 'Note' } as const;

/**
 * The summary, or with a search the passage where its words were found (the server's snippet,
 * centred on the hits so the marked word is never cut off), its hits marked.
 */
function SummaryCell({ call, search }: { call: CallListItem; search: CallSearchTerms | null }) {
  const snippet = search ? call.snippet : null;
  if (snippet) {
    const source = SNIPPET_SOURCE[snippet.source];
    return (
      <span className="line-clamp-2">
        {source ? <span className="font-medium text-fg">{source}: </span> : null}
        <HighlightedText text={snippet.text} hits={snippet.highlights} />
      </span>
    );
  }
  if (call.summary === null) return <span className="line-clamp-2">—</span>;
  return (
    <span className="line-clamp-2">
      <HighlightedText text={call.summary} hits={nameHits(call.summary, search)} />
    </span>
  );
}

type CallColumn = TableColumn<CallListItem, CallCellContext> & {
  id: CallListColumn;
  sortKey?: CallListSortKey;
};

// The columns, in order. Each cell's `max-md:` classes place it in the phone card's grid: caller
// and status on the first line, when and how long on the second, the summary across the third,
// agent and assignee on the fourth, sentiment and how long an open call has waited on the fifth.
const COLUMNS: readonly CallColumn[] = [
  {
    id: 'ended',
    header: 'Ended',
    sortKey: 'ended',
    firstSort: 'descending',
    headerClassName: 'w-30 pl-4',
    cellClassName: 'pl-4 text-fg-muted max-md:col-start-1 max-md:row-start-2 max-md:text-xs',
    cell: (call) => (
      <time dateTime={call.end_datetime} title={formatFullDateTime(call.end_datetime)}>
        <span className="md:block md:text-fg">{formatDate(call.end_datetime)}</span>
        <span className="max-md:before:content-['_·_'] md:block md:text-xs">
          {formatTime(call.end_datetime)}
        </span>
      </time>
    ),
    skeleton: (
      <>
        <Skeleton className="h-3.5 w-24" />
        <Skeleton className="mt-2 h-3 w-12 max-md:hidden" />
      </>
    ),
  },
  {
    id: 'caller',
    header: 'Caller',
    sortKey: 'caller',
    headerClassName: 'w-44',
    cellClassName: 'max-md:col-start-1 max-md:row-start-1',
    cell: (call, { listSearch, directionColumn, q, search }) => {
      const direction = call.direction ? DIRECTION[call.direction] : null;
      const callerNumber = call.direction === 'outbound' ? call.to_number : call.from_number;
      const state: CallLocationState = { listSearch };
      const name = call.caller_name ?? call.from_number ?? 'Unknown caller';
      return (
        <div className="flex min-w-0 items-start gap-1.5">
          {direction ? (
            <span
              title={direction.label}
              className={cn('mt-0.5 shrink-0 text-fg-subtle', directionColumn && 'xl:hidden')}
            >
              <direction.Icon className="size-3.5" />
              <span className="sr-only">{direction.label}</span>
            </span>
          ) : null}
          <div className="min-w-0">
            <Link
              to={callPagePath(call.call_id, q)}
              state={state}
              tabIndex={-1}
              className="block truncate font-medium text-fg hover:underline"
            >
              <HighlightedText
                text={name}
                hits={call.caller_name ? nameHits(name, search) : numberHits(name, search)}
              />
            </Link>
            {call.caller_name && callerNumber ? (
              <span className="block truncate text-xs text-fg-muted tabular-nums">
                <HighlightedText text={callerNumber} hits={numberHits(callerNumber, search)} />
              </span>
            ) : null}
          </div>
        </div>
      );
    },
    skeleton: (
      <>
        <Skeleton className="h-3.5 w-32" />
        <Skeleton className="mt-2 h-3 w-24 max-md:hidden" />
      </>
    ),
  },
  {
    id: 'agent',
    header: 'Agent',
    sortKey: 'agent',
    showFrom: 'lg',
    headerClassName: 'w-32',
    cellClassName:
      'text-fg-muted max-md:col-start-1 max-md:row-start-4 max-md:truncate max-md:text-xs',
    cell: (call, { agents }) => (
      <span className="line-clamp-2 max-md:inline">
        {agents.get(call.agent_id)?.display_name ?? call.agent_id}
      </span>
    ),
    skeleton: <Skeleton className="h-3.5 w-24" />,
  },
  {
    id: 'direction',
    header: 'Direction',
    // On a phone the caller's icon says it.
    showFrom: 'xl',
    card: 'hidden',
    headerClassName: 'w-26',
    cellClassName: 'text-fg-muted',
    cell: (call) => {
      if (!call.direction) return '—';
      const { Icon, label } = DIRECTION[call.direction];
      return (
        <span className="inline-flex items-center gap-1.5">
          <Icon className="size-3.5 shrink-0 text-fg-subtle" />
          {label}
        </span>
      );
    },
    skeleton: <Skeleton className="h-3.5 w-16" />,
  },
  {
    id: 'duration',
    header: 'Duration',
    sortKey: 'duration',
    firstSort: 'descending',
    headerClassName: 'w-24 pr-5 text-right',
    cellClassName:
      'text-right text-fg-muted tabular-nums md:pr-5 max-md:col-start-2 max-md:row-start-2 max-md:text-xs',
    cell: (call) =>
      call.duration_seconds === null ? (
        '—'
      ) : (
        <span
          className="inline-flex items-center gap-1"
          title={formatDurationLong(call.duration_seconds)}
        >
          <IconClock className="size-3 text-fg-subtle md:hidden" />
          {formatDuration(call.duration_seconds)}
        </span>
      ),
    skeleton: <Skeleton className="ml-auto h-3.5 w-10" />,
  },
  {
    id: 'status',
    header: 'Status',
    sortKey: 'status',
    headerClassName: 'w-30',
    cellClassName: 'max-md:col-start-2 max-md:row-start-1 max-md:justify-self-end',
    cell: (call) => <CallStatusBadge status={call.status} />,
    skeleton: <Skeleton className="h-5 w-20 rounded-full" />,
  },
  {
    id: 'waiting',
    header: 'Waiting',
    headerClassName: 'w-18',
    cellClassName:
      'text-fg-muted tabular-nums max-md:col-start-2 max-md:row-start-5 max-md:text-right max-md:text-xs',
    // Open calls only: how long since the call ended, as triage reads it.
    cell: (call, { now }) => {
      if (call.status === 'Closed') return null;
      const waiting = formatWaiting(call.end_datetime, now);
      return (
        <span title={`Waiting ${waiting.long}`}>
          <span aria-hidden="true">
            <span className="md:hidden">Waiting </span>
            {waiting.short}
          </span>
          <span className="sr-only">{waiting.long}</span>
        </span>
      );
    },
    skeleton: <Skeleton className="h-3.5 w-10 max-md:ml-auto" />,
  },
  {
    id: 'assignee',
    header: 'Assignee',
    sortKey: 'assignee',
    headerClassName: 'w-32',
    cellClassName: 'max-md:col-start-2 max-md:row-start-4 max-md:text-right max-md:text-xs',
    cell: (call, { people }) => (
      <span className="inline-flex max-w-full items-center gap-1.5">
        <IconUser className="size-3 shrink-0 text-fg-subtle md:hidden" />
        <span className="truncate">
          <AssigneeName id={call.assignee_id} people={people} />
        </span>
      </span>
    ),
    skeleton: <Skeleton className="h-3.5 w-20 max-md:ml-auto" />,
  },
  {
    id: 'sentiment',
    header: 'Sentiment',
    // The last column until the summary shows.
    headerClassName: 'w-30 max-lg:pr-4',
    cellClassName: 'max-lg:pr-4 max-md:col-start-1 max-md:row-start-5',
    cell: (call) =>
      call.sentiment ? (
        <SentimentBadge sentiment={call.sentiment} />
      ) : (
        <span className="text-fg-subtle">
          <span aria-hidden="true" className="max-md:hidden">
            —
          </span>
          <span className="sr-only">No sentiment</span>
        </span>
      ),
    skeleton: <Skeleton className="h-5 w-20 rounded-full" />,
  },
  {
    id: 'summary',
    header: 'Summary',
    showFrom: 'lg',
    headerClassName: 'pr-4',
    cellClassName: 'pr-4 text-fg-muted max-md:col-span-2 max-md:row-start-3',
    cell: (call, { search }) => <SummaryCell call={call} search={search} />,
    skeleton: (
      <>
        <Skeleton className="h-3.5 w-full" />
        <Skeleton className="mt-2 h-3.5 w-2/3" />
      </>
    ),
  },
];

/** The checkbox that selects a row; a click anywhere in its cell toggles it (CallRow). */
function selectColumn(selection: CallSelection): TableColumn<CallListItem, CallCellContext> {
  const { pageState } = selection;
  return {
    id: 'select',
    header: 'Select',
    headerContent: (
      <input
        type="checkbox"
        aria-label={
          pageState === 'all'
            ? 'Deselect every call on this page'
            : 'Select every call on this page'
        }
        checked={pageState === 'all'}
        ref={(node) => {
          if (node) node.indeterminate = pageState === 'some';
        }}
        onChange={() => selection.setPage(pageState !== 'all')}
        className={CHECKBOX}
      />
    ),
    headerClassName: 'w-11 pl-4 pr-0',
    // On a phone card the checkbox sits at the card's top left, beside its first line.
    cellClassName:
      'w-11 cursor-default pl-4 pr-0 max-md:absolute max-md:top-3.5 max-md:left-4 max-md:p-0',
    cell: (call) => (
      <input
        type="checkbox"
        // One Tab stop for the whole list: rows are selected with x (or a click).
        tabIndex={-1}
        aria-label={`Select the call from ${call.caller_name ?? call.from_number ?? 'an unknown caller'}`}
        checked={selection.isSelected(call.call_id)}
        // The row's click toggles it (with Shift: a range); the box itself only shows it.
        onChange={() => undefined}
        className={cn(CHECKBOX, 'mt-0.5')}
      />
    ),
    card: 'actions',
  };
}

const CHECKBOX =
  'size-4 cursor-pointer rounded border-border-input accent-(--color-accent) focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** Each column's name, for the columns menu. */
export const CALL_COLUMN_LABELS = Object.fromEntries(
  COLUMNS.map((column) => [column.id, column.header]),
) as Record<CallListColumn, string>;

/** The columns to show, in the table's order. */
function visibleColumns(columns: readonly CallListColumn[]): CallColumn[] {
  const shown = new Set(columns);
  return COLUMNS.filter((column) => shown.has(column.id));
}

const SORT_WORDS: Record<CallListSortKey, [ascending: string, descending: string]> = {
  ended: ['oldest first', 'newest first'],
  duration: ['shortest first', 'longest first'],
  caller: ['by caller, A to Z', 'by caller, Z to A'],
  agent: ['by agent, A to Z', 'by agent, Z to A'],
  assignee: ['by assignee, A to Z', 'by assignee, Z to A'],
  status: ['by status, New first', 'by status, Closed first'],
};

/** The order in words: "newest first", "by caller, A to Z". */
export function describeCallSort(sort: CallListSort): string {
  const { key, descending } = parseCallListSort(sort);
  return SORT_WORDS[key][descending ? 1 : 0];
}

const CARDS = cardLayouts.grid;
// The phone card: two columns, the second as wide as its content.
const CARD_GRID = 'max-md:grid-cols-[minmax(0,1fr)_auto] max-md:gap-x-3 max-md:px-4 max-md:py-3.5';

function TableFrame({
  children,
  columns,
  sort,
  onSortChange,
  id,
  labelledBy,
  rowCount,
  stale = false,
}: {
  children: ReactNode;
  columns: readonly TableColumn<CallListItem, CallCellContext>[];
  sort: CallListSort;
  onSortChange: (sort: CallListSort) => void;
  id?: string | undefined;
  labelledBy?: string | undefined;
  rowCount?: number;
  stale?: boolean;
}) {
  const { key, descending } = parseCallListSort(sort);
  const sorting: TableSorting = {
    key,
    descending,
    onSort: (next, nextDescending) =>
      onSortChange((nextDescending ? `-${next}` : next) as CallListSort),
  };
  return (
    <div
      id={id}
      role={labelledBy ? 'tabpanel' : undefined}
      aria-labelledby={labelledBy}
      aria-busy={stale || undefined}
      className={cn('transition-opacity', stale && 'opacity-60')}
    >
      <Table aria-rowcount={rowCount} className={CARDS.table}>
        <caption className="sr-only">
          Calls, {describeCallSort(sort)}. Use the arrow keys to move between calls and Enter to
          open one.
        </caption>
        {/* Sticks below the app's own sticky header (app-header.tsx sets its height). */}
        <TableHeader className={cn('sticky top-(--app-header-height,0px) z-10', CARDS.head)}>
          <ColumnHeaderRow columns={columns} sorting={sorting} />
        </TableHeader>
        {children}
      </Table>
    </div>
  );
}

interface CallRowProps {
  call: CallListItem;
  index: number;
  columns: readonly TableColumn<CallListItem, CallCellContext>[];
  context: CallCellContext;
  selection: CallSelection | undefined;
  tabbable: boolean;
  onOpen: (index: number, event?: MouseEvent) => void;
  onFocus: (index: number) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>, index: number) => void;
  measureRef?: (node: HTMLTableRowElement | null) => void;
}

function CallRow({
  call,
  index,
  columns,
  context,
  selection,
  tabbable,
  onOpen,
  onFocus,
  onKeyDown,
  measureRef,
}: CallRowProps) {
  return (
    <TableRow
      ref={measureRef}
      data-index={index}
      data-row-index={index}
      aria-rowindex={index + 2}
      tabIndex={tabbable ? 0 : -1}
      onFocus={(event) => {
        if (event.target === event.currentTarget) onFocus(index);
      }}
      onKeyDown={(event) => onKeyDown(event, index)}
      onClick={(event) => {
        if (selection && (event.target as Element).closest('[data-column="select"]')) {
          selection.toggle(index, { range: event.shiftKey });
          return;
        }
        onOpen(index, event);
      }}
      className={cn(
        'cursor-pointer transition-colors outline-none',
        selection?.isSelected(call.call_id)
          ? 'bg-accent-soft/50 hover:bg-accent-soft'
          : 'bg-surface hover:bg-surface-muted',
        selection && 'max-md:relative max-md:pl-11',
        'focus-visible:bg-accent-soft focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
        CARDS.row,
        CARD_GRID,
        'max-md:items-center max-md:gap-y-1.5',
      )}
    >
      <ColumnCells columns={columns} layout="grid" row={call} context={context} />
    </TableRow>
  );
}

/** An empty row that holds the height of the rows a virtualised list leaves out. */
function SpacerRow({ height, span }: { height: number; span: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden="true" className="max-md:block" style={{ height }}>
      <td colSpan={span} className="p-0 max-md:block" />
    </tr>
  );
}

// Which call was opened from this list entry (by history key), so that coming Back puts the
// user on that row again — keyboard focus included — even in a virtualised list.
const OPENED_CALL_KEY = 'callboard:opened-call';

function rememberOpenedCall(locationKey: string, callId: string): void {
  try {
    sessionStorage.setItem(`${OPENED_CALL_KEY}:${locationKey}`, callId);
  } catch {
    // Storage blocked: Back still works, it just does not return to the row.
  }
}

function recallOpenedCall(locationKey: string): string | null {
  try {
    return sessionStorage.getItem(`${OPENED_CALL_KEY}:${locationKey}`);
  } catch {
    return null;
  }
}

/** Opening a row: Ctrl/⌘-click opens a new tab, like a link; a click that selects text does not. */
function useOpenCall(rows: readonly CallListItem[]) {
  const navigate = useNavigate();
  const { search, key } = useLocation();
  const q = new URLSearchParams(search).get('q')?.trim() || null;
  return {
    listSearch: search,
    q,
    open: useCallback(
      (index: number, event?: MouseEvent) => {
        const call = rows[index];
        if (!call) return;
        if (event) {
          if ((event.target as Element).closest('a')) {
            rememberOpenedCall(key, call.call_id);
            return; // the link handles itself
          }
          if (window.getSelection()?.toString()) return;
          if (event.metaKey || event.ctrlKey) {
            window.open(callPagePath(call.call_id, q), '_blank', 'noopener');
            return;
          }
        }
        rememberOpenedCall(key, call.call_id);
        const state: CallLocationState = { listSearch: search };
        void navigate(callPagePath(call.call_id, q), { state });
      },
      [key, navigate, q, rows, search],
    ),
  };
}

/** Back from a call: the row that was opened becomes current again and gets focus. */
function useReturnToOpenedRow(rows: readonly CallListItem[], moveTo: RowNavigation['moveTo']) {
  const { key } = useLocation();
  const restored = useRef<string | null>(null);
  useEffect(() => {
    if (restored.current === key || rows.length === 0) return;
    // After a frame: the page's own scroll restoration (and, in development, React's double
    // mounting) has settled by then.
    const frame = requestAnimationFrame(() => {
      restored.current = key;
      const callId = recallOpenedCall(key);
      const index = callId ? rows.findIndex((call) => call.call_id === callId) : -1;
      // Pixel scroll restoration cannot work here (the rows are not rendered yet): go to the row.
      if (index >= 0) moveTo(index);
    });
    return () => cancelAnimationFrame(frame);
  }, [key, rows, moveTo]);
}

/**
 * The columns shown (the reader's, with the checkboxes first when rows can be selected) and what
 * every cell gets; the list's shortcuts; and focus kept in the list when the focused row leaves
 * it (a bulk action's refetch removes the calls that no longer match), on the row now in its
 * place.
 */
function useListBehaviour({
  rows,
  navigation,
  bodyRef,
  open,
  selection,
  shortcuts,
  chosen,
  context: cellContext,
}: {
  rows: readonly CallListItem[];
  navigation: RowNavigation;
  bodyRef: RefObject<HTMLTableSectionElement | null>;
  open: (index: number) => void;
  selection: CallSelection | undefined;
  shortcuts: ListShortcutActions | undefined;
  /** The columns the reader chose. */
  chosen: readonly CallListColumn[];
  context: Pick<CallCellContext, 'agents' | 'people' | 'listSearch' | 'q' | 'search'>;
}): { columns: readonly TableColumn<CallListItem, CallCellContext>[]; context: CallCellContext } {
  useListShortcuts({
    count: rows.length,
    navigation,
    containerRef: bodyRef,
    onOpen: open,
    actions: shortcuts,
  });
  const focusedRow = useRef(false);
  const { moveTo, activeIndex } = navigation;
  useEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    const onFocusIn = () => {
      focusedRow.current = true;
    };
    const onFocusOut = (event: FocusEvent) => {
      // Focus moved on (not lost with a removed row).
      if (event.relatedTarget !== null) focusedRow.current = false;
    };
    body.addEventListener('focusin', onFocusIn);
    body.addEventListener('focusout', onFocusOut);
    return () => {
      body.removeEventListener('focusin', onFocusIn);
      body.removeEventListener('focusout', onFocusOut);
    };
  }, [bodyRef]);
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (focusedRow.current && lost && rows.length > 0) moveTo(activeIndex, { preventScroll: true });
  }, [rows, moveTo, activeIndex]);
  const shown = useMemo(() => visibleColumns(chosen), [chosen]);
  const now = useWaitingClock(shown);
  const context: CallCellContext = {
    ...cellContext,
    now,
    directionColumn: shown.some((column) => column.id === 'direction'),
  };
  return { columns: selection ? [selectColumn(selection), ...shown] : shown, context };
}

/** The waiting column's clock, ticking only while the column is shown. */
function useWaitingClock(columns: readonly CallColumn[]): Date {
  const shown = columns.some((column) => column.id === 'waiting');
  return useNow(shown ? 60_000 : 24 * 3_600_000);
}

/**
 * The document offset of the table body, which the window virtualiser counts from; null until the
 * browser has laid the page out (read any sooner, it would force that layout).
 */
function useOffsetTop(ref: RefObject<HTMLElement | null>): number | null {
  const [offset, setOffset] = useState<number | null>(null);
  useEffect(() => {
    const measure = () => {
      const node = ref.current;
      if (node) setOffset(Math.round(node.getBoundingClientRect().top + window.scrollY));
    };
    // Fires once on observe, then whenever the page's layout above the table may have moved.
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return offset;
}

const ESTIMATED_ROW_HEIGHT = { table: 64, card: 150 } as const;

/**
 * A row's height as the virtualiser learns it: from its ResizeObserver, which reports after the
 * browser's own layout, or from what it already knows. Never read from the row when it mounts:
 * that read forces a layout of the whole page in the middle of React's commit, and the height it
 * learns re-renders the list at once, before the first paint (docs/architecture.md, "Front end").
 */
function measureRow(
  row: HTMLTableRowElement,
  entry: ResizeObserverEntry | undefined,
  virtualizer: Virtualizer<Window, HTMLTableRowElement>,
): number {
  if (entry) return measureElement(row, entry, virtualizer);
  const index = virtualizer.indexFromElement(row);
  return (
    virtualizer.itemSizeCache.get(virtualizer.options.getItemKey(index)) ??
    virtualizer.options.estimateSize(index)
  );
}

/**
 * Only the rows near the viewport are in the DOM, a page of 100 as much as every call of "load
 * all": a row is some 50 elements, and 100 of them cost the first paint more than the rest of the
 * screen (docs/decisions/0029-the-call-list-renders-only-the-rows-in-view.md).
 */
export function CallTable(props: CallTableProps) {
  const { rows, agents, people, stale, id, labelledBy, sort, onSortChange, selection, shortcuts } =
    props;
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const offsetTop = useOffsetTop(bodyRef);
  const scrollMargin = offsetTop ?? 0;
  const { open, listSearch, q } = useOpenCall(rows);
  const cards = useMediaQuery('(max-width: 767px)');
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => (cards ? ESTIMATED_ROW_HEIGHT.card : ESTIMATED_ROW_HEIGHT.table),
    // Until the table's place is known the list counts from the top of the page. At the top,
    // that already takes in more rows than fit below the header: no more are drawn before the
    // first paint. Scrolled down, the rows at the top of the screen would be missing without them.
    overscan: offsetTop === null && window.scrollY === 0 ? 0 : 8,
    measureElement: measureRow,
    scrollMargin,
    getItemKey: (index) => rows[index]?.call_id ?? index,
    initialRect: { width: window.innerWidth, height: window.innerHeight },
  });
  const scrollToIndex = useCallback(
    (index: number) => virtualizer.scrollToIndex(index, { align: 'auto' }),
    [virtualizer],
  );
  const navigation = useRowNavigation({
    count: rows.length,
    containerRef: bodyRef,
    onOpen: open,
    scrollToIndex,
  });
  useReturnToOpenedRow(rows, navigation.moveTo);
  const { columns, context } = useListBehaviour({
    rows,
    navigation,
    bodyRef,
    open,
    selection,
    shortcuts,
    chosen: props.columns,
    context: { agents, people, listSearch, q, search: props.search ?? null },
  });

  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items.at(-1);
  const paddingTop = first ? first.start - scrollMargin : 0;
  // With nothing rendered yet the spacer still holds the list's full height, so that scroll
  // restoration (Back from a call) has somewhere to scroll to.
  const paddingBottom = virtualizer.getTotalSize() - (last ? last.end - scrollMargin : 0);
  // The Tab stop must be a rendered row: the active one if it is, else the first on screen.
  const tabbable = items.some((item) => item.index === navigation.activeIndex)
    ? navigation.activeIndex
    : (first?.index ?? 0);

  return (
    <TableFrame
      id={id}
      labelledBy={labelledBy}
      stale={stale}
      rowCount={rows.length + 1}
      columns={columns}
      sort={sort}
      onSortChange={onSortChange}
    >
      <TableBody ref={bodyRef} className={CARDS.body}>
        <SpacerRow height={paddingTop} span={columns.length} />
        {items.map((item) => {
          const call = rows[item.index];
          if (!call) return null;
          return (
            <CallRow
              key={item.key}
              call={call}
              index={item.index}
              columns={columns}
              selection={selection}
              context={context}
              tabbable={item.index === tabbable}
              onOpen={open}
              onFocus={navigation.onRowFocus}
              onKeyDown={navigation.onRowKeyDown}
              measureRef={virtualizer.measureElement}
            />
          );
        })}
        <SpacerRow height={paddingBottom} span={columns.length} />
      </TableBody>
    </TableFrame>
  );
}

/** The table's shape while the first page loads. */
export function CallTableSkeleton({
  rows = 8,
  columns: shown = CALL_LIST_COLUMNS,
}: {
  rows?: number;
  columns?: readonly CallListColumn[];
}) {
  const columns = visibleColumns(shown);
  return (
    <div role="status" aria-label="Loading calls">
      <Table aria-hidden="true" className={CARDS.table}>
        <TableHeader className={CARDS.head}>
          <ColumnHeaderRow columns={columns} />
        </TableHeader>
        <TableBody className={cn(CARDS.body, 'max-md:divide-y max-md:divide-border')}>
          {Array.from({ length: rows }, (_, index) => (
            <TableRow key={index} className={cn(CARDS.row, CARD_GRID, 'max-md:gap-y-2')}>
              <ColumnSkeletonCells columns={columns} layout="grid" />
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <span className="sr-only">Loading calls…</span>
    </div>
  );
}
