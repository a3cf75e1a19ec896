// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEMO_USER,
  jsonResponse,
  requestedQueries,
  type createFakeFetch,
  type FakeHandler,
} from '../../../testing/fake-fetch.ts';
import { AGENTS, LEO, MIA } from '../../../testing/fixtures.ts';
import { renderRoutes, signInAs, stubResizeObserver } from '../../../testing/render.tsx';
import { analyticsResponse, emptyAnalyticsResponse } from '../test-fixtures.ts';
import { AnalyticsScreen } from './analytics-screen.tsx';

const NOW = new Date('2026-11-21T22:21:16Z');

function DashboardProbe() {
  const location = useLocation();
  return <p data-testid="dashboard">{`${location.pathname}${location.search}`}</p>;
}

function renderAnalytics(routes: Record<string, FakeHandler>, initialEntry = '/analytics') {
  return renderRoutes(
    [
      { path: '/analytics', Component: AnalyticsScreen },
      { path: '/dashboard', Component: DashboardProbe },
    ],
    {
      initialEntry,
      server: {
        'GET /api/v1/organisation/members': () => jsonResponse({ members: [MIA, LEO] }),
        'GET /api/v1/organisation/agents': () => jsonResponse({ agents: AGENTS }),
        ...routes,
      },
    },
  );
}

