// @vitest-environment jsdom
// The admin area keeps its tab in the address (?tab=…); each tab starts on its first page.
import type { Me } from '@callboard/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_USER } from '../../../testing/fake-fetch.ts';
import { renderRoutes, signInAs, stubResizeObserver } from '../../../testing/render.tsx';
import { AdminScreen } from './admin-screen.tsx';

const ADMIN: Me = { ...DEMO_USER, organisation: { ...DEMO_USER.organisation } };
const OPERATOR: Me = { ...ADMIN, role: 'member', isSuperAdmin: true, organisation: null };

beforeEach(() => {
  stubResizeObserver(); // the tabs watch their row's size
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The admin area at `path`. The fake server knows no route: the panels' errors don't matter. */
function renderAdmin(path: string, user: Me = ADMIN) {
  signInAs(user);
  return renderRoutes([{ path: '/admin', element: <AdminScreen user={user} /> }], {
    initialEntry: path,
  });
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const selectedTab = () => screen.getByRole('tab', { selected: true });

describe('AdminScreen tabs', () => {
  it('opens the tab the address names, with its panel', () => {
    renderAdmin('/admin?tab=audit&page=3');
    expect(screen.getByRole('tablist', { name: 'Admin area' })).toBeTruthy();
    expect(tabNames()).toEqual([
      'Members',
      'Invitations',
      'Agents',
      'API keys',
      'Integrations',
      'Deleted calls',
      'Import calls',
      'Audit log',
      'Organisation',
    ]);
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
    const { router, user } = renderAdmin('/admin?tab=organisation&page=3');
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
      'API keys',
      'Integrations',
      'Deleted calls',
      'Import calls',
      'Audit log',
      'Organisation',
      'Organisations',
      'All agents',
    ]);
    expect(selectedTab().textContent).toBe('All agents');
  });
});
