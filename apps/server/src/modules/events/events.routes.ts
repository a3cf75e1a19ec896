import { listCallViewersRoute, setPresenceRoute, streamEventsRoute } from '@callboard/contract';
import { serve } from '../../http/routes.ts';
import { listCallViewers, setPresence, streamEvents } from './events.service.ts';
import type { LiveHub } from './live-hub.ts';

export const eventRoutes = (hub: LiveHub) => [
  serve(streamEventsRoute, (c) => streamEvents(c.var.db, c.var.claims, hub)),
  serve(setPresenceRoute, (c, { body }) => setPresence(c.var.db, c.var.claims, body)),
  serve(listCallViewersRoute, (c, { params }) =>
    listCallViewers(c.var.db, c.var.claims, params.callId),
  ),
];
