// SQL for the call log. Every query takes the organisation id and filters by it (RLS is the
// second lock). Plans: list and counts use call_log_list_idx
// (migration 0003); ADR 0006 explains the covering indexes.
import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  ne,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type {
  CallFilterName,
  CallListQuery,
  CallSearchTerms,
  CallSnippet,
  CallStatus,
} from '@callboard/contract';
import { queryRows } from '../../db/client.ts';
import { agentMapping, callActivity, callCounts, callLog, profiles } from '../../db/schema.ts';
import type { Tx } from '../../db/tenant.ts';
import { memberColumns } from '../organisation/organisation.queries.ts';

/** Every column of a call but the transcript. */
export const summaryColumns = {
  call_id: callLog.call_id,
  agent_id: callLog.agent_id,
  status: callLog.status,
  deleted_flag: callLog.deleted_flag,
  end_datetime: callLog.end_datetime,
  assignee_id: callLog.assignee_id,
  start_datetime: callLog.start_datetime,
  duration_seconds: callLog.duration_seconds,
  direction: callLog.direction,
  from_number: callLog.from_number,
  to_number: callLog.to_number,
  caller_name: callLog.caller_name,
  summary: callLog.summary,
  sentiment: callLog.sentiment,
  disconnection_reason: callLog.disconnection_reason,
  recording_url: callLog.recording_url,
  created_at: callLog.created_at,
  updated_at: callLog.updated_at,
  version: callLog.version,
};

export type CallFilters = Omit<CallListQuery, 'page' | 'pageSize' | 'loadAll'>;

type Scope = { organisationId: string; userId: string };

/**
 * A list search made ready for SQL (modules/calls/call-search.ts builds it): the text for the
 * exact call id, and the text-search query, null when the search has no words or numbers.
 */
export interface PreparedSearch {
  text: string;
  tsquery: string | null;
  /** Any one of its words or numbers: which passage of a call the snippet shows. */
  anyTsquery: string | null;
  terms: CallSearchTerms;
}

/** Whose list it is, and its search made ready (null without one): see prepareListScope. */
export type ListScope = Scope & { search: PreparedSearch | null };

/**
 * What matches a search (docs/search.md, "Search"): the call's words (call_log.search_vector:
 * caller, numbers, call id, summary, transcript), or one of its notes' words through
 * call_activity_note_search_idx (the expression below is that index's), or its exact id.
 */
function searchCondition(organisationId: string, search: PreparedSearch): SQL {
  const byId = eq(callLog.call_id, search.text);
  if (search.tsquery === null) return byId;
  const query = sql`${search.tsquery}::tsquery`;
  return sql`(${callLog.search_vector} @@ ${query} or ${byId} or ${callLog.call_id} in (
      select n.call_id from ${callActivity} n
      where n.organisation_id = ${organisationId} and n.type = 'NOTE'
        and to_tsvector('simple'::regconfig, coalesce(n.body, '')) @@ ${query}))`;
}

/**
 * Each list filter's condition (packages/contract/src/call-list-filters.ts declares them), or
 * undefined when the request does not set it. The conditions stay in this order: it is the one
 * whose plans were checked against call_log_list_idx.
 */
const FILTER_CONDITIONS: Record<
  CallFilterName,
  (filters: CallFilters, scope: ListScope) => SQL | undefined
