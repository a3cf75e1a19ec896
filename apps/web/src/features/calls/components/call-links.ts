// Moving between the list and a call: the call page gets the list's search string in router
// state, so "Back to calls" returns to the same tab, filters and page.

export interface CallLocationState {
  listSearch?: string;
}

export const CALL_LIST_PATH = '/dashboard';

/**
 * The call's page. With the list's search (`q`), the page marks the search's words in the
 * transcript (docs/search.md, "Search").
 */
export function callPagePath(callId: string, q?: string | null): string {
  const path = `/call/${encodeURIComponent(callId)}`;
  return q ? `${path}?${new URLSearchParams({ q }).toString()}` : path;
}

/** True when router state says the page was opened from the call list. */
export function hasListState(state: unknown): state is { listSearch: string } {
  return (
    typeof state === 'object' &&
    state !== null &&
    'listSearch' in state &&
    typeof state.listSearch === 'string' &&
    (state.listSearch === '' || state.listSearch.startsWith('?'))
  );
}

/** The list's URL from router state; anything that is not a search string is ignored. */
export function callListPath(state: unknown): string {
  return hasListState(state) ? `${CALL_LIST_PATH}${state.listSearch}` : CALL_LIST_PATH;
}
