// Presence (docs/live-updates.md, "Client"): this tab tells the server which call it shows, named
// by its event stream's id, and asks who else has the call open.
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiClient } from '../../../lib/api-client.ts';
import { callKeys } from './call-keys.ts';

const viewerSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export type Viewer = z.infer<typeof viewerSchema>;

const viewersResponseSchema = z.object({ viewers: z.array(viewerSchema) });

/** PUT /api/v1/events/presence: `callId` is the call this tab shows, null when it shows none. */
export function putPresence(streamId: string, callId: string | null): Promise<unknown> {
  return apiClient.request('/events/presence', {
    method: 'PUT',
    body: { streamId, callId },
    schema: z.unknown(),
  });
}

export async function getViewers(callId: string, signal?: AbortSignal): Promise<Viewer[]> {
  const { viewers } = await apiClient.request(`/calls/${encodeURIComponent(callId)}/viewers`, {
    schema: viewersResponseSchema,
    signal,
  });
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
