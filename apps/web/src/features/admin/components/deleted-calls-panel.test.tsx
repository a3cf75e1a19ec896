// @vitest-environment jsdom
import type { CallSummary } from '@callboard/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts, removeToast } from '../../../components/ui/toast-store.ts';
import {
  deferred,
  jsonResponse,
  type FakeHandler,
  type FakeRequest,
} from '../../../testing/fake-fetch.ts';
import { renderRoutes } from '../../../testing/render.tsx';
import { DeletedCallsPanel } from './deleted-calls-panel.tsx';

function deletedCall(index: number): CallSummary {
  const ended = new Date(Date.UTC(2026, 2, 30, 12) - index * 3_600_000).toISOString();
  return {
    call_id: `call_${String(index).padStart(4, '0')}`,
    agent_id: index % 2 ? 'nw-agent-2' : 'nw-agent-1',
    status: 'New',
    deleted_flag: true,
    end_datetime: ended,
    assignee_id: null,
    start_datetime: ended,
    duration_seconds: 60,
    direction: 'inbound',
    from_number: '+447700900123',
    to_number: '+442079460004',
    caller_name: `Caller ${index}`,
    summary: `Summary of call ${index}.`,
    sentiment: null,
    disconnection_reason: null,
    recording_url: null,
    created_at: ended,
    updated_at: ended,
    version: 2,
  };
}

/** The server's deleted calls, newest first; restoring one takes it out. */
let deleted: CallSummary[] = [];

interface PageQuery {
  page: number;
  pageSize: number;
}

function serveDeleted({ page, pageSize }: PageQuery) {
  return jsonResponse({
    rows: deleted.slice((page - 1) * pageSize, page * pageSize),
    total: deleted.length,
    page,
    pageSize,
  });
}

function renderPanel(
  search = '',
  options: { list?: (query: PageQuery) => Response; routes?: Record<string, FakeHandler> } = {},
) {
  const { list = serveDeleted, routes = {} } = options;
  const requested: string[] = [];
  const { router, user } = renderRoutes([{ path: '/admin', Component: DeletedCallsPanel }], {
    initialEntry: `/admin?tab=deleted${search}`,
    server: {
      'GET /api/v1/admin/agents': () =>
        jsonResponse({
          agents: [
            { agent_id: 'nw-agent-1', display_name: 'Front desk (AI)', calls: 10 },
            { agent_id: 'nw-agent-2', display_name: null, calls: 4 },
          ],
        }),
      'GET /api/v1/admin/calls/deleted': ({ query }) => {
        requested.push(query.toString());
        return list({ page: Number(query.get('page')), pageSize: Number(query.get('pageSize')) });
      },
      ...routes,
    },
  });
  return { router, requested, user };
}

/** PUT …/deleted for these calls: takes each out of the server's list, answering when `until` does. */
function restoreRoutes(callIds: string[], until?: Promise<void>): Record<string, FakeHandler> {
  return Object.fromEntries(
    callIds.map((callId) => [
      `PUT /api/v1/admin/calls/${callId}/deleted`,
      async () => {
        await until;
        deleted = deleted.filter((call) => call.call_id !== callId);
        return jsonResponse({ call_id: callId, deleted_flag: false, version: 3 });
      },
    ]),
  );
}

const restoreButton = (callId: string) =>
  screen.getByRole('button', { name: `Restore call ${callId}` });

const rowIds = () =>
  screen
    .getAllByRole('link')
    .map((link) => link.textContent)
    .filter((text) => text.startsWith('call_'));

