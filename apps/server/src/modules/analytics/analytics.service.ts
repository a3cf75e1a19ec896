import type { AnalyticsQuery, AnalyticsResponse } from '@callboard/contract';
import type { Db } from '../../db/client.ts';
import { requireOrganisation, withTenant, type AccessClaims } from '../../db/tenant.ts';
import { assertKnownTimeZone } from '../../http/input-guard.ts';
import {
  backlogAt,
  closingFigures,
  daysOf,
  agentsOf,
  openWorkload,
  receivedFigures,
  receivedSeries,
  type Period,
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

  return withTenant(db, claims, async (tx, principal) => {
    const scope = { organisationId: requireOrganisation(principal), agentId: query.agentId };
    // The backlog is measured at the end of each period, but never in the future.
    const endOf = (end: Date) => (end > now ? now : end);
    const received = await receivedFigures(tx, scope, period, previous);
    const closing = await closingFigures(tx, scope, period, previous);
    const backlog = await backlogAt(tx, scope, endOf(period.to), now);
    const backlogBefore = await backlogAt(tx, scope, endOf(previous.to), now);
    const series = await receivedSeries(tx, scope, period, query.tz);
    const days = await daysOf(tx, period, query.tz);
    const agents = await agentsOf(tx, scope);
    const workload = await openWorkload(tx, scope);

    const perDay = new Map(
      days.map((day) => [day, { date: day, New: 0, 'In progress': 0, Closed: 0 }]),
    );
    const sentiment: AnalyticsResponse['series']['sentiment'] = [];
    const heatmap: AnalyticsResponse['series']['heatmap'] = [];
    const disconnectionReasons: AnalyticsResponse['series']['disconnectionReasons'] = [];
    const callsByAgent = new Map<string, number>();
    for (const row of series) {
      switch (row.grouping) {
        case 'day_status': {
          const day = perDay.get(row.day);
          if (day) day[row.status] += row.calls;
          break;
        }
        case 'sentiment':
          sentiment.push({ sentiment: row.sentiment, calls: row.calls });
          break;
        case 'weekday_hour':
          heatmap.push({ weekday: row.weekday, hour: row.hour, calls: row.calls });
          break;
        case 'reason':
          disconnectionReasons.push({ reason: row.reason, calls: row.calls });
          break;
        case 'agent':
          callsByAgent.set(row.agent_id, row.calls);
          break;
        default: {
          const unhandled: never = row;
          throw new Error(`unhandled grouping ${JSON.stringify(unhandled)}`);
        }
      }
    }
    const byCallsDescending = <T extends { calls: number }>(a: T, b: T) => b.calls - a.calls;
    heatmap.sort((a, b) => a.weekday - b.weekday || a.hour - b.hour);
    const byAgent = agents
      .map((agent) => ({ ...agent, calls: callsByAgent.get(agent.agent_id) ?? 0 }))
      .sort((a, b) => b.calls - a.calls || a.agent_id.localeCompare(b.agent_id));

    return {
      period: { from: iso(period.from), to: iso(period.to) },
      previousPeriod: { from: iso(previous.from), to: iso(previous.to) },
      figures: {
        callsReceived: received.callsReceived,
        openBacklog: { value: backlog.open, previous: backlogBefore.open },
        callsClosed: closing.callsClosed,
        medianTimeToCloseSeconds: closing.medianTimeToCloseSeconds,
        unassignedOpen: { value: backlog.unassigned, previous: backlogBefore.unassigned },
        averageDurationSeconds: received.averageDurationSeconds,
        negativeShare: received.negativeShare,
      },
      series: {
        perDay: [...perDay.values()],
        byAgent,
        workload,
        sentiment: sentiment.sort(byCallsDescending),
        heatmap,
        disconnectionReasons: disconnectionReasons.sort(byCallsDescending),
      },
    };
  });
}
