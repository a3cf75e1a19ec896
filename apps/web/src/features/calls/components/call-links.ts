// Moving between the list and a call: the call page gets the list's search string in router
// state, so "Back to calls" returns to the same tab, filters and page.

export interface CallLocationState {
  listSearch?: string;
}

export const CALL_LIST_PATH = '/dashboard';

export function callPagePath(callId: string): string {
  return `/call/${encodeURIComponent(callId)}`;
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
