// SQL for the call log. Every query takes the organisation id and filters by it (RLS is the
// second lock). Plans: list and counts use call_log_list_idx
// (migration 0003); ADR 0006 explains the covering indexes. The other sort orders each have
// their own index (docs/search.md, "Sorting").
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
import {
  parseCallListSort,
  type CallFilterName,
  type CallListQuery,
  type CallListSort,
  type CallSearchTerms,
  type CallSnippet,
  type CallStatus,
} from '@callboard/contract';
import { z } from 'zod';
import { parseRows, queryRows } from '../../db/client.ts';
import {
  agentMapping,
  CALL_STATUS_RANK,
  callActivity,
  callCounts,
  callLog,
  profiles,
} from '../../db/schema.ts';
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

export type CallFilters = Omit<CallListQuery, 'page' | 'pageSize' | 'loadAll' | 'sort'>;

export type Scope = { organisationId: string; userId: string };

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
  /** The matching calls' ids, where few enough (see searchMatches); empty without a tsquery. */
  matches: SearchMatches;
}

/** Ids of the calls a search matches by their own words and by their notes; null: too many. */
export interface SearchMatches {
  calls: string[] | null;
  notes: string[] | null;
}

/** Whose list it is, and its search made ready (null without one): see prepareListScope. */
export type ListScope = Scope & { search: PreparedSearch | null };

/**
 * What matches a search (docs/search.md, "Search"): the call's words (call_log.search_vector:
 * caller, numbers, call id, summary, transcript), or one of its notes' words, or its exact id.
 * Where the search's matches were few enough to fetch (searchMatches), the condition is their ids,
 * which the primary key serves; where there were more, the words themselves, which the list's
 * own index walk meets often enough to fill a page soon (notes' expression as
 * call_activity_note_search_idx has it).
 */
function searchCondition(organisationId: string, search: PreparedSearch): SQL {
  const byId = eq(callLog.call_id, search.text);
  if (search.tsquery === null) return byId;
  const { calls, notes } = search.matches;
  if (calls && notes) return sql`${callLog.call_id} = any(${textArray([...calls, ...notes])})`;
  const query = sql`${search.tsquery}::tsquery`;
  const callPart = calls
    ? sql`${callLog.call_id} = any(${textArray(calls)})`
    : sql`(${callLog.search_vector} @@ ${query} or ${byId})`;
  const notePart = notes
    ? sql`${callLog.call_id} = any(${textArray(notes)})`
    : sql`${callLog.call_id} in (
      select n.call_id from ${callActivity} n
      where n.organisation_id = ${organisationId} and n.type = 'NOTE'
        and to_tsvector('simple'::regconfig, coalesce(n.body, '')) @@ ${query})`;
  return sql`(${callPart} or ${notePart})`;
}

