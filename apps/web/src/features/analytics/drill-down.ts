// One click from any analytics number to the calls behind it: each builder returns the call
// list's URL (/dashboard?…) whose filters select exactly the calls that number counted. The
// definitions they mirror are in apps/server/src/modules/analytics/analytics.queries.ts; the
// server's analytics test proves the list totals equal the figures for these same filters.
//
// The filters, and their names in the list's URL, are the call list's own
// (packages/contract/src/call-list-filters.ts); from/to are instants here. status is the tab:
// open | closed | all, the list's default is open.
import {
  callFilterUrlParams,
  type CallFilterValues,
  type CallStatus,
  type Sentiment,
} from '@callboard/contract';
import type { Period } from './hooks/use-analytics-filters.ts';
import { zonedDayStart } from './time.ts';

export const DASHBOARD_PATH = '/dashboard';

export interface DrillContext {
  /** The period the numbers are for, as the server echoed it. */
  period: Period;
  /** The analytics agent filter: every link keeps it. */
  agentId: string | null;
  /** The zone the analytics were counted in. */
  timeZone: string;
  /** The signed-in user: their own workload bar links to "assigned to me". */
  currentUserId: string | null;
  /** When the numbers were asked for (ms). */
  now: number;
}

type Filters = Partial<CallFilterValues> & { status: 'open' | 'closed' | 'all' };

/** The dashboard URL, parameters in the list's own order. */
function dashboardUrl(context: DrillContext, { status, ...filters }: Filters): string {
  const params = new URLSearchParams({ status });
  for (const [name, value] of callFilterUrlParams({ ...filters, agentId: context.agentId })) {
    params.set(name, value);
  }
  return `${DASHBOARD_PATH}?${params.toString()}`;
}

/** Calls received in the period: ended within it. */
function received(context: DrillContext, filters: Omit<Filters, 'status'> = {}): string {
  return dashboardUrl(context, {
    status: 'all',
    from: context.period.from,
    to: context.period.to,
    ...filters,
  });
}

/**
 * The backlog is counted at the end of the period, or now if that is still to come. The list
 * filters on what calls are now, so only a backlog measured now has a list to show; for a
 * period that ended in the past this returns null.
 */
function backlog(context: DrillContext, assignee?: string): string | null {
  if (Date.parse(context.period.to) < context.now) return null;
  return dashboardUrl(context, { status: 'open', assignee, to: context.period.to });
}

function closed(context: DrillContext): string {
  return dashboardUrl(context, {
    status: 'all',
    closedFrom: context.period.from,
    closedTo: context.period.to,
  });
}

export const drillDown = {
  callsReceived: (context: DrillContext) => received(context),
  /** The average is over the calls received (those with a duration). */
  averageDurationSeconds: (context: DrillContext) => received(context),
  negativeShare: (context: DrillContext) => received(context, { sentiment: 'negative' }),
  openBacklog: (context: DrillContext) => backlog(context),
  unassignedOpen: (context: DrillContext) => backlog(context, 'unassigned'),
  callsClosed: closed,
  /** The median is over the calls closed in the period. */
  medianTimeToCloseSeconds: closed,

  /**
   * One local day's calls (of one current status, or all): the day's bounds in the zone,
   * clipped to the period (a preset's first and last days are partial).
   */
  day(context: DrillContext, date: string, callStatus?: CallStatus): string {
    const periodFrom = Date.parse(context.period.from);
    const periodTo = Date.parse(context.period.to);
    const from = Math.max(zonedDayStart(date, context.timeZone), periodFrom);
    const to = Math.min(zonedDayStart(date, context.timeZone, 1), periodTo);
    return dashboardUrl(context, {
      status: 'all',
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      callStatus,
    });
  },
  agent(context: DrillContext, agentId: string): string {
    return received({ ...context, agentId }, {});
  },
  sentiment(context: DrillContext, sentiment: Sentiment | null): string {
    return received(context, { sentiment: sentiment ?? 'none' });
  },
  disconnectionReason(context: DrillContext, reason: string | null): string {
    return received(context, { disconnectionReason: reason ?? 'none' });
  },
  heatmapCell(context: DrillContext, weekday: number, hour: number): string {
    return received(context, { weekday, hour, tz: context.timeZone });
  },
  /** Open calls now (no period), by assignee; null is the unassigned bar. */
  workload(context: DrillContext, assigneeId: string | null): string {
    const assignee =
      assigneeId === null ? 'unassigned' : assigneeId === context.currentUserId ? 'me' : assigneeId;
    return dashboardUrl(context, { status: 'open', assignee });
  },
};
