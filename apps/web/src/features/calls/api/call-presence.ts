// Presence (docs/live-updates.md, "Client"): this tab tells the server which call it shows, named
// by its event stream's id, and asks who else has the call open.
import { listCallViewersRoute, setPresenceRoute, type Member } from '@callboard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { callKeys } from './call-keys.ts';

export type Viewer = Member;

/** PUT /api/v1/events/presence: `callId` is the call this tab shows, null when it shows none. */
export function putPresence(streamId: string, callId: string | null): Promise<unknown> {
  return callApi(setPresenceRoute, { body: { streamId, callId } });
}

export async function getViewers(callId: string, signal?: AbortSignal): Promise<Viewer[]> {
  const { viewers } = await callApi(listCallViewersRoute, { params: { callId }, signal });
  return viewers;
}

export function viewersQueryOptions(callId: string) {
  return queryOptions({
    queryKey: callKeys.viewers(callId),
    queryFn: ({ signal }) => getViewers(callId, signal),
    // Extra information: a failure leaves the avatars out rather than interrupting with a toast.
    meta: { errorToast: false },
  });
}

export function useViewers(callId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...viewersQueryOptions(callId), enabled });
}
