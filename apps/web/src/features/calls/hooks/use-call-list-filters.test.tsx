// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { localDayStart } from '@callboard/contract';
import { describe, expect, it } from 'vitest';
import {
  countNarrowingFilters,
  DEFAULT_CALL_LIST_FILTERS,
  hasNarrowingFilters,
  parseCallListFilters,
  serializeCallListFilters,
  toCallListApiQuery,
  useCallListFilters,
  type CallListFilters,
  type UseCallListFilters,
} from './use-call-list-filters.ts';

const parse = (search: string) => parseCallListFilters(new URLSearchParams(search));
const LEO_ID = '7c1e2d3f-4a5b-4c6d-8e7f-901a2b3c4d5e';

describe('parseCallListFilters', () => {
  it('defaults to the Open tab, page 1 of 100, nothing else', () => {
    expect(parse('')).toEqual(DEFAULT_CALL_LIST_FILTERS);
    expect(DEFAULT_CALL_LIST_FILTERS).toMatchObject({ status: 'open', page: 1, pageSize: 100 });
  });

  it('reads every filter', () => {
    expect(
      parse(
        `status=closed&q=+rash+&agent=nw-agent-2&assignee=${LEO_ID}&from=2026-03-01&to=2026-03-31&page=3&pageSize=25`,
      ),
    ).toEqual({
      ...DEFAULT_CALL_LIST_FILTERS,
      status: 'closed',
      q: 'rash',
      agentId: 'nw-agent-2',
      assignee: LEO_ID,
      from: '2026-03-01',
      to: '2026-03-31',
      page: 3,
      pageSize: 25,
      loadAll: false,
    });
    expect(parse('assignee=me&loadAll=true')).toMatchObject({ assignee: 'me', loadAll: true });
    expect(parse('assignee=unassigned&status=all')).toMatchObject({
      assignee: 'unassigned',
      status: 'all',
    });
  });

  it.each([
    ['status=deleted', { status: 'open' }],
    ['status=', { status: 'open' }],
    ['page=0', { page: 1 }],
    ['page=-2', { page: 1 }],
    ['page=2.5', { page: 1 }],
    ['page=abc', { page: 1 }],
    ['page=1e3', { page: 1 }],
    ['pageSize=0', { pageSize: 100 }],
    ['pageSize=1001', { pageSize: 100 }],
    ['pageSize=lots', { pageSize: 100 }],
    ['assignee=everyone', { assignee: null }],
    ['assignee=not-a-uuid-0000', { assignee: null }],
    ['from=2026-02-30', { from: null }],
    ['from=yesterday', { from: null }],
    ['to=2026-13-01', { to: null }],
    ['from=2026-03-10&to=2026-03-01', { from: null, to: null }],
    ['loadAll=yes', { loadAll: false }],
    ['agent=%20%20', { agentId: null }],
    [`agent=${'x'.repeat(201)}`, { agentId: null }],
  ])('falls back to the default for %s', (search, expected) => {
    expect(parse(search)).toMatchObject(expected);
  });

  it('caps an over-long search at 200 characters instead of failing', () => {
    expect(parse(`q=${'a'.repeat(250)}`).q).toHaveLength(200);
  });

  it('ignores parameters it does not know', () => {
    expect(parse('utm_source=mail&status=closed')).toEqual({
      ...DEFAULT_CALL_LIST_FILTERS,
      status: 'closed',
    });
  });
});

describe('serializeCallListFilters', () => {
  it('writes nothing for the defaults', () => {
    expect(serializeCallListFilters(DEFAULT_CALL_LIST_FILTERS).toString()).toBe('');
  });

  it('round-trips every filter in a fixed order', () => {
    const filters: CallListFilters = {
      ...DEFAULT_CALL_LIST_FILTERS,
      status: 'closed',
      q: 'rash & cough',
      agentId: 'nw-agent-2',
      assignee: 'me',
      from: '2026-03-01',
      to: '2026-03-31',
      page: 4,
      pageSize: 50,
      loadAll: false,
    };
    const search = serializeCallListFilters(filters).toString();
    expect(search).toBe(
      'status=closed&q=rash+%26+cough&agent=nw-agent-2&assignee=me&from=2026-03-01&to=2026-03-31&page=4&pageSize=50',
    );
    expect(parse(search)).toEqual(filters);
  });

  it('drops the page in "load all" mode and normalises a messy URL', () => {
    const messy = 'page=2&loadAll=1&status=open&pageSize=100&bogus=1&from=2026-02-30';
    expect(serializeCallListFilters(parse(messy)).toString()).toBe('loadAll=true');
    expect(parse(serializeCallListFilters(parse(messy)).toString())).toEqual(parse(messy));
  });
});

