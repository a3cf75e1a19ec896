// The call list. One <table> for every width: from `md` up it is a table whose lower-value
// columns drop out as space runs short (agent and summary below `lg`, direction below `xl`); on
// phones each row is laid out as a card. Rows open the call by click or keyboard (see
// use-row-navigation.ts); in "load all" mode only the rows near the viewport are rendered.
import type { Agent, CallSummary } from '@callboard/contract';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
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
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table.tsx';
import { cn } from '../../../lib/cn.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import {
  formatDate,
  formatDuration,
  formatDurationLong,
  formatFullDateTime,
  formatTime,
} from '../../../lib/format.ts';
import { useRowNavigation, type RowNavigation } from '../hooks/use-row-navigation.ts';
import { memberName, type PeopleDirectory } from '../people.ts';
import { CallStatusBadge } from './call-badges.tsx';
import { callPagePath, type CallLocationState } from './call-links.ts';

export interface CallTableProps {
  rows: readonly CallSummary[];
  agents: ReadonlyMap<string, Agent>;
  people: PeopleDirectory;
  /** Render only the rows near the viewport (for thousands of rows). */
  virtual?: boolean;
  /** Rows are from an earlier filter while the new ones load. */
  stale?: boolean;
  /** Id of the table's panel (the status tabs control it). */
  id?: string;
  labelledBy?: string;
}

// Column widths and visibility (from md up) and each cell's place in the phone card.
const COLUMNS = {
  ended: {
    head: 'w-30 pl-4',
    cell: 'pl-4 max-md:col-start-1 max-md:row-start-2',
  },
  caller: {
    head: 'w-48',
    cell: 'max-md:col-start-1 max-md:row-start-1',
  },
  agent: {
    head: 'hidden w-36 lg:table-cell',
    cell: 'md:hidden lg:table-cell max-md:col-start-1 max-md:row-start-4',
  },
  direction: {
    head: 'hidden w-28 xl:table-cell',
    cell: 'hidden xl:table-cell',
  },
  duration: {
    head: 'w-20 text-right',
    cell: 'text-right max-md:col-start-2 max-md:row-start-2',
  },
  status: {
    head: 'w-32',
    cell: 'max-md:col-start-2 max-md:row-start-1 max-md:justify-self-end',
  },
  assignee: {
    head: 'w-36 max-lg:pr-4',
    cell: 'max-lg:pr-4 max-md:col-start-2 max-md:row-start-4 max-md:text-right',
  },
  summary: {
    head: 'hidden pr-4 lg:table-cell',
    cell: 'pr-4 md:hidden lg:table-cell max-md:col-span-2 max-md:row-start-3',
  },
} as const;

// On phones the cells lose their table padding and become blocks in the card's grid.
const cellBase = 'max-md:block max-md:p-0 max-md:min-w-0';

function HeaderRow() {
  return (
    <TableRow className="border-b-0">
      <TableHeaderCell className={COLUMNS.ended.head}>Ended</TableHeaderCell>
      <TableHeaderCell className={COLUMNS.caller.head}>Caller</TableHeaderCell>
      <TableHeaderCell className={COLUMNS.agent.head}>Agent</TableHeaderCell>
      <TableHeaderCell className={COLUMNS.direction.head}>Direction</TableHeaderCell>
      <TableHeaderCell className={COLUMNS.duration.head}>Duration</TableHeaderCell>
      <TableHeaderCell className={COLUMNS.status.head}>Status</TableHeaderCell>
      <TableHeaderCell className={COLUMNS.assignee.head}>Assignee</TableHeaderCell>
      <TableHeaderCell className={COLUMNS.summary.head}>Summary</TableHeaderCell>
    </TableRow>
  );
}

