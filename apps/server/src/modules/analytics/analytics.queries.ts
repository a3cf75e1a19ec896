// The analytics page's SQL. Every query is scoped to one organisation, leaves deleted calls out
// (deleted_flag is not true, as everywhere) and, when agentId is given, keeps that agent's calls
// only. "Received in a period" means the call ended inside it (calls reach the log when they
// end). A period is [from, to); its previous period is the same length just before it.
import { callStatusSchema, sentimentSchema } from '@callboard/contract';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { parseRow, parseRows, sqlNumber, sqlNumberOrNull } from '../../db/client.ts';
import type { Tx } from '../../db/tenant.ts';

export interface AnalyticsScope {
  organisationId: string;
  agentId?: string | undefined;
}

export interface Period {
  from: Date;
  to: Date;
}

function scopeOf(scope: AnalyticsScope, alias: SQL = sql`c`): SQL {
  const agent = scope.agentId ? sql` and ${alias}.agent_id = ${scope.agentId}` : sql``;
  return sql`${alias}.organisation_id = ${scope.organisationId} and ${alias}.deleted_flag is not true${agent}`;
}

const receivedFiguresRow = z.object({
  received: sqlNumber,
  received_previous: sqlNumber,
  average_duration: sqlNumberOrNull,
  average_duration_previous: sqlNumberOrNull,
  negative: sqlNumber,
  with_sentiment: sqlNumber,
  negative_previous: sqlNumber,
  with_sentiment_previous: sqlNumber,
});

/**
 * Over the calls received in each period:
 * - calls received: how many;
 * - average duration: mean duration_seconds of those that have one;
 * - negative share: negative ÷ those with any sentiment.
 */
export async function receivedFigures(
  tx: Tx,
  scope: AnalyticsScope,
  period: Period,
  previous: Period,
) {
  const inPeriod = sql`c.end_datetime >= ${period.from} and c.end_datetime < ${period.to}`;
  const inPrevious = sql`c.end_datetime >= ${previous.from} and c.end_datetime < ${previous.to}`;
  const row = await parseRow(
    tx,
    receivedFiguresRow,
    sql`select
          count(*) filter (where ${inPeriod}) as received,
          count(*) filter (where ${inPrevious}) as received_previous,
          avg(c.duration_seconds) filter (where ${inPeriod}) as average_duration,
          avg(c.duration_seconds) filter (where ${inPrevious}) as average_duration_previous,
          count(*) filter (where ${inPeriod} and c.sentiment = 'negative') as negative,
          count(*) filter (where ${inPeriod} and c.sentiment is not null) as with_sentiment,
          count(*) filter (where ${inPrevious} and c.sentiment = 'negative') as negative_previous,
          count(*) filter (where ${inPrevious} and c.sentiment is not null) as with_sentiment_previous
        from call_log c
        where ${scopeOf(scope)} and c.end_datetime >= ${previous.from} and c.end_datetime < ${period.to}`,
  );
  const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);
  return {
    callsReceived: { value: row.received, previous: row.received_previous },
    averageDurationSeconds: {
      value: row.average_duration,
      previous: row.average_duration_previous,
    },
    negativeShare: {
      value: share(row.negative, row.with_sentiment),
      previous: share(row.negative_previous, row.with_sentiment_previous),
    },
  };
}

const closingFiguresRow = z.object({
  closed: sqlNumber,
  closed_previous: sqlNumber,
  median_seconds: sqlNumberOrNull,
  median_seconds_previous: sqlNumberOrNull,
});

/**
 * From the status-change activity, in each period:
 * - calls closed: calls with a change to Closed inside the period;
 * - median time to close: median, over those calls, of the time from the call's end to its
 *   first change to Closed inside the period (seconds).
 */
