import {
  addCallNoteBodySchema,
  assignCallBodySchema,
  callListQuerySchema,
  setCallStatusBodySchema,
} from '@callboard/contract';
import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../../http/api-env.ts';
import { jsonBody, parseInput } from '../../http/validation.ts';
import { addCallNote, assignCall, getCall, listCalls, setCallStatus } from './calls.service.ts';

const callIdSchema = z.object({
  callId: z.string().min(1).max(200, 'must be at most 200 characters'),
});

export const callRoutes = new Hono<ApiEnv>()
  .get('/calls', async (c) => {
    const query = parseInput(callListQuerySchema, c.req.query());
    return c.json(await listCalls(c.var.db, c.var.claims, query));
  })
  .get('/calls/:callId', async (c) => {
    const { callId } = parseInput(callIdSchema, c.req.param());
    return c.json(await getCall(c.var.db, c.var.claims, callId));
  })
  .put('/calls/:callId/assignee', async (c) => {
    const { callId } = parseInput(callIdSchema, c.req.param());
    const { assigneeId } = parseInput(assignCallBodySchema, await jsonBody(c));
    return c.json(await assignCall(c.var.db, c.var.claims, callId, assigneeId));
  })
  .put('/calls/:callId/status', async (c) => {
    const { callId } = parseInput(callIdSchema, c.req.param());
    const { status } = parseInput(setCallStatusBodySchema, await jsonBody(c));
    return c.json(await setCallStatus(c.var.db, c.var.claims, callId, status));
  })
  .post('/calls/:callId/notes', async (c) => {
    const { callId } = parseInput(callIdSchema, c.req.param());
    const { body } = parseInput(addCallNoteBodySchema, await jsonBody(c));
    return c.json(await addCallNote(c.var.db, c.var.claims, callId, body), 201);
  });
