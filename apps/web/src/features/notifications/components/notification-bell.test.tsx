// @vitest-environment jsdom
// The header's bell: the unread count in its name and badge, the list with its states, and that
// choosing one marks it read and opens its call (docs/live-updates.md, "Notifications").
import type { Notification, NotificationListResponse } from '@callboard/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, type FakeHandler } from '../../../testing/fake-fetch.ts';
import { AVA, LEO } from '../../../testing/fixtures.ts';
import { renderRoutes, signInAs, stubResizeObserver } from '../../../testing/render.tsx';
import { NotificationBell } from './notification-bell.tsx';

const ASSIGNED: Notification = {
  id: '3c9e8d7c-6b5a-4a39-8d27-16e5d4c3b201',
  kind: 'assigned',
  call_id: 'call_0007',
  actor: { id: AVA.id, first_name: 'Ava', last_name: 'Whitfield' },
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  read_at: null,
  call_caller_name: 'Amelia Campbell',
};
const MENTIONED: Notification = {
  ...ASSIGNED,
  id: '3c9e8d7c-6b5a-4a39-8d27-16e5d4c3b202',
  kind: 'mentioned',
  call_id: 'call_0009',
  actor: { id: LEO.id, first_name: 'Leo', last_name: 'Marsh' },
  created_at: new Date(Date.now() - 60 * 60_000).toISOString(),
};

function CallProbe() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderBell(server: Record<string, FakeHandler>) {
  return renderRoutes(
    [
      { path: '/', Component: NotificationBell },
      { path: '/call/:callId', Component: CallProbe },
    ],
    { server },
  );
}

/** A fake server holding notifications that the read routes really mark. */
function inbox(initial: Notification[]) {
  let list = initial.map((n) => ({ ...n }));
  const unread = () => list.filter((n) => n.read_at === null).length;
  const body = (): NotificationListResponse => ({ notifications: list, unread: unread() });
  const reads: string[] = [];
  return {
    reads,
    routes: {
      'GET /api/v1/notifications': () => jsonResponse(body()),
      'POST /api/v1/notifications/read-all': () => {
        reads.push('all');
        list = list.map((n) => ({ ...n, read_at: n.read_at ?? new Date().toISOString() }));
        return jsonResponse({ unread: 0 });
      },
      ...Object.fromEntries(
        initial.map((n) => [
          `POST /api/v1/notifications/${n.id}/read`,
          () => {
            reads.push(n.id);
            list = list.map((m) =>
              m.id === n.id ? { ...m, read_at: new Date().toISOString() } : m,
            );
            return jsonResponse({ unread: unread() });
          },
        ]),
      ),
    } satisfies Record<string, FakeHandler>,
  };
}

beforeEach(() => {
  stubResizeObserver();
  signInAs();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('NotificationBell', () => {
  it('names the unread count, lists what happened, and opens the call read', async () => {
    const server = inbox([ASSIGNED, MENTIONED]);
    const { user } = renderBell(server.routes);
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(screen.getByTestId('unread-badge').textContent).toBe('2');

    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const links = within(panel).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Ava Whitfield assigned you a call: Amelia Campbell (unread)',
      'Leo Marsh mentioned you in a note: Amelia Campbell (unread)',
    ]);
    expect(within(panel).getByText('5 minutes ago')).toBeTruthy();

    await user.click(within(panel).getByRole('link', { name: /assigned you a call/u }));
    expect(await screen.findByTestId('where')).toHaveProperty('textContent', '/call/call_0007');
    expect(server.reads).toEqual([ASSIGNED.id]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
  });

  it('marks all read, after which the bell says nothing is unread', async () => {
    const server = inbox([ASSIGNED, MENTIONED]);
    const { user } = renderBell(server.routes);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all read' }));
    expect(server.reads).toEqual(['all']);
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(screen.queryByTestId('unread-badge')).toBeNull();
    expect(
      within(screen.getByRole('dialog', { name: 'Notifications' }))
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')?.endsWith('(unread)')),
    ).toEqual([false, false]);
    expect(screen.getByRole('button', { name: 'Mark all read' })).toHaveProperty('disabled', true);
  });

  it('says when there is nothing, and offers a retry when the list fails', async () => {
    const { user } = renderBell(inbox([]).routes);
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('You’re all caught up')).toBeTruthy();
    cleanup();

    let fail = true;
    const failing = renderBell({
      'GET /api/v1/notifications': () =>
        fail
          ? jsonResponse({ error: { code: 'INTERNAL', message: 'Boom' } }, 500)
          : jsonResponse({ notifications: [ASSIGNED], unread: 1 }),
    });
    await failing.user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('Couldn’t load notifications');
    fail = false;
    await failing.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
  });
});
