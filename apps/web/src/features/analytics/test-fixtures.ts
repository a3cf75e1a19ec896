// Test data for the analytics feature, shaped like the API's answers. For *.test.ts(x) only.
import type { AnalyticsResponse } from '@callboard/contract';
import { LEO, MIA } from '../../testing/fixtures.ts';

export function analyticsResponse(
  overrides: { period?: { from: string; to: string } } = {},
): AnalyticsResponse {
  const period = overrides.period ?? {
    from: '2026-11-14T22:22:00.000Z',
    to: '2026-11-21T22:22:00.000Z',
  };
  const length = Date.parse(period.to) - Date.parse(period.from);
  return {
    period,
    previousPeriod: {
      from: new Date(Date.parse(period.from) - length).toISOString(),
      to: period.from,
    },
    figures: {
      callsReceived: { value: 1234, previous: 1000 },
      openBacklog: { value: 310, previous: 300 },
      callsClosed: { value: 117, previous: 304 },
      medianTimeToCloseSeconds: { value: 8040, previous: 9000 },
      unassignedOpen: { value: 61, previous: 0 },
      averageDurationSeconds: { value: 321, previous: null },
      negativeShare: { value: 0.124, previous: 0.128 },
    },
    series: {
      perDay: [
        { date: '2026-11-20', New: 3, 'In progress': 0, Closed: 7 },
        { date: '2026-11-21', New: 5, 'In progress': 1, Closed: 0 },
      ],
      byAgent: [
        { agent_id: 'nw-agent-2', display_name: 'Appointments line (AI)', calls: 240 },
        { agent_id: 'nw-agent-1', display_name: 'Front desk (AI)', calls: 0 },
      ],
      workload: [
        { assignee_id: null, open: 61 },
        { assignee_id: LEO.id, open: 40 },
        { assignee_id: MIA.id, open: 12 },
      ],
      sentiment: [
        { sentiment: 'neutral', calls: 600 },
        { sentiment: 'positive', calls: 400 },
        { sentiment: 'negative', calls: 140 },
        { sentiment: null, calls: 94 },
      ],
      heatmap: [
        { weekday: 2, hour: 14, calls: 23 },
        { weekday: 5, hour: 9, calls: 4 },
      ],
      disconnectionReasons: [
        { reason: 'caller_hangup', calls: 900 },
        { reason: null, calls: 34 },
      ],
    },
  };
}

/** The same period with no calls received (the backlog may still hold some). */
export function emptyAnalyticsResponse(): AnalyticsResponse {
  const response = analyticsResponse();
  return {
    ...response,
    figures: {
      ...response.figures,
      callsReceived: { value: 0, previous: 0 },
      averageDurationSeconds: { value: null, previous: null },
      negativeShare: { value: null, previous: null },
    },
    series: {
      ...response.series,
      perDay: response.series.perDay.map((day) => ({
        ...day,
        New: 0,
        'In progress': 0,
        Closed: 0,
      })),
      byAgent: response.series.byAgent.map((agent) => ({ ...agent, calls: 0 })),
      sentiment: [],
      heatmap: [],
      disconnectionReasons: [],
    },
  };
}
