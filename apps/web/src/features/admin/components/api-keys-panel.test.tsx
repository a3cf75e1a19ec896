// @vitest-environment jsdom
// The API keys tab (docs/ingestion.md, "API keys"): the live keys, a new key shown once and then
// forgotten, and revocation.
import type { ApiKey, CreatedApiKey } from '@callboard/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts, removeToast } from '../../../components/ui/toast-store.ts';
import { DEMO_USER, jsonResponse, type FakeHandler } from '../../../testing/fake-fetch.ts';
import { renderRoutes, signInAs } from '../../../testing/render.tsx';
import { ApiKeysPanel } from './api-keys-panel.tsx';

const AVA = '11111111-1111-4111-8111-111111111111';
const GONE = '33333333-3333-4333-8333-333333333333';

const MEMBERS = [
  {
    id: AVA,
    first_name: 'Ava',
    last_name: 'Whitfield',
    email: 'ava@northwind.test',
    role: 'admin',
    joined_at: '2026-01-02T10:00:00Z',
    two_factor: false,
  },
];

const VOICE: ApiKey = {
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  name: 'Voice platform (production)',
  prefix: 'cb_live_Ab12Cd',
  created_at: '2026-03-02T09:00:00.000Z',
  created_by: AVA,
  last_used_at: '2026-03-10T14:32:00.000Z',
};
const NIGHTLY: ApiKey = {
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  name: 'Nightly export',
  prefix: 'cb_live_Zz98Yx',
  created_at: '2026-02-01T09:00:00.000Z',
  created_by: GONE,
  last_used_at: null,
};

const SECRET = 'cb_live_Qm3xN8pL2vR7tK4wY9sD1fG6hJ0aZ5cB_-eXuVoIiOq';
const CREATED: CreatedApiKey = {
  id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
  name: 'Zapier sync',
  prefix: SECRET.slice(0, 14),
  key: SECRET,
  created_at: '2026-03-12T08:00:00.000Z',
};

/** The server's live keys, newest first. */
let keys: ApiKey[] = [];

function renderPanel(routes: Record<string, FakeHandler> = {}) {
  return renderRoutes([{ path: '/', element: <ApiKeysPanel /> }], {
    server: {
      'GET /api/v1/admin/api-keys': () => jsonResponse({ rows: keys }),
      'GET /api/v1/admin/members': () => jsonResponse({ members: MEMBERS }),
      ...routes,
    },
  });
}

/** A POST that adds the key to the server's list and answers with its secret. */
function createRoute(): FakeHandler {
  return () => {
    const { id, name, prefix, created_at } = CREATED;
    keys = [{ id, name, prefix, created_at, created_by: AVA, last_used_at: null }, ...keys];
    return jsonResponse(CREATED, 201);
  };
}

