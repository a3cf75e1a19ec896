// The analytics page's SQL. Every figure is scoped to one organisation, leaves deleted calls out
// (deleted_flag is not true, as everywhere) and, when agentId is given, keeps that agent's calls
// only. "Received in a period" means the call ended inside it (calls reach the log when they
// end). A period is [from, to); its previous period is the same length just before it.
//
// The figures are read from rollups, not from every call of the period (docs/analytics.md):
// call_timeline holds each counted call's arrival and the instants its status or assignee
// changed, and call_hourly / call_hourly_reasons / call_workload sum it per UTC hour, agent and
// so on (call_hourly_totals over all agents; call_daily, call_daily_reasons and
// call_daily_closes per UTC day). A period comes from the sums of the days or hours it touches,
// corrected at its ends by finer sums and finally by call_timeline's rows, which carry exact
// instants (periodDays, periodHours, periodEdges, timelineEdges; for the closes, nearerDay and
// dayEdgePieces). The definitions below are those of the raw rows; the rollups are kept equal to
// them (db/analytics-rollups.test.ts).
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { parseRow, parseRows, sqlNumber, type QueryOptions } from '../../db/client.ts';
import type { Tx } from '../../db/tenant.ts';

/**
 * Every statement here runs on every analytics request, and parsing one cost about as much as
 * running it: named prepared statements, parsed once per connection (docs/analytics.md,
 * "Planning").
 */
const PREPARED: QueryOptions = { prepared: true };

export interface AnalyticsScope {
  organisationId: string;
  agentId?: string | undefined;
}

