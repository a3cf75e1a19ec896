import { listSavedViewsRoute, type SavedViewList } from '@callboard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { savedViewKeys } from './saved-view-keys.ts';

/** The built-in, personal and shared views, with counts for a reader in `timeZone`. */
export function listSavedViews(timeZone: string, signal?: AbortSignal): Promise<SavedViewList> {
  return callApi(listSavedViewsRoute, { query: new URLSearchParams({ tz: timeZone }), signal });
}

export function savedViewsQueryOptions(timeZone: string) {
  return queryOptions({
    queryKey: savedViewKeys.list(timeZone),
    queryFn: ({ signal }) => listSavedViews(timeZone, signal),
    // Counts cost more than a page of the list: live events only mark them stale
    // (app/live-dispatch.ts), and the menu refetches them when it opens.
    staleTime: 30_000,
  });
}

export function useSavedViews(timeZone: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...savedViewsQueryOptions(timeZone), enabled: options.enabled ?? true });
}
