import type { AnalyticsQuery, AnalyticsResponse } from '@callboard/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { requireOrganisation, withTenantRead, type AccessClaims } from '../../db/tenant.ts';
import { assertKnownTimeZone } from '../../http/input-guard.ts';
import {
  agentsOf,
  backlogAddedAfter,
  closingFigures,
  openWorkload,
  receivedByLocalTime,
  receivedByReason,
  receivedPerAgent,
  type Period,
  type ReceivedRow,
} from './analytics.queries.ts';

const iso = (date: Date) => date.toISOString();

export async function getAnalytics(
  db: Db,
  claims: AccessClaims,
  query: AnalyticsQuery,
  now: Date = new Date(),
): Promise<AnalyticsResponse> {
  // The contract keeps both periods within 1970 … 9999 and the zone a name Node knows; the
  // database must know the zone too.
  await assertKnownTimeZone(db, query.tz);
  // A period that runs past now is compared with a period as long as the part of it that has
  // happened: not a third of a period against a whole one ("−100 %" for days still to come).
  // The period itself stays as asked (nothing has ended in its future part), so that a backlog
  // measured at its end is the backlog now, with a list to open.
  const period: Period = { from: new Date(query.from), to: new Date(query.to) };
  const elapsedEnd = period.to > now && now > period.from ? now : period.to;
  const length = elapsedEnd.getTime() - period.from.getTime();
  const previous: Period = { from: new Date(period.from.getTime() - length), to: period.from };

  return withTenantRead(db, claims, async (tx, principal) => {
    const scope = { organisationId: requireOrganisation(principal), agentId: query.agentId };
    // Each statement reads a few thousand rollup rows. Their rows lie scattered over the tables'
    // pages, so the planner can rate a statement dear enough for parallel workers, and starting
    // them costs more than the statement (70–80 ms against 1–4 ms, measured on the benchmark's
    // database with the machine busy; docs/analytics.md).
    // The statements are prepared (parsed once per connection) but planned with each request's
    // values: a generic plan, blind to the period's length, saved about 1 ms of planning on a
    // short period and lost more than that in running a long one (docs/analytics.md, "Planning").
    await tx.execute(
      sql`select set_config('max_parallel_workers_per_gather', '0', true),
                 set_config('plan_cache_mode', 'force_custom_plan', true)`,
    );
    const perAgent = await receivedPerAgent(tx, scope, period, previous);
    const closing = await closingFigures(tx, scope, period, previous, now);
    const workload = await openWorkload(tx, scope);
    // The backlog is measured at the end of each period, but never in the future: the open
    // calls now, less what was added after the instant.
    const openNow = {
      open: workload.reduce((sum, row) => sum + row.open, 0),
      unassigned: workload.find((row) => row.assignee_id === null)?.open ?? 0,
    };
    const backlogAt = async (end: Date) => {
      if (end >= now) return openNow;
      const added = await backlogAddedAfter(tx, scope, end);
      return { open: openNow.open - added.open, unassigned: openNow.unassigned - added.unassigned };
    };
    const backlog = await backlogAt(period.to);
    const backlogBefore = await backlogAt(previous.to);
    const byLocalTime = await receivedByLocalTime(tx, scope, period, query.tz);
    const reasons = await receivedByReason(tx, scope, period);
    const agents = await agentsOf(tx, scope);

    const total = (key: keyof Omit<ReceivedRow, 'agent_id'>) =>
      perAgent.reduce((sum, row) => sum + row[key], 0);
    const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);
    const withSentiment = total('positive') + total('neutral') + total('negative');
    const perDay: AnalyticsResponse['series']['perDay'] = [];
    const heatmap: AnalyticsResponse['series']['heatmap'] = [];
    for (const row of byLocalTime) {
      if (row.by_day) {
        if (row.day !== null) {
          perDay.push({
            date: row.day,
            New: row.new,
            'In progress': row.in_progress,
            Closed: row.closed,
          });
        }
      } else if (row.weekday !== null && row.hour !== null) {
        heatmap.push({
          weekday: row.weekday,
          hour: row.hour,
          calls: row.new + row.in_progress + row.closed,
        });
      }
    }
    const sentiment: AnalyticsResponse['series']['sentiment'] = (
      [
        ['positive', total('positive')],
        ['neutral', total('neutral')],
        ['negative', total('negative')],
        [null, total('calls') - withSentiment],
      ] as const
    )
      .filter(([, calls]) => calls > 0)
      .map(([value, calls]) => ({ sentiment: value, calls }));
    const callsByAgent = new Map(perAgent.map((row) => [row.agent_id, row.calls]));
    const byCallsDescending = <T extends { calls: number }>(a: T, b: T) => b.calls - a.calls;
    heatmap.sort((a, b) => a.weekday - b.weekday || a.hour - b.hour);
    const byAgent = agents
      .map((agent) => ({ ...agent, calls: callsByAgent.get(agent.agent_id) ?? 0 }))
      .sort((a, b) => b.calls - a.calls || a.agent_id.localeCompare(b.agent_id));

    return {
      period: { from: iso(period.from), to: iso(period.to) },
      previousPeriod: { from: iso(previous.from), to: iso(previous.to) },
      figures: {
        callsReceived: { value: total('calls'), previous: total('calls_previous') },
        openBacklog: { value: backlog.open, previous: backlogBefore.open },
        callsClosed: closing.callsClosed,
        medianTimeToCloseSeconds: closing.medianTimeToCloseSeconds,
        unassignedOpen: { value: backlog.unassigned, previous: backlogBefore.unassigned },
        averageDurationSeconds: {
          value:
            total('with_duration') > 0 ? total('duration_total') / total('with_duration') : null,
          previous:
            total('with_duration_previous') > 0
              ? total('duration_total_previous') / total('with_duration_previous')
              : null,
        },
        negativeShare: {
          value: share(total('negative'), withSentiment),
          previous: share(total('negative_previous'), total('with_sentiment_previous')),
        },
      },
      series: {
        perDay,
        byAgent,
        workload,
        sentiment: sentiment.sort(byCallsDescending),
        heatmap,
        disconnectionReasons: reasons.sort(byCallsDescending),
      },
    };
  });
}
