// /api/v1/calls and /api/v1/organisation/*.
import { z } from 'zod';
import { bulkCallActionBodySchema, bulkCallActionResponseSchema } from '../call-bulk.ts';
import {
  addCallNoteBodySchema,
  agentListResponseSchema,
  assignCallBodySchema,
  callDetailSchema,
  callListResponseSchema,
  memberListResponseSchema,
  setCallStatusBodySchema,
} from '../calls.ts';
import { callExportQuerySchema, callListQuerySchema } from '../call-list-filters.ts';
import { defineRoute } from '../route.ts';
import { callAccess, inOrganisation, invalidInput, signedIn, versionConflict } from './common.ts';

const callParams = z.object({
  callId: z.string().min(1).max(200, 'must be at most 200 characters'),
});

export const listCallsRoute = defineRoute({
  operationId: 'listCalls',
  method: 'get',
  base: '/api/v1',
  path: '/calls',
  summary: 'List calls, newest first',
  auth: 'bearer',
  query: callListQuerySchema,
  response: { status: 200, description: 'One page of calls', schema: callListResponseSchema },
  errors: { ...invalidInput, ...inOrganisation },
});

export const exportCallsRoute = defineRoute({
  operationId: 'exportCalls',
  method: 'get',
  base: '/api/v1',
  path: '/calls/export.csv',
  summary:
    'Every call of a list view as CSV (the list\'s filters and order, no paging), streamed; docs/ingestion.md, "CSV export"',
  auth: 'bearer',
  query: callExportQuerySchema,
  response: {
    status: 200,
    description:
      'UTF-8 CSV with a header row, CRLF line ends, RFC 4180 quoting; a cell that a spreadsheet would take for a formula starts with an apostrophe. An error after the first byte aborts the answer, so a file that ends is complete.',
    mediaType: 'text/csv',
  },
  errors: { ...invalidInput, ...inOrganisation },
});

export const getCallRoute = defineRoute({
  operationId: 'getCall',
  method: 'get',
  base: '/api/v1',
  path: '/calls/{callId}',
  summary: 'One call with its agent, assignee and activity',
  auth: 'bearer',
  params: callParams,
  response: { status: 200, description: 'The call', schema: callDetailSchema },
  errors: callAccess,
});

export const assignCallRoute = defineRoute({
  operationId: 'assignCall',
  method: 'put',
  base: '/api/v1',
  path: '/calls/{callId}/assignee',
  summary:
    'Assign the call (null unassigns); logs ASSIGNED only when it changes; with a version, refused with 409 if the call changed since',
  auth: 'bearer',
  params: callParams,
  body: assignCallBodySchema,
  response: { status: 200, description: 'The call as it is now', schema: callDetailSchema },
  errors: {
    ...callAccess,
    409: versionConflict,
    422: 'The assignee is not a member of the organisation',
  },
});

export const setCallStatusRoute = defineRoute({
  operationId: 'setCallStatus',
  method: 'put',
  base: '/api/v1',
  path: '/calls/{callId}/status',
  summary:
    'Set the status; logs STATUS_CHANGED only when it changes; with a version, refused with 409 if the call changed since',
  auth: 'bearer',
  params: callParams,
  body: setCallStatusBodySchema,
  response: { status: 200, description: 'The call as it is now', schema: callDetailSchema },
  errors: { ...callAccess, 409: versionConflict },
});

export const bulkCallActionRoute = defineRoute({
  operationId: 'bulkCallAction',
  method: 'post',
  base: '/api/v1',
  path: '/calls/bulk',
  summary:
    'Assign, set the status of, delete or restore (admins) many calls at once, or undo such an action: all or nothing, at most 5,000 calls (docs/decisions/0019-bulk-actions.md)',
  auth: 'bearer',
  body: bulkCallActionBodySchema,
  bodyExample: {
    action: 'assign',
    assigneeId: '0b6f3c52-7a51-4c1e-9d0e-2f1f7a0c9b11',
    calls: [{ id: 'call_0001', version: 3 }],
  },
  response: {
    status: 200,
    description:
      'The calls changed (each version now and value before), those already as asked, and for undo those skipped',
    schema: bulkCallActionResponseSchema,
  },
  errors: {
    ...invalidInput,
    ...signedIn,
    403: "'No organization assigned to user', 'Call not accessible to this user', or not an admin (delete, restore)",
    404: "'Call not found'",
    409: "A selected call changed since it was shown (the first one's error.call and error.changedBy, each in error.fields), or a different number of calls match the view now; nothing is written",
    422: 'The assignee is not a member of the organisation',
  },
});

export const addCallNoteRoute = defineRoute({
  operationId: 'addCallNote',
  method: 'post',
  base: '/api/v1',
  path: '/calls/{callId}/notes',
  summary:
    'Add a note to the call; each colleague it mentions as @{user id} is notified (docs/live-updates.md, "Notifications"). Notes only add, so they take no version and never conflict',
  auth: 'bearer',
  params: callParams,
  body: addCallNoteBodySchema,
  response: { status: 201, description: 'The call with the note', schema: callDetailSchema },
  errors: {
    ...callAccess,
    422: 'The note mentions someone who is not a member of the organisation',
  },
});

export const listMembersRoute = defineRoute({
  operationId: 'listMembers',
  method: 'get',
  base: '/api/v1',
  path: '/organisation/members',
  summary: "The caller's colleagues",
  auth: 'bearer',
  response: { status: 200, description: 'The members', schema: memberListResponseSchema },
  errors: inOrganisation,
});

export const listAgentsRoute = defineRoute({
  operationId: 'listAgents',
  method: 'get',
  base: '/api/v1',
  path: '/organisation/agents',
  summary: "The organisation's agents",
  auth: 'bearer',
  response: { status: 200, description: 'The agents', schema: agentListResponseSchema },
  errors: inOrganisation,
});
