// Previous and next call in the list view the call was opened from. The view travels in router
// state (its search string, see components/call-links.ts); its rows are the list's own query, so
// the cache usually answers at once. At a page's first or last row the neighbouring page is
// fetched, and stepping onto it moves the view to that page. A call that leaves the view while
// it is open (closed on the Open tab, say) keeps the neighbours it had.
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { formatCount } from '../../../lib/format.ts';
import { callsQueryOptions } from '../api/get-calls.ts';
import { hasListState } from '../components/call-links.ts';
import {
  parseCallListFilters,
  serializeCallListFilters,
  toCallListApiQuery,
  type CallListFilters,
} from './use-call-list-filters.ts';

export interface AdjacentCall {
  callId: string;
  /** The view's search string once there (another page, when stepping across one). */
  listSearch: string;
}

export interface AdjacentCalls {
  /** False when the page was not opened from the list: there is nothing to step through. */
  fromList: boolean;
  previous: AdjacentCall | null;
  next: AdjacentCall | null;
  /** Why previous (or next) is not available, when it is not. */
  previousReason: string | null;
  nextReason: string | null;
  /** "Call 3 of 1,204", when the call is in the view. */
  position: string | null;
}

const NOT_FROM_LIST: AdjacentCalls = {
  fromList: false,
  previous: null,
  next: null,
  previousReason: null,
  nextReason: null,
  position: null,
};

const DEFAULT_QUERY = toCallListApiQuery(parseCallListFilters(new URLSearchParams()));

/** The stepper says why it cannot step; a failed list needs no toast of its own. */
const QUIET = { errorToast: false } as const;

function searchFor(filters: CallListFilters): string {
  const params = serializeCallListFilters(filters).toString();
  return params ? `?${params}` : '';
}

export function useAdjacentCalls(callId: string, state: unknown): AdjacentCalls {
  const listSearch = hasListState(state) ? state.listSearch : null;
  const filters = useMemo(
    () => (listSearch === null ? null : parseCallListFilters(new URLSearchParams(listSearch))),
    [listSearch],
  );
  const query = useMemo(() => (filters ? toCallListApiQuery(filters) : null), [filters]);
  const list = useQuery({
    ...callsQueryOptions(query ?? DEFAULT_QUERY),
    enabled: query !== null,
    meta: QUIET,
  });
  const rows = list.data?.rows;
  const index = rows ? rows.findIndex((row) => row.call_id === callId) : -1;
  const paged = filters !== null && !filters.loadAll;
  const page = filters?.page ?? 1;
  const pageSize = filters?.pageSize ?? 1;
  const total = list.data?.total ?? 0;
  const needsPrevious = paged && index === 0 && page > 1;
  const needsNext =
    paged && rows !== undefined && index === rows.length - 1 && page * pageSize < total;

  const previousPage = useQuery({
    ...callsQueryOptions({ ...(query ?? DEFAULT_QUERY), page: page - 1 }),
    enabled: query !== null && needsPrevious,
    meta: QUIET,
  });
  const nextPage = useQuery({
    ...callsQueryOptions({ ...(query ?? DEFAULT_QUERY), page: page + 1 }),
    enabled: query !== null && needsNext,
    meta: QUIET,
  });

  const adjacent = computeAdjacent();
  // Where the call was in the view, kept for when it leaves the view while open.
  const [remembered, setRemembered] = useState<{ key: string; value: AdjacentCalls } | null>(null);
  const foundKey = index >= 0 ? JSON.stringify(adjacent) : null;
  // Kept from an earlier render (React's "storing information from previous renders").
  if (foundKey !== null && foundKey !== remembered?.key) {
    setRemembered({ key: foundKey, value: adjacent });
  }
  if (index < 0 && remembered && !list.isPending) return { ...remembered.value, position: null };
  return adjacent;

  function computeAdjacent(): AdjacentCalls {
    if (filters === null || listSearch === null) return NOT_FROM_LIST;
    if (list.isPending) {
      const reason = 'Loading the list…';
      return { ...NOT_FROM_LIST, fromList: true, previousReason: reason, nextReason: reason };
    }
    if (index < 0) {
      const reason = list.isError
        ? "The list you came from couldn't be loaded"
        : 'This call is not in the list you came from';
      return { ...NOT_FROM_LIST, fromList: true, previousReason: reason, nextReason: reason };
    }

    let previous: AdjacentCall | null = null;
    let previousReason: string | null = null;
    const before = rows?.[index - 1];
    if (before) {
      previous = { callId: before.call_id, listSearch };
    } else if (needsPrevious) {
      const last = previousPage.data?.rows.at(-1);
      if (last)
        previous = { callId: last.call_id, listSearch: searchFor({ ...filters, page: page - 1 }) };
      else
        previousReason = previousPage.isError
          ? "The previous page couldn't be loaded"
          : 'Loading the previous page…';
    } else {
      previousReason = 'This is the first call in the list';
    }

    let next: AdjacentCall | null = null;
    let nextReason: string | null = null;
    const after = rows?.[index + 1];
    if (after) {
      next = { callId: after.call_id, listSearch };
    } else if (needsNext) {
      const first = nextPage.data?.rows[0];
      if (first)
        next = { callId: first.call_id, listSearch: searchFor({ ...filters, page: page + 1 }) };
      else
        nextReason = nextPage.isError
          ? "The next page couldn't be loaded"
          : 'Loading the next page…';
    } else {
      nextReason = 'This is the last call in the list';
    }

    const offset = paged ? (page - 1) * pageSize : 0;
    const result: AdjacentCalls = {
      fromList: true,
      previous,
      next,
      previousReason,
      nextReason,
      position: `Call ${formatCount(offset + index + 1)} of ${formatCount(total)}`,
    };
    return result;
  }
}
