// The list's search box and filters. From `md` up the filters sit beside the search, wrapping as
// the width needs; on phones they move into a sheet behind a "Filters" button. Every change goes
// to the URL, the dates once they are whole and make a range (DateRangeFields).
import {
  isWithinDateRange,
  localDayStart,
  type Agent,
  type CallStatus,
  type Member,
} from '@callboard/contract';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { AgentOptions } from '../../../components/ui/agent-options.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { IconSearch, IconSliders, IconX } from '../../../components/ui/icons.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  countNarrowingFilters,
  hasNarrowingFilters,
  isDay,
  SEARCH_MAX_LENGTH,
  type CallListFilters,
  type CallStatusTab,
  type UseCallListFilters,
} from '../hooks/use-call-list-filters.ts';
import { memberName } from '../people.ts';

const SEARCH_DEBOUNCE_MS = 300;

export interface CallFiltersProps {
  filters: CallListFilters;
  setFilters: UseCallListFilters['setFilters'];
  clearFilters: UseCallListFilters['clearFilters'];
  agents: readonly Agent[];
  members: readonly Member[];
  currentUserId: string | null;
}

/** Typing updates the URL after a pause (replacing, not adding, history entries). */
function SearchField({
  value: committed,
  onCommit,
}: {
  value: string;
  onCommit: (value: string) => void;
}) {
  const id = useId();
  const [value, setValue] = useState(committed);
  // What this field last sent: the URL catching up with it is not an outside change.
  const [sent, setSent] = useState(committed);
  const [seen, setSeen] = useState(committed);
  if (committed !== seen) {
    setSeen(committed);
    if (committed !== sent) {
      setValue(committed); // Back, "Clear filters" or a link changed the search
      setSent(committed);
    }
  }

  useEffect(() => {
    const next = value.trim();
    if (next === committed) return;
    const timer = setTimeout(() => {
      setSent(next);
      onCommit(next);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, committed, onCommit]);

  return (
    <div className="relative min-w-48 flex-1 md:max-w-xs md:min-w-64">
      <label htmlFor={id} className="sr-only">
        Search calls
      </label>
      <IconSearch className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle" />
      <Input
        id={id}
        type="search"
        inputMode="search"
        enterKeyHint="search"
        autoComplete="off"
        spellCheck={false}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder="Search calls…"
        title="Search by caller, number, call ID, summary, transcript or notes"
        // The `/` shortcut finds the box by this (lib/shortcuts.ts).
        data-call-search=""
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            setSent(value.trim());
            onCommit(value.trim());
          }
          if (event.key === 'Escape' && value) {
            event.preventDefault();
            setValue('');
          }
        }}
        className="pl-9 [&::-webkit-search-cancel-button]:hidden"
      />
      {value ? (
        <button
          type="button"
          aria-label="Clear search"
          title="Clear search"
          onClick={() => {
            setValue('');
            setSent('');
            onCommit('');
          }}
          className="absolute inset-y-0 right-0 flex w-9 items-center justify-center rounded-r-lg text-fg-subtle hover:text-fg focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
        >
          <IconX className="size-3.5" />
        </button>
      ) : null}
    </div>
  );
}

interface FieldsProps extends Omit<CallFiltersProps, 'clearFilters'> {
  layout: 'row' | 'stack';
}

function FilterField({
  label,
  htmlFor,
  layout,
  children,
}: {
  label: string;
  htmlFor: string;
  layout: 'row' | 'stack';
  children: ReactNode;
}) {
  return (
    <div className={layout === 'stack' ? 'space-y-1.5' : 'min-w-0'}>
      <label
        htmlFor={htmlFor}
        className={layout === 'stack' ? 'block text-sm font-medium text-fg' : 'sr-only'}
      >
        {label}
      </label>
      {children}
    </div>
  );
}

