import { describe, expect, it } from 'vitest';
import { drillDown, type DrillContext } from './drill-down.ts';

const PERIOD = { from: '2026-10-22T22:22:00.000Z', to: '2026-11-21T22:22:00.000Z' };
const MIA = '5b0c7a2e-2f0b-4c8e-9a51-0a4c7e9b1d23';
const LEO = '7c1e2d3f-4a5b-4c6d-8e7f-901a2b3c4d5e';

const context: DrillContext = {
  period: PERIOD,
  agentId: null,
  timeZone: 'America/New_York',
  currentUserId: MIA,
  now: Date.parse('2026-11-21T22:21:16Z'),
};

/** The dashboard URL's path and parameters. */
function read(url: string | null) {
  if (url === null) throw new Error('no link');
  const parsed = new URL(url, 'http://localhost');
  return { path: parsed.pathname, params: Object.fromEntries(parsed.searchParams) };
}

describe('drillDown', () => {
  it('opens the calls received for calls received and average duration', () => {
    const expected = {
      path: '/dashboard',
      params: { status: 'all', from: PERIOD.from, to: PERIOD.to },
    };
    expect(read(drillDown.callsReceived(context))).toEqual(expected);
    expect(read(drillDown.averageDurationSeconds(context))).toEqual(expected);
  });

  it('adds the sentiment for the negative share', () => {
    expect(read(drillDown.negativeShare(context)).params).toEqual({
      status: 'all',
      from: PERIOD.from,
      to: PERIOD.to,
      sentiment: 'negative',
    });
  });

  it('opens the open calls that ended before the end for the backlog figures', () => {
    expect(read(drillDown.openBacklog(context)).params).toEqual({ status: 'open', to: PERIOD.to });
    expect(read(drillDown.unassignedOpen(context)).params).toEqual({
      status: 'open',
      assignee: 'unassigned',
      to: PERIOD.to,
    });
  });

  it('has no list for a backlog measured in the past', () => {
    const past = { ...context, now: Date.parse('2026-12-01T00:00:00Z') };
    expect(drillDown.openBacklog(past)).toBeNull();
    expect(drillDown.unassignedOpen(past)).toBeNull();
    expect(drillDown.callsReceived(past)).not.toBeNull();
  });

  it('opens the calls closed in the period for calls closed and the median time to close', () => {
    const expected = { status: 'all', closedFrom: PERIOD.from, closedTo: PERIOD.to };
    expect(read(drillDown.callsClosed(context)).params).toEqual(expected);
    expect(read(drillDown.medianTimeToCloseSeconds(context)).params).toEqual(expected);
  });

  it("opens a day's calls of one status: the local day's bounds, clipped to the period", () => {
    // A whole day in New York: midnight to midnight, EST (UTC−5).
    expect(read(drillDown.day(context, '2026-11-10', 'Closed')).params).toEqual({
      status: 'all',
      from: '2026-11-10T05:00:00.000Z',
      to: '2026-11-11T05:00:00.000Z',
      callStatus: 'Closed',
    });
    // The day the clocks went back is 25 hours long.
    expect(read(drillDown.day(context, '2026-11-01', 'New')).params).toMatchObject({
      from: '2026-11-01T04:00:00.000Z',
      to: '2026-11-02T05:00:00.000Z',
    });
    // The first and last days of a preset are partial.
    expect(read(drillDown.day(context, '2026-10-22', 'In progress')).params).toMatchObject({
      from: PERIOD.from,
      to: '2026-10-23T04:00:00.000Z',
    });
    expect(read(drillDown.day(context, '2026-11-21')).params).toEqual({
      status: 'all',
      from: '2026-11-21T05:00:00.000Z',
      to: PERIOD.to,
    });
  });

  it('opens the calls of a bar, slice or cell in the period', () => {
    expect(read(drillDown.agent(context, 'nw-agent-2')).params).toEqual({
      status: 'all',
      agent: 'nw-agent-2',
      from: PERIOD.from,
      to: PERIOD.to,
    });
    expect(read(drillDown.sentiment(context, 'positive')).params.sentiment).toBe('positive');
    expect(read(drillDown.sentiment(context, null)).params.sentiment).toBe('none');
    expect(read(drillDown.disconnectionReason(context, 'caller_hangup')).params).toEqual({
      status: 'all',
      from: PERIOD.from,
      to: PERIOD.to,
      disconnectionReason: 'caller_hangup',
    });
    expect(read(drillDown.disconnectionReason(context, null)).params.disconnectionReason).toBe(
      'none',
    );
    expect(read(drillDown.heatmapCell(context, 2, 14)).params).toEqual({
      status: 'all',
      from: PERIOD.from,
      to: PERIOD.to,
      weekday: '2',
      hour: '14',
      tz: 'America/New_York',
    });
  });

  it('opens the open calls of an assignee now (no period) for a workload bar', () => {
    expect(read(drillDown.workload(context, LEO)).params).toEqual({
      status: 'open',
      assignee: LEO,
    });
    expect(read(drillDown.workload(context, MIA)).params.assignee).toBe('me');
    expect(read(drillDown.workload(context, null)).params.assignee).toBe('unassigned');
  });

  it('keeps the agent filter on every link', () => {
    const agent = { ...context, agentId: 'nw-agent-1' };
    const links = [
      drillDown.callsReceived(agent),
      drillDown.openBacklog(agent),
      drillDown.callsClosed(agent),
      drillDown.day(agent, '2026-11-10', 'New'),
      drillDown.sentiment(agent, 'neutral'),
      drillDown.heatmapCell(agent, 1, 9),
      drillDown.workload(agent, null),
    ];
    for (const link of links) expect(read(link).params.agent).toBe('nw-agent-1');
  });
});
