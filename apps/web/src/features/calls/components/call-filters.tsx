// The list's search box and filters. From `md` up the filters sit in one row beside the search;
// on phones they move into a sheet behind a "Filters" button. Every change goes to the URL.
import type { Agent, Member } from '@callboard/contract';
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
import {
  countNarrowingFilters,
  hasNarrowingFilters,
  isDay,
  SEARCH_MAX_LENGTH,
  type CallListFilters,
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
    <div className="relative min-w-0 flex-1 md:max-w-xs">
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
  // An exact instant from a link is shown as a chip, not in the date inputs.
  const fromDay = isDay(filters.from) ? filters.from : null;
  const toDay = isDay(filters.to) ? filters.to : null;

  return (
    <div className={row ? 'flex flex-wrap items-center gap-2' : 'grid gap-4'}>
      <FilterField label="Agent" htmlFor={`${ids}-agent`} layout={layout}>
        <Select
          id={`${ids}-agent`}
          value={filters.agentId ?? ''}
          onChange={(event) => setFilters({ agentId: event.target.value || null })}
          wrapperClassName={row ? 'w-44' : undefined}
        >
          <AgentOptions agents={agents} selected={filters.agentId} />
        </Select>
      </FilterField>
      <FilterField label="Assignee" htmlFor={`${ids}-assignee`} layout={layout}>
        <Select
          id={`${ids}-assignee`}
          value={filters.assignee ?? ''}
          onChange={(event) => setFilters({ assignee: event.target.value || null })}
          wrapperClassName={row ? 'w-44' : undefined}
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
      <FilterField label="Ended from" htmlFor={`${ids}-from`} layout={layout}>
        <Input
          id={`${ids}-from`}
          type="date"
          value={fromDay ?? ''}
          max={toDay ?? undefined}
          onChange={(event) => setFilters({ from: event.target.value || null })}
          className={row ? 'w-38' : undefined}
          title="Ended on or after"
        />
      </FilterField>
      {row ? (
        <span aria-hidden="true" className="text-fg-subtle">
          –
        </span>
      ) : null}
      <FilterField label="Ended to" htmlFor={`${ids}-to`} layout={layout}>
        <Input
          id={`${ids}-to`}
          type="date"
          value={toDay ?? ''}
          min={fromDay ?? undefined}
          onChange={(event) => setFilters({ to: event.target.value || null })}
          className={row ? 'w-38' : undefined}
          title="Ended on or before"
        />
      </FilterField>
    </div>
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
