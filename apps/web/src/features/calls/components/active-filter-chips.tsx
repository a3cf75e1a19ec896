// The filters a link brought that the page has no control for (an analytics drill-down: an exact
// time range, one status, a sentiment, a weekday and hour …), each as a chip that says in words
// why the list shows what it shows, and removes that filter when dismissed.
import { callFilterChips, type CallFilterName, type ChipWords } from '@callboard/contract';
import { IconX } from '../../../components/ui/icons.tsx';
import { formatDate, formatDateTime, formatTime } from '../../../lib/format.ts';
import {
  browserTimeZone,
  callFilterValues,
  filtersPatch,
  type CallListFilters,
  type UseCallListFilters,
} from '../hooks/use-call-list-filters.ts';
import { disconnectionReasonLabel, SENTIMENT_LABELS } from '../../../lib/call-labels.ts';

export interface FilterChip {
  key: CallFilterName;
  label: string;
  /** What removing the chip changes. */
  patch: Partial<CallListFilters>;
}

const weekdayName = new Intl.DateTimeFormat('en', { weekday: 'long' });

/** "Tuesday" for ISO weekday 2 (1 is Monday). */
function weekdayLabel(weekday: number): string {
  // 1 January 2024 was a Monday.
  return weekdayName.format(new Date(2024, 0, weekday));
}

/** "14:00–15:00" in the user's clock style. */
export function hourLabel(hour: number): string {
  return `${formatTime(new Date(2024, 0, 1, hour))}–${formatTime(new Date(2024, 0, 1, hour + 1))}`;
}

function isLocalMidnight(date: Date): boolean {
  return (
    date.getHours() === 0 &&
    date.getMinutes() === 0 &&
    date.getSeconds() === 0 &&
    date.getMilliseconds() === 0
  );
}

/**
 * A time range in words: whole local days as days ("12 Nov 2026", "22 Oct 2026 – 21 Nov 2026"),
 * anything else to the minute. `to` is exclusive.
 */
export function rangeLabel(from: string | null, to: string | null): string {
  const start = from ? new Date(from) : null;
  const end = to ? new Date(to) : null;
  if (start && end) {
    if (isLocalMidnight(start) && isLocalMidnight(end)) {
      const lastDay = new Date(end.getFullYear(), end.getMonth(), end.getDate() - 1);
      return lastDay.getTime() === start.getTime()
        ? `on ${formatDate(start)}`
        : `between ${formatDate(start)} and ${formatDate(lastDay)}`;
    }
    return `between ${formatDateTime(start)} and ${formatDateTime(end)}`;
  }
  if (start) return `from ${formatDateTime(start)}`;
  if (end) return `before ${formatDateTime(end)}`;
  return '';
}

/** Each chip's wording is declared with its filter (packages/contract/src/call-list-filters.ts). */
export function filterChips(
  filters: CallListFilters,
  timeZone: string = browserTimeZone(),
): FilterChip[] {
  const words: ChipWords = {
    range: rangeLabel,
    weekday: weekdayLabel,
    hour: hourLabel,
    sentiment: (sentiment) => SENTIMENT_LABELS[sentiment],
    disconnectionReason: disconnectionReasonLabel,
    timeZone,
  };
  return callFilterChips(callFilterValues(filters), words).map((chip) => ({
    ...chip,
    patch: filtersPatch(chip.patch),
  }));
}

export function ActiveFilterChips({
  filters,
  setFilters,
}: {
  filters: CallListFilters;
  setFilters: UseCallListFilters['setFilters'];
}) {
  const chips = filterChips(filters);
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Active filters" className="flex flex-wrap items-center gap-2">
      {chips.map((chip) => (
        <li
          key={chip.key}
          className="inline-flex max-w-full items-center gap-1 rounded-full border border-info-border bg-info-bg py-0.5 pr-0.5 pl-3 text-sm text-info-fg"
        >
          <span className="min-w-0 truncate" title={chip.label}>
            {chip.label}
          </span>
          <button
            type="button"
            aria-label={`Remove filter: ${chip.label}`}
            title="Remove filter"
            onClick={() => setFilters(chip.patch)}
            className="flex size-6 shrink-0 items-center justify-center rounded-full hover:bg-info-border/60 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
          >
            <IconX className="size-3.5" />
          </button>
        </li>
      ))}
    </ul>
  );
}
