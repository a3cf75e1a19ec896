// /api/v1/events (the live-update stream), its presence, and who has a call open
// (docs/live-updates.md).
import { z } from 'zod';
import { callViewersResponseSchema, setPresenceBodySchema } from '../events.ts';
import { defineRoute } from '../route.ts';
import { callAccess, inOrganisation } from './common.ts';

export const streamEventsRoute = defineRoute({
  operationId: 'streamEvents',
  method: 'get',
  base: '/api/v1',
  path: '/events',
  summary:
    "Server-sent events about the organisation's calls, people and the caller's notifications, until the session ends; docs/live-updates.md",
  auth: 'bearer',
  response: {
    status: 200,
    description:
      'text/event-stream: `event: <type>` and `data: <JSON>` per event (liveEventSchema), `ready` first with the stream id, a `heartbeat` every 30 s. Events carry ids only; refetch what changed. The server ends the stream when the session ends or the membership changes: reconnect.',
    mediaType: 'text/event-stream',
  },
  errors: {
    ...inOrganisation,
    503: 'UNAVAILABLE: the server is shutting down; reconnect after Retry-After (to another replica)',
  },
});

export const setPresenceRoute = defineRoute({
  operationId: 'setPresence',
  method: 'put',
  base: '/api/v1',
  path: '/events/presence',
  summary: "Say which call a stream's tab has open (null: none), for colleagues' viewer lists",
  auth: 'bearer',
  body: setPresenceBodySchema,
  bodyExample: { streamId: '6f1c9a52-3c1e-4f0e-9d55-0b8f0c1d2e3f', callId: 'call_8f2a' },
  response: { status: 204, description: 'Recorded' },
  errors: { ...callAccess, 404: "'Call not found', or the stream is another user's" },
});

export const listCallViewersRoute = defineRoute({
  operationId: 'listCallViewers',
  method: 'get',
  base: '/api/v1',
  path: '/calls/{callId}/viewers',
  summary: 'The colleagues who have the call open now (the caller included)',
  auth: 'bearer',
  params: z.object({ callId: z.string().min(1).max(200, 'must be at most 200 characters') }),
  response: { status: 200, description: 'Viewers', schema: callViewersResponseSchema },
  errors: callAccess,
});