function FilterFields({
  filters,
  setFilters,
  agents,
  members,
  currentUserId,
  layout,
}: FieldsProps) {
  const ids = useId();
  const colleagues = members.filter((member) => member.id !== currentUserId);
  const knownAssignee =
    !filters.assignee ||
    filters.assignee === 'me' ||
    filters.assignee === 'unassigned' ||
    colleagues.some((member) => member.id === filters.assignee);
  const row = layout === 'row';

  return (
    <div className={row ? 'contents' : 'grid gap-4'}>
      <FilterField label="Agent" htmlFor={`${ids}-agent`} layout={layout}>
        <Select
          id={`${ids}-agent`}
          value={filters.agentId ?? ''}
          onChange={(event) => setFilters({ agentId: event.target.value || null })}
          wrapperClassName={row ? 'w-40' : undefined}
        >
          <AgentOptions agents={agents} selected={filters.agentId} />
        </Select>
      </FilterField>
      <FilterField label="Assignee" htmlFor={`${ids}-assignee`} layout={layout}>
        <Select
          id={`${ids}-assignee`}
          value={filters.assignee ?? ''}
          onChange={(event) => setFilters({ assignee: event.target.value || null })}
          wrapperClassName={row ? 'w-40' : undefined}
        >
          <option value="">Anyone</option>
          <option value="me">Assigned to me</option>
          <option value="unassigned">Unassigned</option>
          {colleagues.length > 0 ? (
            <optgroup label="Colleagues">
              {colleagues.map((member) => (
                <option key={member.id} value={member.id}>
                  {memberName(member)}
                </option>
              ))}
            </optgroup>
          ) : null}
          {knownAssignee ? null : <option value={filters.assignee ?? ''}>Someone else</option>}
        </Select>
      </FilterField>
      <DateRangeFields filters={filters} setFilters={setFilters} layout={layout} />
      <FilterField label="Status" htmlFor={`${ids}-status`} layout={layout}>
        <Select
          id={`${ids}-status`}
          value={filters.callStatus ?? ''}
          onChange={(event) => {
            const callStatus = (event.target.value || null) as CallStatus | null;
            // A status the tab leaves out would show nothing: the status wins, on the All tab.
            const status: CallStatusTab =
              callStatus && !tabIncludes(filters.status, callStatus) ? 'all' : filters.status;
            setFilters({ callStatus, status });
          }}
          wrapperClassName={row ? 'w-36' : undefined}
        >
          <option value="">Any status</option>
          <option value="New">New</option>
          <option value="In progress">In progress</option>
          <option value="Closed">Closed</option>
        </Select>
      </FilterField>
      <FilterField label="Sentiment" htmlFor={`${ids}-sentiment`} layout={layout}>
        <Select
          id={`${ids}-sentiment`}
          value={filters.sentiment ?? ''}
          onChange={(event) =>
            setFilters({
              sentiment: (event.target.value || null) as CallListFilters['sentiment'],
            })
          }
          wrapperClassName={row ? 'w-40' : undefined}
        >
          <option value="">Any sentiment</option>
          <option value="positive">Positive</option>
          <option value="neutral">Neutral</option>
          <option value="negative">Negative</option>
          <option value="none">No sentiment</option>
        </Select>
      </FilterField>
      <FilterField label="Direction" htmlFor={`${ids}-direction`} layout={layout}>
        <Select
          id={`${ids}-direction`}
          value={filters.direction ?? ''}
          onChange={(event) =>
            setFilters({
              direction: (event.target.value || null) as CallListFilters['direction'],
            })
          }
          wrapperClassName={row ? 'w-36' : undefined}
        >
          <option value="">Any direction</option>
          <option value="inbound">Inbound</option>
          <option value="outbound">Outbound</option>
        </Select>
      </FilterField>
    </div>
  );
}

function tabIncludes(tab: CallStatusTab, status: CallStatus): boolean {
  return tab === 'all' || (tab === 'closed') === (status === 'Closed');
}

/** A whole date the API takes: a real day from 1970 to 9999 (typing "2" makes year 0002). */
function isWholeDay(value: string): boolean {
  const start = isDay(value) ? localDayStart(value) : null;
  return start !== null && isWithinDateRange(Date.parse(start));
}

type RangeProblem = 'reversed' | 'from' | 'to' | null;

const RANGE_MESSAGES: Record<Exclude<RangeProblem, null>, string> = {
  reversed: 'From must be before To.',
  from: 'Enter a whole date from 1970 to 9999 in From.',
  to: 'Enter a whole date from 1970 to 9999 in To.',
};

/**
 * "Ended from" and "Ended to". What the user types stays in the fields; the URL (and so the list)
 * changes only when both fields hold whole dates (or are empty) in order. A date input reports a
 * value as soon as each part has a digit, so the year reads 0002 while "2026" is being typed:
 * committing that would make the list re-render the field and wipe the day and month. A range
 * whose From is after its To is shown with a message and not applied.
 */
