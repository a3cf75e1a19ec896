// @vitest-environment jsdom
// The calls screens under live events (docs/live-updates.md, "Client"): the dashboard's new-calls
// bar holds the rows being read, a changed row updates in place, and the call page names what a
// colleague just did and who else is viewing. Events are fed to the app's bus as the stream would;
// the app's dispatcher (app/live-dispatch.ts) turns them into refetches from the fake server.
import type { CallDetail, CallSummary } from '@callboard/contract';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dispatchLiveEvents } from './live-dispatch.ts';
import { emitLiveEvent, resetLiveState, setLiveState } from '../lib/live-updates.ts';
import { jsonResponse } from '../testing/fake-fetch.ts';
import { AGENTS, AVA, LEO, MEMBERS, MIA } from '../testing/fixtures.ts';
import { signInAs, stubResizeObserver } from '../testing/render.tsx';
import { activity, callDetail, callList, callSummary } from '../features/calls/test-fixtures.ts';
import { listRequests, renderCalls } from '../features/calls/test-render.tsx';

const organisationRoutes = {
  'GET /api/v1/organisation/members': () => jsonResponse({ members: MEMBERS }),
  'GET /api/v1/organisation/agents': () => jsonResponse({ agents: AGENTS }),
};

const ACTIVITY_1 = '0f9e8d7c-6b5a-4a39-8d27-16e5d4c3b2a1';
const ACTIVITY_2 = '1a9e8d7c-6b5a-4a39-8d27-16e5d4c3b2a2';

function rowNames(): string[] {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);
}

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

const scrollTo = vi.fn();

beforeEach(() => {
  stubResizeObserver();
  scrollTo.mockClear();
  vi.stubGlobal('scrollTo', scrollTo);
  signInAs();
});

afterEach(() => {
  cleanup();
  resetLiveState();
  vi.unstubAllGlobals();
});

describe('the dashboard under live events', () => {
  it('holds the rows behind "N new calls" while counts and changed rows stay live', async () => {
    const older = [
      callSummary({ call_id: 'call_a', caller_name: 'Amelia Campbell' }),
      callSummary({ call_id: 'call_b', caller_name: 'Rhys Walker' }),
    ];
    let rows: CallSummary[] = older;
    const { fetchMock, queryClient, user } = renderCalls({
      ...organisationRoutes,
      'GET /api/v1/calls': () =>
        jsonResponse(
          callList(rows, { total: rows.length, counts: { open: 9, closed: 0, all: rows.length } }),
        ),
    });
    const stop = dispatchLiveEvents(queryClient);
    await screen.findByRole('table');
    await waitFor(() => expect(rowNames()[0]).toContain('Amelia Campbell'));
    expect(screen.queryByRole('button', { name: /new call/u })).toBeNull();

    // Two calls arrive (one event each), and Rhys's call changes status, all in one burst.
    rows = [
      callSummary({ call_id: 'call_new1', caller_name: 'Newest Caller' }),
      callSummary({ call_id: 'call_new2', caller_name: 'Second Newest' }),
      older[0] ?? callSummary(),
      callSummary({ call_id: 'call_b', caller_name: 'Rhys Walker', status: 'In progress' }),
    ];
    const requestsBefore = listRequests(fetchMock).length;
    act(() => {
      emitLiveEvent({ type: 'calls.created', count: 1 });
      emitLiveEvent({ type: 'call.changed', callId: 'call_b', version: 2 });
      emitLiveEvent({ type: 'calls.created', count: 1 });
    });
    const bar = await screen.findByRole('button', { name: '2 new calls' });
    // One refetch for the burst: the tab count moves, the held rows do not, Rhys's row updates.
    await waitFor(() => expect(screen.getByRole('tab', { name: /All\s*4/u })).toBeTruthy());
    expect(listRequests(fetchMock).length).toBe(requestsBefore + 1);
    expect(rowNames()).toEqual([
      expect.stringContaining('Amelia Campbell'),
      expect.stringContaining('Rhys Walker'),
    ]);
    const rhys = within(screen.getByRole('table')).getAllByRole('row')[2];
    expect(within(rhys ?? document.body).getByText('In progress')).toBeTruthy();

    // Pressing the bar (Enter, from the keyboard) shows the new calls from the top.
    bar.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(rowNames()).toHaveLength(4));
    expect(rowNames()[0]).toContain('Newest Caller');
    expect(screen.queryByRole('button', { name: /new call/u })).toBeNull();
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Calls' }));
    stop();
  });

  it('says "1 new call" in the singular, and many events become one refetch', async () => {
    const { fetchMock, queryClient } = renderCalls({
      ...organisationRoutes,
      'GET /api/v1/calls': () => jsonResponse(callList([callSummary()])),
    });
    const stop = dispatchLiveEvents(queryClient);
    await screen.findByRole('table');
    await waitFor(() => expect(listRequests(fetchMock)).toHaveLength(1));

    act(() => emitLiveEvent({ type: 'calls.created', count: 1 }));
    expect(await screen.findByRole('button', { name: '1 new call' })).toBeTruthy();
    await waitFor(() => expect(listRequests(fetchMock)).toHaveLength(2));

    act(() => {
      for (let index = 0; index < 500; index += 1) {
        emitLiveEvent({ type: 'call.changed', callId: `call_${index}`, version: 1 });
      }
    });
    // One window gathered the whole burst (live-dispatch.test.ts pins the timing on fake timers).
    await waitFor(() => expect(listRequests(fetchMock)).toHaveLength(3));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(listRequests(fetchMock)).toHaveLength(3);
    stop();
  });
});

