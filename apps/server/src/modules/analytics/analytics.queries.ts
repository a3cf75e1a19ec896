// The analytics page's SQL. Every query is scoped to one organisation, leaves deleted calls out
// (deleted_flag is not true, as everywhere) and, when agentId is given, keeps that agent's calls
// only. "Received in a period" means the call ended inside it (calls reach the log when they
// end). A period is [from, to); its previous period is the same length just before it.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
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

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

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
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
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
  const share = (part: unknown, whole: unknown) =>
    Number(whole) > 0 ? Number(part) / Number(whole) : null;
  return {
    callsReceived: {
      value: Number(row?.received ?? 0),
      previous: Number(row?.received_previous ?? 0),
    },
    averageDurationSeconds: {
      value: num(row?.average_duration),
      previous: num(row?.average_duration_previous),
    },
    negativeShare: {
      value: share(row?.negative, row?.with_sentiment),
      previous: share(row?.negative_previous, row?.with_sentiment_previous),
    },
  };
}

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
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
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
    callsClosed: { value: Number(row?.closed ?? 0), previous: Number(row?.closed_previous ?? 0) },
    medianTimeToCloseSeconds: {
      value: num(row?.median_seconds),
      previous: num(row?.median_seconds_previous),
    },
  };
}

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
    const [row] = await queryRows<Record<string, unknown>>(
      tx,
      sql`select count(*) as open, count(*) filter (where c.assignee_id is null) as unassigned
          from call_log c where ${scopeOf(scope)} and c.status <> 'Closed'`,
    );
    return { open: Number(row?.open ?? 0), unassigned: Number(row?.unassigned ?? 0) };
  }
  const firstChangeAfter = (type: 'STATUS_CHANGED' | 'ASSIGNED') => sql`
    select distinct on (a.call_id) a.call_id, a.previous_status, a.previous_assignee_id
    from call_activity a
    where a.organisation_id = ${scope.organisationId} and a.type = ${type} and a.created_at > ${at}
    order by a.call_id, a.created_at, a.id`;
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
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
  return { open: Number(row?.open ?? 0), unassigned: Number(row?.unassigned ?? 0) };
}

interface SeriesRow {
  agent_id: string | null;
  day: string | null;
  status: string | null;
  sentiment: string | null;
  weekday: number | string | null;
  hour: number | string | null;
  reason: string | null;
  set: number | string;
  calls: number | string;
}

/**
 * The calls received in the period, counted five ways in one index-only pass (GROUPING SETS):
 * per local day and current status; by sentiment; by local weekday and hour; by disconnection
 * reason; by agent. `set` tells the groupings apart (GROUPING() bitmask).
 */
export async function receivedSeries(
  tx: Tx,
  scope: AnalyticsScope,
  period: Period,
  timeZone: string,
) {
  return queryRows<SeriesRow>(
    tx,
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
               grouping(day, status, sentiment, weekday, hour, reason, agent_id) as set,
               count(*) as calls
        from received
        group by grouping sets ((day, status), (sentiment), (weekday, hour), (reason), (agent_id))`,
  );
}

/** Every local day the period touches, in order (the chart shows empty days too). */
export async function daysOf(tx: Tx, period: Period, timeZone: string) {
  const rows = await queryRows<{ day: string }>(
    tx,
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
  return queryRows<{ agent_id: string; display_name: string | null }>(
    tx,
    sql`select m.agent_id, m.display_name from agent_mapping m
        where m.organisation_id = ${scope.organisationId}${agentFilter}
        order by m.agent_id`,
  );
}

/** Open calls now by assignee (null: unassigned), largest first. */
export async function openWorkload(tx: Tx, scope: AnalyticsScope) {
  const rows = await queryRows<{ assignee_id: string | null; open: number | string }>(
    tx,
    sql`select c.assignee_id, count(*) as open
        from call_log c where ${scopeOf(scope)} and c.status <> 'Closed'
        group by c.assignee_id
        order by open desc, c.assignee_id nulls first`,
  );
  return rows.map((row) => ({ ...row, open: Number(row.open) }));
}
