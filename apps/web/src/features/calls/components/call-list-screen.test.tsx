// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { jsonResponse, DEMO_USER } from '../../../testing/fake-fetch.ts';
import { AGENTS, LEO, MEMBERS, MIA } from '../../../testing/fixtures.ts';
import { signInAs } from '../../../testing/render.tsx';
import { callList, callSummary } from '../test-fixtures.ts';
import { listRequests, renderCalls } from '../test-render.tsx';

const organisationRoutes = {
  'GET /api/v1/organisation/members': () => jsonResponse({ members: MEMBERS }),
  'GET /api/v1/organisation/agents': () => jsonResponse({ agents: AGENTS }),
};

const ROWS = [
  callSummary({ call_id: 'call_a', caller_name: 'Amelia Campbell', assignee_id: LEO.id }),
  callSummary({
    call_id: 'call_b',
    caller_name: null,
    from_number: '+447700900456',
    status: 'In progress',
    assignee_id: MIA.id,
    agent_id: 'nw-agent-2',
    summary: 'Asked about a repeat prescription.',
  }),
  callSummary({ call_id: 'call_c', caller_name: 'Rhys Walker', status: 'Closed' }),
];

beforeEach(() => signInAs());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CallListScreen', () => {
  it('lists the calls with names resolved, and counts on the tabs', async () => {
    const { fetchMock } = renderCalls({
      ...organisationRoutes,
      'GET /api/v1/calls': () =>
        jsonResponse(callList(ROWS, { total: 3, counts: { open: 2, closed: 1, all: 3 } })),
    });

    expect(screen.getByRole('status', { name: 'Loading calls' })).toBeTruthy();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0] ?? table).getByText('Amelia Campbell')).toBeTruthy();
    await waitFor(() => expect(within(rows[0] ?? table).getByText('Leo Marsh')).toBeTruthy());
    expect(within(rows[1] ?? table).getByText('+447700900456')).toBeTruthy();
    expect(within(rows[1] ?? table).getByText('You')).toBeTruthy();
    expect(within(rows[1] ?? table).getByText('In progress')).toBeTruthy();
    expect(within(rows[1] ?? table).getByText('Appointments line (AI)')).toBeTruthy();
    expect(within(rows[2] ?? table).getByText('Unassigned')).toBeTruthy();

    expect(screen.getByRole('tab', { name: /Open\s*2/u }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.getByRole('tab', { name: /Closed\s*1/u })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /All\s*3/u })).toBeTruthy();
    expect(screen.getByText('1–3 of 3 calls')).toBeTruthy();

    // The Open tab is the default, with the product's page 1 of 100.
    expect(listRequests(fetchMock)[0]?.toString()).toBe('status=open&page=1&pageSize=100');
  });

  it('sends the URL filters to the API and switches tabs through the URL', async () => {
    const { fetchMock, router, user } = renderCalls(
      {
        ...organisationRoutes,
        'GET /api/v1/calls': () => jsonResponse(callList(ROWS)),
      },
      '/dashboard?status=closed&agent=nw-agent-2&assignee=me&from=2026-03-01&to=2026-03-31&page=2&pageSize=25',
    );
    await screen.findByRole('table');
    const sent = listRequests(fetchMock)[0];
    expect(Object.fromEntries(sent ?? [])).toEqual({
      status: 'closed',
      page: '2',
      pageSize: '25',
      agentId: 'nw-agent-2',
      assignee: 'me',
      from: new Date(2026, 2, 1).toISOString(),
      to: new Date(2026, 3, 1).toISOString(),
    });

    await user.click(screen.getByRole('tab', { name: /All/u }));
    expect(router.state.location.search).toBe(
      '?status=all&agent=nw-agent-2&assignee=me&from=2026-03-01&to=2026-03-31&pageSize=25',
    );
    await waitFor(() => expect(listRequests(fetchMock).at(-1)?.get('status')).toBe('all'));
  });

  it("does not show one tab's count under another tab's name while the new tab loads", async () => {
    let answerClosed: (response: Response) => void = () => undefined;
    const { user } = renderCalls({
      ...organisationRoutes,
      'GET /api/v1/calls': (request) =>
        request.query.get('status') === 'closed'
          ? new Promise<Response>((resolve) => {
              answerClosed = resolve;
            })
          : jsonResponse(callList(ROWS, { total: 3, counts: { open: 2, closed: 1, all: 3 } })),
    });
    await screen.findByRole('table');
    expect(screen.getByText('3 open calls')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: /Closed/u }));
    // The open tab's rows stay, dimmed, while the closed ones load; their count does not.
    await waitFor(() =>
      expect(screen.getByRole('table').closest('[aria-busy="true"]')).not.toBeNull(),
    );
    expect(screen.queryByText(/\d+ (open|closed) calls?/u)).toBeNull();

    answerClosed(
      jsonResponse(callList(ROWS.slice(2), { total: 1, counts: { open: 2, closed: 1, all: 3 } })),
    );
    expect(await screen.findByText('1 closed call')).toBeTruthy();
  });

  it('says when nothing matches and offers to clear the filters', async () => {
    const { router, user } = renderCalls(
      {
        ...organisationRoutes,
        'GET /api/v1/calls': () => jsonResponse(callList([])),
      },
      '/dashboard?q=zebra&assignee=unassigned',
    );
    expect(
      await screen.findByRole('heading', { name: 'No calls match these filters' }),
    ).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(screen.getAllByRole('button', { name: /Clear filters/u })[0] as HTMLElement);
    expect(router.state.location.search).toBe('');
  });

  it('sends the filters of an analytics link and shows each as a removable chip', async () => {
    const { fetchMock, router, user } = renderCalls(
      {
        ...organisationRoutes,
        'GET /api/v1/calls': () => jsonResponse(callList(ROWS)),
      },
      '/dashboard?status=all&from=2026-10-22T22%3A22%3A00.000Z&to=2026-11-21T22%3A22%3A00.000Z&weekday=2&hour=14&tz=America%2FNew_York&callStatus=Closed',
    );
    await screen.findByRole('table');
    expect(Object.fromEntries(listRequests(fetchMock)[0] ?? [])).toEqual({
      status: 'all',
      page: '1',
      pageSize: '100',
      from: '2026-10-22T22:22:00.000Z',
      to: '2026-11-21T22:22:00.000Z',
      callStatus: 'Closed',
      weekday: '2',
      hour: '14',
      tz: 'America/New_York',
    });
    const chips = screen.getByRole('list', { name: 'Active filters' });
    // The status shows in its own picker.
    expect(within(chips).getAllByRole('listitem')).toHaveLength(2);
    expect((screen.getAllByLabelText('Status')[0] as HTMLSelectElement).value).toBe('Closed');
    expect(within(chips).getByText(/^Tuesdays .*\(America\/New York time\)$/u)).toBeTruthy();
    // The date inputs show days only, not the link's exact instants.
    expect((screen.getAllByTitle('Ended on or after')[0] as HTMLInputElement).value).toBe('');

    await user.click(within(chips).getByRole('button', { name: /^Remove filter: Tuesdays/u }));
    expect(router.state.location.search).toBe(
      '?status=all&from=2026-10-22T22%3A22%3A00.000Z&to=2026-11-21T22%3A22%3A00.000Z&callStatus=Closed',
    );
    await waitFor(() => expect(listRequests(fetchMock).at(-1)?.has('weekday')).toBe(false));
  });

  it('has an empty state for a tab with no calls at all', async () => {
    renderCalls({
      ...organisationRoutes,
      'GET /api/v1/calls': () => jsonResponse(callList([])),
    });
    expect(await screen.findByRole('heading', { name: 'No open calls' })).toBeTruthy();
  });

  it('shows an error with a retry button that tries again', async () => {
    const calls = failingOnce(() =>
      jsonResponse(
        { error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } },
        500,
      ),
    );
    renderCalls({ ...organisationRoutes, 'GET /api/v1/calls': calls.route });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText("We couldn't load the calls")).toBeTruthy();
    expect(within(alert).getByText(/went wrong on our side/u)).toBeTruthy();

    await userClick(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(calls.attempts).toBe(2);
  });

  it('tries again by itself while the database is unavailable, without an error screen', async () => {
    const calls = failingOnce(() =>
      jsonResponse(
        { error: { code: 'DATABASE_UNAVAILABLE', message: 'Callboard cannot reach it.' } },
        503,
        { 'Retry-After': '1' },
      ),
    );
    renderCalls({ ...organisationRoutes, 'GET /api/v1/calls': calls.route });
    expect(await screen.findByRole('table', {}, { timeout: 5_000 })).toBeTruthy();
    expect(calls.attempts).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('explains the situation to a user without an organisation, without asking the API', async () => {
    signInAs({ ...DEMO_USER, organisation: null });
    const { fetchMock } = renderCalls({});
    expect(
      await screen.findByRole('heading', { name: "You're not part of an organisation yet" }),
    ).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the same state when the API answers 'No organization assigned to user'", async () => {
    renderCalls({
      ...organisationRoutes,
      'GET /api/v1/calls': () =>
        jsonResponse(
          { error: { code: 'NO_ORGANISATION', message: 'No organization assigned to user' } },
          403,
        ),
    });
    expect(
      await screen.findByRole('heading', { name: "You're not part of an organisation yet" }),
    ).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens a call from the keyboard, passing the list filters along', async () => {
    const { router, user } = renderCalls(
      {
        ...organisationRoutes,
        'GET /api/v1/calls': () => jsonResponse(callList(ROWS)),
      },
      '/dashboard?status=closed',
      { callPage: 'probe' },
    );
    await screen.findByRole('table');
    const rows = screen.getAllByRole('row').slice(1);
    // One Tab stop for the whole list: only the first row is tabbable.
    expect(rows.map((row) => row.tabIndex)).toEqual([0, -1, -1]);

    (rows[0] as HTMLElement).focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(rows[1]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(rows[2]);
    await user.keyboard('{ArrowUp}{Enter}');

    expect(await screen.findByRole('heading', { name: 'Call page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/call/call_b');
    expect(router.state.location.state).toEqual({ listSearch: '?status=closed' });

    // Back: the list again, with the opened call's row current and focused.
    await act(() => router.navigate(-1));
    await screen.findByRole('table');
    await waitFor(() =>
      expect(document.activeElement?.textContent).toContain('Asked about a repeat prescription.'),
    );
    await waitFor(() =>
      expect(screen.getAllByRole('row').map((row) => row.tabIndex)).toEqual([-1, -1, 0, -1]),
    );
  });

  it('opens a call with a click on its row', async () => {
    const { router, user } = renderCalls(
      {
        ...organisationRoutes,
        'GET /api/v1/calls': () => jsonResponse(callList(ROWS)),
      },
      '/dashboard',
      { callPage: 'probe' },
    );
    await screen.findByRole('table');
    await user.click(screen.getByText('Asked about a repeat prescription.'));
    expect(router.state.location.pathname).toBe('/call/call_b');
  });

  it('moves between pages and changes the page size', async () => {
    const { router, user, fetchMock } = renderCalls({
      ...organisationRoutes,
      'GET /api/v1/calls': () =>
        jsonResponse(callList(ROWS, { total: 250, counts: { open: 250, closed: 0, all: 250 } })),
    });
    await screen.findByRole('table');
    expect(screen.getByText('1–100 of 250 calls')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Page').value).toBe('1');
    expect(screen.getByText('of 3')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(router.state.location.search).toBe('?page=2');
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(router.state.location.search).toBe('?page=3');
    const box = screen.getByLabelText<HTMLInputElement>('Page');
    expect(box.value).toBe('3');
    await user.clear(box);
    await user.type(box, '1{Enter}');
    expect(router.state.location.search).toBe('');
    await user.selectOptions(screen.getByLabelText('Per page'), '50');
    expect(router.state.location.search).toBe('?pageSize=50');
    await waitFor(() => expect(listRequests(fetchMock).at(-1)?.get('pageSize')).toBe('50'));
  });
});

describe('CallListScreen in "load all" mode', () => {
  it('asks for every call and renders only the rows near the viewport', async () => {
    // jsdom has no ResizeObserver: report "no size change" once per observed element.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: ResizeObserverCallback) {}
        observe() {
          queueMicrotask(() => this.callback([], this));
        }
        unobserve() {}
        disconnect() {}
      },
    );
    // …and lays nothing out: give every row the height a browser would.
    const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
      configurable: true,
      get: () => 64,
    });
    onTestFinished(() => {
      if (offsetHeight) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
    });
    const many = Array.from({ length: 2000 }, (_, index) =>
      callSummary({
        call_id: `call_${String(index).padStart(4, '0')}`,
        caller_name: `Caller ${index}`,
      }),
    );
    const { fetchMock } = renderCalls(
      {
        ...organisationRoutes,
        'GET /api/v1/calls': () =>
          jsonResponse(
            callList(many, { pageSize: many.length, counts: { open: 2000, closed: 0, all: 2000 } }),
          ),
      },
      '/dashboard?loadAll=true',
    );
    const table = await screen.findByRole('table');
    expect(listRequests(fetchMock)[0]?.toString()).toBe('status=open&loadAll=true');
    expect(table.getAttribute('aria-rowcount')).toBe('2001');
    const rendered = within(table).getAllByRole('row').length - 1;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(200);
    expect(screen.getByRole('radio', { name: 'Load all' })).toHaveProperty('checked', true);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  // docs/architecture.md, "Front end": the first commit is what the first rows wait for.
  describe('the first rows', () => {
    /**
     * Page 1 of 100 calls, with ResizeObservers that report when the test says so (a browser
     * reports after its layout), and every read of a row's size counted.
     */
    async function renderPage() {
      const observers: { callback: ResizeObserverCallback; observer: ResizeObserver }[] = [];
      vi.stubGlobal(
        'ResizeObserver',
        class {
          constructor(callback: ResizeObserverCallback) {
            observers.push({ callback, observer: this });
          }
          observe() {}
          unobserve() {}
          disconnect() {}
        },
      );
      const rowReads = vi.fn();
      const offsetHeight = vi
        .spyOn(HTMLElement.prototype, 'offsetHeight', 'get')
        .mockImplementation(function (this: HTMLElement) {
          if (this.tagName === 'TR') rowReads();
          return 0;
        });
      const boundingRect = vi.spyOn(Element.prototype, 'getBoundingClientRect');
      onTestFinished(() => {
        offsetHeight.mockRestore();
        boundingRect.mockRestore();
      });
      const page = Array.from({ length: 100 }, (_, index) =>
        callSummary({ call_id: `call_${String(index).padStart(3, '0')}` }),
      );
      renderCalls({
        ...organisationRoutes,
        'GET /api/v1/calls': () =>
          jsonResponse(callList(page, { counts: { open: 100, closed: 0, all: 100 } })),
      });
      const table = await screen.findByRole('table');
      const rows = () => [...table.querySelectorAll<HTMLElement>('tr[data-row-index]')];
      return {
        rows,
        readsOfRows: () =>
          rowReads.mock.calls.length +
          boundingRect.mock.contexts.filter((node) => (node as Element).tagName === 'TR').length,
        /** Every observer reports; the rows' observer hears that each drawn row is `height` tall. */
        report: (height?: number) => {
          const entries = rows().map((row) => ({
            target: row,
            borderBoxSize: [{ blockSize: height ?? 0, inlineSize: 0 }],
          })) as unknown as ResizeObserverEntry[];
          act(() => {
            for (const { callback, observer } of observers) {
              callback(height === undefined ? [] : entries, observer);
            }
          });
        },
      };
    }

    // A row is estimated at 64 px until it is measured.
    const fit = () => Math.ceil(window.innerHeight / 64);

    it('at the top of the page, are only those that fit the window, and no row’s size is read', async () => {
      const list = await renderPage();
      expect(list.rows().length).toBeGreaterThanOrEqual(fit());
      expect(list.rows().length).toBeLessThanOrEqual(fit() + 1);
      expect(list.readsOfRows()).toBe(0);

      // The observers report: the table's place is known, and 8 more rows are drawn below.
      const first = list.rows().length;
      list.report();
      await waitFor(() => expect(list.rows().length).toBe(first + 8));
      expect(list.readsOfRows()).toBe(0);
    });

    it('scrolled down, come with the rows either side at once', async () => {
      vi.stubGlobal('scrollY', 640);
      const list = await renderPage();
      // From 640 px down the rows from index 10 fit, and 8 more either side are drawn.
      expect(list.rows()[0]?.dataset['rowIndex']).toBe('2');
      expect(list.rows().length).toBeGreaterThanOrEqual(fit() + 16);
    });

    it('take their heights from the observer’s report', async () => {
      const list = await renderPage();
      list.report();
      await waitFor(() => expect(list.rows().length).toBe(fit() + 8));

      // Rows of 150 px: fewer fit the window, so fewer are drawn.
      list.report(150);
      await waitFor(() => expect(list.rows().length).toBe(Math.ceil(window.innerHeight / 150) + 8));
    });
  });
});

/** GET /api/v1/calls answering `first` once and the list after; `attempts` counts the asks. */
function failingOnce(first: () => Response) {
  const calls = {
    attempts: 0,
    route: () => {
      calls.attempts += 1;
      return calls.attempts === 1 ? first() : jsonResponse(callList(ROWS));
    },
  };
  return calls;
}

async function userClick(element: HTMLElement) {
  const { default: userEvent } = await import('@testing-library/user-event');
  await userEvent.click(element);
}
