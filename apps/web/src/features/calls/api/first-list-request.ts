// The call list's first request when the dashboard's address sets nothing (the default list),
// written out so that it can go out at start-up as soon as the access token arrives: before the
// list's code, and the contract that code is built from, have loaded. The test beside it holds it
// equal to what that code asks for.

const DEFAULT_LIST_REQUEST = '/calls?status=open&page=1&pageSize=100';

/** The path (relative to /api/v1) of the list's first request, when it is the default one. */
export function firstCallListRequest(search: URLSearchParams): string | null {
  // Not `search.size`: Safari before 17 has no such property.
  return search.toString() === '' ? DEFAULT_LIST_REQUEST : null;
}
