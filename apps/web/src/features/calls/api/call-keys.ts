// The calls feature's cache keys, in one place so that mutations invalidate exactly what the
// queries stored. Lists hang under ['calls', 'list'], one call under ['calls', 'detail', id], its
// viewers under ['calls', 'viewers', id].
import type { CallListApiQuery } from './get-calls.ts';

export const callKeys = {
  all: ['calls'] as const,
  lists: () => ['calls', 'list'] as const,
  list: (query: CallListApiQuery) => ['calls', 'list', query] as const,
  details: () => ['calls', 'detail'] as const,
  detail: (callId: string) => ['calls', 'detail', callId] as const,
  /** Who else has the call open (presence, docs/live-updates.md). */
  viewers: (callId: string) => ['calls', 'viewers', callId] as const,
  /** Mutations of one call (to tell whether others are still in flight). */
  mutations: (callId: string) => ['calls', 'mutation', callId] as const,
};
