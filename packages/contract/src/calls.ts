// The call log's API contract: /api/v1/calls and /api/v1/organisation/*. Field names are the
// database's (snake_case); query parameters keep the spec's camelCase.
import { z } from 'zod';

export const CALL_STATUSES = ['New', 'In progress', 'Closed'] as const;
export const callStatusSchema = z.enum(CALL_STATUSES);
export type CallStatus = z.infer<typeof callStatusSchema>;

export const SENTIMENTS = ['positive', 'neutral', 'negative'] as const;
export const sentimentSchema = z.enum(SENTIMENTS);
export type Sentiment = z.infer<typeof sentimentSchema>;

/** Spec §9: the call list's defaults; pageSize is capped so one request stays bounded. */
export const CALL_LIST_DEFAULTS = { page: 1, pageSize: 100 } as const;
export const CALL_LIST_MAX_PAGE_SIZE = 1000;
/** loadAll returns every matching row, up to this many (the browser virtualises them). */
export const CALL_LIST_LOAD_ALL_LIMIT = 50_000;

const booleanParam = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

/** The dates the API takes, as instants: from 1970-01-01 up to the end of 9999 (UTC). */
export const DATE_RANGE = {
  min: Date.UTC(1970, 0, 1),
  max: Date.UTC(9999, 11, 31, 23, 59, 59, 999),
  label: '1970-01-01 to 9999-12-31',
} as const;

export const isWithinDateRange = (time: number) =>
  Number.isFinite(time) && time >= DATE_RANGE.min && time <= DATE_RANGE.max;

/** Whether one ISO date-time is earlier than another, as instants (offsets may differ). */
export const isBefore = (earlier: string, later: string) => Date.parse(earlier) < Date.parse(later);

export const isoDateTime = z.iso
  .datetime({ offset: true, message: 'must be an ISO 8601 date-time' })
  .refine((value) => isWithinDateRange(Date.parse(value)), {
    message: `must be from ${DATE_RANGE.label}`,
    abort: true,
  });

function isTimeZone(value: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone name, such as Europe/London. */
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine(isTimeZone, 'must be an IANA time zone such as Europe/London');

const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ message: `must be a whole number from ${min} to ${max}` })
    .int(`must be a whole number from ${min} to ${max}`)
    .min(min, `must be a whole number from ${min} to ${max}`)
    .max(max, `must be a whole number from ${min} to ${max}`);

/** GET /api/v1/calls query. Every parameter is optional. */
export const callListQuerySchema = z
  .object({
    page: z.coerce
      .number({ message: 'must be a whole number of 1 or more' })
      .int('must be a whole number of 1 or more')
      .min(1, 'must be a whole number of 1 or more')
      .default(CALL_LIST_DEFAULTS.page),
    pageSize: z.coerce
      .number({ message: `must be a whole number from 1 to ${CALL_LIST_MAX_PAGE_SIZE}` })
      .int(`must be a whole number from 1 to ${CALL_LIST_MAX_PAGE_SIZE}`)
      .min(1, `must be a whole number from 1 to ${CALL_LIST_MAX_PAGE_SIZE}`)
      .max(CALL_LIST_MAX_PAGE_SIZE, `must be a whole number from 1 to ${CALL_LIST_MAX_PAGE_SIZE}`)
      .default(CALL_LIST_DEFAULTS.pageSize),
    /** open: not Closed; closed: only Closed; all: both. */
    status: z
      .enum(['open', 'closed', 'all'], { message: 'must be open, closed or all' })
      .default('all'),
    includeDeleted: booleanParam.default(false),
    loadAll: booleanParam.default(false),
    /** Caller number or name, call id, or summary text. */
    q: z.string().trim().max(200, 'must be at most 200 characters').optional(),
    agentId: z.string().trim().min(1).max(200).optional(),
    /** me, unassigned, or a user id. */
    assignee: z
      .union([z.literal('me'), z.literal('unassigned'), z.uuid()], {
        message: 'must be me, unassigned or a user id',
      })
      .optional(),
    /** End time from (inclusive) and to (exclusive). */
    from: isoDateTime.optional(),
    to: isoDateTime.optional(),
    /** none: calls with no sentiment. */
    sentiment: z
      .enum([...SENTIMENTS, 'none'], { message: 'must be positive, neutral, negative or none' })
      .optional(),
    // The filters below reproduce analytics' counts exactly (its drill-down links use them).
    /** One status exactly, within the open/closed/all tab. */
    callStatus: z.enum(CALL_STATUSES, { message: 'must be New, In progress or Closed' }).optional(),
    /** none: calls with no disconnection reason. */
    disconnectionReason: z.string().trim().min(1).max(100).optional(),
    /** ISO weekday (1 Monday … 7 Sunday) and hour (0 … 23) of the end time, in tz. */
    weekday: wholeNumber(1, 7).optional(),
    hour: wholeNumber(0, 23).optional(),
    tz: timeZoneSchema.default('UTC'),
    /** Calls changed to Closed within [closedFrom, closedTo). */
    closedFrom: isoDateTime.optional(),
    closedTo: isoDateTime.optional(),
  })
  .refine((query) => !query.from || !query.to || isBefore(query.from, query.to), {
    message: 'must be before to',
    path: ['from'],
  })
  .refine(
    (query) => !query.closedFrom || !query.closedTo || isBefore(query.closedFrom, query.closedTo),
    {
      message: 'must be before closedTo',
      path: ['closedFrom'],
    },
  );