> = {
  agentId: (filters) => (filters.agentId ? eq(callLog.agent_id, filters.agentId) : undefined),
  assignee: ({ assignee }, scope) =>
    assignee === 'me'
      ? eq(callLog.assignee_id, scope.userId)
      : assignee === 'unassigned'
        ? isNull(callLog.assignee_id)
        : assignee
          ? eq(callLog.assignee_id, assignee)
          : undefined,
  ended: ({ from, to }) =>
    and(
      from ? gte(callLog.end_datetime, new Date(from)) : undefined,
      to ? lt(callLog.end_datetime, new Date(to)) : undefined,
    ),
  sentiment: ({ sentiment }) =>
    sentiment === 'none'
      ? isNull(callLog.sentiment)
      : sentiment
        ? eq(callLog.sentiment, sentiment)
        : undefined,
  callStatus: ({ callStatus }) => (callStatus ? eq(callLog.status, callStatus) : undefined),
  disconnectionReason: ({ disconnectionReason: reason }) =>
    reason === 'none'
      ? isNull(callLog.disconnection_reason)
      : reason
        ? eq(callLog.disconnection_reason, reason)
        : undefined,
  weekdayHour: ({ weekday, hour, tz }) =>
    and(
      weekday === undefined
        ? undefined
        : sql`extract(isodow from ${callLog.end_datetime} at time zone ${tz}) = ${weekday}`,
      hour === undefined
        ? undefined
        : sql`extract(hour from ${callLog.end_datetime} at time zone ${tz}) = ${hour}`,
    ),
  closed: ({ closedFrom, closedTo }, scope) =>
    closedFrom || closedTo
      ? sql`exists (
          select 1 from ${callActivity} a
          where a.organisation_id = ${scope.organisationId} and a.call_id = ${callLog.call_id}
            and a.type = 'STATUS_CHANGED' and a.new_status = 'Closed'
            ${closedFrom ? sql`and a.created_at >= ${new Date(closedFrom)}` : sql``}
            ${closedTo ? sql`and a.created_at < ${new Date(closedTo)}` : sql``})`
      : undefined,
  q: ({ q }, { organisationId, search }) => {
    if (!q) return undefined;
    // A search the service did not prepare is a bug, not a reason to list every call.
    if (!search) throw new Error('The list search was not prepared (prepareListScope)');
    return searchCondition(organisationId, search);
  },
};

function filterConditions(scope: ListScope, filters: CallFilters): SQL[] {
  return Object.values(FILTER_CONDITIONS)
    .map((condition) => condition(filters, scope))
    .filter((condition): condition is SQL => condition !== undefined);
}

/**
 * Whether any filter but the tab and includeDeleted applies. If not, the trigger-kept counters
 * answer the tab counts (ADR 0006); the same conditions decide it as narrow the list, so no
 * filter can be forgotten here.
 */
export function isFiltered(scope: ListScope, filters: CallFilters): boolean {
  return filterConditions(scope, filters).length > 0;
}

/** The WHERE clause for the list, all filters but status (status is added by the caller). */
function listConditions(scope: ListScope, filters: CallFilters): SQL[] {
  return [
    eq(callLog.organisation_id, scope.organisationId),
    // docs/product.md, "Entities": null or false means not deleted.
    ...(filters.includeDeleted ? [] : [sql`${callLog.deleted_flag} is not true`]),
    ...filterConditions(scope, filters),
  ];
}

function statusCondition(status: CallFilters['status']): SQL | undefined {
  if (status === 'open') return ne(callLog.status, 'Closed');
  if (status === 'closed') return eq(callLog.status, 'Closed');
  return undefined;
}

export async function selectCallPage(
  tx: Tx,
  scope: ListScope,
  filters: CallFilters,
  window: { limit: number; offset: number },
) {
  return tx
    .select(summaryColumns)
    .from(callLog)
    .where(and(...listConditions(scope, filters), statusCondition(filters.status)))
    .orderBy(desc(callLog.end_datetime), desc(callLog.call_id))
    .limit(window.limit)
    .offset(window.offset);
}

/** Where an export's previous batch ended: its last call, in the list's order. */
export interface ExportPosition {
  end_datetime: string;
  call_id: string;
}

/**
 * One batch of the CSV export (GET /calls/export.csv): the list's calls and order, after
 * `after`, with the agent's name and the assignee's. Keyset, not offset, so each batch costs the
 * same however deep into the list it is: the row comparison bounds the scan of call_log_list_idx
 * (docs/ingestion.md, "CSV export", has the plan). Instants are formatted here as the JSON API
 * writes them, so that both drivers give the same text; the position keeps microseconds.
 */
