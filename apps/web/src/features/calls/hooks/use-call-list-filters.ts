// The call list's filters live in the URL (DESIGN §6): links can be shared, Back undoes a change,
// a reload keeps the view. Whatever arrives in the URL is untrusted: each value is checked and a
// bad one falls back to its default, so a mistyped link still opens the list.
import { CALL_LIST_DEFAULTS, CALL_LIST_MAX_PAGE_SIZE } from '@callboard/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { CallListApiQuery } from '../api/get-calls.ts';

export const CALL_STATUS_TABS = ['open', 'closed', 'all'] as const;
export type CallStatusTab = (typeof CALL_STATUS_TABS)[number];

/** The page sizes offered; any other valid size from a link is kept and offered too. */
export const PAGE_SIZE_OPTIONS = [25, 50, 100, 250, 500] as const;

/** Longest search the API accepts. */
export const SEARCH_MAX_LENGTH = 200;

export interface CallListFilters {
  /** Open (anything not Closed) by default. */
  status: CallStatusTab;
  /** Free text: caller, number, call id, summary. '' for none. */
  q: string;
  agentId: string | null;
  /** 'me', 'unassigned' or a colleague's id. */
  assignee: string | null;
  /** First day, inclusive, as YYYY-MM-DD in the browser's time zone. */
  from: string | null;
  /** Last day, inclusive, as YYYY-MM-DD in the browser's time zone. */
  to: string | null;
  page: number;
  pageSize: number;
  /** Every matching call in one scrolling list instead of pages. */
  loadAll: boolean;
}

export const DEFAULT_CALL_LIST_FILTERS: CallListFilters = {
  status: 'open',
  q: '',
  agentId: null,
  assignee: null,
  from: null,
  to: null,
  page: CALL_LIST_DEFAULTS.page,
  pageSize: CALL_LIST_DEFAULTS.pageSize,
  loadAll: false,
};

/** URL parameter names, in the order they are written. */
const PARAM = {
  status: 'status',
  q: 'q',
  agentId: 'agent',
  assignee: 'assignee',
  from: 'from',
  to: 'to',
  page: 'page',
  pageSize: 'pageSize',
  loadAll: 'loadAll',
} as const satisfies Record<keyof CallListFilters, string>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/u;
const WHOLE_NUMBER = /^\d{1,7}$/u;

function isStatusTab(value: string | null): value is CallStatusTab {
  return (CALL_STATUS_TABS as readonly (string | null)[]).includes(value);
}

/** A local calendar day, or null unless `value` is a real YYYY-MM-DD date. */
function parseDay(value: string | null): { year: number; month: number; day: number } | null {
  const match = value ? ISO_DAY.exec(value) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) {
    return null; // 2026-02-30 and the like
  }
  return { year, month, day };
}

function validDay(value: string | null): string | null {
  return parseDay(value) ? value : null;
}

function wholeNumber(value: string | null, min: number, max: number): number | null {
  if (!value || !WHOLE_NUMBER.test(value)) return null;
  const number = Number(value);
  return number >= min && number <= max ? number : null;
}

