// @vitest-environment jsdom
// How the list is shown: sortable headers, the columns (the reader's own, a link's, the menu that
// saves them), the status, sentiment and direction pickers, the date range's checks and the
// waiting column.
import type { CallListColumn, UpdateMeBody } from '@callboard/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_USER, jsonResponse, type FakeRequest } from '../../../testing/fake-fetch.ts';
import { AGENTS, MEMBERS } from '../../../testing/fixtures.ts';
import { signInAs, stubResizeObserver } from '../../../testing/render.tsx';
import { currentSession } from '../../../lib/session.ts';
import { callList, callSummary } from '../test-fixtures.ts';
import { listRequests, renderCalls } from '../test-render.tsx';

const organisationRoutes = {
  'GET /api/v1/organisation/members': () => jsonResponse({ members: MEMBERS }),
  'GET /api/v1/organisation/agents': () => jsonResponse({ agents: AGENTS }),
};

const HOUR = 3_600_000;
const ROWS = [
  callSummary({
    call_id: 'call_a',
    sentiment: 'negative',
    status: 'New',
    end_datetime: new Date(Date.now() - 3 * HOUR - 60_000).toISOString(),
  }),
  callSummary({
    call_id: 'call_b',
    sentiment: null,
    status: 'Closed',
    end_datetime: new Date(Date.now() - 50 * HOUR).toISOString(),
  }),
];

const listRoutes = {
  ...organisationRoutes,
  'GET /api/v1/calls': () => jsonResponse(callList(ROWS)),
};

/** A cell of the bulk-selection column (its checkbox), which is not one of the chosen columns. */
const isSelectCell = (cell: HTMLElement) => cell.querySelector('input[type="checkbox"]') !== null;

/**
 * The header row's names, less the selection column (`hidden`: an open menu hides the page from
 * assistive technology).
 */
const headers = () =>
  within(screen.getByRole('table', { hidden: true }))
    .getAllByRole('columnheader', { hidden: true })
    .filter((cell) => !isSelectCell(cell))
    .map((cell) => cell.textContent);

