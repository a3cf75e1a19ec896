// @vitest-environment jsdom
// Bulk triage on the call list (docs/decisions/0019-bulk-actions.md): selecting with the keyboard,
// a click and a shift-click, or every matching call; what the toolbar sends; the Undo it offers;
// and the list's shortcuts, which stay quiet while someone types.
import type { BulkCallActionResponse, CallListResponse } from '@callboard/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../../components/ui/toast-store.ts';
import { jsonResponse, type FakeRequest } from '../../../testing/fake-fetch.ts';
import { AGENTS, LEO, MEMBERS } from '../../../testing/fixtures.ts';
import { signInAs, stubResizeObserver } from '../../../testing/render.tsx';
import { callList, callSummary } from '../test-fixtures.ts';
import { renderCalls } from '../test-render.tsx';

const ROWS = Array.from({ length: 6 }, (_, index) =>
  callSummary({
    call_id: `call_${String(index)}`,
    caller_name: `Caller ${String(index)}`,
    version: index + 10,
  }),
);

function server(
  list: () => CallListResponse,
  bulk: (request: FakeRequest) => BulkCallActionResponse = () => ({
    action: 'setStatus',
    changed: [],
    unchanged: 0,
    skipped: [],
  }),
) {
  const posted: unknown[] = [];
  return {
    posted,
    routes: {
      'GET /api/v1/organisation/members': () => jsonResponse({ members: MEMBERS }),
      'GET /api/v1/organisation/agents': () => jsonResponse({ agents: AGENTS }),
      'GET /api/v1/calls': () => jsonResponse(list()),
      'POST /api/v1/calls/bulk': (request: FakeRequest) => {
        posted.push(request.body);
        return jsonResponse(bulk(request));
      },
    },
  };
}

function bodyRows() {
  return within(screen.getByRole('table')).getAllByRole('row').slice(1);
}

function press(key: string, target: Element = document.body) {
  fireEvent.keyDown(target, { key });
}

const latestToast = () => getToasts().at(-1);