export function parseCallListFilters(params: URLSearchParams): CallListFilters {
  const defaults = DEFAULT_CALL_LIST_FILTERS;
  const status = params.get(PARAM.status);
  const q = (params.get(PARAM.q) ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
  const agentId = params.get(PARAM.agentId)?.trim() ?? '';
  const assignee = params.get(PARAM.assignee) ?? '';
  let from = validDay(params.get(PARAM.from));
  let to = validDay(params.get(PARAM.to));
  if (from && to && from > to) {
    from = null; // a range that ends before it starts: ignore it rather than show nothing
    to = null;
  }
  const loadAllParam = params.get(PARAM.loadAll);
  const loadAll = loadAllParam === 'true' || loadAllParam === '1';
  return {
    status: isStatusTab(status) ? status : defaults.status,
    q,
    agentId: agentId && agentId.length <= 200 ? agentId : null,
    assignee:
      assignee === 'me' || assignee === 'unassigned' || UUID.test(assignee)
        ? assignee.toLowerCase()
        : null,
    from,
    to,
    // "Load all" has no pages.
    page: loadAll
      ? defaults.page
      : (wholeNumber(params.get(PARAM.page), 1, 1_000_000) ?? defaults.page),
    pageSize:
      wholeNumber(params.get(PARAM.pageSize), 1, CALL_LIST_MAX_PAGE_SIZE) ?? defaults.pageSize,
    loadAll,
  };
}

/** The URL form: only what differs from the defaults, in a fixed order. */
export function serializeCallListFilters(filters: CallListFilters): URLSearchParams {
  const defaults = DEFAULT_CALL_LIST_FILTERS;
  const params = new URLSearchParams();
  if (filters.status !== defaults.status) params.set(PARAM.status, filters.status);
  const q = filters.q.trim();
  if (q) params.set(PARAM.q, q);
  if (filters.agentId) params.set(PARAM.agentId, filters.agentId);
  if (filters.assignee) params.set(PARAM.assignee, filters.assignee);
  if (filters.from) params.set(PARAM.from, filters.from);
  if (filters.to) params.set(PARAM.to, filters.to);
  if (!filters.loadAll && filters.page !== defaults.page) {
    params.set(PARAM.page, String(filters.page));
  }
  if (filters.pageSize !== defaults.pageSize) params.set(PARAM.pageSize, String(filters.pageSize));
  if (filters.loadAll) params.set(PARAM.loadAll, 'true');
  return params;
}

/** The start of a local calendar day as an ISO instant; `addDays` moves it (DST-safe). */
export function localDayStart(day: string, addDays = 0): string | null {
  const parts = parseDay(day);
  if (!parts) return null;
  return new Date(parts.year, parts.month - 1, parts.day + addDays).toISOString();
}

/** What to ask the API for: the day range becomes instants in the browser's time zone. */
export function toCallListApiQuery(filters: CallListFilters): CallListApiQuery {
  const query: CallListApiQuery = {
    status: filters.status,
    page: filters.loadAll ? 1 : filters.page,
    pageSize: filters.pageSize,
    loadAll: filters.loadAll,
  };
  if (filters.q.trim()) query.q = filters.q.trim();
  if (filters.agentId) query.agentId = filters.agentId;
  if (filters.assignee) query.assignee = filters.assignee;
  const from = filters.from ? localDayStart(filters.from) : null;
  const to = filters.to ? localDayStart(filters.to, 1) : null; // the API's `to` is exclusive
  if (from) query.from = from;
  if (to) query.to = to;
  return query;
}

/** True when anything narrows the list beyond its status tab. */
export function hasNarrowingFilters(filters: CallListFilters): boolean {
  return Boolean(filters.q || filters.agentId || filters.assignee || filters.from || filters.to);
}

/** How many narrowing filters are on (for a "Filters (2)" button). */
export function countNarrowingFilters(filters: CallListFilters): number {
  return [filters.agentId, filters.assignee, filters.from || filters.to].filter(Boolean).length;
}

export interface SetFiltersOptions {
  /** Replace the current history entry instead of adding one (while typing a search). */
  replace?: boolean;
}

export interface UseCallListFilters {
  filters: CallListFilters;
  /** Changes some filters. Anything but `page` itself sends the list back to page 1. */
  setFilters: (patch: Partial<CallListFilters>, options?: SetFiltersOptions) => void;
  /** Clears the narrowing filters, keeping the tab and page size. */
  clearFilters: () => void;
}

export function useCallListFilters(): UseCallListFilters {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const filters = useMemo(() => parseCallListFilters(new URLSearchParams(search)), [search]);

  const setFilters = useCallback(
    (patch: Partial<CallListFilters>, options: SetFiltersOptions = {}) => {
      const changesPage = Object.keys(patch).every((key) => key === 'page');
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

  const clearFilters = useCallback(
    () =>
      setFilters({
        q: DEFAULT_CALL_LIST_FILTERS.q,
        agentId: null,
        assignee: null,
        from: null,
        to: null,
      }),
    [setFilters],
  );

  return { filters, setFilters, clearFilters };
}