export async function selectExportBatch(
  tx: Tx,
  scope: ListScope,
  filters: CallFilters,
  after: ExportPosition | null,
  limit: number,
) {
  const utc = (column: SQLWrapper) =>
    sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return tx
    .select({
      id: callLog.call_id,
      external_id: callLog.external_id,
      started_at: utc(callLog.start_datetime),
      ended_at: utc(callLog.end_datetime),
      agent_id: callLog.agent_id,
      agent_name: agentMapping.display_name,
      caller_name: callLog.caller_name,
      from_number: callLog.from_number,
      to_number: callLog.to_number,
      direction: callLog.direction,
      duration_seconds: callLog.duration_seconds,
      status: callLog.status,
      assignee: sql<
        string | null
      >`coalesce(nullif(trim(${profiles.first_name} || ' ' || ${profiles.last_name}), ''), ${profiles.email})`,
      sentiment: callLog.sentiment,
      disconnection_reason: callLog.disconnection_reason,
      summary: callLog.summary,
      // The keyset position, to the microsecond (to_char above keeps milliseconds only).
      position: sql<string>`${callLog.end_datetime}::text`,
    })
    .from(callLog)
    .leftJoin(agentMapping, eq(agentMapping.agent_id, callLog.agent_id))
    .leftJoin(profiles, eq(profiles.id, callLog.assignee_id))
    .where(
      and(
        ...listConditions(scope, filters),
        statusCondition(filters.status),
        after
          ? sql`(${callLog.end_datetime}, ${callLog.call_id}) < (${after.end_datetime}::timestamptz, ${after.call_id})`
          : undefined,
      ),
    )
    .orderBy(desc(callLog.end_datetime), desc(callLog.call_id))
    .limit(limit);
}

/** Matching calls per status tab: one pass over the organisation's matching rows. */
export async function countCallsByStatus(tx: Tx, scope: ListScope, filters: CallFilters) {
  const [row] = await tx
    .select({
      open: sql<number>`count(*) filter (where ${callLog.status} <> 'Closed')`.mapWith(Number),
      closed: sql<number>`count(*) filter (where ${callLog.status} = 'Closed')`.mapWith(Number),
      all: sql<number>`count(*)`.mapWith(Number),
    })
    .from(callLog)
    .where(and(...listConditions(scope, filters)));
  return row ?? { open: 0, closed: 0, all: 0 };
}

/**
 * The words PostgreSQL's 'simple' configuration reads in a search (the parser that built the
 * documents), each quoted phrase as its own phrase query, and the organisation's phone country.
 */
export async function readSearchWords(
  tx: Tx,
  organisationId: string,
  search: { words: string; phrases: string[] },
) {
  const [row] = await queryRows<{ words: string[]; phrases: string[]; phone_country: string }>(
    tx,
    sql`select
          array(select lexeme from unnest(to_tsvector('simple'::regconfig, ${search.words}))
                order by lexeme) as words,
          array(select phraseto_tsquery('simple'::regconfig, phrase)::text
                from jsonb_array_elements_text(${JSON.stringify(search.phrases)}::jsonb) phrase)
            as phrases,
          (select phone_country from organisations where id = ${organisationId}) as phone_country`,
  );
  return row ?? { words: [], phrases: [], phone_country: 'GB' };
}

export interface SnippetSource {
  call_id: string;
  source: CallSnippet['source'];
  text: string;
  /** The passage holds the whole search, not only some of its words. */
  whole: boolean;
}

/**
 * For each of the page's calls, the passage a snippet is cut from: the summary, else the first
 * transcript turn, else the newest note, that holds the whole search; failing that, the first
 * that holds any of its words. None when only the caller, a number or the call id matched.
 */