function DateRangeFields({
  filters,
  setFilters,
  layout,
}: {
  filters: CallListFilters;
  setFilters: UseCallListFilters['setFilters'];
  layout: 'row' | 'stack';
}) {
  const ids = useId();
  const row = layout === 'row';
  // An exact instant from a link is shown as a chip, not in the date inputs.
  const committed = {
    from: isDay(filters.from) ? filters.from : '',
    to: isDay(filters.to) ? filters.to : '',
  };
  const [draft, setDraft] = useState(committed);
  const [seen, setSeen] = useState(committed);
  const [blurred, setBlurred] = useState({ from: false, to: false });
  if (seen.from !== committed.from || seen.to !== committed.to) {
    // Back, "Clear filters", a chip or a link changed the range: show it.
    setSeen(committed);
    setDraft(committed);
  }

  const whole = (value: string) => value === '' || isWholeDay(value);
  const reversed =
    draft.from !== '' &&
    draft.to !== '' &&
    whole(draft.from) &&
    whole(draft.to) &&
    draft.from > draft.to;
  const problem: RangeProblem = reversed
    ? 'reversed'
    : blurred.from && !whole(draft.from)
      ? 'from'
      : blurred.to && !whole(draft.to)
        ? 'to'
        : null;

  function change(end: 'from' | 'to', input: HTMLInputElement) {
    // A part typed but not all: the input says "bad input" and its value is empty.
    if (input.validity.badInput) return;
    const next = { ...draft, [end]: input.value };
    setDraft(next);
    setBlurred((was) => ({ ...was, [end]: false }));
    if (whole(next.from) && whole(next.to) && !(next.from && next.to && next.from > next.to)) {
      if (next.from !== committed.from || next.to !== committed.to) {
        setFilters({ from: next.from || null, to: next.to || null });
      }
    }
  }

  const errorId = `${ids}-range-error`;
  const field = (end: 'from' | 'to') => {
    const invalid = problem === end || (problem === 'reversed' && end === 'from') || undefined;
    return (
      <FilterField
        label={end === 'from' ? 'Ended from' : 'Ended to'}
        htmlFor={`${ids}-${end}`}
        layout={layout}
      >
        <Input
          id={`${ids}-${end}`}
          type="date"
          value={draft[end]}
          min={end === 'to' && whole(draft.from) ? draft.from || undefined : undefined}
          max={end === 'from' && whole(draft.to) ? draft.to || undefined : undefined}
          onChange={(event) => change(end, event.target)}
          onBlur={() => setBlurred((was) => ({ ...was, [end]: true }))}
          aria-invalid={invalid}
          aria-describedby={problem ? errorId : undefined}
          className={row ? 'w-38' : undefined}
          title={end === 'from' ? 'Ended on or after' : 'Ended on or before'}
        />
      </FilterField>
    );
  };

  return (
    <>
      {field('from')}
      {row ? (
        <span aria-hidden="true" className="text-fg-subtle">
          –
        </span>
      ) : null}
      {field('to')}
      {problem ? (
        <p
          id={errorId}
          role="alert"
          className={cn('text-sm text-danger-fg', row ? 'order-last basis-full' : '-mt-2')}
        >
          {RANGE_MESSAGES[problem]}
        </p>
      ) : null}
    </>
  );
}

export function CallFilters(props: CallFiltersProps) {
  const { filters, setFilters, clearFilters } = props;
  const active = countNarrowingFilters(filters);
  const narrowed = hasNarrowingFilters(filters);

  return (
    <div className="flex flex-wrap items-center gap-2">
      <SearchField value={filters.q} onCommit={(q) => setFilters({ q }, { replace: true })} />
      <div className="hidden md:contents">
        <FilterFields {...props} layout="row" />
      </div>
      <Dialog>
        <DialogTrigger asChild>
          <Button variant="secondary" className="md:hidden">
            <IconSliders />
            Filters
            {active > 0 ? (
              <span className="min-w-5 rounded-full bg-accent px-1.5 text-xs leading-5 text-accent-fg tabular-nums">
                {active}
              </span>
            ) : null}
          </Button>
        </DialogTrigger>
        <DialogContent
          title="Filter calls"
          footer={
            <>
              <Button variant="secondary" disabled={active === 0} onClick={clearFilters}>
                Clear filters
              </Button>
              <DialogClose asChild>
                <Button>Done</Button>
              </DialogClose>
            </>
          }
        >
          <FilterFields {...props} layout="stack" />
        </DialogContent>
      </Dialog>
      {narrowed ? (
        <Button variant="ghost" onClick={clearFilters} className="px-3 max-md:hidden">
          <IconX />
          Clear
        </Button>
      ) : null}
    </div>
  );
}
