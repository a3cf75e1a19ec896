// @vitest-environment jsdom
import type { CallDetail } from '@callboard/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts, removeToast } from '../../../components/ui/toast-store.ts';
import { deferred, jsonResponse, sentBody } from '../../../testing/fake-fetch.ts';
import { LEO, MEMBERS, MIA } from '../../../testing/fixtures.ts';
import { signInAs, stubResizeObserver } from '../../../testing/render.tsx';
import { activity, callDetail } from '../test-fixtures.ts';
import { renderCalls } from '../test-render.tsx';

const membersRoute = {
  'GET /api/v1/organisation/members': () => jsonResponse({ members: MEMBERS }),
};

const assigneeButton = () => screen.getByRole('button', { name: /^Assignee/u });

beforeAll(() => {
  // jsdom lays nothing out; the combobox keeps its active option in view.
  Element.prototype.scrollIntoView = vi.fn();
});

beforeEach(() => {
  stubResizeObserver(); // the assignee picker's popover measures the button and the list
  signInAs();
  for (const toast of getToasts()) removeToast(toast.id);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CallDetailScreen', () => {
  it('shows the call: caller, facts, summary, transcript turns and activity in words', async () => {
    renderCalls(
      {
        ...membersRoute,
        'GET /api/v1/calls/call_0001': () =>
          jsonResponse(
            callDetail({
              assignee: MIA,
              assignee_id: MIA.id,
              recording_url: 'https://recordings.callboard.test/call_0001.mp3',
              activity: [
                activity(),
                activity({
                  id: '1a9e8d7c-6b5a-4a39-8d27-16e5d4c3b2a2',
                  type: 'NOTE',
                  actor_id: MIA.id,
                  new_assignee_id: null,
                  body: 'Called back, no answer.',
                }),
              ],
            }),
          ),
      },
      '/call/call_0001',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Amelia Campbell' })).toBeTruthy();
    expect(screen.getByText('Amelia Campbell booked a GP appointment for Tuesday.')).toBeTruthy();

    const transcript = screen.getByRole('list', { name: 'Transcript' });
    const turns = within(transcript).getAllByRole('listitem');
    expect(turns[0]?.textContent).toBe('Front desk (AI)0:01Hello, Northwind Clinics.');
    expect(turns[1]?.textContent).toBe('Amelia Campbell1:05I would like an appointment.');

    expect(document.querySelector('audio')?.getAttribute('src')).toBe(
      'https://recordings.callboard.test/call_0001.mp3',
    );

    const timeline = screen.getByRole('list', { name: 'Activity' });
    await waitFor(() =>
      expect(
        within(timeline)
          .getByText(/Ava Whitfield/u)
          .closest('p')?.textContent,
      ).toMatch(/^Ava Whitfield assigned this call to you/u),
    );
    expect(within(timeline).getByText('You').closest('p')?.textContent).toMatch(
      /^You added a note/u,
    );
    expect(within(timeline).getByText('Called back, no answer.')).toBeTruthy();
    const time = timeline.querySelector('time');
    expect(time?.getAttribute('title')).toBeTruthy(); // the absolute time on hover
  });

  it.each([
    [404, 'NOT_FOUND', 'Call not found'],
    [403, 'FORBIDDEN', 'Call not accessible to this user'],
  ])('shows a %i as a page with the server message', async (status, code, message) => {
    renderCalls(
      {
        ...membersRoute,
        'GET /api/v1/calls/call_x': () => jsonResponse({ error: { code, message } }, status),
      },
      { pathname: '/call/call_x', state: { listSearch: '?status=closed' } },
    );
    expect(await screen.findByRole('heading', { level: 1, name: message })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to calls/u }).getAttribute('href')).toBe(
      '/dashboard?status=closed',
    );
  });

  it('assigns at once, then rolls back and says why when the server refuses', async () => {
    const answer = deferred<Response>();
    const { fetchMock, user, queryClient } = renderCalls(
      {
        ...membersRoute,
        'GET /api/v1/calls/call_0001': () =>
          jsonResponse(callDetail({ assignee: MIA, assignee_id: MIA.id })),
        'PUT /api/v1/calls/call_0001/assignee': () => answer.promise,
      },
      '/call/call_0001',
    );
    await screen.findByRole('heading', { level: 1, name: 'Amelia Campbell' });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await waitFor(() => expect(assigneeButton().textContent).toContain('Mia Hart'));

    await user.click(assigneeButton());
    await user.type(screen.getByRole('combobox', { name: 'Search colleagues' }), 'leo');
    await user.keyboard('{Enter}');

    // Optimistic: Leo shows before the server has answered.
    expect(assigneeButton().textContent).toContain('Leo Marsh');
    expect(assigneeButton().getAttribute('aria-busy')).toBe('true');
    expect(sentBody(fetchMock, fetchMock.mock.calls.length - 1)).toEqual({
      assigneeId: LEO.id,
      version: 1,
    });

    answer.resolve(
      jsonResponse(
        {
          error: {
            code: 'UNPROCESSABLE',
            message: 'The assignee is not a member of this organisation',
          },
        },
        422,
      ),
    );
    await waitFor(() => expect(assigneeButton().textContent).toContain('Mia Hart'));
    expect(getToasts().at(-1)).toMatchObject({
      tone: 'error',
      title: "Couldn't assign the call",
      description: 'The assignee is not a member of this organisation',
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['calls', 'list'] });
  });

  it('assigns through the keyboard, then shows the new activity and a toast', async () => {
    const before = callDetail();
    const after: CallDetail = {
      ...before,
      assignee: LEO,
      assignee_id: LEO.id,
      activity: [activity({ actor_id: MIA.id, new_assignee_id: LEO.id })],
    };
    const { user } = renderCalls(
      {
        ...membersRoute,
        'GET /api/v1/calls/call_0001': () => jsonResponse(before),
        'PUT /api/v1/calls/call_0001/assignee': () => jsonResponse(after),
      },
      '/call/call_0001',
    );
    await screen.findByRole('heading', { level: 1, name: 'Amelia Campbell' });
    expect(assigneeButton().textContent).toContain('Unassigned');

    assigneeButton().focus();
    await user.keyboard('{ArrowDown}');
    const search = screen.getByRole('combobox', { name: 'Search colleagues' });
    expect(document.activeElement).toBe(search);
    // Options: Mia (you) first, then Ava, Leo by name.
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'MHMia Hart (you)mia@northwind.test',
      'AWAva Whitfieldava.admin@northwind.test',
      'LMLeo Marshleo@northwind.test',
    ]);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(search.getAttribute('aria-activedescendant')).toBe(options[2]?.id);
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(assigneeButton());

    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Activity' }).textContent).toMatch(
        /You assigned this call to Leo Marsh/u,
      ),
    );
    expect(getToasts().at(-1)).toMatchObject({ title: 'Assigned to Leo Marsh', open: true });
  });

  it('unassigns and changes the status optimistically', async () => {
    const before = callDetail({ assignee: LEO, assignee_id: LEO.id });
    const statusAnswer = deferred<Response>();
    const { user } = renderCalls(
      {
        ...membersRoute,
        'GET /api/v1/calls/call_0001': () => jsonResponse(before),
        'PUT /api/v1/calls/call_0001/assignee': () =>
          jsonResponse({ ...before, assignee: null, assignee_id: null }),
        'PUT /api/v1/calls/call_0001/status': () => statusAnswer.promise,
      },
      '/call/call_0001',
    );
    await screen.findByRole('heading', { level: 1, name: 'Amelia Campbell' });
    await user.click(assigneeButton());
    await user.click(await screen.findByRole('option', { name: /Unassign/u }));
    await waitFor(() => expect(assigneeButton().textContent).toContain('Unassigned'));
    expect(getToasts().at(-1)).toMatchObject({ title: 'Call unassigned' });

    await user.click(screen.getByRole('radio', { name: 'Closed' }));
    expect(screen.getByRole('radio', { name: 'Closed' })).toHaveProperty('checked', true);
    statusAnswer.resolve(new Response('Bad gateway', { status: 502 }));
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'New' })).toHaveProperty('checked', true),
    );
    expect(getToasts().at(-1)).toMatchObject({
      tone: 'error',
      title: "Couldn't change the status",
    });
  });

  it('keeps a note that could not be added, and clears it once added', async () => {
    let attempts = 0;
    const { user } = renderCalls(
      {
        ...membersRoute,
        'GET /api/v1/calls/call_0001': () => jsonResponse(callDetail()),
        'POST /api/v1/calls/call_0001/notes': () => {
          attempts += 1;
          return attempts === 1
            ? new Response(null, { status: 503 })
            : jsonResponse(
                callDetail({
                  activity: [
                    activity({ type: 'NOTE', actor_id: MIA.id, body: 'Rang back at 3pm.' }),
                  ],
                }),
              );
        },
      },
      '/call/call_0001',
    );
    await screen.findByRole('heading', { level: 1, name: 'Amelia Campbell' });
    const note = screen.getByLabelText('Add a note');

    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(attempts).toBe(0);

    await user.type(note, 'Rang back at 3pm.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(getToasts().at(-1)).toMatchObject({ tone: 'error' }));
    expect(note).toHaveProperty('value', 'Rang back at 3pm.');

    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(note).toHaveProperty('value', ''));
    expect(screen.getByRole('list', { name: 'Activity' }).textContent).toContain(
      'Rang back at 3pm.',
    );
    expect(getToasts().at(-1)).toMatchObject({ title: 'Note added' });
  });
});
