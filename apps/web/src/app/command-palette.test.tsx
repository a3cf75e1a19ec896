// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callKeys } from '../features/calls/api/call-keys.ts';
import { callDetail } from '../features/calls/test-fixtures.ts';
import { DEMO_USER, jsonResponse, sentBody, type FakeHandler } from '../testing/fake-fetch.ts';
import { LEO, MEMBERS } from '../testing/fixtures.ts';
import { renderRoutes, stubResizeObserver } from '../testing/render.tsx';
import { CommandPalette, NO_SUCH_CALL } from './command-palette.tsx';

const USER = { ...DEMO_USER, organisation: { ...DEMO_USER.organisation } };

function Where() {
  return <p data-testid="where">{useLocation().pathname + useLocation().search}</p>;
}

function renderPalette(path: string, server: Record<string, FakeHandler>) {
  const onClose = vi.fn();
  const palette = (
    <>
      <Where />
      <CommandPalette user={USER} onClose={onClose} onShowShortcuts={vi.fn()} />
    </>
  );
  const rendered = renderRoutes(
    [
      { path: '/dashboard', element: palette },
      { path: '/call/:callId', element: palette },
    ],
    { initialEntry: path, server },
  );
  return { ...rendered, onClose };
}

beforeEach(() => {
  stubResizeObserver();
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CommandPalette', () => {
  it('opens a call by its exact id, and says so when there is no such call', async () => {
    const call = callDetail({ call_id: 'call_42' });
    const { user, onClose } = renderPalette('/dashboard', {
      'GET /api/v1/calls/call_42': () => jsonResponse(call),
      'GET /api/v1/calls/call_43': () =>
        jsonResponse({ error: { code: 'NOT_FOUND', message: 'Call not found' } }, 404),
    });
    const input = await screen.findByRole('combobox');
    await user.type(input, 'call_43');
    // Offered, and visible, though it matches no command.
    const option = screen.getByRole('option', { name: /Go to call call_43/u });
    expect(option.closest('[hidden]')).toBeNull();
    await user.keyboard('{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain(NO_SUCH_CALL);
    expect(screen.getByTestId('where').textContent).toBe('/dashboard');
    expect(onClose).not.toHaveBeenCalled();

    await user.clear(input);
    await user.type(input, 'call_42{Enter}');
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/call/call_42'));
    expect(onClose).toHaveBeenCalled();
  });

  it('links to the built-in views of the list', async () => {
    const { user } = renderPalette('/dashboard', {});
    await user.type(await screen.findByRole('combobox'), 'unassigned{Enter}');
    await vi.waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        '/dashboard?status=open&assignee=unassigned',
      ),
    );
  });

  it('assigns the open call to a colleague, with the version on screen', async () => {
    const call = callDetail({ call_id: 'call_7', version: 7, assignee_id: null });
    const { user, queryClient, fetchMock } = renderPalette('/call/call_7', {
      'GET /api/v1/organisation/members': () => jsonResponse({ members: MEMBERS }),
      'PUT /api/v1/calls/call_7/assignee': () =>
        jsonResponse({ ...call, assignee_id: LEO.id, assignee: LEO, version: 8 }),
    });
    queryClient.setQueryData(callKeys.detail('call_7'), call);
    const input = await screen.findByRole('combobox');
    await screen.findByRole('option', { name: /Assign to Leo/u });
    // Not offered on other pages, nor "Unassign" for an unassigned call.
    expect(screen.queryByRole('option', { name: 'Unassign' })).toBeNull();
    await user.type(input, 'assign to leo{Enter}');
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true),
    );
    const put = fetchMock.mock.calls.findIndex(([, init]) => init?.method === 'PUT');
    expect(sentBody(fetchMock, put)).toEqual({ assigneeId: LEO.id, version: 7 });
  });
});