beforeEach(() => {
  signInAs();
  stubResizeObserver();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('sorting the list', () => {
  it('sorts by a header, reverses on a second press, and says which in aria-sort', async () => {
    const { router, user, fetchMock } = renderCalls(listRoutes);
    const table = await screen.findByRole('table');
    const ended = within(table).getByRole('columnheader', { name: /Ended/u });
    expect(ended.getAttribute('aria-sort')).toBe('descending');

    await user.click(within(table).getByRole('button', { name: 'Duration' }));
    expect(router.state.location.search).toBe('?sort=-duration');
    await waitFor(() => expect(listRequests(fetchMock).at(-1)?.get('sort')).toBe('-duration'));
    const duration = within(table).getByRole('columnheader', { name: /Duration/u });
    expect(duration.getAttribute('aria-sort')).toBe('descending');
    expect(ended.getAttribute('aria-sort')).toBeNull();

    // The keyboard reaches the header buttons too.
    within(table).getByRole('button', { name: 'Duration' }).focus();
    await user.keyboard('{Enter}');
    expect(router.state.location.search).toBe('?sort=duration');
    expect(duration.getAttribute('aria-sort')).toBe('ascending');

    await user.click(within(table).getByRole('button', { name: 'Caller' }));
    expect(router.state.location.search).toBe('?sort=caller');
    expect(screen.getByRole('main').textContent).toContain(', by caller, A to Z.');
  });

  it('goes back to page 1 on a new sort, and drops an unknown sort from a link', async () => {
    const { router, user, fetchMock } = renderCalls(listRoutes, '/dashboard?page=3&sort=loudest');
    await screen.findByRole('table');
    expect(listRequests(fetchMock)[0]?.has('sort')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Status' }));
    expect(router.state.location.search).toBe('?sort=status');
  });
});

describe('the columns', () => {
  it('shows the reader’s own columns, and a link’s `cols` over them', async () => {
    signInAs({ ...DEMO_USER, call_list_columns: ['caller', 'status', 'sentiment'] });
    renderCalls(listRoutes);
    await screen.findByRole('table');
    expect(headers()).toEqual(['Caller', 'Status', 'Sentiment']);
    cleanup();

    renderCalls(listRoutes, '/dashboard?cols=ended,waiting');
    await screen.findByRole('table');
    expect(headers()).toEqual(['Ended', 'Waiting']);
  });

  it('saves a column change to the profile, and gives the old choice back if that fails', async () => {
    const saved: UpdateMeBody[] = [];
    let fail = false;
    const { user } = renderCalls({
      ...listRoutes,
      'PATCH /api/v1/me': ({ body }: FakeRequest) => {
        saved.push(body as UpdateMeBody);
        if (fail) return jsonResponse({ error: { code: 'INTERNAL', message: 'Boom' } }, 500);
        return jsonResponse({ ...DEMO_USER, ...(body as object) });
      },
    });
    await screen.findByRole('table');
    expect(headers()).toContain('Summary');

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const menu = await screen.findByRole('menu');
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Summary' }));
    // The menu stays open for the next choice, and the table follows at once.
    expect(screen.getByRole('menu')).toBeTruthy();
    expect(headers()).not.toContain('Summary');
    await waitFor(() => expect(saved).toHaveLength(1));
    const withoutSummary: CallListColumn[] = [
      'ended',
      'caller',
      'agent',
      'duration',
      'status',
      'waiting',
      'assignee',
      'sentiment',
    ];
    expect(saved[0]).toEqual({ call_list_columns: withoutSummary });
    await waitFor(() => expect(currentSession()?.user.call_list_columns).toEqual(withoutSummary));

    fail = true;
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Agent' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    await waitFor(() => expect(currentSession()?.user.call_list_columns).toEqual(withoutSummary));
    expect(headers()).toContain('Agent');
  });

  it('changes a link’s columns in the URL, not the profile, and offers the reader’s own back', async () => {
    const patch = vi.fn(() => jsonResponse(DEMO_USER));
    const { router, user } = renderCalls(
      { ...listRoutes, 'PATCH /api/v1/me': patch },
      '/dashboard?page=2&cols=caller,status',
    );
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Columns of this link')).toBeTruthy();
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Ended' }));
    // Showing another column keeps the page.
    expect(router.state.location.search).toBe('?page=2&cols=ended%2Ccaller%2Cstatus');
    // The last column cannot be hidden.
    expect(
      within(menu).getByRole('menuitemcheckbox', { name: 'Caller' }).getAttribute('aria-disabled'),
    ).toBeNull();
    await user.click(within(menu).getByRole('menuitem', { name: 'Use my columns' }));
    expect(router.state.location.search).toBe('?page=2');
    expect(patch).not.toHaveBeenCalled();
  });
});

describe('the pickers', () => {
  it('filters by status, sentiment and direction, and shows a status outside the tab on All', async () => {
    const { router, user, fetchMock } = renderCalls(listRoutes);
    await screen.findByRole('table');
    const [status] = screen.getAllByLabelText<HTMLSelectElement>('Status');
    await user.selectOptions(status as HTMLSelectElement, 'Closed');
    expect(router.state.location.search).toBe('?status=all&callStatus=Closed');
    const [sentiment] = screen.getAllByLabelText<HTMLSelectElement>('Sentiment');
    await user.selectOptions(sentiment as HTMLSelectElement, 'none');
    const [direction] = screen.getAllByLabelText<HTMLSelectElement>('Direction');
    await user.selectOptions(direction as HTMLSelectElement, 'outbound');
    expect(router.state.location.search).toBe(
      '?status=all&direction=outbound&callStatus=Closed&sentiment=none',
    );
    await waitFor(() =>
      expect(Object.fromEntries(listRequests(fetchMock).at(-1) ?? [])).toMatchObject({
        status: 'all',
        callStatus: 'Closed',
        sentiment: 'none',
        direction: 'outbound',
      }),
    );
    expect(screen.getByRole('button', { name: 'Clear' })).toBeTruthy();
  });

  it('keeps a reversed range on screen with a message, and applies neither end of it', async () => {
    const { router } = renderCalls(listRoutes, '/dashboard?to=2026-11-15');
    await screen.findByRole('table');
    const [from] = screen.getAllByLabelText<HTMLInputElement>('Ended from');
    const [to] = screen.getAllByLabelText<HTMLInputElement>('Ended to');
    fireEvent.change(from as HTMLInputElement, { target: { value: '2026-11-20' } });
    expect(screen.getByRole('alert').textContent).toBe('From must be before To.');
    expect(from?.value).toBe('2026-11-20');
    expect(to?.value).toBe('2026-11-15');
    expect(from?.getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.search).toBe('?to=2026-11-15');

    fireEvent.change(to as HTMLInputElement, { target: { value: '2026-11-30' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(router.state.location.search).toBe('?from=2026-11-20&to=2026-11-30');
  });

  it('does not apply a date whose year is still being typed', async () => {
    const { router } = renderCalls(listRoutes);
    await screen.findByRole('table');
    const [from] = screen.getAllByLabelText<HTMLInputElement>('Ended from');
    for (const partial of ['0002-11-01', '0020-11-01', '0202-11-01']) {
      fireEvent.change(from as HTMLInputElement, { target: { value: partial } });
      expect(from?.value).toBe(partial);
      expect(router.state.location.search).toBe('');
    }
    fireEvent.blur(from as HTMLInputElement);
    expect(screen.getByRole('alert').textContent).toMatch(/whole date from 1970/u);
    fireEvent.change(from as HTMLInputElement, { target: { value: '2026-11-01' } });
    expect(router.state.location.search).toBe('?from=2026-11-01');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the waiting and sentiment columns', () => {
  it('says how long an open call has waited, nothing for a closed one, and the sentiment', async () => {
    renderCalls(listRoutes, '/dashboard?cols=caller,waiting,sentiment');
    const table = await screen.findByRole('table');
    const [first, second] = within(table).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement | undefined) =>
      within(row as HTMLElement)
        .getAllByRole('cell')
        .filter((cell) => !isSelectCell(cell))
        .map((cell) => cell.textContent);
    expect(cells(first)).toEqual([expect.any(String), 'Waiting 3 h3 hours', 'Negative']);
    expect(cells(second)).toEqual([expect.any(String), '', '—No sentiment']);
  });
});
