// @vitest-environment jsdom
// The note composer's @ picker: keyboard flow, and that a pick is shown as a name but sent as a
// mention token, then shown as the name again in the activity (docs/live-updates.md,
// "Notifications").
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/fake-fetch.ts';
import { AVA, LEO, MEMBERS, MIA } from '../../../testing/fixtures.ts';
import { signInAs, stubResizeObserver } from '../../../testing/render.tsx';
import { activity, callDetail } from '../test-fixtures.ts';
import { renderCalls } from '../test-render.tsx';

beforeEach(() => {
  stubResizeObserver();
  signInAs();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function server(onNote: (body: string) => void) {
  let detail = callDetail({ activity: [activity()] });
  return {
    'GET /api/v1/organisation/members': () => jsonResponse({ members: MEMBERS }),
    'GET /api/v1/calls/call_0001': () => jsonResponse(detail),
    'POST /api/v1/calls/call_0001/notes': (request: { body: unknown }) => {
      const body = (request.body as { body: string }).body;
      onNote(body);
      detail = {
        ...detail,
        activity: [
          ...detail.activity,
          activity({
            id: '2b9e8d7c-6b5a-4a39-8d27-16e5d4c3b2a3',
            type: 'NOTE',
            actor_id: MIA.id,
            new_assignee_id: null,
            body,
          }),
        ],
      };
      return jsonResponse(detail, 201);
    },
  };
}

describe('NoteComposer mentions', () => {
  it('opens on @, filters as you type, moves with the arrows, picks with Enter, sends the token', async () => {
    const sent: string[] = [];
    const { user, fetchMock } = renderCalls(
      server((body) => sent.push(body)),
      '/call/call_0001',
    );
    const note = await screen.findByRole('textbox', { name: 'Add a note' });
    await user.click(note);
    await user.keyboard('Please ring back @');
    const list = await screen.findByRole('listbox', { name: 'Colleagues' });
    // The author is not offered; the others are, the first highlighted.
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([`LMLeo Marsh${LEO.email}`, `AWAva Whitfield${AVA.email}`]);
    expect(note.getAttribute('aria-activedescendant')).toBe(
      within(list).getAllByRole('option')[0]?.id,
    );
    await user.keyboard('{ArrowDown}');
    expect(within(list).getByRole('option', { selected: true }).textContent).toContain('Ava');
    await user.keyboard('{ArrowDown}'); // round the end
    expect(within(list).getByRole('option', { selected: true }).textContent).toContain('Leo');

    await user.keyboard('ma');
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1);
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect((note as HTMLTextAreaElement).value).toBe('Please ring back @Leo Marsh ');

    // Escape closes a list without touching the text.
    await user.keyboard('and @a');
    expect(await screen.findByRole('listbox')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect((note as HTMLTextAreaElement).value).toBe('Please ring back @Leo Marsh and @a');
    await user.keyboard('{Backspace}{Backspace}today');

    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toBe(`Please ring back @{${LEO.id}} and today`);
    expect(fetchMock).toHaveBeenCalled();

    // The activity shows the token as the name again.
    const timeline = screen.getByRole('list', { name: 'Activity' });
    await waitFor(() =>
      expect(within(timeline).getByText('@Leo Marsh').closest('div')?.textContent).toBe(
        'Please ring back @Leo Marsh and today',
      ),
    );
  });

  it('shows a mention of someone it does not know as @someone', async () => {
    renderCalls(
      {
        'GET /api/v1/organisation/members': () => jsonResponse({ members: MEMBERS }),
        'GET /api/v1/calls/call_0001': () =>
          jsonResponse(
            callDetail({
              activity: [
                activity({
                  type: 'NOTE',
                  actor_id: LEO.id,
                  new_assignee_id: null,
                  body: `@{${AVA.id}} and @{00000000-0000-4000-8000-000000000000}: done`,
                }),
              ],
            }),
          ),
      },
      '/call/call_0001',
    );
    const timeline = await screen.findByRole('list', { name: 'Activity' });
    await waitFor(() =>
      expect(within(timeline).getByText('@Ava Whitfield').closest('div')?.textContent).toBe(
        '@Ava Whitfield and @someone: done',
      ),
    );
  });
});