/** A text[] parameter: one value, so the planner sees how many ids it holds. */
function textArray(values: readonly string[]): SQL {
  const items = values.map((value) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`);
  return sql`${`{${items.join(',')}}`}::text[]`;
}

/**
 * The calls a search matches by their words or their notes' (app_search_call_ids, which can use
 * the GIN indexes that row-level security keeps from the list's own query): each list, or null
 * when more than `limit` matched.
 */
export async function searchMatches(
  tx: Tx,
  search: { tsquery: string; text: string },
  limit: number,
): Promise<SearchMatches> {
  const rows = await queryRows<{ source: 'call' | 'note'; call_id: string }>(
    tx,
    sql`select source, call_id
        from app_search_call_ids(${search.tsquery}::tsquery, ${search.text}, ${limit + 1})`,
  );
  const of = (source: 'call' | 'note') => {
    const ids = rows.filter((row) => row.source === source).map((row) => row.call_id);
    return ids.length > limit ? null : ids;
  };
  return { calls: of('call'), notes: of('note') };
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
  direction: ({ direction }) => (direction ? eq(callLog.direction, direction) : undefined),
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
export function listConditions(scope: ListScope, filters: CallFilters): SQL[] {
  return [
    eq(callLog.organisation_id, scope.organisationId),
    // docs/product.md, "Entities": null or false means not deleted.
    ...(filters.includeDeleted ? [] : [sql`${callLog.deleted_flag} is not true`]),
    ...filterConditions(scope, filters),
  ];
}

export function statusCondition(status: CallFilters['status']): SQL | undefined {
  if (status === 'open') return ne(callLog.status, 'Closed');
  if (status === 'closed') return eq(callLog.status, 'Closed');
  return undefined;
}

/**
 * The ORDER BY of the sorts that follow one index of call_log each (docs/search.md, "Sorting"):
 * written exactly as the index orders its columns, or exactly reversed, so that the first page is
 * read from the index in order. Ties end with the end time and the call id, so pages never
 * overlap.
 */
function indexOrder(sort: CallListSort): SQL[] | null {
  switch (sort) {
    case '-ended': // call_log_list_idx
      return [desc(callLog.end_datetime), desc(callLog.call_id)];
    case 'ended':
      return [asc(callLog.end_datetime), asc(callLog.call_id)];
    case '-duration': // call_log_sort_duration_idx
      return [
        sql`${callLog.duration_seconds} desc nulls last`,
        desc(callLog.end_datetime),
        desc(callLog.call_id),
      ];
    case 'duration':
      return [
        sql`${callLog.duration_seconds} asc nulls first`,
        asc(callLog.end_datetime),
        asc(callLog.call_id),
      ];
    case 'caller': // call_log_sort_caller_idx
      return [
        sql`lower(${callLog.caller_name}) asc nulls last`,
        desc(callLog.end_datetime),
        desc(callLog.call_id),
      ];
    case '-caller':
      return [
        sql`lower(${callLog.caller_name}) desc nulls first`,
        asc(callLog.end_datetime),
        asc(callLog.call_id),
      ];
    case 'status': // call_log_sort_status_idx
      return [sql`${CALL_STATUS_RANK} asc`, desc(callLog.end_datetime), desc(callLog.call_id)];
    case '-status':
      return [sql`${CALL_STATUS_RANK} desc`, asc(callLog.end_datetime), asc(callLog.call_id)];
    default:
      return null; // by agent or assignee name: groupedCallIds
  }
}

const STATUS_RANKS: Record<CallStatus, number> = { New: 0, 'In progress': 1, Closed: 2 };

/**
 * The status sort's index condition for the statuses the view keeps: the Open tab reads ranks 0
 * and 1 only, instead of stepping over every closed call (the index cannot tell them from the
 * status alone).
 */
function statusRankBound(sort: CallListSort, filters: CallFilters): SQL | undefined {
  if (sort !== 'status' && sort !== '-status') return undefined;
  if (filters.callStatus) return sql`${CALL_STATUS_RANK} = ${STATUS_RANKS[filters.callStatus]}`;
  if (filters.status === 'open') return sql`${CALL_STATUS_RANK} < 2`;
  if (filters.status === 'closed') return sql`${CALL_STATUS_RANK} = 2`;
  return undefined;
}

/**
 * The groups an agent or assignee sort walks, in name order, and the condition that picks each
 * group's calls. Agents: the organisation's agents by name (their id where they have none).
 * Assignees: the members by name, then the unassigned calls, then those assigned to people who
 * have since left the organisation. Each group's calls come newest first from
 * call_log_agent_list_idx or call_log_assignee_list_idx.
 */
function sortGroups(key: 'agent' | 'assignee', organisationId: string) {
  if (key === 'agent') {
    return {
      groups: sql`select 0 as grp, lower(coalesce(a.display_name, a.agent_id)) as sort_name,
          a.agent_id as id
        from agent_mapping a where a.organisation_id = ${organisationId}`,
      branches: [sql`${callLog.agent_id} = g.id`],
    };
  }
  return {
    groups: sql`select 0 as grp,
          lower(coalesce(nullif(trim(p.first_name || ' ' || p.last_name), ''), p.email)) as sort_name,
          p.id::text as id
        from profiles p where p.organisation_id = ${organisationId}
        union all select 1, null, null
        union all select 2, null, null`,
    branches: [
      sql`g.grp = 0 and ${callLog.assignee_id} = g.id::uuid`,
      sql`g.grp = 1 and ${callLog.assignee_id} is null`,
      sql`g.grp = 2 and ${callLog.assignee_id} is not null and not exists (
          select 1 from profiles p
          where p.id = ${callLog.assignee_id} and p.organisation_id = ${organisationId})`,
    ],
  };
}

const callIdRow = z.object({ call_id: z.string() });

/**
 * One page of an agent or assignee sort, as call ids in order. Each group's calls are a LATERAL
 * subquery cut at the page's end (offset + limit), and the groups arrive in name order, so the
 * planner stops after about a page of rows (an incremental sort over the groups' order).
 */
async function groupedCallIds(
  tx: Tx,
  scope: ListScope,
  filters: CallFilters,
  sort: { key: 'agent' | 'assignee'; descending: boolean },
  window: { limit: number; offset: number },
): Promise<string[]> {
  const { groups, branches } = sortGroups(sort.key, scope.organisationId);
  const where = and(...listConditions(scope, filters), statusCondition(filters.status));
  const cut = window.offset + window.limit;
  const perGroup = branches.map(
    (branch) => sql`(select ${callLog.call_id}, ${callLog.end_datetime} from ${callLog}
      where ${where} and ${branch}
      order by ${callLog.end_datetime} desc, ${callLog.call_id} desc
      limit ${cut})`,
  );
  // Names ascending or descending; the unassigned and former colleagues' calls last either way.
  // The groups are sorted inside the subquery too, so that the planner knows the join's rows
  // arrive in group order and sorts only within each group (an incremental sort) as it goes.
  const direction = sort.descending ? sql`desc` : sql`asc`;
  const groupOrder = sql`grp, sort_name ${direction}, id ${direction}`;
  // The planner takes an organisation's agent (or member) for one of hundreds, so it expects a
  // few dozen calls of each and would sort them from call_log_agent_id_idx rather than read the
  // first page from call_log_agent_list_idx in order; with a filter the real thousands make that
  // take a second. Sorts are priced out for this one query (docs/search.md, "Sorting"), and JIT
  // with them, which that price would otherwise set off.
  await tx.execute(sql`set local enable_sort = off`);
  await tx.execute(sql`set local jit = off`);
  const rows = await parseRows(
    tx,
    callIdRow,
    sql`select c.call_id from (${groups} order by ${groupOrder}) g
      cross join lateral (${sql.join(perGroup, sql` union all `)}) c
      order by g.grp, g.sort_name ${direction}, g.id ${direction},
        c.end_datetime desc, c.call_id desc
      limit ${window.limit} offset ${window.offset}`,
  );
  await tx.execute(sql`set local enable_sort to default`);
  await tx.execute(sql`set local jit to default`);
  return rows.map((row) => row.call_id);
}

/** Rows in the order of `ids` (the page's order, which `= any` does not keep). */
function inIdOrder<Row>(ids: readonly string[], rows: Row[], idOf: (row: Row) => string): Row[] {
  const byId = new Map(rows.map((row) => [idOf(row), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A page in a sort that an index gives in order (indexOrder): the query, not yet run. */
export function indexedCallPage(
  tx: Tx,
  scope: ListScope,
  filters: CallFilters,
  sort: CallListSort,
  window: { limit: number; offset: number },
) {
  const order = indexOrder(sort);
  if (!order) throw new Error(`no index gives the calls in the order ${sort}`);
  return tx
    .select(summaryColumns)
    .from(callLog)
    .where(
      and(
        ...listConditions(scope, filters),
        statusCondition(filters.status),
        statusRankBound(sort, filters),
      ),
    )
    .orderBy(...order)
    .limit(window.limit)
    .offset(window.offset);
}

export async function selectCallPage(
  tx: Tx,
  scope: ListScope,
  filters: CallFilters,
  sort: CallListSort,
  window: { limit: number; offset: number },
) {
  if (indexOrder(sort)) {
    // A search with more matches than SEARCH_MATCH_LIMIT filters by its words (searchCondition):
    // thousands of the organisation's calls match, so walking the sort's index to the page's end
    // is cheap. The planner, which multiplies the words' frequencies, may take "blood test" for a
    // few dozen calls and read every call of the organisation to sort them instead (140 ms
    // against 8 on 100,000 calls). Sorts are priced out for this query, as for the grouped sorts
    // (groupedCallIds), and JIT with them (docs/search.md, "Plans").
    const byWords = scope.search?.tsquery != null && scope.search.matches.calls === null;
    if (byWords) {
      await tx.execute(sql`set local enable_sort = off`);
      await tx.execute(sql`set local jit = off`);
    }
    const rows = await indexedCallPage(tx, scope, filters, sort, window);
    if (byWords) {
      await tx.execute(sql`set local enable_sort to default`);
      await tx.execute(sql`set local jit to default`);
    }
    return rows;
  }
  const { key, descending } = parseCallListSort(sort);
  const ids = await groupedCallIds(
    tx,
    scope,
    filters,
    { key: key as 'agent' | 'assignee', descending },
    window,
  );
  if (ids.length === 0) return [];
  const rows = await tx
    .select(summaryColumns)
    .from(callLog)
    .where(and(eq(callLog.organisation_id, scope.organisationId), inArray(callLog.call_id, ids)));
  return inIdOrder(ids, rows, (row) => row.call_id);
}

/** Where an export's previous batch ended: its last call, in the list's order. */
export type ExportPosition =
  /** The newest- or oldest-first orders: keyset, after this call. */
  | { end_datetime: string; call_id: string }
  /** The other orders: after this many calls. */
  | { offset: number };

/**
 * One batch of the CSV export (GET /calls/export.csv): the list's calls and order, after
 * `after`, with the agent's name and the assignee's. In the list's default order (and its
 * reverse) keyset, not offset, so each batch costs the same however deep into the list it is:
 * the row comparison bounds the scan of call_log_list_idx (docs/ingestion.md, "CSV export", has
 * the plan). The other sorts page by offset, each batch reading its sort's index from the start
 * (docs/search.md, "Sorting"). Instants are formatted here as the JSON API writes them, so that
 * both drivers give the same text; the position keeps microseconds.
 */
export async function selectExportBatch(
  tx: Tx,
  scope: ListScope,
  filters: CallFilters,
  sort: CallListSort,
  after: ExportPosition | null,
  limit: number,
) {
  const utc = (column: SQLWrapper) =>
    sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const select = tx
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
    .leftJoin(profiles, eq(profiles.id, callLog.assignee_id));
  const where = [...listConditions(scope, filters), statusCondition(filters.status)];
  const offset = after && 'offset' in after ? after.offset : 0;

  if (sort === '-ended' || sort === 'ended') {
    const keyset =
      after && 'call_id' in after
        ? sort === '-ended'
          ? sql`(${callLog.end_datetime}, ${callLog.call_id}) < (${after.end_datetime}::timestamptz, ${after.call_id})`
          : sql`(${callLog.end_datetime}, ${callLog.call_id}) > (${after.end_datetime}::timestamptz, ${after.call_id})`
        : undefined;
    return select
      .where(and(...where, keyset))
      .orderBy(...(indexOrder(sort) ?? []))
      .limit(limit);
  }
  const order = indexOrder(sort);
  if (order) {
    return select
      .where(and(...where, statusRankBound(sort, filters)))
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  }
  const { key, descending } = parseCallListSort(sort);
  const ids = await groupedCallIds(
    tx,
    scope,
    filters,
    { key: key as 'agent' | 'assignee', descending },
    { limit, offset },
  );
  if (ids.length === 0) return [];
  const rows = await select.where(
    and(eq(callLog.organisation_id, scope.organisationId), inArray(callLog.call_id, ids)),
  );
  return inIdOrder(ids, rows, (row) => row.id);
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
 * Each list's count for its tab, as the list's tab counts have it, in one statement (one round
 * trip): saved views' counts (docs/search.md, "Saved views"). Each stops at `cap` matching rows,
 * so a view over a big organisation reads at most that many index entries; a list with no filter
 * but its tab reads the trigger-kept counters (ADR 0006) instead.
 */
export async function countCallsCapped(
  tx: Tx,
  lists: { scope: ListScope; filters: CallFilters }[],
  cap: number,
): Promise<number[]> {
  if (lists.length === 0) return [];
  const counts = lists.map(({ scope, filters }, index) => {
    const count = isFiltered(scope, filters)
      ? sql`(select count(*) from (select 1 from ${callLog}
              where ${and(...listConditions(scope, filters), statusCondition(filters.status))}
              limit ${cap}) as matching)`
      : sql`(select least(coalesce(sum(${callCounts.calls}), 0), ${cap}) from ${callCounts}
              where ${and(
                eq(callCounts.organisation_id, scope.organisationId),
                filters.includeDeleted ? undefined : eq(callCounts.deleted, false),
                filters.status === 'open'
                  ? ne(callCounts.status, 'Closed')
                  : filters.status === 'closed'
                    ? eq(callCounts.status, 'Closed')
                    : undefined,
              )})`;
    return sql`${count}::int as ${sql.identifier(`count_${index}`)}`;
  });
  const [row] = await queryRows<Record<string, number | string>>(
    tx,
    sql`select ${sql.join(counts, sql`, `)}`,
  );
  return lists.map((_, index) => Number(row?.[`count_${index}`] ?? 0));
}

/**
 * The words PostgreSQL's 'simple' configuration reads in a search (the parser that built the
 * documents), the one typed last, each quoted phrase as its own phrase query, and the
 * organisation's phone country.
 */
export async function readSearchWords(
  tx: Tx,
  organisationId: string,
  search: { words: string; phrases: string[] },
) {
  const [row] = await queryRows<{
    words: string[];
    last: string | null;
    phrases: string[];
    phone_country: string;
  }>(
    tx,
    sql`select
          array(select lexeme from unnest(to_tsvector('simple'::regconfig, ${search.words}))
                order by lexeme) as words,
          (select lexeme from unnest(to_tsvector('simple'::regconfig, ${search.words}))
           order by positions[array_upper(positions, 1)] desc limit 1) as last,
          array(select phraseto_tsquery('simple'::regconfig, phrase)::text
                from jsonb_array_elements_text(${JSON.stringify(search.phrases)}::jsonb) phrase)
            as phrases,
          (select phone_country from organisations where id = ${organisationId}) as phone_country`,
  );
  return row ?? { words: [], last: null, phrases: [], phone_country: 'GB' };
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