export async function closingFigures(
  tx: Tx,
  scope: AnalyticsScope,
  period: Period,
  previous: Period,
) {
  const row = await parseRow(
    tx,
    closingFiguresRow,
    sql`with closes as (
          select a.call_id,
                 min(a.created_at) filter (where a.created_at >= ${period.from} and a.created_at < ${period.to}) as closed_at,
                 min(a.created_at) filter (where a.created_at >= ${previous.from} and a.created_at < ${previous.to}) as closed_at_previous
          from call_activity a
          where a.organisation_id = ${scope.organisationId} and a.type = 'STATUS_CHANGED'
            and a.new_status = 'Closed' and a.created_at >= ${previous.from} and a.created_at < ${period.to}
          group by a.call_id
        )
        select count(closes.closed_at) as closed,
               count(closes.closed_at_previous) as closed_previous,
               percentile_cont(0.5) within group (order by extract(epoch from closes.closed_at - c.end_datetime))
                 filter (where closes.closed_at is not null) as median_seconds,
               percentile_cont(0.5) within group (order by extract(epoch from closes.closed_at_previous - c.end_datetime))
                 filter (where closes.closed_at_previous is not null) as median_seconds_previous
        from closes join call_log c on c.call_id = closes.call_id
        where ${scopeOf(scope)}`,
  );
  return {
    callsClosed: { value: row.closed, previous: row.closed_previous },
    medianTimeToCloseSeconds: {
      value: row.median_seconds,
      previous: row.median_seconds_previous,
    },
  };
}

const backlogRow = z.object({ open: sqlNumber, unassigned: sqlNumber });

/**
 * The open backlog and the unassigned open calls at an instant T: calls received before T whose
 * status at T was not Closed (and, for the second, whose assignee at T was nobody).
 * A call's status at T is the previous_status of its first status change after T, or its current
 * status if it has not changed since; its assignee at T likewise from ASSIGNED activity. (Each
 * change records the value it replaced, under the call's row lock, so reading history backwards
 * from now needs only the activity after T.) At T = now that is the current status and assignee.
 */
export async function backlogAt(tx: Tx, scope: AnalyticsScope, at: Date, now: Date) {
  if (at >= now) {
    return parseRow(
      tx,
      backlogRow,
      sql`select count(*) as open, count(*) filter (where c.assignee_id is null) as unassigned
          from call_log c where ${scopeOf(scope)} and c.status <> 'Closed'`,
    );
  }
  const firstChangeAfter = (type: 'STATUS_CHANGED' | 'ASSIGNED') => sql`
    select distinct on (a.call_id) a.call_id, a.previous_status, a.previous_assignee_id
    from call_activity a
    where a.organisation_id = ${scope.organisationId} and a.type = ${type} and a.created_at > ${at}
    order by a.call_id, a.created_at, a.id`;
  return parseRow(
    tx,
    backlogRow,
    sql`with status_change as (${firstChangeAfter('STATUS_CHANGED')}),
             assignee_change as (${firstChangeAfter('ASSIGNED')}),
             state as (
               select case when s.call_id is null then c.status else s.previous_status end as status,
                      case when a.call_id is null then c.assignee_id else a.previous_assignee_id end as assignee_id
               from call_log c
               left join status_change s on s.call_id = c.call_id
               left join assignee_change a on a.call_id = c.call_id
               where ${scopeOf(scope)} and c.end_datetime < ${at}
             )
        select count(*) filter (where status <> 'Closed') as open,
               count(*) filter (where status <> 'Closed' and assignee_id is null) as unassigned
        from state`,
  );
}

/**
 * The five ways receivedSeries counts the calls: each grouping set, named, with the columns it
 * groups by. The query's GROUPING SETS and the name on each row are both written from this list,
 * so they cannot disagree whatever the order of the columns.
 */
const SERIES_GROUPINGS = {
  day_status: ['day', 'status'],
  sentiment: ['sentiment'],
  weekday_hour: ['weekday', 'hour'],
  reason: ['reason'],
  agent: ['agent_id'],
} as const;
type SeriesGrouping = keyof typeof SERIES_GROUPINGS;

