// GET /api/v1/events: one server-sent event stream per signed-in tab (docs/live-updates.md).
// Each event is `event: <type>` and `data: <the JSON below>`. Events carry ids, never content:
// a client refetches what changed, through the API, with what it may see.
import { z } from 'zod';
import { ACTIVITY_TYPES, memberSchema } from './calls.ts';

/** The product's real-time constants (docs/product.md, "Constants"). */
export const LIVE_TIMING = {
  /** The server sends a heartbeat this often. */
  heartbeatMs: 30_000,
  /** A stream silent for a heartbeat and this much more is taken for dead. */
  timeoutMs: 10_000,
  /** Waits before each reconnect; the last repeats. */
  backoffMs: [1_000, 2_000, 5_000, 10_000],
} as const;

const callId = z.string().min(1);

export const liveEventSchema = z.discriminatedUnion('type', [
  /** First on every stream: its id, which names the tab for presence. */
  z.object({ type: z.literal('ready'), streamId: z.uuid() }),
  z.object({ type: z.literal('heartbeat') }),
  /** Calls were added to the organisation (ingested, imported): how many. */
  z.object({ type: z.literal('calls.created'), count: z.number().int().positive() }),
  /** A call's assignee, status, deleted flag or content changed; its version now. */
  z.object({ type: z.literal('call.changed'), callId, version: z.number().int() }),
  /** A call's history has a new entry, by actorId (null: not a person). */
  z.object({
    type: z.literal('call.activity'),
    callId,
    activityId: z.uuid(),
    activityType: z.enum(ACTIVITY_TYPES),
    actorId: z.uuid().nullable(),
  }),
  /** Something for this user alone: the bell. */
  z.object({ type: z.literal('notification'), notificationId: z.uuid() }),
  /** The organisation's people changed (joined, left, renamed, role). */
  z.object({ type: z.literal('members.changed') }),
  /** Who has this call open changed. */
  z.object({ type: z.literal('presence.changed'), callId }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LiveEventType = LiveEvent['type'];

/** PUT /api/v1/events/presence: the call a stream's tab has open now (null: none). */
export const setPresenceBodySchema = z.object({
  streamId: z.uuid(),
  callId: z.string().min(1).max(200, 'must be at most 200 characters').nullable(),
});
export type SetPresenceBody = z.infer<typeof setPresenceBodySchema>;

/** GET /api/v1/calls/{callId}/viewers: the colleagues who have the call open now. */
export const callViewersResponseSchema = z.object({ viewers: z.array(memberSchema) });
export type CallViewersResponse = z.infer<typeof callViewersResponseSchema>;