function analyticsRequests(fetchMock: ReturnType<typeof createFakeFetch>): URLSearchParams[] {
  return requestedQueries(fetchMock, '/api/v1/analytics');
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  // recharts' ResponsiveContainer asks for a ResizeObserver.
  stubResizeObserver();
  // …nor layout: give the charts a size so recharts draws instead of warning.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ width: 600, height: 240 }),
  );
  signInAs();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AnalyticsScreen', () => {
  it('asks for the last 30 days in the browser time zone and shows the figures', async () => {
    const { fetchMock } = renderAnalytics({
      'GET /api/v1/analytics': () => jsonResponse(analyticsResponse()),
    });
    expect(screen.getByRole('status', { name: 'Loading analytics' })).toBeTruthy();
    const figures = await screen.findByRole('list', { name: 'Headline figures' });

    const sent = analyticsRequests(fetchMock)[0];
    expect(sent?.get('to')).toBe('2026-11-21T22:22:00.000Z');
    expect(sent?.get('from')).toBe('2026-10-22T22:22:00.000Z');
    expect(sent?.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(sent?.has('agentId')).toBe(false);

    const received = within(figures).getByRole('link', { name: /Calls received/u });
    expect(received.textContent).toContain((1234).toLocaleString());
    expect(received.textContent).toContain('+23%');
    expect(received.getAttribute('href')).toBe(
      '/dashboard?status=all&from=2026-11-14T22%3A22%3A00.000Z&to=2026-11-21T22%3A22%3A00.000Z',
    );
    expect(
      within(figures).getByRole('link', { name: /Median time to close/u }).textContent,
    ).toContain('2 h 14 min');
    expect(within(figures).getByRole('link', { name: /Calls closed/u }).textContent).toMatch(
      /Down 62% from 304/u,
    );
  });

  it('opens the calls behind a number, from the chart or its table', async () => {
    const { router, user } = renderAnalytics({
      'GET /api/v1/analytics': () => jsonResponse(analyticsResponse()),
    });
    const workload = await screen.findByRole('list', { name: 'Open calls by assignee' });
    // jsdom has no layout: its accessible names drop the spaces at the edges of inline parts.
    expect(
      within(workload)
        .getByRole('link', { name: /^Mia Hart\s*\(you\):\s*12\s*open calls$/u })
        .getAttribute('href'),
    ).toBe('/dashboard?status=open&assignee=me');

    const heatmap = screen.getByRole('region', { name: 'Calls by hour and weekday' });
    await user.click(within(heatmap).getByRole('button', { name: /Table/u }));
    const cell = within(heatmap).getByRole('link', { name: /^23 calls on Tuesdays/u });
    expect(cell.getAttribute('href')).toContain('weekday=2&hour=14&tz=');

    const perDay = screen.getByRole('region', { name: 'Calls per day' });
    await user.click(within(perDay).getByRole('button', { name: /Table/u }));
    const closed = within(perDay).getByRole('link', { name: /^7 Closed calls on/u });
    await user.click(closed);
    const params = new URLSearchParams(router.state.location.search);
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(params.get('status')).toBe('all');
    expect(params.get('callStatus')).toBe('Closed');
    expect(
      Date.parse(params.get('to') ?? '') - Date.parse(params.get('from') ?? ''),
    ).toBeGreaterThan(22 * 3_600_000);
  });

  it('keeps the period and agent in the URL and asks again when they change', async () => {
    const { fetchMock, router, user } = renderAnalytics({
      'GET /api/v1/analytics': () => jsonResponse(analyticsResponse()),
    });
    await screen.findByRole('list', { name: 'Headline figures' });

    await user.click(screen.getByRole('radio', { name: '7 days' }));
    expect(router.state.location.search).toBe('?range=7d');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Agent' }), 'nw-agent-2');
    expect(router.state.location.search).toBe('?range=7d&agent=nw-agent-2');
    await waitFor(() =>
      expect(analyticsRequests(fetchMock).at(-1)?.get('agentId')).toBe('nw-agent-2'),
    );
    expect(analyticsRequests(fetchMock).at(-1)?.get('from')).toBe('2026-11-14T22:22:00.000Z');
    // Every link keeps the agent.
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Calls received/u }).getAttribute('href')).toContain(
        'agent=nw-agent-2',
      ),
    );

    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('range')).toBe('custom');
    expect(search.get('to')).toBeTruthy();
    expect(screen.getByLabelText('First day')).toBeTruthy();
    expect(screen.getByLabelText('Last day')).toBeTruthy();
  });

  it('explains a custom range it cannot show instead of asking for it', async () => {
    const { fetchMock } = renderAnalytics(
      { 'GET /api/v1/analytics': () => jsonResponse(analyticsResponse()) },
      '/analytics?range=custom&from=2026-11-10&to=2026-11-01',
    );
    expect(await screen.findByRole('heading', { name: 'Choose the days to show' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/on or before the last day/u);
    expect(analyticsRequests(fetchMock)).toHaveLength(0);
  });

  it('says when a period has no calls, and still shows the open calls', async () => {
    renderAnalytics({ 'GET /api/v1/analytics': () => jsonResponse(emptyAnalyticsResponse()) });
    expect(await screen.findByRole('heading', { name: 'No calls in this period' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show the last 90 days' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Calls per day' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Open calls by assignee' })).toBeTruthy();
  });

  it('shows an error with a retry button that tries again', async () => {
    let fail = true;
    const { fetchMock, user } = renderAnalytics({
      'GET /api/v1/analytics': () =>
        fail
          ? jsonResponse({ error: { code: 'INTERNAL', message: 'Something broke.' } }, 500)
          : jsonResponse(analyticsResponse()),
    });
    expect(
      await screen.findByRole('heading', { name: "We couldn't load the analytics" }),
    ).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Headline figures' })).toBeTruthy();
    expect(analyticsRequests(fetchMock)).toHaveLength(2);
  });

  it('explains the situation to a user without an organisation, without asking the API', async () => {
    signInAs({ ...DEMO_USER, email: 'nora@nowhere.test', organisation: null });
    const { fetchMock } = renderAnalytics({});
    expect(
      screen.getByRole('heading', { name: "You're not part of an organisation yet" }),
    ).toBeTruthy();
    expect(screen.getByText('nora@nowhere.test')).toBeTruthy();
    await act(() => Promise.resolve());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the same state when the API answers 'No organization assigned to user'", async () => {
    renderAnalytics({
      'GET /api/v1/analytics': () =>
        jsonResponse(
          { error: { code: 'NO_ORGANISATION', message: 'No organization assigned to user' } },
          403,
        ),
    });
    expect(
      await screen.findByRole('heading', { name: "You're not part of an organisation yet" }),
    ).toBeTruthy();
  });
});