describe('the call page under live events', () => {
  function callPage(call: () => CallDetail, viewers: () => unknown[] = () => []) {
    const presence: unknown[] = [];
    const view = renderCalls(
      {
        ...organisationRoutes,
        'GET /api/v1/calls/call_0001': () => jsonResponse(call()),
        'GET /api/v1/calls/call_0001/viewers': () => jsonResponse({ viewers: viewers() }),
        'PUT /api/v1/events/presence': (request) => {
          presence.push(request.body);
          return new Response(null, { status: 204 });
        },
      },
      '/call/call_0001',
    );
    return { ...view, presence, stop: dispatchLiveEvents(view.queryClient) };
  }

  it('refetches the call and says what a colleague did, but not what one did oneself', async () => {
    let current = callDetail({
      activity: [activity({ id: ACTIVITY_1, actor_id: AVA.id, new_assignee_id: MIA.id })],
    });
    const page = callPage(() => current);
    await screen.findByRole('heading', { level: 1, name: 'Amelia Campbell' });
    await screen.findByText(/assigned this call to/u);

    current = {
      ...current,
      status: 'Closed',
      activity: [
        ...current.activity,
        activity({
          id: ACTIVITY_2,
          type: 'STATUS_CHANGED',
          actor_id: LEO.id,
          new_assignee_id: null,
          previous_status: 'New',
          new_status: 'Closed',
          created_at: '2026-03-12T16:00:00.000Z',
        }),
      ],
    };
    act(() => {
      emitLiveEvent({ type: 'call.changed', callId: 'call_0001', version: 2 });
      emitLiveEvent({
        type: 'call.activity',
        callId: 'call_0001',
        activityId: ACTIVITY_2,
        activityType: 'STATUS_CHANGED',
        actorId: LEO.id,
      });
    });
    const note = await screen.findByText('Leo set this to Closed');
    expect(note.closest('[role="status"]')).toBeTruthy();
    expect(screen.getByText(/changed the status from/u)).toBeTruthy();

    // One's own note, seen through the stream: the activity grows, no note is said.
    const mine = '2a9e8d7c-6b5a-4a39-8d27-16e5d4c3b2a3';
    current = {
      ...current,
      activity: [
        ...current.activity,
        activity({ id: mine, type: 'NOTE', actor_id: MIA.id, new_assignee_id: null, body: 'Hi' }),
      ],
    };
    act(() =>
      emitLiveEvent({
        type: 'call.activity',
        callId: 'call_0001',
        activityId: mine,
        activityType: 'NOTE',
        actorId: MIA.id,
      }),
    );
    await screen.findByText('Hi');
    expect(screen.getByText('Leo set this to Closed')).toBeTruthy();
    expect(screen.queryByText(/You added a note$/u)).toBeNull();
    page.stop();
  });

  it('names the colleagues viewing, leaving oneself out, and follows presence changes', async () => {
    const streamId = '0b7c7d7e-5a4b-4c3d-8e2f-1a2b3c4d5e6f';
    setLiveState({ status: 'open', streamId, downSince: null });
    let viewers = [MIA, LEO];
    const page = callPage(
      () => callDetail(),
      () => viewers,
    );
    await screen.findByRole('heading', { level: 1, name: 'Amelia Campbell' });
    expect(await screen.findByText('Leo is viewing')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Leo Marsh' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Mia Hart' })).toBeNull();

    viewers = [MIA, LEO, AVA];
    act(() => emitLiveEvent({ type: 'presence.changed', callId: 'call_0001' }));
    expect(await screen.findByText('Leo and Ava are viewing')).toBeTruthy();

    // This tab told the server it shows the call, and says so again on a new stream (reconnect).
    await waitFor(() => expect(page.presence).toEqual([{ streamId, callId: 'call_0001' }]));
    const next = '1c8d8e8f-6b5c-4d4e-9f3a-2b3c4d5e6f70';
    act(() => setLiveState({ status: 'open', streamId: next, downSince: null }));
    await waitFor(() => expect(page.presence).toHaveLength(2));
    expect(page.presence[1]).toEqual({ streamId: next, callId: 'call_0001' });
    // Leaving the page: null, on the stream that is still open.
    cleanup();
    await waitFor(() => expect(page.presence).toHaveLength(3));
    expect(page.presence[2]).toEqual({ streamId: next, callId: null });
    page.stop();
  });
});
