import {
  addCallNoteRoute,
  assignCallRoute,
  getCallRoute,
  listCallsRoute,
  setCallStatusRoute,
} from '@callboard/contract';
import { serve } from '../../http/routes.ts';
import { addCallNote, assignCall, getCall, listCalls, setCallStatus } from './calls.service.ts';

export const callRoutes = [
  serve(listCallsRoute, (c, { query }) => listCalls(c.var.db, c.var.claims, query)),
  serve(getCallRoute, (c, { params }) => getCall(c.var.db, c.var.claims, params.callId)),
  serve(assignCallRoute, (c, { params, body }) =>
    assignCall(c.var.db, c.var.claims, params.callId, body.assigneeId, body.version),
  ),
  serve(setCallStatusRoute, (c, { params, body }) =>
    setCallStatus(c.var.db, c.var.claims, params.callId, body.status, body.version),
  ),
  serve(addCallNoteRoute, (c, { params, body }) =>
    addCallNote(c.var.db, c.var.claims, params.callId, body.body),
  ),
];