function TableFrame({
  children,
  id,
  labelledBy,
  rowCount,
  stale = false,
}: {
  children: ReactNode;
  id?: string | undefined;
  labelledBy?: string | undefined;
  rowCount?: number;
  stale?: boolean;
}) {
  return (
    <div
      id={id}
      role={labelledBy ? 'tabpanel' : undefined}
      aria-labelledby={labelledBy}
      aria-busy={stale || undefined}
      className={cn('transition-opacity', stale && 'opacity-60')}
    >
      <Table aria-rowcount={rowCount} className="md:table-fixed max-md:block">
        <caption className="sr-only">
          Calls, newest first. Use the arrow keys to move between calls and Enter to open one.
        </caption>
        <TableHeader className="sticky top-0 z-10 max-md:hidden">
          <HeaderRow />
        </TableHeader>
        {children}
      </Table>
    </div>
  );
}

const DIRECTION = {
  inbound: { label: 'Inbound', Icon: IconPhoneIncoming },
  outbound: { label: 'Outbound', Icon: IconPhoneOutgoing },
} as const;

interface CallRowProps {
  call: CallSummary;
  index: number;
  agents: ReadonlyMap<string, Agent>;
  people: PeopleDirectory;
  tabbable: boolean;
  listSearch: string;
  onOpen: (index: number, event?: MouseEvent) => void;
  onFocus: (index: number) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>, index: number) => void;
  measureRef?: (node: HTMLTableRowElement | null) => void;
}

function AssigneeName({ id, people }: { id: string | null; people: PeopleDirectory }) {
  if (id === null) return <span className="text-fg-subtle">Unassigned</span>;
  if (id === people.currentUserId) return <span className="font-medium">You</span>;
  const member = people.byId.get(id);
  return <span>{member ? memberName(member) : 'Former colleague'}</span>;
}

function CallRow({
  call,
  index,
  agents,
  people,
  tabbable,
  listSearch,
  onOpen,
  onFocus,
  onKeyDown,
  measureRef,
}: CallRowProps) {
  const agent = agents.get(call.agent_id);
  const agentName = agent?.display_name ?? call.agent_id;
  const direction = call.direction ? DIRECTION[call.direction] : null;
  const callerTitle = call.caller_name ?? call.from_number ?? 'Unknown caller';
  const callerNumber = call.direction === 'outbound' ? call.to_number : call.from_number;
  const state: CallLocationState = { listSearch };

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
      onClick={(event) => onOpen(index, event)}
      className={cn(
        'cursor-pointer bg-surface transition-colors outline-none hover:bg-surface-muted',
        'focus-visible:bg-accent-soft focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
        'max-md:grid max-md:grid-cols-[minmax(0,1fr)_auto] max-md:items-center max-md:gap-x-3 max-md:gap-y-1.5 max-md:px-4 max-md:py-3.5',
      )}
    >
      <TableCell className={cn(cellBase, COLUMNS.ended.cell, 'text-fg-muted max-md:text-xs')}>
        <time dateTime={call.end_datetime} title={formatFullDateTime(call.end_datetime)}>
          <span className="md:block md:text-fg">{formatDate(call.end_datetime)}</span>
          <span className="max-md:before:content-['_·_'] md:block md:text-xs">
            {formatTime(call.end_datetime)}
          </span>
        </time>
      </TableCell>
      <TableCell className={cn(cellBase, COLUMNS.caller.cell)}>
        <div className="flex min-w-0 items-start gap-1.5">
          {direction ? (
            <span title={direction.label} className="mt-0.5 shrink-0 text-fg-subtle xl:hidden">
              <direction.Icon className="size-3.5" />
              <span className="sr-only">{direction.label}</span>
            </span>
          ) : null}
          <div className="min-w-0">
            <Link
              to={callPagePath(call.call_id)}
              state={state}
              tabIndex={-1}
              className="block truncate font-medium text-fg hover:underline"
            >
              {callerTitle}
            </Link>
            {call.caller_name && callerNumber ? (
              <span className="block truncate text-xs text-fg-muted tabular-nums">
                {callerNumber}
              </span>
            ) : null}
          </div>
        </div>
      </TableCell>
      <TableCell
        className={cn(cellBase, COLUMNS.agent.cell, 'text-fg-muted max-md:truncate max-md:text-xs')}
      >
        <span className="line-clamp-2 max-md:inline">{agentName}</span>
      </TableCell>
      <TableCell className={cn(COLUMNS.direction.cell, 'text-fg-muted')}>
        {direction ? (
          <span className="inline-flex items-center gap-1.5">
            <direction.Icon className="size-3.5 shrink-0 text-fg-subtle" />
            {direction.label}
          </span>
        ) : (
          '—'
        )}
      </TableCell>
      <TableCell
        className={cn(cellBase, COLUMNS.duration.cell, 'text-fg-muted tabular-nums max-md:text-xs')}
      >
        {call.duration_seconds === null ? (
          '—'
        ) : (
          <span
            className="inline-flex items-center gap-1"
            title={formatDurationLong(call.duration_seconds)}
          >
            <IconClock className="size-3 text-fg-subtle md:hidden" />
            {formatDuration(call.duration_seconds)}
          </span>
        )}
      </TableCell>
      <TableCell className={cn(cellBase, COLUMNS.status.cell)}>
        <CallStatusBadge status={call.status} />
      </TableCell>
      <TableCell className={cn(cellBase, COLUMNS.assignee.cell, 'max-md:text-xs')}>
        <span className="inline-flex max-w-full items-center gap-1.5">
          <IconUser className="size-3 shrink-0 text-fg-subtle md:hidden" />
          <span className="truncate">
            <AssigneeName id={call.assignee_id} people={people} />
          </span>
        </span>
      </TableCell>
      <TableCell className={cn(cellBase, COLUMNS.summary.cell, 'text-fg-muted')}>
        <span className="line-clamp-2">{call.summary ?? '—'}</span>
      </TableCell>
    </TableRow>
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
function useOpenCall(rows: readonly CallSummary[]) {
  const navigate = useNavigate();
  const { search, key } = useLocation();
  return {
    listSearch: search,
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
            window.open(callPagePath(call.call_id), '_blank', 'noopener');
            return;
          }
        }
        rememberOpenedCall(key, call.call_id);
        const state: CallLocationState = { listSearch: search };
        void navigate(callPagePath(call.call_id), { state });
      },
      [key, navigate, rows, search],
    ),
  };
}