const groupingOf = <G extends SeriesGrouping>(grouping: G) => z.literal(grouping);
const seriesRow = z.discriminatedUnion('grouping', [
  z.object({
    grouping: groupingOf('day_status'),
    day: z.string(),
    status: callStatusSchema,
    calls: sqlNumber,
  }),
  z.object({
    grouping: groupingOf('sentiment'),
    sentiment: sentimentSchema.nullable(),
    calls: sqlNumber,
  }),
  z.object({
    grouping: groupingOf('weekday_hour'),
    weekday: z.number().int(),
    hour: z.number().int(),
    calls: sqlNumber,
  }),
  z.object({ grouping: groupingOf('reason'), reason: z.string().nullable(), calls: sqlNumber }),
  z.object({ grouping: groupingOf('agent'), agent_id: z.string(), calls: sqlNumber }),
]);
export type SeriesRow = z.output<typeof seriesRow>;

const columnList = (columns: readonly string[]) =>
  sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
const groupings = Object.entries(SERIES_GROUPINGS);
const groupingSets = sql.join(
  groupings.map(([, columns]) => sql`(${columnList(columns)})`),
  sql`, `,
);
// grouping(columns) is 0 exactly on the rows of the set that groups by all of them; the sets
// share no column, so one branch matches each row. The names are this file's constants.
const groupingName = sql.join(
  groupings.map(
    ([name, columns]) =>
      sql`when grouping(${columnList(columns)}) = 0 then ${sql.raw(`'${name}'`)}`,
  ),
  sql` `,
);

/**
 * The calls received in the period, counted five ways in one index-only pass (GROUPING SETS,
 * SERIES_GROUPINGS): per local day and current status; by sentiment; by local weekday and hour;
 * by disconnection reason; by agent. Each row names its grouping.
 */
export async function receivedSeries(
  tx: Tx,
  scope: AnalyticsScope,
  period: Period,
  timeZone: string,
): Promise<SeriesRow[]> {
  return parseRows(
    tx,
    seriesRow,
    sql`with received as (
          select to_char(local_end, 'YYYY-MM-DD') as day, status, sentiment,
                 extract(isodow from local_end)::int as weekday, extract(hour from local_end)::int as hour,
                 disconnection_reason as reason, agent_id
          from (
            select c.status, c.sentiment, c.disconnection_reason, c.agent_id,
                   c.end_datetime at time zone ${timeZone} as local_end
            from call_log c
            where ${scopeOf(scope)} and c.end_datetime >= ${period.from} and c.end_datetime < ${period.to}
          ) as calls
        )
        select day, status, sentiment, weekday, hour, reason, agent_id,
               case ${groupingName} end as grouping,
               count(*) as calls
        from received
        group by grouping sets (${groupingSets})`,
  );
}

/** Every local day the period touches, in order (the chart shows empty days too). */
export async function daysOf(tx: Tx, period: Period, timeZone: string) {
  const rows = await parseRows(
    tx,
    z.object({ day: z.string() }),
    sql`select to_char(day, 'YYYY-MM-DD') as day
        from generate_series(
          date_trunc('day', ${period.from}::timestamptz at time zone ${timeZone}),
          (${period.to}::timestamptz - interval '1 microsecond') at time zone ${timeZone},
          interval '1 day'
        ) as day`,
  );
  return rows.map((row) => row.day);
}

/** The organisation's agents (or the one asked for), for the by-agent chart's empty bars. */
export async function agentsOf(tx: Tx, scope: AnalyticsScope) {
  const agentFilter = scope.agentId ? sql` and m.agent_id = ${scope.agentId}` : sql``;
  return parseRows(
    tx,
    z.object({ agent_id: z.string(), display_name: z.string().nullable() }),
    sql`select m.agent_id, m.display_name from agent_mapping m
        where m.organisation_id = ${scope.organisationId}${agentFilter}
        order by m.agent_id`,
  );
}

/** Open calls now by assignee (null: unassigned), largest first. */
export async function openWorkload(tx: Tx, scope: AnalyticsScope) {
  return parseRows(
    tx,
    z.object({ assignee_id: z.string().nullable(), open: sqlNumber }),
    sql`select c.assignee_id, count(*) as open
        from call_log c where ${scopeOf(scope)} and c.status <> 'Closed'
        group by c.assignee_id
        order by open desc, c.assignee_id nulls first`,
  );
}