export type CallListQuery = z.infer<typeof callListQuerySchema>;

/** A call as the list shows it (no transcript). */
export const callSummarySchema = z.object({
  call_id: z.string(),
  agent_id: z.string(),
  status: callStatusSchema,
  deleted_flag: z.boolean().nullable(),
  end_datetime: z.string(),
  assignee_id: z.uuid().nullable(),
  start_datetime: z.string().nullable(),
  duration_seconds: z.number().int().nullable(),
  direction: z.enum(['inbound', 'outbound']).nullable(),
  from_number: z.string().nullable(),
  to_number: z.string().nullable(),
  caller_name: z.string().nullable(),
  summary: z.string().nullable(),
  sentiment: sentimentSchema.nullable(),
  disconnection_reason: z.string().nullable(),
  recording_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CallSummary = z.infer<typeof callSummarySchema>;

export const callListResponseSchema = z.object({
  rows: z.array(callSummarySchema),
  /** Exact number of calls matching every filter including status. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Matching calls per status tab (every filter but status), for the tab badges. */
  counts: z.object({ open: z.number().int(), closed: z.number().int(), all: z.number().int() }),
});
export type CallListResponse = z.infer<typeof callListResponseSchema>;

export const transcriptTurnSchema = z.object({
  speaker: z.string(),
  text: z.string(),
  at_seconds: z.number(),
});
export type TranscriptTurn = z.infer<typeof transcriptTurnSchema>;

export const ACTIVITY_TYPES = ['ASSIGNED', 'STATUS_CHANGED', 'NOTE'] as const;

export const activitySchema = z.object({
  id: z.uuid(),
  type: z.enum(ACTIVITY_TYPES),
  actor_id: z.uuid().nullable(),
  previous_assignee_id: z.uuid().nullable(),
  new_assignee_id: z.uuid().nullable(),
  previous_status: z.string().nullable(),
  new_status: z.string().nullable(),
  body: z.string().nullable(),
  created_at: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

export const memberSchema = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const agentSchema = z.object({
  agent_id: z.string(),
  display_name: z.string().nullable(),
});
export type Agent = z.infer<typeof agentSchema>;

/** GET /api/v1/calls/{callId}: the call with its agent, assignee and activity (oldest first). */
export const callDetailSchema = callSummarySchema.extend({
  transcript: z.array(transcriptTurnSchema).nullable(),
  agent: agentSchema,
  assignee: memberSchema.nullable(),
  activity: z.array(activitySchema),
});
export type CallDetail = z.infer<typeof callDetailSchema>;

/** PUT /api/v1/calls/{callId}/assignee */
export const assignCallBodySchema = z.object({
  assigneeId: z.uuid({ message: 'must be a user id or null' }).nullable(),
});
export type AssignCallBody = z.infer<typeof assignCallBodySchema>;

/** PUT /api/v1/calls/{callId}/status */
export const setCallStatusBodySchema = z.object({
  status: z.enum(CALL_STATUSES, { message: 'must be New, In progress or Closed' }),
});
export type SetCallStatusBody = z.infer<typeof setCallStatusBodySchema>;

export const NOTE_MAX_LENGTH = 5000;

/** POST /api/v1/calls/{callId}/notes */
export const addCallNoteBodySchema = z.object({
  body: z
    .string({ message: 'must be text' })
    .trim()
    .min(1, 'must not be empty')
    .max(NOTE_MAX_LENGTH, `must be at most ${NOTE_MAX_LENGTH} characters`),
});
export type AddCallNoteBody = z.infer<typeof addCallNoteBodySchema>;

/** GET /api/v1/organisation/members */
export const memberListResponseSchema = z.object({ members: z.array(memberSchema) });
/** GET /api/v1/organisation/agents */
export const agentListResponseSchema = z.object({ agents: z.array(agentSchema) });