/** Back from a call: the row that was opened becomes current again and gets focus. */
function useReturnToOpenedRow(
  rows: readonly CallSummary[],
  moveTo: RowNavigation['moveTo'],
  { preventScroll }: { preventScroll: boolean },
) {
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
      if (index >= 0) moveTo(index, { preventScroll });
    });
    return () => cancelAnimationFrame(frame);
  }, [key, rows, moveTo, preventScroll]);
}

function PagedCallTable({ rows, agents, people, stale, id, labelledBy }: CallTableProps) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const { open, listSearch } = useOpenCall(rows);
  const navigation = useRowNavigation({ count: rows.length, containerRef: bodyRef, onOpen: open });
  useReturnToOpenedRow(rows, navigation.moveTo, { preventScroll: true });
  return (
    <TableFrame id={id} labelledBy={labelledBy} stale={stale} rowCount={rows.length + 1}>
      <TableBody ref={bodyRef} className="max-md:block max-md:divide-y max-md:divide-border">
        {rows.map((call, index) => (
          <CallRow
            key={call.call_id}
            call={call}
            index={index}
            agents={agents}
            people={people}
            tabbable={index === navigation.activeIndex}
            listSearch={listSearch}
            onOpen={open}
            onFocus={navigation.onRowFocus}
            onKeyDown={navigation.onRowKeyDown}
          />
        ))}
      </TableBody>
    </TableFrame>
  );
}

