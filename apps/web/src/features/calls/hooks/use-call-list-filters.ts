// The call list's filters live in the URL (docs/architecture.md, "Front end"): links can be
// shared, Back undoes a change, a reload keeps the view. Whatever arrives in the URL is untrusted:
// each value is checked and a bad one falls back to its default, so a mistyped link still opens
// the list.
//
// Besides the filters the page has controls for, a link can carry the exact filters behind an
// analytics number (features/analytics builds those links). Every filter, its URL name and how
// it is read are declared once in packages/contract/src/call-list-filters.ts; this file adds
// the tab and paging. The list shows link filters as removable chips (active-filter-chips.tsx).
import {
  CALL_LIST_DEFAULTS,
  CALL_LIST_MAX_PAGE_SIZE,
  callFilterApiParams,
  callListSortSchema,
  DEFAULT_CALL_LIST_SORT,
  readCallListColumns,
  callFilterUrlParams,
  countCallFilters,
  hasCallFilters,
  NO_CALL_FILTERS,
  readCallFilters,
  readWholeNumber,
  type CallFilterValues,
  type CallListColumn,
  type CallListSort,
} from '@callboard/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { CallListApiQuery } from '../api/get-calls.ts';

export { isDay, SEARCH_MAX_LENGTH } from '@callboard/contract';

export const CALL_STATUS_TABS = ['open', 'closed', 'all'] as const;
export type CallStatusTab = (typeof CALL_STATUS_TABS)[number];

/** The page sizes offered; any other valid size from a link is kept and offered too. */
export const PAGE_SIZE_OPTIONS = [25, 50, 100, 250, 500] as const;

/**
 * The list's tab and paging, and every filter as packages/contract/src/call-list-filters.ts
 * declares it (null: not set). From and to are days (YYYY-MM-DD, the date inputs, `to`
 * inclusive) or exact instants from a link.
 */
export type CallListFilters = Omit<CallFilterValues, 'q'> & {
  /** Open (anything not Closed) by default. */
  status: CallStatusTab;
  /** Free text: caller, number, call id, summary. '' for none. */
  q: string;
  page: number;
  pageSize: number;
  /** Every matching call in one scrolling list instead of pages. */
  loadAll: boolean;
  /** The order (docs/search.md, "Sorting"); newest first by default. */
  sort: CallListSort;
  /**
   * The columns a link or a saved view shows (`cols`), overriding the reader's own choice; null:
   * the reader's own (use-call-list-columns.ts).
   */
  columns: CallListColumn[] | null;
};

export const DEFAULT_CALL_LIST_FILTERS: CallListFilters = {
  ...NO_CALL_FILTERS,
  status: 'open',
  q: '',
  page: CALL_LIST_DEFAULTS.page,
  pageSize: CALL_LIST_DEFAULTS.pageSize,
  loadAll: false,
  sort: DEFAULT_CALL_LIST_SORT,
  columns: null,
};

function isStatusTab(value: string | null): value is CallStatusTab {
  return (CALL_STATUS_TABS as readonly (string | null)[]).includes(value);
}

/** The browser's IANA time zone, as analytics and the list count weekdays and hours in it. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The filters alone, as the contract's functions take them (no search: null). */
export function callFilterValues(filters: CallListFilters): CallFilterValues {
  return { ...filters, q: filters.q.trim() || null };
}

/** A change to the filters as a change to the list's state (no search: ''). */
export function filtersPatch(patch: Partial<CallFilterValues>): Partial<CallListFilters> {
  const { q, ...rest } = patch;
  return q === undefined ? rest : { ...rest, q: q ?? '' };
}