function rowOf(name: string): HTMLElement {
  const row = screen.getByText(name, { selector: 'td' }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

beforeEach(() => {
  keys = [VOICE, NIGHTLY];
  signInAs({ ...DEMO_USER, id: AVA, organisation: { ...DEMO_USER.organisation } });
  for (const toast of getToasts()) removeToast(toast.id);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ApiKeysPanel', () => {
  it('lists each live key: name, prefix, created, creator and last use', async () => {
    renderPanel();
    await screen.findByText(VOICE.name);
    const voice = rowOf(VOICE.name);
    expect(within(voice).getByText(`${VOICE.prefix}…`).closest('td')?.className).toContain(
      'font-mono',
    );
    expect(within(voice).getByText('Ava Whitfield')).toBeTruthy();
    const times = [...voice.querySelectorAll('time')];
    expect(times.map((time) => time.getAttribute('datetime'))).toEqual([
      VOICE.created_at,
      VOICE.last_used_at,
    ]);
    expect(within(voice).queryByText('Never')).toBeNull();

    // Created by someone no longer in the organisation, and never used.
    const nightly = rowOf(NIGHTLY.name);
    expect(within(nightly).getByText('Former member')).toBeTruthy();
    expect(within(nightly).getByText('Never')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'No API keys yet' })).toBeNull();
  });

  it('explains what keys are for when there are none, and how to make one', async () => {
    keys = [];
    renderPanel();
    const heading = await screen.findByRole('heading', { name: 'No API keys yet' });
    const empty = heading.parentElement;
    expect(empty?.textContent).toContain('POST /api/v1/ingest/calls');
    expect(empty?.textContent).toContain('Create key');
    expect(screen.getByRole('button', { name: 'Create key' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says why the list failed to load, and tries again', async () => {
    let fail = true;
    const { user } = renderPanel({
      'GET /api/v1/admin/api-keys': () =>
        fail
          ? jsonResponse({ error: { code: 'INTERNAL', message: 'Down.' } }, 500)
          : jsonResponse({ rows: keys }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Couldn’t load the API keys');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(VOICE.name)).toBeTruthy();
  });

  it('creates a key, shows it once with a way to copy it, and forgets it on closing', async () => {
    const create = vi.fn(createRoute());
    const { user, queryClient } = renderPanel({ 'POST /api/v1/admin/api-keys': create });
    await screen.findByText(VOICE.name);

    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const form = await screen.findByRole('dialog', { name: 'Create API key' });
    const name = within(form).getByRole('textbox', { name: 'Name' });
    expect(document.activeElement).toBe(name);
    await user.type(name, '  Zapier sync  ');
    await user.keyboard('{Enter}');

    const shown = await screen.findByRole('dialog', { name: 'Copy your new API key' });
    expect(create).toHaveBeenCalledTimes(1);
    expect(create.mock.calls[0]?.[0].body).toEqual({ name: 'Zapier sync' });
    const field = within(shown).getByRole<HTMLTextAreaElement>('textbox', { name: 'API key' });
    expect(field.value).toBe(SECRET);
    expect(field.readOnly).toBe(true);
    expect(field.className).toContain('font-mono');
    // Focus starts on the key, selected whole, ready for Ctrl+C.
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, SECRET.length]);
    expect(shown.textContent).toContain('It will not be shown again');
    expect(shown.textContent).toContain('POST /api/v1/ingest/calls');
    expect(shown.textContent).toContain('Authorization: Bearer');

    // user-event puts a clipboard of its own on navigator.
    await user.click(within(shown).getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(within(shown).getByRole('status').textContent).toBe('Copied to the clipboard.');
    expect(within(shown).getByRole('button', { name: 'Copied' })).toBeTruthy();

    // Behind the dialog the list has the new key, without its secret.
    expect(await screen.findByText('Zapier sync', { selector: 'td' })).toBeTruthy();

    // A stray click beside the dialog must not lose a key that cannot be shown again.
    const overlay = document.querySelector('[data-dialog-overlay]');
    if (!overlay) throw new Error('no dialog overlay');
    await user.click(overlay);
    expect(screen.getByRole('dialog', { name: 'Copy your new API key' })).toBeTruthy();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);
    expect(
      JSON.stringify(
        queryClient
          .getQueryCache()
          .getAll()
          .map((q) => q.state),
      ),
    ).not.toContain(SECRET);
    // The mutation holding the answer is dropped once the closed dialog lets go of it.
    await waitFor(() =>
      expect(
        JSON.stringify(
          queryClient
            .getMutationCache()
            .getAll()
            .map((mutation) => mutation.state),
        ),
      ).not.toContain(SECRET),
    );

    // Opened again, it starts afresh.
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const again = await screen.findByRole('dialog', { name: 'Create API key' });
    expect(within(again).getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('');
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('keeps the key selectable when the clipboard refuses', async () => {
    const { user } = renderPanel({ 'POST /api/v1/admin/api-keys': createRoute() });
    await user.click(await screen.findByRole('button', { name: 'Create key' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Zapier sync');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('dialog', { name: 'Copy your new API key' });
    const field = within(shown).getByRole<HTMLTextAreaElement>('textbox', { name: 'API key' });

    const writeText = vi
      .spyOn(navigator.clipboard, 'writeText')
      .mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
    await user.click(within(shown).getByRole('button', { name: 'Copy key' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    await waitFor(() =>
      expect(within(shown).getByRole('status').textContent).toContain('Couldn’t copy it here'),
    );
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, SECRET.length]);
    expect(within(shown).queryByRole('button', { name: 'Copied' })).toBeNull();

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('asks a session that signed in a while ago to confirm it is the user, then creates the key', async () => {
    let confirmed = false;
    const create = vi.fn<FakeHandler>((request) =>
      confirmed
        ? createRoute()(request)
        : jsonResponse(
            {
              error: {
                code: 'REAUTHENTICATION_REQUIRED',
                message: 'Confirm it’s you: enter your password again to continue.',
              },
            },
            403,
          ),
    );
    const reauthenticate = vi.fn<FakeHandler>((request) => {
      const body = request.body as { password?: string };
      if (body.password !== 'the right one') {
        return jsonResponse({ code: 'INVALID_PASSWORD', message: 'Invalid password' }, 400);
      }
      confirmed = true;
      return jsonResponse({ reauthenticated_until: '2026-03-12T08:10:00.000Z' });
    });
    const { user } = renderPanel({
      'POST /api/v1/admin/api-keys': create,
      'POST /api/auth/reauthenticate': reauthenticate,
    });
    await screen.findByText(VOICE.name);
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const form = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Zapier sync{Enter}');

    const confirm = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    const password = within(confirm).getByLabelText('Your password');
    expect(document.activeElement).toBe(password);
    // Without two-factor there is no code to offer.
    expect(within(confirm).queryByRole('button', { name: 'Use a code instead' })).toBeNull();
    await user.type(password, 'a wrong one{Enter}');
    expect(await within(confirm).findByText('That password isn’t right.')).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');

    await user.clear(password);
    await user.type(password, 'the right one');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm and create' }));
    await screen.findByRole('dialog', { name: 'Copy your new API key' });
    expect(reauthenticate.mock.calls.map(([request]) => request.body)).toEqual([
      { password: 'a wrong one' },
      { password: 'the right one' },
    ]);
    // The refused request is sent again as it was.
    expect(create.mock.calls.map(([request]) => request.body)).toEqual([
      { name: 'Zapier sync' },
      { name: 'Zapier sync' },
    ]);
  });

  it('offers a code from the authenticator app to a user with two-factor on', async () => {
    signInAs({ ...DEMO_USER, id: AVA, two_factor: { enabled: true, required: false } });
    let confirmed = false;
    const reauthenticate = vi.fn<FakeHandler>(() => {
      confirmed = true;
      return jsonResponse({ reauthenticated_until: '2026-03-12T08:10:00.000Z' });
    });
    const { user } = renderPanel({
      'POST /api/v1/admin/api-keys': (request) =>
        confirmed
          ? createRoute()(request)
          : jsonResponse(
              { error: { code: 'REAUTHENTICATION_REQUIRED', message: 'Confirm it’s you.' } },
              403,
            ),
      'POST /api/auth/reauthenticate': reauthenticate,
    });
    await screen.findByText(VOICE.name);
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const form = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Zapier sync{Enter}');
    const confirm = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.click(within(confirm).getByRole('button', { name: 'Use a code instead' }));
    const code = within(confirm).getByLabelText('Code from your authenticator app');
    expect(document.activeElement).toBe(code);
    await user.type(code, '123 456{Enter}');
    await screen.findByRole('dialog', { name: 'Copy your new API key' });
    expect(reauthenticate.mock.calls[0]?.[0].body).toEqual({ code: '123456' });
  });

  it('asks for a name of 1 to 100 characters before sending anything', async () => {
    const create = vi.fn(createRoute());
    const { user } = renderPanel({ 'POST /api/v1/admin/api-keys': create });
    await user.click(await screen.findByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });

    await user.type(name, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Enter a name for the key.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');

    await user.clear(name);
    await user.click(name);
    await user.paste('x'.repeat(101));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Use at most 100 characters.')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Create API key' })).toBeTruthy();
  });

  it('shows the server’s refusal in the dialog, keeping what was typed', async () => {
    const { user } = renderPanel({
      'POST /api/v1/admin/api-keys': () =>
        jsonResponse(
          { error: { code: 'FORBIDDEN', message: 'Only organisation admins can do that.' } },
          403,
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Zapier sync');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Only organisation admins can do that.',
    );
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe(
      'Zapier sync',
    );
  });

  it('revokes a key only after confirming, and the list follows', async () => {
    const revoke = vi.fn(() => {
      keys = keys.filter((key) => key.id !== VOICE.id);
      return new Response(null, { status: 204 });
    });
    const { user } = renderPanel({ [`DELETE /api/v1/admin/api-keys/${VOICE.id}`]: revoke });
    await user.click(await screen.findByRole('button', { name: `Revoke the key ${VOICE.name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Revoke “${VOICE.name}”?` });
    expect(dialog.textContent).toContain(
      'Systems using it will be refused from their next request.',
    );
    expect(dialog.textContent).toContain(`${VOICE.prefix}…`);
    // The safe answer has the focus.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(revoke).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(revoke).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByText(VOICE.name)).toBeNull());
    expect(screen.getByText(NIGHTLY.name)).toBeTruthy();
    expect(getToasts().map((toast) => toast.title)).toEqual([`API key “${VOICE.name}” revoked`]);
  });

  it('keeps the confirm dialog open with the server’s reason when revoking fails', async () => {
    const { user } = renderPanel({
      [`DELETE /api/v1/admin/api-keys/${VOICE.id}`]: () =>
        jsonResponse(
          { error: { code: 'NOT_FOUND', message: 'No such API key in your organisation.' } },
          404,
        ),
    });
    await user.click(await screen.findByRole('button', { name: `Revoke the key ${VOICE.name}` }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'No such API key in your organisation.',
    );
    expect(getToasts()).toEqual([]);
  });
});
