// @vitest-environment jsdom
// docs/live-updates.md, "Conflicts": a change made on a stale call is refused by the server (409),
// and the call page shows both sides and lets the user keep the colleague's change or apply theirs.
import type { CallDetail } from '@callboard/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts, removeToast } from '../../../components/ui/toast-store.ts';
import { jsonResponse, type FakeRequest } from '../../../testing/fake-fetch.ts';
import { AVA, LEO, MEMBERS, MIA } from '../../../testing/fixtures.ts';
import { signInAs, stubResizeObserver } from '../../../testing/render.tsx';
import { activity, callDetail } from '../test-fixtures.ts';
import { renderCalls } from '../test-render.tsx';

const membersRoute = {
  'GET /api/v1/organisation/members': () => jsonResponse({ members: MEMBERS }),
};

function conflict(call: CallDetail, changedBy: { id: string; first_name: string } | null) {
  return jsonResponse(
    {
      error: {
        code: 'CONFLICT',
        message: `${changedBy?.first_name ?? 'Someone'} changed this call a moment ago.`,
        call,
        changedBy: changedBy && { ...changedBy, last_name: 'Marsh' },
      },
    },
    409,
  );
}

// `hidden`: while the dialog is open the page behind it is hidden from assistive technology.
const radio = (name: string) => screen.getByRole('radio', { name, hidden: true });
const assigneeButton = () => screen.getByRole('button', { name: /^Assignee/u, hidden: true });

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