export function parseCallListFilters(params: URLSearchParams): CallListFilters {
  const defaults = DEFAULT_CALL_LIST_FILTERS;
  const status = params.get('status');
  const loadAllParam = params.get('loadAll');
  const loadAll = loadAllParam === 'true' || loadAllParam === '1';
  const filters = readCallFilters((name) => params.get(name));
  const sort = callListSortSchema.safeParse(params.get('sort'));
  return {
    ...filters,
    status: isStatusTab(status) ? status : defaults.status,
    q: filters.q ?? '',
    // "Load all" has no pages.
    page: loadAll
      ? defaults.page
      : (readWholeNumber(params.get('page'), 1, 1_000_000) ?? defaults.page),
    pageSize:
      readWholeNumber(params.get('pageSize'), 1, CALL_LIST_MAX_PAGE_SIZE) ?? defaults.pageSize,
    loadAll,
    sort: sort.success ? sort.data : defaults.sort,
    columns: readCallListColumns(params.get('cols')),
  };
}

/**
 * The URL form: only what differs from the defaults, in a fixed order: the tab, the filters the
 * page has controls for, paging, the filters only links set, then the sort and the columns.
 */
export function serializeCallListFilters(filters: CallListFilters): URLSearchParams {
  const defaults = DEFAULT_CALL_LIST_FILTERS;
  const values = callFilterValues(filters);
  const params = new URLSearchParams();
  if (filters.status !== defaults.status) params.set('status', filters.status);
  for (const [name, value] of callFilterUrlParams(values, 'control')) params.set(name, value);
  if (!filters.loadAll && filters.page !== defaults.page) params.set('page', String(filters.page));
  if (filters.pageSize !== defaults.pageSize) params.set('pageSize', String(filters.pageSize));
  if (filters.loadAll) params.set('loadAll', 'true');
  for (const [name, value] of callFilterUrlParams(values, 'link')) params.set(name, value);
  if (filters.sort !== defaults.sort) params.set('sort', filters.sort);
  if (filters.columns) params.set('cols', filters.columns.join(','));
  return params;
}

/**
 * What to ask the API for: a day range becomes instants in the browser's time zone; instants
 * pass through in UTC; weekday and hour carry their zone.
 */
export function toCallListApiQuery(filters: CallListFilters): CallListApiQuery {
  return {
    status: filters.status,
    page: filters.loadAll ? 1 : filters.page,
    pageSize: filters.pageSize,
    loadAll: filters.loadAll,
    ...(filters.sort === DEFAULT_CALL_LIST_SORT ? {} : { sort: filters.sort }),
    ...callFilterApiParams(callFilterValues(filters), browserTimeZone()),
  };
}

/** True when anything narrows the list beyond its status tab. */
export function hasNarrowingFilters(filters: CallListFilters): boolean {
  return hasCallFilters(callFilterValues(filters));
}

/** How many narrowing filters are on (for a "Filters (2)" button). */
export function countNarrowingFilters(filters: CallListFilters): number {
  return countCallFilters(callFilterValues(filters));
}

export interface SetFiltersOptions {
  /** Replace the current history entry instead of adding one (while typing a search). */
  replace?: boolean;
}

export interface UseCallListFilters {
  filters: CallListFilters;
  /** Changes some filters. Anything but `page` or `columns` sends the list back to page 1. */
  setFilters: (patch: Partial<CallListFilters>, options?: SetFiltersOptions) => void;
  /** Clears the narrowing filters (those from links too), keeping the tab, page size and sort. */
  clearFilters: () => void;
}

export function useCallListFilters(): UseCallListFilters {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const filters = useMemo(() => parseCallListFilters(new URLSearchParams(search)), [search]);

  const setFilters = useCallback(
    (patch: Partial<CallListFilters>, options: SetFiltersOptions = {}) => {
      const changesPage = Object.keys(patch).every((key) => key === 'page' || key === 'columns');
      const next: CallListFilters = {
        ...filters,
        ...patch,
        page: changesPage ? (patch.page ?? filters.page) : DEFAULT_CALL_LIST_FILTERS.page,
      };
      const nextParams = serializeCallListFilters(next);
      if (nextParams.toString() === search) return;
      setSearchParams(nextParams, {
        replace: options.replace ?? false,
        preventScrollReset: true,
      });
    },
    [filters, search, setSearchParams],
  );

  const clearFilters = useCallback(() => setFilters(filtersPatch(NO_CALL_FILTERS)), [setFilters]);

  return { filters, setFilters, clearFilters };
}
