// @vitest-environment jsdom
import type { CreatedIntegration, Integration, WebhookDelivery } from '@callboard/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts, removeToast } from '../../../components/ui/toast-store.ts';
import { jsonResponse, type FakeHandler, type FakeRequest } from '../../../testing/fake-fetch.ts';
import { renderRoutes } from '../../../testing/render.tsx';
import { IntegrationsPanel } from './integrations-panel.tsx';

const RETELL_ID = '7d9f1c2e-3b4a-4c5d-8e6f-0a1b2c3d4e5f';
const VAPI_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

function integration(overrides: Partial<Integration> = {}): Integration {
  return {
    id: RETELL_ID,
    kind: 'retell',
    name: 'Front desk',
    webhook_url: `https://callboard.example.com/api/v1/webhooks/retell/${RETELL_ID}`,
    secret_hint: 'x9Qa',
    created_at: '2026-05-04T09:00:00.000Z',
    created_by: null,
    last_delivery: null,
    ...overrides,
  };
}

function renderPanel(routes: Record<string, FakeHandler>) {
  return renderRoutes([{ path: '/admin', Component: IntegrationsPanel }], {
    initialEntry: '/admin?tab=integrations',
    server: routes,
  });
}

beforeEach(() => {
  for (const toast of getToasts()) removeToast(toast.id);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('IntegrationsPanel', () => {
  it('lists the integrations with their webhook URL and last delivery', async () => {
    renderPanel({
      'GET /api/v1/admin/integrations': () =>
        jsonResponse({
          rows: [
            integration({
              last_delivery: {
                received_at: new Date().toISOString(),
                status: 'rejected',
                http_status: 401,
              },
            }),
          ],
        }),
    });
    const row = (await screen.findByText('Front desk')).closest('tr');
    expect(row).toBeTruthy();
    const cells = within(row as HTMLElement);
    expect(cells.getByText('Retell AI')).toBeTruthy();
    expect(cells.getByText('key …x9Qa')).toBeTruthy();
    expect(cells.getByText(integration().webhook_url)).toBeTruthy();
    expect(cells.getByText('Rejected')).toBeTruthy();
    expect(cells.getByRole('button', { name: 'Copy the webhook URL of Front desk' })).toBeTruthy();
  });

  it('says what to do when there are none, and why a failed load failed', async () => {
    renderPanel({ 'GET /api/v1/admin/integrations': () => jsonResponse({ rows: [] }) });
    expect(await screen.findByText('No integrations yet')).toBeTruthy();
    cleanup();
    renderPanel({
      'GET /api/v1/admin/integrations': () =>
        jsonResponse({ error: { code: 'INTERNAL', message: 'Something went wrong.' } }, 500),
    });
    expect(await screen.findByText('Couldn’t load the integrations')).toBeTruthy();
  });

  it('adds a Retell integration: the key is sent once and the webhook URL shown after', async () => {
    const sent: unknown[] = [];
    const { user } = renderPanel({
      'GET /api/v1/admin/integrations': () => jsonResponse({ rows: [] }),
      'POST /api/v1/admin/integrations': ({ body }: FakeRequest) => {
        sent.push(body);
        const created: CreatedIntegration = { ...integration(), secret: null };
        return jsonResponse(created, 201);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add integration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an integration' });
    // Nothing typed: each field says what it needs.
    await user.click(within(dialog).getByRole('button', { name: 'Add integration' }));
    expect(await within(dialog).findByText('Give the integration a name.')).toBeTruthy();
    expect(
      within(dialog).getByText('Paste the Retell API key that has the webhook badge.'),
    ).toBeTruthy();
    const key = within(dialog).getByLabelText('Retell API key');
    expect(key.getAttribute('type')).toBe('password');
    await user.type(within(dialog).getByLabelText('Name'), 'Front desk');
    await user.type(key, 'key_1234567890x9Qa');
    await user.click(within(dialog).getByRole('button', { name: 'Add integration' }));
    const done = await screen.findByRole('dialog', { name: 'Retell AI connected' });
    expect(sent).toEqual([
      { kind: 'retell', name: 'Front desk', retell_api_key: 'key_1234567890x9Qa' },
    ]);
    expect(within(done).getByText(integration().webhook_url)).toBeTruthy();
    expect(within(done).queryByText('Secret')).toBeNull();
  });

  it('adds a Vapi integration and shows its secret once, with a warning', async () => {
    const sent: unknown[] = [];
    const { user } = renderPanel({
      'GET /api/v1/admin/integrations': () => jsonResponse({ rows: [] }),
      'POST /api/v1/admin/integrations': ({ body }: FakeRequest) => {
        sent.push(body);
        const created: CreatedIntegration = {
          ...integration({
            id: VAPI_ID,
            kind: 'vapi',
            name: 'After hours',
            secret_hint: null,
            webhook_url: `https://callboard.example.com/api/v1/webhooks/vapi/${VAPI_ID}`,
          }),
          secret: 'cb_whsec_shown-once',
        };
        return jsonResponse(created, 201);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add integration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an integration' });
    await user.selectOptions(within(dialog).getByLabelText('Platform'), 'vapi');
    expect(within(dialog).queryByLabelText('Retell API key')).toBeNull();
    await user.type(within(dialog).getByLabelText('Name'), 'After hours');
    await user.click(within(dialog).getByRole('button', { name: 'Add integration' }));
    const done = await screen.findByRole('dialog', { name: 'Vapi connected' });
    expect(sent).toEqual([{ kind: 'vapi', name: 'After hours' }]);
    expect(within(done).getByText('cb_whsec_shown-once')).toBeTruthy();
    expect(within(done).getByText('Copy the secret now')).toBeTruthy();
    // Closed, it is gone: opening the dialog again shows the empty form.
    await user.click(within(done).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('cb_whsec_shown-once')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Add integration' }));
    expect(await screen.findByRole('dialog', { name: 'Add an integration' })).toBeTruthy();
  });

  it('shows an integration’s recent deliveries, and removes it after confirming', async () => {
    const deliveries: WebhookDelivery[] = [
      {
        id: '2b7e1c9a-4d3f-4a8b-9c6e-5f1a2b3c4d5e',
        received_at: '2026-05-04T09:16:02.000Z',
        event_type: 'call_analyzed',
        platform_call_id: 'Jabr9TXYYJHfvl6Syypi88rdAHYHmcq6',
        status: 'accepted',
        http_status: 200,
        error: null,
        call_id: 'call_6b1e0f93',
      },
      {
        id: '3c8f2d0b-5e4a-4b9c-8d7f-6a2b3c4d5e6f',
        received_at: '2026-05-04T09:15:02.000Z',
        event_type: null,
        platform_call_id: null,
        status: 'rejected',
        http_status: 401,
        error: 'The request’s x-retell-signature does not verify.',
        call_id: null,
      },
    ];
    let removed = false;
    const { user } = renderPanel({
      'GET /api/v1/admin/integrations': () =>
        jsonResponse({ rows: removed ? [] : [integration()] }),
      [`GET /api/v1/admin/integrations/${RETELL_ID}/deliveries`]: () =>
        jsonResponse({ rows: deliveries }),
      [`DELETE /api/v1/admin/integrations/${RETELL_ID}`]: () => {
        removed = true;
        return new Response(null, { status: 204 });
      },
    });
    await user.click(
      await screen.findByRole('button', { name: 'Recent deliveries to Front desk' }),
    );
    const log = await screen.findByRole('dialog', { name: 'Deliveries to Front desk' });
    expect(await within(log).findByText('call_analyzed')).toBeTruthy();
    expect(within(log).getByText('Call call_6b1e0f93')).toBeTruthy();
    expect(within(log).getByText('The request’s x-retell-signature does not verify.')).toBeTruthy();
    await user.click(within(log).getByRole('button', { name: 'Done' }));

    await user.click(await screen.findByRole('button', { name: 'Remove Front desk' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this integration?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove integration' }));
    expect(await screen.findByText('No integrations yet')).toBeTruthy();
    expect(getToasts().map((toast) => toast.title)).toEqual(['Front desk removed']);
  });
});
