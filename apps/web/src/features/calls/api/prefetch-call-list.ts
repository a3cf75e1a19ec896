// The dashboard's first requests, started by its route loader as soon as the access token is
// known — beside GET /me instead of after it and after the page's code. The screen's own queries
// (same keys) then find them in flight or done.
import {
  agentsQueryOptions,
  getAgents,
  getMembers,
  membersQueryOptions,
} from '../../../lib/organisation-directory.ts';
import type { EarlyRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { parseCallListFilters, toCallListApiQuery } from '../hooks/use-call-list-filters.ts';
import { callsQueryOptions, getCalls } from './get-calls.ts';

/**
 * A prefetch that fails says nothing (`silent`): a user with no organisation is refused, as
 * expected, and any other failure is met again, and shown, by the screen's own request.
 */
const meta = { silent: true, errorToast: false } as const;
const ignore = () => undefined;

/** `early`: the list's request, when it went out before this code had loaded. */
export function prefetchCallList(
  search: URLSearchParams,
  accessToken: string,
  early?: EarlyRequest,
): void {
  const query = toCallListApiQuery(parseCallListFilters(search));
  queryClient
    .query({
      ...callsQueryOptions(query),
      queryFn: ({ signal }) => getCalls(query, signal, accessToken, early),
      meta,
    })
    .catch(ignore);
  queryClient
    .query({
      ...agentsQueryOptions(),
      queryFn: ({ signal }) => getAgents(signal, accessToken),
      meta,
    })
    .catch(ignore);
  queryClient
    .query({
      ...membersQueryOptions(),
      queryFn: ({ signal }) => getMembers(signal, accessToken),
      meta,
    })
    .catch(ignore);
}
