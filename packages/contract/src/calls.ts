// The call log's API contract: /api/v1/calls and /api/v1/organisation/*. Field names are the
// database's (snake_case); query parameters keep the product's camelCase (docs/product.md, "Routes").
import { z } from 'zod';
import { callSearchTermsSchema, callSnippetSchema } from './call-search.ts';

export const CALL_STATUSES = ['New', 'In progress', 'Closed'] as const;
export const callStatusSchema = z.enum(CALL_STATUSES);
export type CallStatus = z.infer<typeof callStatusSchema>;

export const CALL_DIRECTIONS = ['inbound', 'outbound'] as const;

export const SENTIMENTS = ['positive', 'neutral', 'negative'] as const;
export const sentimentSchema = z.enum(SENTIMENTS);
export type Sentiment = z.infer<typeof sentimentSchema>;

/** docs/product.md, "Constants": the call list's defaults; pageSize is capped so one request stays bounded. */
export const CALL_LIST_DEFAULTS = { page: 1, pageSize: 100 } as const;
export const CALL_LIST_MAX_PAGE_SIZE = 1000;
/** loadAll returns every matching row, up to this many (the browser virtualises them). */
export const CALL_LIST_LOAD_ALL_LIMIT = 50_000;

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
  direction: z.enum(CALL_DIRECTIONS).nullable(),
  from_number: z.string().nullable(),
  to_number: z.string().nullable(),
  caller_name: z.string().nullable(),
  summary: z.string().nullable(),
  sentiment: sentimentSchema.nullable(),
  disconnection_reason: z.string().nullable(),
  recording_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * Raised by one on every change a reader can see. A write may carry the version its author saw,
   * and is refused with 409 CONFLICT when the call changed since (docs/live-updates.md, "Conflicts").
   */
  version: z.number().int(),
});
export type CallSummary = z.infer<typeof callSummarySchema>;

/**
 * A row of the list. With a search (`q`), `snippet` is the passage of the call where the words
 * were found (null: they are in the caller's name, number or call id only); without one it is
 * absent (docs/search.md, "Search").
 */
export const callListItemSchema = callSummarySchema.extend({
  snippet: callSnippetSchema.nullable().optional(),
});
export type CallListItem = z.infer<typeof callListItemSchema>;

export const callListResponseSchema = z.object({
  rows: z.array(callListItemSchema),
  /** Exact number of calls matching every filter including status. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Matching calls per status tab (every filter but status), for the tab badges. */
  counts: z.object({ open: z.number().int(), closed: z.number().int(), all: z.number().int() }),
  /** With a search: what it looked for, to mark in what the client shows. */
  search: callSearchTermsSchema.optional(),
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

/**
 * The call's version as the writer saw it (optional): a write that carries one is refused with
 * 409 CONFLICT if the call has changed since, instead of silently overwriting someone's change
 * (docs/live-updates.md, "Conflicts"). Without it the write applies as before.
 */
export const expectedVersionSchema = z
  .number({ message: 'must be a whole number of 1 or more' })
  .int({ message: 'must be a whole number of 1 or more' })
  .min(1, { message: 'must be a whole number of 1 or more' })
  .optional();

/** PUT /api/v1/calls/{callId}/assignee */
export const assignCallBodySchema = z.object({
  assigneeId: z.uuid({ message: 'must be a user id or null' }).nullable(),
  version: expectedVersionSchema,
});
export type AssignCallBody = z.infer<typeof assignCallBodySchema>;

/** PUT /api/v1/calls/{callId}/status */
export const setCallStatusBodySchema = z.object({
  status: z.enum(CALL_STATUSES, { message: 'must be New, In progress or Closed' }),
  version: expectedVersionSchema,
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

/** Who made the newest change to a call, as a 409 CONFLICT names them. */
export const callChangedBySchema = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
});
export type CallChangedBy = z.infer<typeof callChangedBySchema>;

/** GET /api/v1/organisation/members */
export const memberListResponseSchema = z.object({ members: z.array(memberSchema) });
/** GET /api/v1/organisation/agents */
export const agentListResponseSchema = z.object({ agents: z.array(agentSchema) });