beforeEach(() => {
  signInAs();
  stubResizeObserver();
  // cmdk scrolls the highlighted option into view; jsdom has no layout.
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('bulk triage on the call list', () => {
  it('selects with j and x, closes the selection with c in one request, and undoes it', async () => {
    const fake = server(
      () => callList(ROWS, { total: 6 }),
      (request) => {
        const body = request.body as { action: string };
        return body.action === 'undo'
          ? { action: 'undo', changed: [], unchanged: 0, skipped: [{ id: 'call_1', version: 12 }] }
          : {
              action: 'setStatus',
              changed: [
                { id: 'call_0', version: 11, previous: { status: 'New' } },
                { id: 'call_1', version: 12, previous: { status: 'New' } },
              ],
              unchanged: 0,
              skipped: [],
            };
      },
    );
    renderCalls(fake.routes, '/dashboard?status=all');
    await screen.findByRole('table');

    press('j');
    await waitFor(() => expect(document.activeElement).toBe(bodyRows()[0]));
    press('x');
    press('j');
    await waitFor(() => expect(document.activeElement).toBe(bodyRows()[1]));
    press('x');
    const toolbar = await screen.findByRole('toolbar', { name: 'Bulk actions' });
    expect(within(toolbar).getByText('2 selected')).toBeTruthy();
    expect(
      bodyRows().map((row) => within(row).getByRole<HTMLInputElement>('checkbox').checked),
    ).toEqual([true, true, false, false, false, false]);

    press('c', document.activeElement ?? document.body);
    await waitFor(() => expect(fake.posted).toHaveLength(1));
    expect(fake.posted[0]).toEqual({
      action: 'setStatus',
      status: 'Closed',
      calls: [
        { id: 'call_0', version: 10 },
        { id: 'call_1', version: 11 },
      ],
    });
    await waitFor(() => expect(latestToast()?.title).toBe('2 calls closed'));
    // The selection is done with; focus stays in the list.
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).toBeNull();
    expect(bodyRows()).toContain(document.activeElement);

    act(() => latestToast()?.action?.onAction());
    await waitFor(() => expect(fake.posted).toHaveLength(2));
    // The versions the action returned, so that a call changed since is not overwritten.
    expect(fake.posted[1]).toEqual({
      action: 'undo',
      calls: [
        { id: 'call_0', version: 11, value: { status: 'New' } },
        { id: 'call_1', version: 12, value: { status: 'New' } },
      ],
    });
    await waitFor(() => expect(latestToast()?.title).toBe('Nothing undone'));
    expect(latestToast()?.description).toBe('1 call changed since, so it was left as it is.');
  });

  it('selects a range with shift-click, the page with the header box, then every match', async () => {
    const fake = server(() =>
      callList(ROWS, { total: 40, counts: { open: 40, closed: 0, all: 40 } }),
    );
    const { user } = renderCalls(fake.routes, '/dashboard?status=open&assignee=unassigned');
    await screen.findByRole('table');

    const cell = (index: number) =>
      bodyRows()[index]?.querySelector('[data-column="select"]') ?? document.body;
    await user.click(cell(1));
    await user.keyboard('{Shift>}');
    await user.click(cell(4));
    await user.keyboard('{/Shift}');
    expect(
      bodyRows().map((row) => within(row).getByRole<HTMLInputElement>('checkbox').checked),
    ).toEqual([false, true, true, true, true, false]);
    // A click on the checkbox's cell selects; it does not open the call.
    expect(screen.getByRole('heading', { name: 'Calls' })).toBeTruthy();

    const header = screen.getByRole<HTMLInputElement>('checkbox', {
      name: 'Select every call on this page',
    });
    expect(header.indeterminate).toBe(true);
    await user.click(header);
    expect(screen.getByText('All 6 calls on this page are selected.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Select all 40 matching calls' }));
    expect(screen.getByText('All 40 calls matching this view are selected.')).toBeTruthy();
    const toolbar = screen.getByRole('toolbar', { name: 'Bulk actions' });
    expect(within(toolbar).getByText('40 selected')).toBeTruthy();

    await user.click(within(toolbar).getByRole('button', { name: /^Status/u }));
    await user.click(await screen.findByRole('menuitem', { name: 'In progress' }));
    await waitFor(() => expect(fake.posted).toHaveLength(1));
    expect(fake.posted[0]).toMatchObject({
      action: 'setStatus',
      status: 'In progress',
      matching: {
        total: 40,
        query: { status: 'open', assignee: 'unassigned', page: '1', pageSize: '100' },
      },
    });
  });

  it('assigns the current row with a when nothing is selected, through the picker', async () => {
    const fake = server(
      () => callList(ROWS, { total: 6 }),
      () => ({
        action: 'assign',
        changed: [{ id: 'call_2', version: 13, previous: { assigneeId: null } }],
        unchanged: 0,
        skipped: [],
      }),
    );
    const { user } = renderCalls(fake.routes, '/dashboard?status=all');
    await screen.findByRole('table');
    press('j');
    press('j');
    press('j');
    await waitFor(() => expect(document.activeElement).toBe(bodyRows()[2]));
    press('a', document.activeElement ?? document.body);
    const picker = await screen.findByRole('dialog', { name: 'Assign' });
    await user.type(within(picker).getByRole('combobox'), 'Leo');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(fake.posted).toHaveLength(1));
    expect(fake.posted[0]).toEqual({
      action: 'assign',
      assigneeId: LEO.id,
      calls: [{ id: 'call_2', version: 12 }],
    });
    await waitFor(() => expect(latestToast()?.title).toBe('1 call assigned to Leo Marsh'));
    expect(latestToast()?.action?.label).toBe('Undo');
  });

  it('takes no shortcut while typing in a field or with a dialog open', async () => {
    const fake = server(() => callList(ROWS, { total: 6 }));
    const { user } = renderCalls(fake.routes, '/dashboard?status=all');
    await screen.findByRole('table');
    const search = screen.getByRole('searchbox');
    await user.click(search);
    await user.keyboard('jx');
    expect(document.activeElement).toBe(search);
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).toBeNull();

    press('j');
    press('x');
    const toolbar = await screen.findByRole('toolbar', { name: 'Bulk actions' });
    await user.click(within(toolbar).getByRole('button', { name: /^Status/u }));
    await screen.findByRole('menu');
    // The menu has the keyboard: x does not deselect the row, c does not close anything.
    press('x');
    press('c');
    expect(within(toolbar).getByText('1 selected')).toBeTruthy();
    expect(fake.posted).toHaveLength(0);
  });

  it('keeps focus in the list when a refetch takes the focused row away', async () => {
    let rows = ROWS;
    const fake = server(() => callList(rows, { total: rows.length }));
    const { queryClient } = renderCalls(fake.routes, '/dashboard?status=all');
    await screen.findByRole('table');
    press('j');
    press('j');
    await waitFor(() => expect(document.activeElement).toBe(bodyRows()[1]));
    // Someone's change (or one's own bulk action) moves call_1 out of the view.
    rows = ROWS.filter((row) => row.call_id !== 'call_1');
    await act(() => queryClient.invalidateQueries({ queryKey: ['calls'] }));
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    await waitFor(() => expect(document.activeElement).toBe(bodyRows()[1]));
    expect(within(bodyRows()[1] ?? document.body).getByText('Caller 2')).toBeTruthy();
  });
});
