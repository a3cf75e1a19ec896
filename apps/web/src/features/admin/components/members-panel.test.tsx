// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_USER, jsonResponse, type FakeHandler } from '../../../testing/fake-fetch.ts';
import { renderRoutes, signInAs } from '../../../testing/render.tsx';
import { MembersPanel } from './members-panel.tsx';

const AVA = '11111111-1111-4111-8111-111111111111';
const MIA = '22222222-2222-4222-8222-222222222222';
const LAST_ADMIN =
  'An organisation must keep at least one admin. Make someone else an admin first.';

let members = [
  {
    id: AVA,
    first_name: 'Ava',
    last_name: 'Whitfield',
    email: 'ava@northwind.test',
    role: 'admin',
    joined_at: '2026-01-02T10:00:00Z',
    two_factor: false,
  },
  {
    id: MIA,
    first_name: 'Mia',
    last_name: 'Okafor',
    email: 'mia@northwind.test',
    role: 'member',
    joined_at: '2026-01-03T10:00:00Z',
    two_factor: false,
  },
];

function renderPanel(routes: Record<string, FakeHandler>) {
  return renderRoutes([{ path: '/', element: <MembersPanel currentUserId={AVA} /> }], {
    server: { 'GET /api/v1/admin/members': () => jsonResponse({ members }), ...routes },
  });
}

beforeEach(() => signInAs({ ...DEMO_USER, id: AVA, organisation: { ...DEMO_USER.organisation } }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MembersPanel', () => {
  it('lists name, email, role and join date', async () => {
    renderPanel({});
    expect(await screen.findByText('Mia Okafor')).toBeTruthy();
    expect(screen.getByText('mia@northwind.test')).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('Role of Ava Whitfield').value).toBe('admin');
  });

  it('changes a role only after confirming', async () => {
    const put = vi.fn(() => {
      members = members.map((member) =>
        member.id === MIA ? { ...member, role: 'admin' } : member,
      );
      return new Response(null, { status: 204 });
    });
    const { user } = renderPanel({ [`PUT /api/v1/admin/members/${MIA}/role`]: put });
    await user.selectOptions(await screen.findByLabelText('Role of Mia Okafor'), 'admin');
    const dialog = await screen.findByRole('dialog', { name: 'Make Mia Okafor an admin?' });
    expect(put).not.toHaveBeenCalled();
    // Until confirmed, the row still shows the role the member has.
    expect(screen.getByLabelText<HTMLSelectElement>('Role of Mia Okafor').value).toBe('member');
    await user.click(within(dialog).getByRole('button', { name: 'Make admin' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(put).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLSelectElement>('Role of Mia Okafor').value).toBe('admin'),
    );
    members = members.map((member) => (member.id === MIA ? { ...member, role: 'member' } : member));
  });

  it('shows the server’s refusal to demote the last admin, and keeps the role', async () => {
    const { user } = renderPanel({
      [`PUT /api/v1/admin/members/${AVA}/role`]: () =>
        jsonResponse({ error: { code: 'VALIDATION_FAILED', message: LAST_ADMIN } }, 422),
    });
    await user.selectOptions(await screen.findByLabelText('Role of Ava Whitfield'), 'member');
    const dialog = await screen.findByRole('dialog', { name: 'Give up your admin role?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make member' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(LAST_ADMIN);
    expect(screen.getByLabelText<HTMLSelectElement>('Role of Ava Whitfield').value).toBe('admin');
  });

  it('removes a member only after confirming', async () => {
    const remove = vi.fn(() => {
      members = members.filter((member) => member.id !== MIA);
      return new Response(null, { status: 204 });
    });
    const { user } = renderPanel({ [`DELETE /api/v1/admin/members/${MIA}`]: remove });
    await user.click(await screen.findByRole('button', { name: 'Remove Mia Okafor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Mia Okafor?' });
    expect(dialog.textContent).toContain('open calls become unassigned');
    expect(remove).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(remove).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByText('Mia Okafor')).toBeNull());
  });

  it('keeps the dialog open with the reason when removal is refused', async () => {
    const { user } = renderPanel({
      [`DELETE /api/v1/admin/members/${AVA}`]: () =>
        jsonResponse({ error: { code: 'VALIDATION_FAILED', message: LAST_ADMIN } }, 422),
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Ava Whitfield' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(LAST_ADMIN);
  });
});
