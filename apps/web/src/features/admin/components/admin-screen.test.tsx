// @vitest-environment jsdom
// The admin area keeps its tab in the address (?tab=…); each tab starts on its first page.
import type { Me } from '@callboard/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { DEMO_USER } from '../../../testing/fake-fetch.ts';
import { AdminScreen } from './admin-screen.tsx';

const ADMIN: Me = { ...DEMO_USER, organisation: { ...DEMO_USER.organisation } };
const OPERATOR: Me = { ...ADMIN, role: 'member', isSuperAdmin: true, organisation: null };

beforeEach(() => {
  // The tabs watch their row's size; jsdom has no layout.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  // The panels' data never arrives: these tests are about the tabs.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => undefined)),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAdmin(path: string, user: Me = ADMIN) {
  const router = createMemoryRouter([{ path: '/admin', element: <AdminScreen user={user} /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const selectedTab = () => screen.getByRole('tab', { selected: true });

describe('AdminScreen tabs', () => {
  it('opens the tab the address names, with its panel', () => {
    renderAdmin('/admin?tab=audit&page=3');
    expect(screen.getByRole('tablist', { name: 'Admin area' })).toBeTruthy();
    expect(tabNames()).toEqual(['Members', 'Invitations', 'Agents', 'Deleted calls', 'Audit log']);
    expect(selectedTab().textContent).toBe('Audit log');
    expect(screen.getByRole('tabpanel', { name: 'Audit log' })).toBeTruthy();
    expect(document.title).toBe('Audit log · Admin area · Callboard');
  });

  it('opens the first tab for a tab it does not know', () => {
    renderAdmin('/admin?tab=billing');
    expect(selectedTab().textContent).toBe('Members');
    expect(screen.getByRole('tabpanel', { name: 'Members' })).toBeTruthy();
  });

  it('puts the chosen tab in the address, on its first page, without a new history entry', async () => {
    const { router, user } = renderAdmin('/admin?tab=audit&page=3');
    await user.tab();
    expect(document.activeElement).toBe(selectedTab());
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=members'));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(selectedTab().textContent).toBe('Members'));
    expect(screen.getByRole('tabpanel', { name: 'Members' })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Deleted calls' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=deleted'));
    await waitFor(() => expect(selectedTab().textContent).toBe('Deleted calls'));
  });

  it('shows a platform operator the platform tabs, after the organisation’s if they admin one', () => {
    renderAdmin('/admin', OPERATOR);
    expect(screen.getByRole('tablist', { name: 'Platform console' })).toBeTruthy();
    expect(tabNames()).toEqual(['Organisations', 'All agents']);
    expect(selectedTab().textContent).toBe('Organisations');
    cleanup();

    renderAdmin('/admin?tab=platform-agents', { ...ADMIN, isSuperAdmin: true });
    expect(tabNames()).toEqual([
      'Members',
      'Invitations',
      'Agents',
      'Deleted calls',
      'Audit log',
      'Organisations',
      'All agents',
    ]);
    expect(selectedTab().textContent).toBe('All agents');
  });
});
