import {
  addCallNoteRoute,
  assignCallRoute,
  bulkCallActionRoute,
  getCallRoute,
  listCallsRoute,
  setCallStatusRoute,
} from '@callboard/contract';
import type { Context } from 'hono';
import type { ApiEnv } from '../../http/api-env.ts';
import { serve } from '../../http/routes.ts';
import { bulkCallAction } from './calls-bulk.service.ts';
import { addCallNote, assignCall, getCall, listCalls, setCallStatus } from './calls.service.ts';

/** Notifications mail through the outbox and link to the web app. */
const notifyDeps = (c: Context<ApiEnv>) => ({ mail: c.var.mail, appUrl: c.var.appUrl });

export const callRoutes = [
  serve(listCallsRoute, (c, { query }) => listCalls(c.var.db, c.var.claims, query)),
  serve(getCallRoute, (c, { params }) => getCall(c.var.db, c.var.claims, params.callId)),
  serve(assignCallRoute, (c, { params, body }) =>
    assignCall(c.var.db, c.var.claims, params.callId, body.assigneeId, notifyDeps(c), body.version),
  ),
  serve(setCallStatusRoute, (c, { params, body }) =>
    setCallStatus(c.var.db, c.var.claims, params.callId, body.status, body.version),
  ),
  serve(bulkCallActionRoute, (c, { body }) =>
    bulkCallAction(c.var.db, c.var.claims, body, notifyDeps(c)),
  ),
  serve(addCallNoteRoute, (c, { params, body }) =>
    addCallNote(c.var.db, c.var.claims, params.callId, body.body, notifyDeps(c)),
  ),
];