describe('toCallListApiQuery', () => {
  it('turns the day range into instants in the browser time zone, `to` exclusive', () => {
    const query = toCallListApiQuery({
      ...DEFAULT_CALL_LIST_FILTERS,
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(query.from).toBe(new Date(2026, 2, 1).toISOString());
    expect(query.to).toBe(new Date(2026, 3, 1).toISOString());
    expect(localDayStart('2026-12-31', 1)).toBe(new Date(2027, 0, 1).toISOString());
  });

  it('sends the API names and only what is set', () => {
    expect(toCallListApiQuery(DEFAULT_CALL_LIST_FILTERS)).toEqual({
      status: 'open',
      page: 1,
      pageSize: 100,
      loadAll: false,
    });
    expect(
      toCallListApiQuery({
        ...DEFAULT_CALL_LIST_FILTERS,
        agentId: 'nw-agent-1',
        loadAll: true,
        page: 3,
      }),
    ).toEqual({ status: 'open', page: 1, pageSize: 100, loadAll: true, agentId: 'nw-agent-1' });
  });
});

describe('useCallListFilters', () => {
  it('writes changes to the URL, sending the list back to page 1 unless the page changes', async () => {
    let api: UseCallListFilters | null = null;
    function Probe() {
      api = useCallListFilters();
      return null;
    }
    const router = createMemoryRouter([{ path: '/dashboard', Component: Probe }], {
      initialEntries: ['/dashboard?status=closed&page=3'],
    });
    render(<RouterProvider router={router} />);
    const current = (): UseCallListFilters => {
      if (!api) throw new Error('not rendered');
      return api;
    };
    expect(current().filters).toMatchObject({ status: 'closed', page: 3 });

    act(() => current().setFilters({ page: 4 }));
    expect(router.state.location.search).toBe('?status=closed&page=4');
    expect(router.state.historyAction).toBe('PUSH');

    act(() => current().setFilters({ agentId: 'nw-agent-1' }));
    expect(router.state.location.search).toBe('?status=closed&agent=nw-agent-1');

    act(() => current().setFilters({ q: 'rash' }, { replace: true }));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(current().filters).toMatchObject({ q: 'rash', agentId: 'nw-agent-1', page: 1 });

    act(() => current().clearFilters());
    expect(router.state.location.search).toBe('?status=closed');

    // Back undoes the last change (the search replaced the agent entry, so both come back).
    await act(() => router.navigate(-1));
    expect(current().filters).toMatchObject({ q: 'rash', agentId: 'nw-agent-1' });
  });
});

describe('the filters analytics links carry', () => {
  const DRILL =
    'status=all&agent=nw-agent-1&assignee=unassigned&from=2026-10-22T22%3A22%3A00.000Z&to=2026-11-21T22%3A22%3A00.000Z&callStatus=In+progress&sentiment=none&disconnectionReason=caller_hangup&weekday=2&hour=14&tz=America%2FNew_York&closedFrom=2026-10-01T00%3A00%3A00Z&closedTo=2026-11-01T00%3A00%3A00%2B01%3A00';

  it('reads exact instants and every extra filter', () => {
    expect(parse(DRILL)).toEqual({
      ...DEFAULT_CALL_LIST_FILTERS,
      status: 'all',
      agentId: 'nw-agent-1',
      assignee: 'unassigned',
      from: '2026-10-22T22:22:00.000Z',
      to: '2026-11-21T22:22:00.000Z',
      callStatus: 'In progress',
      sentiment: 'none',
      disconnectionReason: 'caller_hangup',
      weekday: 2,
      hour: 14,
      tz: 'America/New_York',
      closedFrom: '2026-10-01T00:00:00Z',
      closedTo: '2026-11-01T00:00:00+01:00',
    });
  });

  it('round-trips them through the URL unchanged', () => {
    expect(serializeCallListFilters(parse(DRILL)).toString()).toBe(DRILL);
    expect(parse(serializeCallListFilters(parse(DRILL)).toString())).toEqual(parse(DRILL));
  });

  it('sends them to the API, instants in UTC and the zone with weekday and hour', () => {
    expect(toCallListApiQuery(parse(DRILL))).toEqual({
      status: 'all',
      page: 1,
      pageSize: 100,
      loadAll: false,
      agentId: 'nw-agent-1',
      assignee: 'unassigned',
      from: '2026-10-22T22:22:00.000Z',
      to: '2026-11-21T22:22:00.000Z',
      callStatus: 'In progress',
      sentiment: 'none',
      disconnectionReason: 'caller_hangup',
      weekday: 2,
      hour: 14,
      tz: 'America/New_York',
      closedFrom: '2026-10-01T00:00:00.000Z',
      closedTo: '2026-10-31T23:00:00.000Z',
    });
    // Without a zone in the link, weekday and hour are the browser's.
    expect(toCallListApiQuery(parse('hour=9')).tz).toBe(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
    // No weekday or hour: no zone (the API's other filters do not need one).
    expect(toCallListApiQuery(parse('tz=Europe%2FLondon')).tz).toBeUndefined();
  });

  it('mixes a day and an instant in one range', () => {
    const query = toCallListApiQuery(parse('from=2026-03-01&to=2026-03-10T12%3A00%3A00Z'));
    expect(query.from).toBe(new Date(2026, 2, 1).toISOString());
    expect(query.to).toBe('2026-03-10T12:00:00.000Z');
  });

  it.each([
    ['callStatus=Open', { callStatus: null }],
    ['callStatus=closed', { callStatus: null }],
    ['sentiment=angry', { sentiment: null }],
    [`disconnectionReason=${'x'.repeat(101)}`, { disconnectionReason: null }],
    ['disconnectionReason=%20', { disconnectionReason: null }],
    ['weekday=0', { weekday: null }],
    ['weekday=8', { weekday: null }],
    ['hour=24', { hour: null }],
    ['hour=-1', { hour: null }],
    ['hour=1.5', { hour: null }],
    ['hour=', { hour: null }],
    ['hour=0x10', { hour: null }],
    ['hour=1e1', { hour: null }],
    ['weekday=%201', { weekday: null }],
    ['weekday=1&tz=Mars%2FOlympus', { weekday: 1, tz: null }],
    ['tz=Europe%2FLondon', { tz: null }],
    ['from=2026-02-30T10%3A00%3A00Z', { from: null }],
    ['from=2026-03-01T10%3A00%3A00', { from: null }],
    ['from=2026-03-01T25%3A00%3A00Z', { from: null }],
    ['to=1700000000', { to: null }],
    ['from=2026-03-02T00%3A00%3A00Z&to=2026-03-01T00%3A00%3A00Z', { from: null, to: null }],
    ['from=2026-03-01T00%3A00%3A00Z&to=2026-03-01T00%3A00%3A00Z', { from: null, to: null }],
    ['from=2026-03-02&to=2026-03-01T12%3A00%3A00Z', { from: null, to: null }],
    [
      'closedFrom=2026-03-02T00%3A00%3A00Z&closedTo=2026-03-01T00%3A00%3A00Z',
      { closedFrom: null, closedTo: null },
    ],
    ['closedFrom=2026-03-02', { closedFrom: null }],
  ])('ignores a bad %s', (search, expected) => {
    expect(parse(search)).toMatchObject(expected);
  });

  it('counts them as filters, and "Clear filters" clears them', async () => {
    const filters = parse(DRILL);
    expect(hasNarrowingFilters(parse('callStatus=New'))).toBe(true);
    expect(hasNarrowingFilters(parse('closedTo=2026-03-01T00%3A00%3A00Z'))).toBe(true);
    expect(countNarrowingFilters(filters)).toBe(8);

    let api: UseCallListFilters | null = null;
    function Probe() {
      api = useCallListFilters();
      return null;
    }
    const router = createMemoryRouter([{ path: '/dashboard', Component: Probe }], {
      initialEntries: [`/dashboard?${DRILL}`],
    });
    render(<RouterProvider router={router} />);
    act(() => api?.clearFilters());
    expect(router.state.location.search).toBe('?status=all');
    await act(() => router.navigate(-1));
  });
});
