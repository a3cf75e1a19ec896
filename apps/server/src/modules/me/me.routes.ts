import {
  endOtherOwnSessionsRoute,
  endOwnSessionRoute,
  getMeRoute,
  listOwnSessionsRoute,
  updateMeRoute,
} from '@callboard/contract';
import { serve } from '../../http/routes.ts';
import { getMe, updateMe } from './me.service.ts';
import { endOtherOwnSessions, endOwnSession, listOwnSessions } from './sessions.service.ts';

export const meRoutes = [
  serve(getMeRoute, (c) => getMe(c.var.db, c.var.claims)),
  serve(updateMeRoute, (c, { body }) => updateMe(c.var.db, c.var.claims, body)),
  serve(listOwnSessionsRoute, (c) => listOwnSessions(c.var.db, c.var.claims)),
  serve(endOtherOwnSessionsRoute, (c) => endOtherOwnSessions(c.var.db, c.var.claims)),
  serve(endOwnSessionRoute, (c, { params }) =>
    endOwnSession(c.var.db, c.var.claims, params.sessionId),
  ),
];
