// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeFetch, jsonResponse, type FakeHandler } from '../../../testing/fake-fetch.ts';
import type { CallListApiQuery } from '../api/get-calls.ts';
import { ExportButton } from './export-button.tsx';

const QUERY: CallListApiQuery = {
  status: 'open',
  page: 3,
  pageSize: 50,
  loadAll: false,
  q: 'Patel',
  sentiment: 'negative',
};

let saved: { name: string; text: Promise<string> }[] = [];

function renderButton(handler: FakeHandler) {
  const fetchMock = createFakeFetch({ 'GET /api/v1/calls/export.csv': handler });
  vi.stubGlobal('fetch', fetchMock);
  render(<ExportButton query={QUERY} />);
  return { fetchMock, user: userEvent.setup() };
}

beforeEach(() => {
  saved = [];
  const blobs = new Map<string, Blob>();
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:test/${blobs.size}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: () => undefined,
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, text: blobs.get(this.href)?.text() ?? Promise.resolve('') });
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('ExportButton', () => {
  it('downloads the current view (tab and filters, no paging) and saves it under the server’s name', async () => {
    let finish: (value: Response) => void = () => undefined;
    const answer = new Promise<Response>((resolve) => (finish = resolve));
    const { fetchMock, user } = renderButton(() => answer);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const busy = screen.getByRole('button', { name: 'Exporting…' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    finish(
      new Response('id,external_id\r\ncall_1,\r\n', {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="callboard-calls-2026-05-04.csv"',
        },
      }),
    );
    await screen.findByRole('button', { name: 'Export CSV' });
    const [input = ''] = fetchMock.mock.calls[0] ?? [];
    const url = new URL(
      input instanceof Request ? input.url : input.toString(),
      'http://localhost',
    );
    expect(url.pathname).toBe('/api/v1/calls/export.csv');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      status: 'open',
      q: 'Patel',
      sentiment: 'negative',
    });
    expect(saved.map((file) => file.name)).toEqual(['callboard-calls-2026-05-04.csv']);
    expect(await saved[0]?.text).toBe('id,external_id\r\ncall_1,\r\n');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why, and saves nothing, when the export is refused or stops part-way', async () => {
    const { user } = renderButton(() =>
      jsonResponse({ error: { code: 'VALIDATION_FAILED', message: 'Invalid request: tz …' } }, 400),
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid request: tz …');
    cleanup();

    // The first chunk arrives, then the connection is cut. (A stand-in: jsdom's streams are not
    // the ones the Response constructor takes.)
    const chunks = [new TextEncoder().encode('id,external_id\r\n')];
    const cut = {
      ok: true,
      status: 200,
      headers: new Headers({ 'Content-Type': 'text/csv' }),
      body: {
        getReader: () => ({
          read: () => {
            const value = chunks.shift();
            return value
              ? Promise.resolve({ done: false, value })
              : Promise.reject(new TypeError('terminated'));
          },
        }),
      },
    } as unknown as Response;
    const again = renderButton(() => cut);
    await again.user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/stopped before the end/u);
    expect(saved).toEqual([]);
  });
});
