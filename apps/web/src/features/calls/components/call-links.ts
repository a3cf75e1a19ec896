// Moving between the list and a call: the call page gets the list's search string in router
// state, so "Back to calls" returns to the same tab, filters and page, and previous/next step
// through that same view.

export interface CallLocationState {
  listSearch?: string;
  /**
   * False once previous/next moved to a call on another page of the list: the history entry
   * before this one is then not that page, so going back is a link rather than history's Back.
   */
  historyBack?: boolean;
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

/** True when the entry before this one in history is the list at state's `listSearch`. */
export function returnsByHistory(state: unknown): boolean {
  return (
    hasListState(state) &&
    !('historyBack' in state && (state as CallLocationState).historyBack === false)
  );
}

/** The list's URL from router state; anything that is not a search string is ignored. */
export function callListPath(state: unknown): string {
  return hasListState(state) ? `${CALL_LIST_PATH}${state.listSearch}` : CALL_LIST_PATH;
}