/** The document offset of the table body, which the window virtualiser counts from. */
function useOffsetTop(ref: RefObject<HTMLElement | null>): number {
  const [offset, setOffset] = useState(0);
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

function VirtualCallTable({ rows, agents, people, stale, id, labelledBy }: CallTableProps) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const scrollMargin = useOffsetTop(bodyRef);
  const { open, listSearch } = useOpenCall(rows);
  const cards = useMediaQuery('(max-width: 767px)');
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => (cards ? ESTIMATED_ROW_HEIGHT.card : ESTIMATED_ROW_HEIGHT.table),
    overscan: 8,
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
  // Pixel scroll restoration cannot work here (the rows are not there yet): go to the row.
  useReturnToOpenedRow(rows, navigation.moveTo, { preventScroll: false });

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
    <TableFrame id={id} labelledBy={labelledBy} stale={stale} rowCount={rows.length + 1}>
      <TableBody ref={bodyRef} className="max-md:block">
        {paddingTop > 0 ? (
          <tr aria-hidden="true" className="max-md:block" style={{ height: paddingTop }}>
            <td colSpan={8} className="p-0 max-md:block" />
          </tr>
        ) : null}
        {items.map((item) => {
          const call = rows[item.index];
          if (!call) return null;
          return (
            <CallRow
              key={item.key}
              call={call}
              index={item.index}
              agents={agents}
              people={people}
              tabbable={item.index === tabbable}
              listSearch={listSearch}
              onOpen={open}
              onFocus={navigation.onRowFocus}
              onKeyDown={navigation.onRowKeyDown}
              measureRef={virtualizer.measureElement}
            />
          );
        })}
        {paddingBottom > 0 ? (
          <tr aria-hidden="true" className="max-md:block" style={{ height: paddingBottom }}>
            <td colSpan={8} className="p-0 max-md:block" />
          </tr>
        ) : null}
      </TableBody>
    </TableFrame>
  );
}

export function CallTable(props: CallTableProps) {
  return props.virtual ? <VirtualCallTable {...props} /> : <PagedCallTable {...props} />;
}

/** The table's shape while the first page loads. */
export function CallTableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div role="status" aria-label="Loading calls">
      <Table aria-hidden="true" className="md:table-fixed max-md:block">
        <TableHeader className="max-md:hidden">
          <HeaderRow />
        </TableHeader>
        <TableBody className="max-md:block max-md:divide-y max-md:divide-border">
          {Array.from({ length: rows }, (_, index) => (
            <TableRow
              key={index}
              className="max-md:grid max-md:grid-cols-[minmax(0,1fr)_auto] max-md:gap-x-3 max-md:gap-y-2 max-md:px-4 max-md:py-3.5"
            >
              <TableCell className={cn(cellBase, COLUMNS.ended.cell)}>
                <Skeleton className="h-3.5 w-24" />
                <Skeleton className="mt-2 h-3 w-12 max-md:hidden" />
              </TableCell>
              <TableCell className={cn(cellBase, COLUMNS.caller.cell)}>
                <Skeleton className="h-3.5 w-32" />
                <Skeleton className="mt-2 h-3 w-24 max-md:hidden" />
              </TableCell>
              <TableCell className={cn(cellBase, COLUMNS.agent.cell)}>
                <Skeleton className="h-3.5 w-24" />
              </TableCell>
              <TableCell className={cn(COLUMNS.direction.cell)}>
                <Skeleton className="h-3.5 w-16" />
              </TableCell>
              <TableCell className={cn(cellBase, COLUMNS.duration.cell)}>
                <Skeleton className="ml-auto h-3.5 w-10" />
              </TableCell>
              <TableCell className={cn(cellBase, COLUMNS.status.cell)}>
                <Skeleton className="h-5 w-20 rounded-full" />
              </TableCell>
              <TableCell className={cn(cellBase, COLUMNS.assignee.cell)}>
                <Skeleton className="h-3.5 w-20 max-md:ml-auto" />
              </TableCell>
              <TableCell className={cn(cellBase, COLUMNS.summary.cell)}>
                <Skeleton className="h-3.5 w-full" />
                <Skeleton className="mt-2 h-3.5 w-2/3" />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <span className="sr-only">Loading calls…</span>
    </div>
  );
}
