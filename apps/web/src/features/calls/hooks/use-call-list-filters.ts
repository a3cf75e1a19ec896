// The call list's filters live in the URL (docs/architecture.md, "Front end"): links can be
// shared, Back undoes a change, a reload keeps the view. Whatever arrives in the URL is untrusted:
// each value is checked and a bad one falls back to its default, so a mistyped link still opens
// the list.
//
// Besides the filters the page has controls for, a link can carry the exact filters behind an
// analytics number (features/analytics builds those links): `from`/`to` as instants instead of
// days, one exact status, a sentiment, a disconnection reason, a weekday and hour in a time zone,
// and a "closed between" range. The list shows each as a removable chip (active-filter-chips.tsx).
import {
  CALL_LIST_DEFAULTS,
  CALL_LIST_MAX_PAGE_SIZE,
  CALL_STATUSES,
  SENTIMENTS,
  type CallStatus,
  type Sentiment,
} from '@callboard/contract';
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
  /**
   * Ended from: a first day, inclusive, as YYYY-MM-DD in the browser's time zone (the date
   * inputs), or an exact instant (ISO date-time with offset, inclusive) from a link.
   */
  from: string | null;
  /** Ended to: a last day, inclusive (YYYY-MM-DD), or an exact instant, exclusive. */
  to: string | null;
  page: number;
  pageSize: number;
  /** Every matching call in one scrolling list instead of pages. */
  loadAll: boolean;
  /** One status exactly, within the status tab. */
  callStatus: CallStatus | null;
  /** 'none': calls without a sentiment. */
  sentiment: Sentiment | 'none' | null;
  /** A disconnection reason as stored (caller_hangup …); 'none': calls without one. */
  disconnectionReason: string | null;
  /** ISO weekday of the end time: 1 Monday … 7 Sunday, in `tz`. */
  weekday: number | null;
  /** Hour of the end time, 0 … 23, in `tz`. */
  hour: number | null;
  /** IANA time zone of weekday and hour; null: the browser's. */
  tz: string | null;
  /** Calls changed to Closed within [closedFrom, closedTo): ISO instants. */
  closedFrom: string | null;
  closedTo: string | null;
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
  callStatus: null,
  sentiment: null,
  disconnectionReason: null,
  weekday: null,
  hour: null,
  tz: null,
  closedFrom: null,
  closedTo: null,
};

/** The filters that only links set (no control of their own): shown as chips. */
export const LINK_FILTER_KEYS = [
  'callStatus',
  'sentiment',
  'disconnectionReason',
  'weekday',
  'hour',
  'tz',
  'closedFrom',
  'closedTo',
] as const satisfies readonly (keyof CallListFilters)[];

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
  callStatus: 'callStatus',
  sentiment: 'sentiment',
  disconnectionReason: 'disconnectionReason',
  weekday: 'weekday',
  hour: 'hour',
  tz: 'tz',
  closedFrom: 'closedFrom',
  closedTo: 'closedTo',
} as const satisfies Record<keyof CallListFilters, string>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/u;
const WHOLE_NUMBER = /^\d{1,7}$/u;
/** What the API takes for an instant: an ISO date-time with Z or an offset. */
const ISO_INSTANT =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/u;
const REASON_MAX_LENGTH = 100;
const TIME_ZONE_MAX_LENGTH = 64;

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

/** True for a YYYY-MM-DD day (the date inputs' form), false for an instant. */
export function isDay(value: string | null): value is string {
  return parseDay(value) !== null;
}

function validInstant(value: string | null): string | null {
  if (!value || !ISO_INSTANT.test(value) || Number.isNaN(Date.parse(value))) return null;
  // Date.parse rolls 2026-02-30 over into March; the calendar date itself must exist.
  const [year, month, day] = value.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1));
  return date.toISOString().slice(0, 10) === value.slice(0, 10) ? value : null;
}

/** A day or an instant, or null. */
function validDayOrInstant(value: string | null): string | null {
  return validDay(value) ?? validInstant(value);
}

/** A bound as an instant (a day counts from its local midnight; `to` days are inclusive). */
function boundTime(value: string, end: 'from' | 'to'): number {
  const day = isDay(value) ? localDayStart(value, end === 'to' ? 1 : 0) : value;
  return Date.parse(day ?? value);
}