beforeEach(() => {
  stubResizeObserver();
  signInAs(); // Mia
  for (const toast of getToasts()) removeToast(toast.id);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('conflicting changes on the call page', () => {
  const seen = callDetail({ version: 3 });
  const leos = callDetail({
    status: 'Closed',
    version: 4,
    activity: [
      activity({
        type: 'STATUS_CHANGED',
        actor_id: LEO.id,
        new_status: 'Closed',
        new_assignee_id: null,
      }),
    ],
  });

  it('sends the version seen, and on a conflict shows theirs against mine; Keep theirs closes', async () => {
    const puts: FakeRequest[] = [];
    const { user } = renderCalls(
      {
        ...membersRoute,
        'GET /api/v1/calls/call_0001': () => jsonResponse(seen),
        'PUT /api/v1/calls/call_0001/status': (request) => {
          puts.push(request);
          return conflict(leos, LEO);
        },
      },
      '/call/call_0001',
    );
    await screen.findByRole('heading', { level: 1, name: 'Amelia Campbell' });
    await user.click(radio('In progress'));

    const dialog = await screen.findByRole('dialog', { name: 'Leo changed this a moment ago' });
    expect(puts.map((put) => put.body)).toEqual([{ status: 'In progress', version: 3 }]);
    expect(within(dialog).getByText('Leo set the status to Closed.')).toBeTruthy();
    expect(within(dialog).getByText('You chose In progress.')).toBeTruthy();
    // The page already shows Leo's change, not the refused one, and no error toast.
    expect(radio('Closed')).toHaveProperty('checked', true);
    expect(getToasts().filter((toast) => toast.tone === 'error')).toEqual([]);
    // The answer that changes nothing has the focus.
    const keep = within(dialog).getByRole('button', { name: 'Keep theirs' });
    await waitFor(() => expect(document.activeElement).toBe(keep));

    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(radio('Closed')).toHaveProperty('checked', true);
    expect(puts).toHaveLength(1);
  });

  it('Escape keeps theirs too', async () => {
    const { user } = renderCalls(
      {
        ...membersRoute,
        'GET /api/v1/calls/call_0001': () => jsonResponse(seen),
        'PUT /api/v1/calls/call_0001/status': () => conflict(leos, LEO),
      },
      '/call/call_0001',
    );
    await screen.findByRole('heading', { level: 1, name: 'Amelia Campbell' });
    await user.click(radio('In progress'));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(radio('Closed')).toHaveProperty('checked', true);
  });

  it('Apply mine resends on the version now shown; a second conflict asks again', async () => {
    const avas = callDetail({ status: 'New', version: 5 });
    const answers = [
      () => conflict(leos, LEO),
      () => conflict(avas, AVA),
      (request: FakeRequest) =>
        jsonResponse({
          ...avas,
          status: 'In progress',
          version: (request.body as { version: number }).version + 1,
        }),
    ];
    const puts: FakeRequest[] = [];
    const { user } = renderCalls(
      {
        ...membersRoute,
        'GET /api/v1/calls/call_0001': () => jsonResponse(seen),
        'PUT /api/v1/calls/call_0001/status': (request) => {
          puts.push(request);
          const answer = answers[puts.length - 1];
          if (!answer) throw new Error('one PUT too many');
          return answer(request);
        },
      },
      '/call/call_0001',
    );
    await screen.findByRole('heading', { level: 1, name: 'Amelia Campbell' });
    await user.click(radio('In progress'));

    const first = await screen.findByRole('dialog', { name: 'Leo changed this a moment ago' });
    await user.click(within(first).getByRole('button', { name: 'Apply mine' }));

    // Meanwhile Ava put it back to New: asked again, on her version.
    const second = await screen.findByRole('dialog', { name: 'Ava changed this a moment ago' });
    expect(within(second).getByText('Ava set the status to New.')).toBeTruthy();
    expect(radio('New')).toHaveProperty('checked', true);
    await user.click(within(second).getByRole('button', { name: 'Apply mine' }));

    await waitFor(() => expect(radio('In progress')).toHaveProperty('checked', true));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts.map((put) => put.body)).toEqual([
      { status: 'In progress', version: 3 },
      { status: 'In progress', version: 4 },
      { status: 'In progress', version: 5 },
    ]);
    expect(getToasts().at(-1)).toMatchObject({ title: 'Status set to In progress' });
  });

  it('shows an assignment conflict in names, and applies mine on the new version', async () => {
    const seenAssigned = callDetail({ version: 7 });
    const leoTookIt = callDetail({ version: 8, assignee: LEO, assignee_id: LEO.id });
    const puts: FakeRequest[] = [];
    const { user } = renderCalls(
      {
        ...membersRoute,
        'GET /api/v1/calls/call_0001': () => jsonResponse(seenAssigned),
        'PUT /api/v1/calls/call_0001/assignee': (request) => {
          puts.push(request);
          return puts.length === 1
            ? conflict(leoTookIt, LEO)
            : jsonResponse({ ...leoTookIt, assignee: MIA, assignee_id: MIA.id, version: 9 });
        },
      },
      '/call/call_0001',
    );
    await screen.findByRole('heading', { level: 1, name: 'Amelia Campbell' });
    await user.click(assigneeButton());
    await user.click(await screen.findByRole('option', { name: /Mia Hart/u }));

    const dialog = await screen.findByRole('dialog', { name: 'Leo changed this a moment ago' });
    expect(within(dialog).getByText('Leo assigned it to Leo Marsh.')).toBeTruthy();
    expect(within(dialog).getByText('You chose yourself.')).toBeTruthy();
    expect(assigneeButton().textContent).toContain('Leo Marsh');

    await user.click(within(dialog).getByRole('button', { name: 'Apply mine' }));
    await waitFor(() => expect(assigneeButton().textContent).toContain('Mia Hart'));
    expect(puts.map((put) => put.body)).toEqual([
      { assigneeId: MIA.id, version: 7 },
      { assigneeId: MIA.id, version: 8 },
    ]);
  });

  it('sends quick changes one after another, each on the version the last one left', async () => {
    const puts: { path: string; body: unknown }[] = [];
    let version = 3;
    let current = seen;
    const answer = (request: FakeRequest, change: Partial<CallDetail>) => {
      puts.push({ path: request.path, body: request.body });
      const sent = (request.body as { version: number }).version;
      if (sent !== version) return conflict(current, LEO);
      version += 1;
      current = { ...current, ...change, version };
      return jsonResponse(current);
    };
    const { user } = renderCalls(
      {
        ...membersRoute,
        'GET /api/v1/calls/call_0001': () => jsonResponse(current),
        'PUT /api/v1/calls/call_0001/status': (request) =>
          answer(request, { status: (request.body as { status: CallDetail['status'] }).status }),
      },
      '/call/call_0001',
    );
    await screen.findByRole('heading', { level: 1, name: 'Amelia Campbell' });
    await user.click(radio('In progress'));
    await user.click(radio('Closed'));
    await waitFor(() => expect(puts).toHaveLength(2));
    await waitFor(() => expect(radio('Closed')).toHaveProperty('checked', true));
    expect(puts.map((put) => put.body)).toEqual([
      { status: 'In progress', version: 3 },
      { status: 'Closed', version: 4 },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
