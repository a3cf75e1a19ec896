// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { parseCallListFilters } from '../hooks/use-call-list-filters.ts';
import { filterChips, hourLabel, rangeLabel } from './active-filter-chips.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';

const chips = (search: string, timeZone = 'Europe/London') =>
  filterChips(parseCallListFilters(new URLSearchParams(search)), timeZone);
const labels = (search: string, timeZone?: string) =>
  chips(search, timeZone).map((chip) => chip.label);

describe('filterChips', () => {
  it('has none for the filters the page has controls for', () => {
    expect(
      chips('status=closed&q=rash&agent=nw-agent-1&assignee=me&from=2026-03-01&to=2026-03-31'),
    ).toEqual([]);
    // Status, sentiment and direction have their own pickers.
    expect(chips('callStatus=In+progress&sentiment=negative&direction=inbound')).toEqual([]);
  });

  it('says each link filter in words', () => {
    expect(
      labels('callStatus=In+progress&sentiment=negative&disconnectionReason=max_duration_reached'),
    ).toEqual(['Disconnected: Max duration reached']);
    // As the call page and analytics say it (lib/call-labels.ts).
    expect(labels('disconnectionReason=caller_hangup')).toEqual(['Disconnected: Caller hung up']);
    expect(labels('sentiment=none&disconnectionReason=none')).toEqual(['No disconnection reason']);
  });

  it('names a weekday and hour, and their zone when it is not the browser’s', () => {
    expect(labels('weekday=2&hour=14&tz=Europe%2FLondon')).toEqual([`Tuesdays ${hourLabel(14)}`]);
    expect(labels('weekday=7', 'UTC')).toEqual(['Sundays']);
    expect(labels('hour=9&tz=America%2FNew_York')).toEqual([
      `Every day ${hourLabel(9)} (America/New York time)`,
    ]);
  });

  it('writes exact ranges to the minute and whole local days as days', () => {
    const from = '2026-10-22T22:22:00.000Z';
    const to = '2026-11-21T22:22:00.000Z';
    expect(labels(`status=all&from=${from}&to=${to}`)).toEqual([
      `Ended between ${formatDateTime(from)} and ${formatDateTime(to)}`,
    ]);
    expect(labels(`status=open&to=${to}`)).toEqual([`Ended before ${formatDateTime(to)}`]);
    const dayStart = new Date(2026, 10, 10).toISOString();
    const nextDay = new Date(2026, 10, 11).toISOString();
    expect(rangeLabel(dayStart, nextDay)).toBe(`on ${formatDate(dayStart)}`);
    expect(rangeLabel(dayStart, new Date(2026, 10, 21).toISOString())).toBe(
      `between ${formatDate(dayStart)} and ${formatDate(new Date(2026, 10, 20))}`,
    );
    expect(labels(`closedFrom=${from}&closedTo=${to}`)).toEqual([
      `Closed between ${formatDateTime(from)} and ${formatDateTime(to)}`,
    ]);
  });

  it('removes what it names', () => {
    expect(chips('weekday=2&hour=14&tz=UTC').map((chip) => chip.patch)).toEqual([
      { weekday: null, hour: null, tz: null },
    ]);
    expect(chips('from=2026-03-01&to=2026-03-10T12%3A00%3A00Z').map((chip) => chip.patch)).toEqual([
      { from: null, to: null },
    ]);
  });
});
