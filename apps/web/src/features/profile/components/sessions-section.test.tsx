// @vitest-environment jsdom
// The profile's sessions (docs/security.md, "Sessions you can see and end"): this browser first
// and marked, a sign-out for each other one, and "sign out everywhere else" behind a confirmation.
import type { OwnSession } from '@callboard/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts, removeToast } from '../../../components/ui/toast-store.ts';
import { DEMO_USER, jsonResponse, type FakeHandler } from '../../../testing/fake-fetch.ts';
import { renderRoutes, signInAs } from '../../../testing/render.tsx';
import { SessionsSection } from './sessions-section.tsx';

const HERE: OwnSession = {
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  created_at: '2026-11-20T09:00:00.000Z',
  last_active_at: '2026-11-25T09:00:00.000Z',
  expires_at: '2026-12-02T09:00:00.000Z',
  ip_address: '203.0.113.7',
  device: 'Chrome on Linux',
  device_type: 'desktop',
  current: true,
};
const PHONE: OwnSession = {
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  created_at: '2026-11-18T07:30:00.000Z',
  last_active_at: '2026-11-24T18:00:00.000Z',
  expires_at: '2026-11-30T07:30:00.000Z',
  ip_address: '198.51.100.20',
  device: 'Safari on iOS',
  device_type: 'mobile',
  current: false,
};
const UNKNOWN: OwnSession = {
  id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
  created_at: '2026-11-10T07:30:00.000Z',
  last_active_at: '2026-11-11T18:00:00.000Z',
  expires_at: '2026-11-29T07:30:00.000Z',
  ip_address: null,
  device: null,
  device_type: null,
  current: false,
};

/** The server's live sessions. */
let sessions: OwnSession[] = [];

function renderSection(routes: Record<string, FakeHandler> = {}) {
  return renderRoutes([{ path: '/', element: <SessionsSection /> }], {
    server: {
      'GET /api/v1/me/sessions': () => jsonResponse({ sessions }),
      ...routes,
    },
  });
}

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('li');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
};

beforeEach(() => {
  sessions = [HERE, PHONE, UNKNOWN];
  signInAs(DEMO_USER);
  for (const toast of getToasts()) removeToast(toast.id);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SessionsSection', () => {
  it('lists each session: device, address and times, this browser marked and not offered', async () => {
    renderSection();
    await screen.findByText('Safari on iOS');
    const here = rowOf('Chrome on Linux');
    expect(within(here).getByText('This browser')).toBeTruthy();
    expect(here.textContent).toContain('203.0.113.7');
    expect(here.textContent).toContain('Active now');
    expect(within(here).queryByRole('button')).toBeNull();

    const phone = rowOf('Safari on iOS');
    expect(phone.textContent).toContain('198.51.100.20');
    expect([...phone.querySelectorAll('time')].map((time) => time.dateTime)).toEqual([
      PHONE.last_active_at,
      PHONE.created_at,
    ]);
    expect(within(phone).getByRole('button', { name: /^Sign out Safari on iOS/u })).toBeTruthy();
    // The icon says what kind of device: a phone here, a computer for this browser.
    expect(phone.querySelector('svg.lucide-smartphone')).not.toBeNull();
    expect(here.querySelector('svg.lucide-monitor')).not.toBeNull();
    expect(here.querySelector('svg.lucide-smartphone')).toBeNull();

    // Nothing known of the browser: it still has a name to recognise and a way out.
    const unknown = rowOf('Unknown browser');
    expect(unknown.querySelector('svg.lucide-monitor')).not.toBeNull();
    expect(
      within(unknown).getByRole('button', { name: /^Sign out Unknown browser/u }),
    ).toBeTruthy();
  });

  it('signs one session out and says so; the list follows the server', async () => {
    const end = vi.fn(() => {
      sessions = sessions.filter((session) => session.id !== PHONE.id);
      return new Response(null, { status: 204 });
    });
    const { user } = renderSection({ [`DELETE /api/v1/me/sessions/${PHONE.id}`]: end });
    await user.click(await screen.findByRole('button', { name: /^Sign out Safari on iOS/u }));
    await waitFor(() => expect(screen.queryByText('Safari on iOS')).toBeNull());
    expect(end).toHaveBeenCalledTimes(1);
    expect(getToasts().map((toast) => toast.title)).toEqual(['Session signed out']);
  });

  it('shows the server’s reason when a sign-out fails', async () => {
    const { user } = renderSection({
      [`DELETE /api/v1/me/sessions/${PHONE.id}`]: () =>
        jsonResponse(
          { error: { code: 'NOT_FOUND', message: 'No such session: it may have ended already.' } },
          404,
        ),
    });
    await user.click(await screen.findByRole('button', { name: /^Sign out Safari on iOS/u }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'No such session: it may have ended already.',
    );
    expect(getToasts()).toEqual([]);
  });

  it('asks before signing out everywhere else, then keeps only this browser', async () => {
    const endOthers = vi.fn(() => {
      const ended = sessions.length - 1;
      sessions = [HERE];
      return jsonResponse({ ended });
    });
    const { user } = renderSection({ 'POST /api/v1/me/sessions/end-others': endOthers });
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' });
    expect(dialog.textContent).toContain('The 2 other browsers signed in as you');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(endOthers).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Sign out other sessions' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(endOthers).toHaveBeenCalledTimes(1);
    expect(getToasts().map((toast) => toast.title)).toEqual(['2 other sessions signed out']);
    expect(await screen.findByText('You are signed in on this browser only.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
  });

  it('says why the list failed to load, and tries again', async () => {
    let fail = true;
    const { user } = renderSection({
      'GET /api/v1/me/sessions': () =>
        fail
          ? jsonResponse({ error: { code: 'INTERNAL', message: 'Down.' } }, 500)
          : jsonResponse({ sessions }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your sessions could not be loaded');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Safari on iOS')).toBeTruthy();
  });
});