export interface Period {
  from: Date;
  to: Date;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The start of the first UTC hour (or day: `unit` DAY) at or after an instant. */
const atOrAfter = (date: Date, unit = HOUR) => new Date(Math.ceil(date.getTime() / unit) * unit);

/*
 * A period [from, to) is read as the rollups' hours [⌈from⌉, ⌈to⌉) (its whole hours and the hour
 * `to` falls in), plus call_timeline's rows in [from, ⌈from⌉), less its rows in [to, ⌈to⌉).
 * A period usually ends now, so the last part is empty: the hour under way comes from its rollup
 * row, not from every arrival and change it has had so far, a cost that grew all hour long.
 * The same holds for a period inside one hour: [from, ⌈to⌉) less [to, ⌈to⌉).
 * The daily rollups are read in the same way, a level up: days [⌈from⌉, ⌈to⌉), plus hours (or
 * rows) in [from, ⌈from⌉), less those in [to, ⌈to⌉), with ⌈⌉ to the UTC day. The closes, corrected
 * by rows alone, round each end to the nearer day instead (closeHistograms).
 */

/** The condition on an hourly rollup row (`alias`) of the period's hours. */
function periodHours(period: Period, alias: SQL) {
  return sql`(${alias}.hour >= ${atOrAfter(period.from)} and ${alias}.hour < ${atOrAfter(period.to)})`;
}

/** The condition on a daily rollup row (`alias`) of the period's days. */
function periodDays(period: Period, alias: SQL) {
  return sql`(${alias}.day >= ${atOrAfter(period.from, DAY)} and ${alias}.day < ${atOrAfter(period.to, DAY)})`;
}

/**
 * Rows (`alias`, whose instant is `column`) from the period's start to the first whole `unit`:
 * added to the period's whole units.
 */
function leadingRows(period: Period, alias: SQL, unit = HOUR, column = sql`at`) {
  return sql`(${alias}.${column} >= ${period.from} and ${alias}.${column} < ${atOrAfter(period.from, unit)})`;
}

/** Rows (`alias`, `column`) from the period's end to the end of its last `unit`: taken away. */
function trailingRows(period: Period, alias: SQL, unit = HOUR, column = sql`at`) {
  return sql`(${alias}.${column} >= ${period.to} and ${alias}.${column} < ${atOrAfter(period.to, unit)})`;
}

/** The rows (`alias`, `column`) that correct the period's whole units. */
function periodEdges(period: Period, alias: SQL, unit = HOUR, column = sql`at`) {
  return sql`(${leadingRows(period, alias, unit, column)} or ${trailingRows(period, alias, unit, column)})`;
}

/**
 * The call_timeline rows (alias t) that correct the periods' whole `unit`s, as `union all`
 * branches that each select `columns` from one range of instants where `condition` holds: the
 * ranges [from, ⌈from⌉) and [to, ⌈to⌉) of every period, merged where they meet. A branch per
 * range is one range of the covering index on (organisation, instant), read from the index alone;
 * one condition with OR between ranges made PostgreSQL combine bitmaps and visit the table, a
 * page for nearly every row (docs/analytics.md, "Reading the edges").
 */
function timelineEdges(periods: Period[], columns: SQL, condition: SQL, unit = HOUR): SQL {
  const ranges = disjoint(
    periods
      .flatMap(({ from, to }) => [from, to])
      .map((from) => ({ from, to: atOrAfter(from, unit) })),
  );
  return sql.join(
    ranges.map(
      (range) =>
        sql`union all select ${columns} from call_timeline t
            where ${condition} and t.at >= ${range.from} and t.at < ${range.to}`,
    ),
    sql` `,
  );
}

/** What a row (`alias`, `column`) counts for in the period: 1, −1 or 0 (neither, or both). */
function edgeWeight(period: Period, alias: SQL, unit = HOUR, column = sql`at`) {
  return sql`(${leadingRows(period, alias, unit, column)}::int - ${trailingRows(period, alias, unit, column)}::int)`;
}

/** The organisation (and agent) condition on a rollup or call_timeline row. */
function scopeOf(scope: AnalyticsScope, alias: SQL): SQL {
  const agent = scope.agentId ? sql` and ${alias}.agent_id = ${scope.agentId}` : sql``;
  return sql`${alias}.organisation_id = ${scope.organisationId}${agent}`;
}

const STATUS_COLUMNS = { New: 'new', 'In progress': 'in_progress', Closed: 'closed' } as const;
const STATUSES = ['New', 'In progress', 'Closed'] as const;
const QUARTERS = [0, 1, 2, 3] as const;
/** An hourly row's (alias h) calls received with one status in one quarter of the hour. */
const quarterColumn = (status: keyof typeof STATUS_COLUMNS, quarter: number) =>
  `h.${STATUS_COLUMNS[status]}_${quarter}`;
// The hourly rows' quarter columns as fixed SQL text, written once: drizzle renders a fragment
// built of pieces anew on every request (docs/analytics.md, "Cost").
/** An hourly row's twelve quarter columns, by status then quarter. */
const QUARTER_COLUMNS = STATUSES.flatMap((status) =>
  QUARTERS.map((quarter) => quarterColumn(status, quarter)),
);
/** An hourly row's calls received. */
const hourlyCalls = sql.raw(QUARTER_COLUMNS.join(' + '));
/** Its twelve quarter columns, as a select list. */
const quarterColumns = sql.raw(QUARTER_COLUMNS.join(', '));
/** Its calls received per status, as new, in_progress and closed. */
const statusColumns = sql.raw(
  STATUSES.map(
    (status) =>
      `${QUARTERS.map((quarter) => quarterColumn(status, quarter)).join(' + ')} as ${STATUS_COLUMNS[status]}`,
  ).join(', '),
);
/** Its quarters as rows of values (quarter, new, in_progress, closed). */
const quarterRows = sql.raw(
  QUARTERS.map(
    (quarter) =>
      `(${String(quarter)}, ${STATUSES.map((status) => quarterColumn(status, quarter)).join(', ')})`,
  ).join(', '),
);

const receivedRow = z.object({
  agent_id: z.string(),
  calls: sqlNumber,
  calls_previous: sqlNumber,
  duration_total: sqlNumber,
  duration_total_previous: sqlNumber,
  with_duration: sqlNumber,
  with_duration_previous: sqlNumber,
  positive: sqlNumber,
  neutral: sqlNumber,
  negative: sqlNumber,
  negative_previous: sqlNumber,
  with_sentiment_previous: sqlNumber,
});
export type ReceivedRow = z.output<typeof receivedRow>;

/**
 * The calls received in each period per agent, with what the figures over them need:
 * - calls received: how many;
 * - average duration: mean duration_seconds of those that have one (total ÷ with a duration);
 * - negative share: negative ÷ those with any sentiment;
 * and, for the period, the calls per sentiment. Agents without calls in either period are left
 * out; the service sums the rows for the organisation's figures.
 */
export async function receivedPerAgent(
  tx: Tx,
  scope: AnalyticsScope,
  period: Period,
  previous: Period,
) {
  // Each piece carries its weight in the period (w) and in the previous period (wp): whole UTC
  // days from call_daily, the hours at the periods' ends from call_hourly, the rows within an hour
  // of their ends from call_timeline.
  return parseRows(
    tx,
    receivedRow,
    sql`with pieces as (
          select d.agent_id, ${periodDays(period, sql`d`)}::int as w, ${periodDays(previous, sql`d`)}::int as wp,
                 d.calls, d.duration_total, d.with_duration, d.positive, d.neutral, d.negative
          from call_daily d
          where ${scopeOf(scope, sql`d`)}
            and (${periodDays(period, sql`d`)} or ${periodDays(previous, sql`d`)})
          union all
          select h.agent_id, ${edgeWeight(period, sql`h`, DAY, sql`hour`)}, ${edgeWeight(previous, sql`h`, DAY, sql`hour`)},
                 ${hourlyCalls}, h.duration_total, h.with_duration, h.positive, h.neutral, h.negative
          from call_hourly h
          where ${scopeOf(scope, sql`h`)}
            and (${periodEdges(period, sql`h`, DAY, sql`hour`)} or ${periodEdges(previous, sql`h`, DAY, sql`hour`)})
          ${timelineEdges(
            [period, previous],
            sql`t.agent_id, ${edgeWeight(period, sql`t`)}, ${edgeWeight(previous, sql`t`)},
                1, coalesce(t.duration_seconds, 0), (t.duration_seconds is not null)::int,
                (t.sentiment = 'positive')::int, (t.sentiment = 'neutral')::int, (t.sentiment = 'negative')::int`,
            sql`${scopeOf(scope, sql`t`)} and t.arrival`,
          )}
        )
        select agent_id,
               coalesce(sum(w * calls), 0) as calls,
               coalesce(sum(wp * calls), 0) as calls_previous,
               coalesce(sum(w * duration_total), 0) as duration_total,
               coalesce(sum(wp * duration_total), 0) as duration_total_previous,
               coalesce(sum(w * with_duration), 0) as with_duration,
               coalesce(sum(wp * with_duration), 0) as with_duration_previous,
               coalesce(sum(w * positive), 0) as positive,
               coalesce(sum(w * neutral), 0) as neutral,
               coalesce(sum(w * negative), 0) as negative,
               coalesce(sum(wp * negative), 0) as negative_previous,
               coalesce(sum(wp * (positive + neutral + negative)), 0) as with_sentiment_previous
        from pieces
        group by agent_id
        having sum((w + wp) * calls) > 0`,
    PREPARED,
  );
}

/**
 * A period's first closes counted per bucket of time to close (functions/call_close_bucket.sql),
 * in ascending order of bucket, and their total.
 */
interface CloseHistogram {
  buckets: { bucket: number; closes: number }[];
  closes: number;
}

/** Where a 0-based rank falls in a histogram: its bucket and its rank inside the bucket. */
function locate(histogram: CloseHistogram, rank: number) {
  let before = 0;
  for (const { bucket, closes } of histogram.buckets) {
    if (rank < before + closes) return { bucket, offset: rank - before };
    before += closes;
  }
  throw new Error(`rank ${rank} is past the histogram's ${before} closes`);
}

/**
 * From the status-change activity, in each period:
 * - calls closed: calls with a change to Closed inside the period;
 * - median time to close: median, over those calls, of the time from the call's end to its
 *   first change to Closed inside the period (seconds).
 * A close in call_timeline is a call's first inside the period when the call's close before it,
 * if any, came before the period.
 *
 * Exact, without reading every close of the period (docs/analytics.md): the period's closes per
 * bucket of time to close come from call_daily_closes for its whole UTC days, corrected at its
 * ends by call_timeline's closes and for the re-closes whose previous close was inside it (not
 * first closes, but in the daily counts). The median's rank or two middle ranks fall in one bucket
 * or two, and only those buckets' closes in the period are read, in order, to find the values.
 */
export async function closingFigures(
  tx: Tx,
  scope: AnalyticsScope,
  period: Period,
  previous: Period,
  now: Date,
) {
  const histograms = await closeHistograms(tx, scope, period, previous, now);
  const [value, previousValue] = await medians(tx, scope, [
    { range: period, histogram: histograms.period },
    { range: previous, histogram: histograms.previous },
  ]);
  return {
    callsClosed: { value: histograms.period.closes, previous: histograms.previous.closes },
    medianTimeToCloseSeconds: { value: value ?? null, previous: previousValue ?? null },
  };
}

/** The instants in any of the ranges, as the fewest ranges that do not overlap, in order. */
function disjoint(ranges: Period[]): Period[] {
  const merged: Period[] = [];
  for (const range of [...ranges].sort((a, b) => a.from.getTime() - b.from.getTime())) {
    const last = merged.at(-1);
    if (range.from >= range.to) continue;
    if (last && range.from <= last.to) {
      if (range.to > last.to) last.to = range.to;
    } else merged.push({ ...range });
  }
  return merged;
}

/**
 * The UTC day boundary nearer to an instant in rows to read, there being none after `now`: the
 * end of the instant's day when the part of it up to now is no longer than the part before the
 * instant, else its start. A period's end that is now (or later) rounds up, as elsewhere; any end
 * costs at most half a day of closes, not up to a day.
 */
export function nearerDay(at: Date, now: Date): Date {
  const start = Math.floor(at.getTime() / DAY) * DAY;
  const after = Math.min(start + DAY, now.getTime()) - at.getTime();
  return new Date(after <= at.getTime() - start ? atOrAfter(at, DAY).getTime() : start);
}

/**
 * The ranges of call_timeline rows that correct whole UTC days [b(from), b(to)) to the periods
 * [from, to), b being `boundary`: rows in [from, b(from)) add to a period and rows in
 * [to, b(to)) are taken away, each range reversed (and its sign with it) when b rounds down. The
 * ranges are cut where any of them starts or ends, so that each piece carries one weight per
 * period for all its rows (constants in the statement, not comparisons per row); pieces that
 * weigh nothing in every period are left out.
 */
export function dayEdgePieces(periods: Period[], boundary: (at: Date) => Date) {
  const signed = periods.flatMap(({ from, to }, index) =>
    [
      { at: from, sign: 1 },
      { at: to, sign: -1 },
    ].map(({ at, sign }) => {
      const bound = boundary(at);
      return bound >= at
        ? { index, from: at, to: bound, weight: sign }
        : { index, from: bound, to: at, weight: -sign };
    }),
  );
  const cuts = [...new Set(signed.flatMap((range) => [range.from.getTime(), range.to.getTime()]))];
  cuts.sort((a, b) => a - b);
  const pieces: { from: Date; to: Date; weights: number[] }[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const [from, to] = [cuts[i] as number, cuts[i + 1] as number];
    const weights = periods.map((_, index) =>
      signed
        .filter((range) => range.index === index)
        .filter((range) => range.from.getTime() <= from && to <= range.to.getTime())
        .reduce((sum, range) => sum + range.weight, 0),
    );
    if (weights.every((weight) => weight === 0)) continue;
    const last = pieces.at(-1);
    if (last && last.to.getTime() === from && last.weights.every((w, k) => w === weights[k])) {
      last.to = new Date(to);
    } else pieces.push({ from: new Date(from), to: new Date(to), weights });
  }
  return pieces;
}

const histogramRow = z.object({
  bucket: z.number().int(),
  closes: sqlNumber,
  closes_previous: sqlNumber,
});

async function closeHistograms(
  tx: Tx,
  scope: AnalyticsScope,
  period: Period,
  previous: Period,
  now: Date,
) {
  const agent = scope.agentId ? sql`c.agent_id = ${scope.agentId}` : sql`c.agent_id is null`;
  // Whole days from call_daily_closes, each period's ends rounded to the nearer day boundary: the
  // closes between an end and its boundary come from call_timeline_closes_idx (organisation,
  // instant, with the close's columns) alone, one range per piece.
  const boundary = (at: Date) => nearerDay(at, now);
  const days = (range: Period) =>
    sql`(c.day >= ${boundary(range.from)} and c.day < ${boundary(range.to)})`;
  const edges = sql.join(
    dayEdgePieces([period, previous], boundary).map(
      ({ from, to, weights: [w, wp] }) =>
        sql`union all select call_close_bucket(t.close_seconds), ${w}::int, ${wp}::int, 1
            from call_timeline t
            where ${scopeOf(scope, sql`t`)} and t.close_seconds is not null
              and t.at >= ${from} and t.at < ${to}`,
    ),
    sql` `,
  );
  // A re-close whose previous close lies inside the range (so its own close does too).
  const recloseIn = (range: Period) =>
    sql`(t.previous_close_at >= ${range.from} and t.previous_close_at < ${range.to} and t.at < ${range.to})`;
  const rows = await parseRows(
    tx,
    histogramRow,
    sql`with pieces as (
          select c.bucket, ${days(period)}::int as w, ${days(previous)}::int as wp, c.closes
          from call_daily_closes c
          where c.organisation_id = ${scope.organisationId} and ${agent}
            and (${days(period)} or ${days(previous)})
          ${edges}
          union all
          select call_close_bucket(t.close_seconds), -${recloseIn(period)}::int, -${recloseIn(previous)}::int, 1
          from call_timeline t
          where ${scopeOf(scope, sql`t`)} and t.previous_close_at is not null
            and t.previous_close_at >= ${previous.from} and t.previous_close_at < ${period.to}
        )
        select bucket, coalesce(sum(w * closes), 0) as closes, coalesce(sum(wp * closes), 0) as closes_previous
        from pieces group by bucket
        having sum(w * closes) <> 0 or sum(wp * closes) <> 0
        order by bucket`,
    PREPARED,
  );
  const histogram = (pick: (row: (typeof rows)[number]) => number): CloseHistogram => {
    const buckets = rows
      .map((row) => ({ bucket: row.bucket, closes: pick(row) }))
      .filter((entry) => entry.closes > 0);
    return { buckets, closes: buckets.reduce((sum, entry) => sum + entry.closes, 0) };
  };
  return {
    period: histogram((row) => row.closes),
    previous: histogram((row) => row.closes_previous),
  };
}

const rankedCloseRow = z.object({ index: z.number().int(), seconds: z.number() });

/**
 * The median time to close of each range from its histogram, as percentile_cont(0.5) computes it:
 * the middle value, or the mean of the two middle values (null without closes). One statement
 * reads the closes at the middle ranks from their bucket's closes in the range, in order: once
 * per bucket, so that two middle ranks in one bucket (the usual case) cost one read, not two.
 */
async function medians(
  tx: Tx,
  scope: AnalyticsScope,
  ranges: { range: Period; histogram: CloseHistogram }[],
): Promise<(number | null)[]> {
  const lookups = ranges.flatMap(({ range, histogram }, index) => {
    if (histogram.closes === 0) return [];
    const middle = (histogram.closes - 1) / 2;
    const [low, high] = [
      locate(histogram, Math.floor(middle)),
      locate(histogram, Math.ceil(middle)),
    ];
    if (low.bucket === high.bucket) {
      return [
        {
          index,
          range,
          bucket: low.bucket,
          offset: low.offset,
          count: high.offset - low.offset + 1,
        },
      ];
    }
    return [low, high].map((rank) => ({ index, range, ...rank, count: 1 }));
  });
  if (lookups.length === 0) return ranges.map(() => null);
  const values = await parseRows(
    tx,
    rankedCloseRow,
    sql.join(
      lookups.map((lookup) => closesAtRank(scope, lookup)),
      sql` union all `,
    ),
    PREPARED,
  );
  return ranges.map(({ histogram }, index) => {
    // A lower bucket holds shorter times to close, so the middle values are the least and the
    // greatest of those read for the range.
    const seconds = values.filter((row) => row.index === index).map((row) => row.seconds);
    // Two middle values for an even count, one for an odd. Fewer closes than the histogram
    // counted would give a wrong middle: no figure instead.
    const middles = histogram.closes % 2 === 0 ? 2 : 1;
    if (histogram.closes === 0 || seconds.length < middles) return null;
    const [low, high] = [Math.min(...seconds), Math.max(...seconds)];
    return low + (high - low) * 0.5;
  });
}

/**
 * The `count` first closes in `range` from 0-based rank `offset` among those in `bucket`, in order
 * of time to close, tagged with `index`. The bucket is the generated column, not the function:
 * only a leakproof condition can bound an index scan under row-level security.
 */
export function closesAtRank(
  scope: AnalyticsScope,
  lookup: { index: number; range: Period; bucket: number; offset: number; count: number },
) {
  const { index, range, bucket, offset, count } = lookup;
  return sql`(select ${index}::int as index, t.close_seconds as seconds
              from call_timeline t
              where ${scopeOf(scope, sql`t`)} and t.close_bucket = ${bucket}
                and t.at >= ${range.from} and t.at < ${range.to}
                and (t.previous_close_at is null or t.previous_close_at < ${range.from})
              order by t.close_seconds offset ${offset} limit ${count})`;
}

const backlogRow = z.object({ open: sqlNumber, unassigned: sqlNumber });

/**
 * The open backlog and the unassigned open calls at an instant T: calls received before T whose
 * status at T was not Closed (and, for the second, whose assignee at T was nobody).
 * A call's status at T is the previous_status of its first status change after T, or its current
 * status if it has not changed since; its assignee at T likewise from ASSIGNED activity. At
 * T = now that is the current status and assignee: the open calls now (openWorkload).
 *
 * Read backwards from now, the backlog at T is the open calls now less what every call_timeline
 * row after T added (an arrival counts from just after the call's end, a change from its
 * instant): this returns that, from the daily sums for the days after T's, the hourly sums for
 * the rest of T's day after T's hour, and from T's own hour row by row.
 */
export async function backlogAddedAfter(tx: Tx, scope: AnalyticsScope, at: Date) {
  const hourAfter = new Date(Math.floor(at.getTime() / HOUR) * HOUR + HOUR);
  const dayAfter = new Date(Math.floor(at.getTime() / DAY) * DAY + DAY);
  return parseRow(
    tx,
    backlogRow,
    sql`select coalesce(sum(open), 0) as open, coalesce(sum(unassigned), 0) as unassigned
        from (
          select d.open_delta as open, d.unassigned_delta as unassigned
          from call_daily d where ${scopeOf(scope, sql`d`)} and d.day >= ${dayAfter}
          union all
          select h.open_delta, h.unassigned_delta
          from call_hourly h
          where ${scopeOf(scope, sql`h`)} and h.hour >= ${hourAfter} and h.hour < ${dayAfter}
          union all
          select t.open_delta, t.unassigned_delta
          from call_timeline t
          where ${scopeOf(scope, sql`t`)} and t.at >= ${at} and t.at < ${hourAfter}
            and (t.at > ${at} or t.arrival)
        ) as added`,
    PREPARED,
  );
}

const localRow = z.object({
  by_day: z.boolean(),
  day: z.string().nullable(),
  weekday: z.number().int().nullable(),
  hour: z.number().int().nullable(),
  new: sqlNumber,
  in_progress: sqlNumber,
  closed: sqlNumber,
});

/**
 * The calls received in the period in the viewer's time zone: per local day and current status
 * (every day the period touches, in order), and per local weekday and hour. An hour whose start
 * is a whole local hour (the zone's offset is a whole number of hours then) is one local hour; any
 * other is read as its four quarters, each at the local time of its start (every zone's offset is
 * a whole number of quarter hours). The call_timeline rows at the period's ends are placed at
 * their quarter's start in the same way.
 */
export async function receivedByLocalTime(
  tx: Tx,
  scope: AnalyticsScope,
  period: Period,
  timeZone: string,
) {
  // An hour's calls in one row: the organisation's in call_hourly_totals, an agent's in call_hourly.
  const hours = scope.agentId
    ? sql`call_hourly h where ${scopeOf(scope, sql`h`)}`
    : sql`call_hourly_totals h where h.organisation_id = ${scope.organisationId}`;
  return parseRows(
    tx,
    localRow,
    sql`with hourly as (
          select h.hour, h.hour at time zone ${timeZone} as local_hour, ${quarterColumns}
          from ${hours} and ${periodHours(period, sql`h`)}
        ),
        pieces as (
          select h.local_hour as local_at, ${statusColumns}
          from hourly h where extract(minute from h.local_hour) = 0
          union all
          select (h.hour + q.quarter * interval '15 minutes') at time zone ${timeZone}, q.new, q.in_progress, q.closed
          from hourly h
          cross join lateral (values ${quarterRows}) as q(quarter, new, in_progress, closed)
          where extract(minute from h.local_hour) <> 0
          -- A row at the start of its quarter, as the hourly rows place their calls: a row taken
          -- away lands where the rollup put it.
          ${timelineEdges(
            [period],
            sql`date_bin('15 minutes', t.at, timestamptz '2000-01-01 00:00:00+00') at time zone ${timeZone},
                ${edgeWeight(period, sql`t`)} * (t.status = 'New')::int,
                ${edgeWeight(period, sql`t`)} * (t.status = 'In progress')::int,
                ${edgeWeight(period, sql`t`)} * (t.status = 'Closed')::int`,
            sql`${scopeOf(scope, sql`t`)} and t.arrival`,
          )}
        ),
        grouped as (
          select grouping(local_at::date) = 0 as by_day, local_at::date as day,
                 extract(isodow from local_at)::int as weekday, extract(hour from local_at)::int as hour,
                 sum(new) as new, sum(in_progress) as in_progress, sum(closed) as closed
          from pieces
          group by grouping sets ((local_at::date),
                                  (extract(isodow from local_at)::int, extract(hour from local_at)::int))
        ),
        -- Every local day the period touches, in order: the chart shows empty days too.
        days as (
          select day::date as day
          from generate_series(
            date_trunc('day', ${period.from}::timestamptz at time zone ${timeZone}),
            (${period.to}::timestamptz - interval '1 microsecond') at time zone ${timeZone},
            interval '1 day'
          ) as day
        )
        select true as by_day, to_char(d.day, 'YYYY-MM-DD') as day, null::int as weekday,
               null::int as hour, coalesce(g.new, 0) as new, coalesce(g.in_progress, 0) as in_progress,
               coalesce(g.closed, 0) as closed
        from days d left join grouped g on g.by_day and g.day = d.day
        union all
        select false, null, weekday, hour, new, in_progress, closed
        from grouped where not by_day and new + in_progress + closed > 0
        order by 1 desc, 2, 3, 4`,
    PREPARED,
  );
}

const reasonRow = z.object({ reason: z.string().nullable(), calls: sqlNumber });

/**
 * The calls received in the period per disconnection reason (null: none recorded): whole UTC days
 * from call_daily_reasons, the hours at the period's ends from call_hourly_reasons, and the rows
 * within an hour of its ends from call_timeline, so that the rows read do not grow with the calls.
 */
export async function receivedByReason(tx: Tx, scope: AnalyticsScope, period: Period) {
  return parseRows(
    tx,
    reasonRow,
    sql`with pieces as (
          select d.reason, d.calls from call_daily_reasons d
          where ${scopeOf(scope, sql`d`)} and ${periodDays(period, sql`d`)}
          union all
          select h.reason, ${edgeWeight(period, sql`h`, DAY, sql`hour`)} * h.calls from call_hourly_reasons h
          where ${scopeOf(scope, sql`h`)} and ${periodEdges(period, sql`h`, DAY, sql`hour`)}
          ${timelineEdges(
            [period],
            sql`t.disconnection_reason, ${edgeWeight(period, sql`t`)}`,
            sql`${scopeOf(scope, sql`t`)} and t.arrival`,
          )}
        )
        select reason, sum(calls) as calls from pieces group by reason having sum(calls) > 0`,
    PREPARED,
  );
}

const agentRow = z.object({ agent_id: z.string(), display_name: z.string().nullable() });

/** The organisation's agents (or the one asked for), for the by-agent chart's empty bars. */
export async function agentsOf(tx: Tx, scope: AnalyticsScope) {
  const agentFilter = scope.agentId ? sql` and m.agent_id = ${scope.agentId}` : sql``;
  return parseRows(
    tx,
    agentRow,
    sql`select m.agent_id, m.display_name from agent_mapping m
        where m.organisation_id = ${scope.organisationId}${agentFilter}
        order by m.agent_id`,
    PREPARED,
  );
}

const workloadRow = z.object({ assignee_id: z.string().nullable(), open: sqlNumber });

/** Open calls now by assignee (null: unassigned), largest first. */
export async function openWorkload(tx: Tx, scope: AnalyticsScope) {
  return parseRows(
    tx,
    workloadRow,
    sql`select w.assignee_id, sum(w.calls) as open
        from call_workload w where ${scopeOf(scope, sql`w`)}
        group by w.assignee_id having sum(w.calls) > 0
        order by open desc, w.assignee_id nulls first`,
    PREPARED,
  );
}