export async function selectSnippetSources(
  tx: Tx,
  organisationId: string,
  callIds: readonly string[],
  search: { tsquery: string; anyTsquery: string },
): Promise<SnippetSource[]> {
  if (callIds.length === 0) return [];
  const passages = (query: string, rank: number) => sql`
      select ${sql.raw(String(rank))} as rank, 'summary' as source, c.summary as text
      where to_tsvector('simple'::regconfig, coalesce(c.summary, '')) @@ ${query}::tsquery
      union all
      (select ${sql.raw(String(rank + 1))}, 'transcript', t.turn ->> 'text'
       from jsonb_array_elements(
              case jsonb_typeof(c.transcript) when 'array' then c.transcript else '[]' end)
            with ordinality t(turn, ord)
       where to_tsvector('simple'::regconfig, coalesce(t.turn ->> 'text', '')) @@ ${query}::tsquery
       order by t.ord limit 1)
      union all
      (select ${sql.raw(String(rank + 2))}, 'note', n.body from ${callActivity} n
       where n.organisation_id = ${organisationId} and n.call_id = c.call_id and n.type = 'NOTE'
         and to_tsvector('simple'::regconfig, coalesce(n.body, '')) @@ ${query}::tsquery
       order by n.created_at desc limit 1)`;
  return queryRows<SnippetSource>(
    tx,
    sql`select c.call_id, found.source, found.text, found.rank <= 3 as whole
        from ${callLog} c
        cross join lateral (
          select rank, source, text from (${passages(search.tsquery, 1)}
            union all ${passages(search.anyTsquery, 4)}) passage
          where text is not null
          order by rank limit 1) found
        where c.organisation_id = ${organisationId}
          and c.call_id = any(array(select jsonb_array_elements_text(${JSON.stringify(callIds)}::jsonb)))`,
  );
}

/**
 * ts_headline for each text with its query: the passage around its hits, each hit between the
 * markers in `options` (StartSel/StopSel), which are taken out of the text first. Only for a
 * page's rows: it is the costly part of a search.
 */
export async function selectHeadlines(
  tx: Tx,
  passages: readonly { text: string; query: string }[],
  options: { markers: [string, string]; settings: string },
): Promise<string[]> {
  if (passages.length === 0) return [];
  const [start, end] = options.markers;
  const rows = await queryRows<{ headline: string }>(
    tx,
    sql`select ts_headline('simple'::regconfig, translate(p ->> 'text', ${start + end}, ''),
                           (p ->> 'query')::tsquery, ${options.settings}) as headline
        from jsonb_array_elements(${JSON.stringify(passages)}::jsonb) with ordinality t(p, ord)
        order by ord`,
  );
  return rows.map((row) => row.headline);
}

/** Tab counts from the trigger-maintained counters: for a list with no filter but the tab. */
export async function readCallCounts(tx: Tx, organisationId: string, includeDeleted: boolean) {
  const [row] = await tx
    .select({
      open: sql<number>`coalesce(sum(${callCounts.calls}) filter (where ${callCounts.status} <> 'Closed'), 0)`.mapWith(
        Number,
      ),
      closed:
        sql<number>`coalesce(sum(${callCounts.calls}) filter (where ${callCounts.status} = 'Closed'), 0)`.mapWith(
          Number,
        ),
      all: sql<number>`coalesce(sum(${callCounts.calls}), 0)`.mapWith(Number),
    })
    .from(callCounts)
    .where(
      and(
        eq(callCounts.organisation_id, organisationId),
        includeDeleted ? undefined : eq(callCounts.deleted, false),
      ),
    );
  return row ?? { open: 0, closed: 0, all: 0 };
}

export async function findCall(tx: Tx, organisationId: string, callId: string) {
  const [row] = await tx
    .select({ ...summaryColumns, transcript: callLog.transcript })
    .from(callLog)
    .where(and(eq(callLog.organisation_id, organisationId), eq(callLog.call_id, callId)));
  return row ?? null;
}

/**
 * The call's triage fields and version, locked until the transaction ends: writers queue, and
 * each compares the version it carries with the one the previous writer left.
 */
export async function lockCall(tx: Tx, organisationId: string, callId: string) {
  const [row] = await tx
    .select({
      assignee_id: callLog.assignee_id,
      status: callLog.status,
      deleted_flag: callLog.deleted_flag,
      version: callLog.version,
    })
    .from(callLog)
    .where(and(eq(callLog.organisation_id, organisationId), eq(callLog.call_id, callId)))
    .for('update');
  return row ?? null;
}