beforeEach(() => {
  deleted = Array.from({ length: 30 }, (_, index) => deletedCall(index + 1));
  for (const toast of getToasts()) removeToast(toast.id);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DeletedCallsPanel', () => {
  it('shows one page of deleted calls with agent names, and pages with the keyboard', async () => {
    const { router, requested, user } = renderPanel();
    expect(await screen.findByText('1–25 of 30 deleted calls')).toBeTruthy();
    expect(requested.at(-1)).toBe('page=1&pageSize=25');
    expect(rowIds()).toHaveLength(25);
    expect(rowIds()[0]).toBe('call_0001');
    const first = screen.getByRole('link', { name: 'call_0001' }).closest('tr');
    expect(first && within(first).getByText('Caller 1')).toBeTruthy();
    // An agent's name where it has one (nw-agent-1), else its id.
    const second = screen.getByRole('link', { name: 'call_0002' }).closest('tr');
    expect(second && (await within(second).findByText('Front desk (AI)'))).toBeTruthy();
    expect(first && within(first).getByText('nw-agent-2')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Previous page' }).getAttribute('aria-disabled'),
    ).toBe('true');

    screen.getByRole('button', { name: 'Next page' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('26–30 of 30 deleted calls')).toBeTruthy();
    expect(requested.at(-1)).toBe('page=2&pageSize=25');
    expect(rowIds()).toEqual(['call_0026', 'call_0027', 'call_0028', 'call_0029', 'call_0030']);
    expect(router.state.location.search).toBe('?tab=deleted&page=2');
    // The last page: Next is unavailable, and keeps the focus it had.
    const next = screen.getByRole('button', { name: 'Next page' });
    expect(next.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(next);

    screen.getByRole('button', { name: 'Previous page' }).focus();
    await user.keyboard(' ');
    expect(await screen.findByText('1–25 of 30 deleted calls')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=deleted');
  });

  it('takes the page and page size from the address, ignoring ones it does not offer', async () => {
    const { requested } = renderPanel('&pageSize=50');
    expect(await screen.findByText('1–30 of 30 deleted calls')).toBeTruthy();
    expect(requested.at(-1)).toBe('page=1&pageSize=50');
    cleanup();
    const odd = renderPanel('&page=abc&pageSize=7');
    expect(await screen.findByText('1–25 of 30 deleted calls')).toBeTruthy();
    expect(odd.requested.at(-1)).toBe('page=1&pageSize=25');
  });

  it('restores a call: it leaves the list, the total follows, and a toast says so', async () => {
    const restore = vi.fn(({ body }: FakeRequest) => {
      deleted = deleted.filter((call) => call.call_id !== 'call_0003');
      return jsonResponse({
        call_id: 'call_0003',
        deleted_flag: (body as { deleted: boolean }).deleted,
        version: 3,
      });
    });
    const { user } = renderPanel('', {
      routes: { 'PUT /api/v1/admin/calls/call_0003/deleted': restore },
    });
    const shownVersion = deleted.find((call) => call.call_id === 'call_0003')?.version;
    await user.click(await screen.findByRole('button', { name: 'Restore call call_0003' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'call_0003' })).toBeNull());
    expect(restore).toHaveBeenCalledTimes(1);
    // With the version on screen, so that a call changed meanwhile is refused.
    expect(restore.mock.calls[0]?.[0].body).toEqual({ deleted: false, version: shownVersion });
    expect(shownVersion).toBeGreaterThan(0);
    expect(screen.getByText('1–25 of 29 deleted calls')).toBeTruthy();
    expect(rowIds()).toContain('call_0026');
    expect(getToasts().map((toast) => toast.title)).toEqual(['Call restored']);
  });

  it('moves to the last page there is when restoring empties the one shown', async () => {
    deleted = deleted.slice(0, 26);
    const { router, user } = renderPanel('&page=2', {
      routes: {
        'PUT /api/v1/admin/calls/call_0026/deleted': () => {
          deleted = deleted.slice(0, 25);
          return jsonResponse({ call_id: 'call_0026', deleted_flag: false, version: 3 });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Restore call call_0026' }));
    expect(await screen.findByText('1–25 of 25 deleted calls')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=deleted');
  });

  it('keeps focus on Restore while it runs, then gives it to the row that takes its place', async () => {
    const answer = deferred();
    const { user } = renderPanel('', { routes: restoreRoutes(['call_0003'], answer.promise) });
    (await screen.findByRole('button', { name: 'Restore call call_0003' })).focus();
    await user.keyboard('{Enter}');
    // Busy, but still focusable (a disabled button would drop focus to the page).
    const busy = restoreButton('call_0003');
    await waitFor(() => expect(busy.getAttribute('aria-busy')).toBe('true'));
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    expect((busy as HTMLButtonElement).disabled).toBe(false);
    expect(document.activeElement).toBe(busy);

    answer.resolve();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'call_0003' })).toBeNull());
    expect(document.activeElement).toBe(restoreButton('call_0004'));
  });

  it('gives focus to the row before when the last row of the page is restored', async () => {
    deleted = deleted.slice(0, 3);
    const { user } = renderPanel('', { routes: restoreRoutes(['call_0003']) });
    await user.click(await screen.findByRole('button', { name: 'Restore call call_0003' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'call_0003' })).toBeNull());
    expect(document.activeElement).toBe(restoreButton('call_0002'));
  });

  it('gives focus to the last row of the page it moves back to', async () => {
    deleted = deleted.slice(0, 26);
    const { router, user } = renderPanel('&page=2', { routes: restoreRoutes(['call_0026']) });
    await user.click(await screen.findByRole('button', { name: 'Restore call call_0026' }));
    expect(await screen.findByText('1–25 of 25 deleted calls')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=deleted');
    await waitFor(() => expect(document.activeElement).toBe(restoreButton('call_0025')));
  });

  it('gives focus to the empty state’s heading when the last deleted call is restored', async () => {
    deleted = deleted.slice(0, 1);
    const { user } = renderPanel('', { routes: restoreRoutes(['call_0001']) });
    await user.click(await screen.findByRole('button', { name: 'Restore call call_0001' }));
    const empty = await screen.findByRole('heading', { name: 'No deleted calls' });
    expect(document.activeElement).toBe(empty);
    // Focusable by script only: not a stop in the Tab order.
    expect(empty.tabIndex).toBe(-1);
  });

  it('does not take focus back from where the admin moved it meanwhile', async () => {
    const answer = deferred();
    const { user } = renderPanel('', {
      routes: restoreRoutes(['call_0003', 'call_0005'], answer.promise),
    });
    await user.click(await screen.findByRole('button', { name: 'Restore call call_0003' }));
    const elsewhere = screen.getByRole('link', { name: 'call_0010' });
    elsewhere.focus();
    answer.resolve();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'call_0003' })).toBeNull());
    expect(document.activeElement).toBe(elsewhere);

    // …and still looks after it the next time.
    await user.click(restoreButton('call_0005'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'call_0005' })).toBeNull());
    expect(document.activeElement).toBe(restoreButton('call_0006'));
  });

  it('says when there are no deleted calls', async () => {
    deleted = [];
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'No deleted calls' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('says why the list failed to load, and tries again', async () => {
    let fail = true;
    renderPanel('', {
      list: (query) =>
        fail
          ? jsonResponse(
              { error: { code: 'INTERNAL', message: 'The database is unavailable.' } },
              500,
            )
          : serveDeleted(query),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Couldn’t load the deleted calls');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1–25 of 30 deleted calls')).toBeTruthy();
  });
});
