// @vitest-environment jsdom
// The call page as the router renders it: organisation admins get Delete (or Restore, on a
// deleted call); members get neither.
import type { CallDetail, Me } from '@callboard/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts, removeToast } from '../../components/ui/toast-store.ts';
import { callDetail } from '../../features/calls/test-fixtures.ts';
import {
  DEMO_USER,
  jsonResponse,
  type FakeHandler,
  type FakeRequest,
} from '../../testing/fake-fetch.ts';
import { MEMBERS } from '../../testing/fixtures.ts';
import { renderRoutes, signInAs } from '../../testing/render.tsx';
import { Component as CallRoute } from './call.tsx';

const ADMIN: Me = { ...DEMO_USER, role: 'admin', organisation: { ...DEMO_USER.organisation } };
const MEMBER: Me = { ...ADMIN, role: 'member' };

/** The server's copy of call_0001; deleting and restoring change it. */
let call: CallDetail;

function renderCallPage(routes: Record<string, FakeHandler> = {}) {
  const setDeleted = vi.fn(({ body }: FakeRequest) => {
    const { deleted } = body as { deleted: boolean };
    call = { ...call, deleted_flag: deleted };
    return jsonResponse({ call_id: call.call_id, deleted_flag: deleted, version: call.version });
  });
  const { router, user } = renderRoutes(
    [
      { path: '/call/:callId', Component: CallRoute },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
    ],
    {
      initialEntry: '/call/call_0001',
      server: {
        'GET /api/v1/organisation/members': () => jsonResponse({ members: MEMBERS }),
        'GET /api/v1/calls/call_0001': () => jsonResponse(call),
        'PUT /api/v1/admin/calls/call_0001/deleted': setDeleted,
        ...routes,
      },
    },
  );
  return { router, setDeleted, user };
}

/**
 * After a delete or restore everything is refetched. The page must not wait for that, nor count
 * on its button still being there (Delete turns into Restore, and back, once the call is
 * refetched): so the second list of members never arrives.
 */
function slowRefetch(): Record<string, FakeHandler> {
  let lists = 0;
  return {
    'GET /api/v1/organisation/members': () =>
      (lists += 1) === 1
        ? jsonResponse({ members: MEMBERS })
        : new Promise<Response>(() => undefined),
  };
}

const triage = () => screen.getByRole('region', { name: 'Triage' });
const toastTitles = () => getToasts().map((toast) => toast.title);

beforeAll(() => {
  // jsdom lays nothing out; the assignee picker keeps its active option in view.
  Element.prototype.scrollIntoView = vi.fn();
});
beforeEach(() => {
  call = callDetail();
  for (const toast of getToasts()) removeToast(toast.id);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the call page', () => {
  it('lets an admin delete a live call after confirming, then returns to the dashboard', async () => {
    signInAs(ADMIN);
    const { router, setDeleted, user } = renderCallPage(slowRefetch());
    await screen.findByRole('heading', { level: 1, name: 'Amelia Campbell' });
    expect(within(triage()).queryByRole('button', { name: 'Restore call' })).toBeNull();
    await user.click(within(triage()).getByRole('button', { name: 'Delete call' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete this call?' });
    expect(setDeleted).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Delete call' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(setDeleted).toHaveBeenCalledTimes(1);
    // With the version on screen, so that a call changed meanwhile is refused.
    expect(setDeleted.mock.calls[0]?.[0].body).toEqual({ deleted: true, version: call.version });
    expect(toastTitles()).toEqual(['Call deleted']);
  });

  it('keeps the dialog open with the reason when the server refuses', async () => {
    signInAs(ADMIN);
    const { router, user } = renderCallPage({
      'PUT /api/v1/admin/calls/call_0001/deleted': () =>
        jsonResponse(
          {
            error: {
              code: 'FORBIDDEN',
              message: 'You need to be an organisation admin to do this.',
            },
          },
          403,
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete call' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete call' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'You need to be an organisation admin to do this.',
    );
    expect(router.state.location.pathname).toBe('/call/call_0001');
  });

  it('offers an admin Restore on a deleted call, and Delete once it is back', async () => {
    call = callDetail({ deleted_flag: true });
    signInAs(ADMIN);
    const { setDeleted, user } = renderCallPage(slowRefetch());
    await screen.findByRole('heading', { level: 1, name: 'Amelia Campbell' });
    expect(screen.getByRole('note').textContent).toContain('This call was deleted');
    expect(within(triage()).queryByRole('button', { name: 'Delete call' })).toBeNull();

    await user.click(within(triage()).getByRole('button', { name: 'Restore call' }));
    expect(await within(triage()).findByRole('button', { name: 'Delete call' })).toBeTruthy();
    expect(setDeleted.mock.calls[0]?.[0].body).toEqual({ deleted: false, version: call.version });
    expect(screen.queryByRole('note')).toBeNull();
    expect(toastTitles()).toEqual(['Call restored']);
  });

  it('keeps keyboard focus on Restore while it runs, then on Delete once the call is back', async () => {
    call = callDetail({ deleted_flag: true });
    signInAs(ADMIN);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const { user } = renderCallPage({
      ...slowRefetch(),
      'PUT /api/v1/admin/calls/call_0001/deleted': async () => {
        await answered;
        call = { ...call, deleted_flag: false };
        return jsonResponse({ call_id: call.call_id, deleted_flag: false, version: call.version });
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Amelia Campbell' });
    within(triage()).getByRole('button', { name: 'Restore call' }).focus();
    await user.keyboard('{Enter}');

    // Busy, but still focusable (a disabled button would drop focus to the page).
    const busy = await within(triage()).findByRole('button', { name: 'Restoring…' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    expect((busy as HTMLButtonElement).disabled).toBe(false);
    expect(document.activeElement).toBe(busy);

    answer();
    const deleteButton = await within(triage()).findByRole('button', { name: 'Delete call' });
    expect(document.activeElement).toBe(deleteButton);
  });

  it.each([
    ['a live call', null],
    ['a deleted call', true],
  ] as const)('shows a member neither Delete nor Restore on %s', async (_label, deletedFlag) => {
    call = callDetail({ deleted_flag: deletedFlag });
    signInAs(MEMBER);
    renderCallPage();
    await screen.findByRole('heading', { level: 1, name: 'Amelia Campbell' });
    // The slot renders with the call itself: nothing to wait for once the call is shown.
    expect(within(triage()).getByRole('button', { name: /^Assignee/u })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Delete call|Restore call/u })).toBeNull();
  });
});