export async function callExists(tx: Tx, callId: string): Promise<boolean> {
  const [row] = await queryRows<{ exists: boolean }>(
    tx,
    sql`select call_exists(${callId}) as exists`,
  );
  return row?.exists ?? false;
}

export async function updateCall(
  tx: Tx,
  organisationId: string,
  callId: string,
  change: { assignee_id?: string | null; status?: CallStatus },
) {
  await tx
    .update(callLog)
    .set({ ...change, updated_at: new Date() })
    .where(and(eq(callLog.organisation_id, organisationId), eq(callLog.call_id, callId)));
}

/** Writes the activity; returns its id (a notification points at it). */
export async function insertActivity(
  tx: Tx,
  activity: typeof callActivity.$inferInsert,
): Promise<string> {
  // The moment of the change, not the start of its transaction (now()): a writer that waited
  // for the call's row lock must be ordered after the one it waited for.
  const [row] = await tx
    .insert(callActivity)
    .values({ ...activity, created_at: sql`clock_timestamp()` })
    .returning({ id: callActivity.id });
  if (!row) throw new Error('call_activity insert returned no row');
  return row.id;
}

export async function selectActivity(tx: Tx, organisationId: string, callId: string) {
  return tx
    .select({
      id: callActivity.id,
      type: callActivity.type,
      actor_id: callActivity.actor_id,
      previous_assignee_id: callActivity.previous_assignee_id,
      new_assignee_id: callActivity.new_assignee_id,
      previous_status: callActivity.previous_status,
      new_status: callActivity.new_status,
      body: callActivity.body,
      created_at: callActivity.created_at,
    })
    .from(callActivity)
    .where(and(eq(callActivity.organisation_id, organisationId), eq(callActivity.call_id, callId)))
    .orderBy(asc(callActivity.created_at), asc(callActivity.id));
}

/**
 * Who made the call's newest assignment or status change (notes change nothing a write could
 * overwrite), if they are still a member of the organisation.
 */
export async function findLastChanger(tx: Tx, organisationId: string, callId: string) {
  const [row] = await tx
    .select({ id: profiles.id, first_name: profiles.first_name, last_name: profiles.last_name })
    .from(callActivity)
    .leftJoin(
      profiles,
      and(eq(profiles.id, callActivity.actor_id), eq(profiles.organisation_id, organisationId)),
    )
    .where(
      and(
        eq(callActivity.organisation_id, organisationId),
        eq(callActivity.call_id, callId),
        ne(callActivity.type, 'NOTE'),
      ),
    )
    .orderBy(desc(callActivity.created_at), desc(callActivity.id))
    .limit(1);
  return row?.id && row.first_name !== null && row.last_name !== null
    ? { id: row.id, first_name: row.first_name, last_name: row.last_name }
    : null;
}

export async function findAgent(tx: Tx, organisationId: string, agentId: string) {
  const [row] = await tx
    .select({ agent_id: agentMapping.agent_id, display_name: agentMapping.display_name })
    .from(agentMapping)
    .where(
      and(eq(agentMapping.organisation_id, organisationId), eq(agentMapping.agent_id, agentId)),
    );
  return row ?? null;
}

export async function findMember(tx: Tx, organisationId: string, userId: string) {
  const [row] = await tx
    .select(memberColumns)
    .from(profiles)
    .where(and(eq(profiles.organisation_id, organisationId), eq(profiles.id, userId)));
  return row ?? null;
}

/** Colleagues' names as a note shows them: "First Last", else their email. */
export async function selectMemberNames(tx: Tx, organisationId: string, userIds: string[]) {
  return tx
    .select({
      id: profiles.id,
      name: sql<string>`coalesce(nullif(trim(coalesce(${profiles.first_name}, '') || ' ' || coalesce(${profiles.last_name}, '')), ''), ${profiles.email})`,
    })
    .from(profiles)
    .where(and(eq(profiles.organisation_id, organisationId), inArray(profiles.id, userIds)));
}