export function isTimeZone(value: string): boolean {
  if (!value || value.length > TIME_ZONE_MAX_LENGTH) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The browser's IANA time zone, as analytics and the list count weekdays and hours in it. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return (values as readonly (string | null)[]).includes(value) ? (value as T) : null;
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
  let from = validDayOrInstant(params.get(PARAM.from));
  let to = validDayOrInstant(params.get(PARAM.to));
  if (from && to && boundTime(from, 'from') >= boundTime(to, 'to')) {
    from = null; // a range that ends before it starts: ignore it rather than show nothing
    to = null;
  }
  let closedFrom = validInstant(params.get(PARAM.closedFrom));
  let closedTo = validInstant(params.get(PARAM.closedTo));
  if (closedFrom && closedTo && Date.parse(closedFrom) >= Date.parse(closedTo)) {
    closedFrom = null;
    closedTo = null;
  }
  const reason = params.get(PARAM.disconnectionReason)?.trim() ?? '';
  const weekday = wholeNumber(params.get(PARAM.weekday), 1, 7);
  const hour = wholeNumber(params.get(PARAM.hour), 0, 23);
  const tz = params.get(PARAM.tz) ?? '';
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
    callStatus: oneOf(CALL_STATUSES, params.get(PARAM.callStatus)),
    sentiment: oneOf([...SENTIMENTS, 'none'], params.get(PARAM.sentiment)),
    disconnectionReason: reason && reason.length <= REASON_MAX_LENGTH ? reason : null,
    weekday,
    hour,
    // A zone matters only for a weekday or an hour.
    tz: (weekday !== null || hour !== null) && isTimeZone(tz) ? tz : null,
    closedFrom,
    closedTo,
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
  if (filters.callStatus) params.set(PARAM.callStatus, filters.callStatus);
  if (filters.sentiment) params.set(PARAM.sentiment, filters.sentiment);
  if (filters.disconnectionReason) {
    params.set(PARAM.disconnectionReason, filters.disconnectionReason);
  }
  if (filters.weekday !== null) params.set(PARAM.weekday, String(filters.weekday));
  if (filters.hour !== null) params.set(PARAM.hour, String(filters.hour));
  if (filters.tz && (filters.weekday !== null || filters.hour !== null)) {
    params.set(PARAM.tz, filters.tz);
  }
  if (filters.closedFrom) params.set(PARAM.closedFrom, filters.closedFrom);
  if (filters.closedTo) params.set(PARAM.closedTo, filters.closedTo);
  return params;
}

/** The start of a local calendar day as an ISO instant; `addDays` moves it (DST-safe). */
export function localDayStart(day: string, addDays = 0): string | null {
  const parts = parseDay(day);
  if (!parts) return null;
  return new Date(parts.year, parts.month - 1, parts.day + addDays).toISOString();
}

/** An instant as the API takes it (UTC, with milliseconds). */
function toApiInstant(value: string): string {
  return new Date(value).toISOString();
}

/**
 * What to ask the API for: a day range becomes instants in the browser's time zone; instants
 * pass through; weekday and hour carry their zone.
 */
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
  const from = !filters.from
    ? null
    : isDay(filters.from)
      ? localDayStart(filters.from)
      : toApiInstant(filters.from);
  const to = !filters.to
    ? null
    : isDay(filters.to)
      ? localDayStart(filters.to, 1) // the API's `to` is exclusive; a last day is inclusive
      : toApiInstant(filters.to);
  if (from) query.from = from;
  if (to) query.to = to;
  if (filters.callStatus) query.callStatus = filters.callStatus;
  if (filters.sentiment) query.sentiment = filters.sentiment;
  if (filters.disconnectionReason) query.disconnectionReason = filters.disconnectionReason;
  if (filters.weekday !== null) query.weekday = filters.weekday;
  if (filters.hour !== null) query.hour = filters.hour;
  if (filters.weekday !== null || filters.hour !== null) {
    query.tz = filters.tz ?? browserTimeZone();
  }
  if (filters.closedFrom) query.closedFrom = toApiInstant(filters.closedFrom);
  if (filters.closedTo) query.closedTo = toApiInstant(filters.closedTo);
  return query;
}

/** True when a link set a filter the page has no control for (so it shows chips). */
export function hasLinkFilters(filters: CallListFilters): boolean {
  return (
    LINK_FILTER_KEYS.some((key) => filters[key] !== null) ||
    (filters.from !== null && !isDay(filters.from)) ||
    (filters.to !== null && !isDay(filters.to))
  );
}

/** True when anything narrows the list beyond its status tab. */
export function hasNarrowingFilters(filters: CallListFilters): boolean {
  return Boolean(
    filters.q ||
    filters.agentId ||
    filters.assignee ||
    filters.from ||
    filters.to ||
    hasLinkFilters(filters),
  );
}

/** How many narrowing filters are on (for a "Filters (2)" button). */
export function countNarrowingFilters(filters: CallListFilters): number {
  return [
    filters.agentId,
    filters.assignee,
    filters.from || filters.to,
    filters.callStatus,
    filters.sentiment,
    filters.disconnectionReason,
    filters.weekday !== null || filters.hour !== null,
    filters.closedFrom || filters.closedTo,
  ].filter(Boolean).length;
}

export interface SetFiltersOptions {
  /** Replace the current history entry instead of adding one (while typing a search). */
  replace?: boolean;
}

export interface UseCallListFilters {
  filters: CallListFilters;
  /** Changes some filters. Anything but `page` itself sends the list back to page 1. */
  setFilters: (patch: Partial<CallListFilters>, options?: SetFiltersOptions) => void;
  /** Clears the narrowing filters (those from links too), keeping the tab and page size. */
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
        callStatus: null,
        sentiment: null,
        disconnectionReason: null,
        weekday: null,
        hour: null,
        tz: null,
        closedFrom: null,
        closedTo: null,
      }),
    [setFilters],
  );

  return { filters, setFilters, clearFilters };
}
