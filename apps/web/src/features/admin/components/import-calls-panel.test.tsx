// @vitest-environment jsdom
import type { CallImportPreview } from '@callboard/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, type FakeHandler } from '../../../testing/fake-fetch.ts';
import { renderRoutes } from '../../../testing/render.tsx';
import { ImportCallsPanel } from './import-calls-panel.tsx';

const HEADER = 'external_id,agent_id,started_at,ended_at,direction,from_number,to_number\r\n';
const line = (index: number) =>
  `ext-${index},nw-agent-1,2026-04-01T09:00:00Z,2026-04-01T09:05:00Z,inbound,'+4401,+4402\r\n`;

function renderPanel(routes: Record<string, FakeHandler>) {
  return renderRoutes([{ path: '/admin', Component: ImportCallsPanel }], {
    initialEntry: '/admin?tab=import',
    server: routes,
  });
}

/** The bodies (as text) and queries of the requests sent to `path`. */
async function sent(fetchMock: ReturnType<typeof renderPanel>['fetchMock'], path: string) {
  const calls = fetchMock.mock.calls.filter(([input]) =>
    (input instanceof Request ? input.url : input.toString()).startsWith(path),
  );
  return Promise.all(
    calls.map(async ([input, init]) => ({
      query: new URL(
        input instanceof Request ? input.url : input.toString(),
        'http://localhost',
      ).searchParams.toString(),
      body:
        init?.body instanceof Blob
          ? await init.body.text()
          : new TextDecoder().decode(init?.body as Uint8Array),
    })),
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ImportCallsPanel', () => {
  it('lists each line’s problems after the dry run, and offers no import', async () => {
    const preview: CallImportPreview = {
      rows: 2,
      new: 1,
      existing: 0,
      problems: [
        { line: 1, column: 'agent', message: 'is not a column of the export' },
        { line: 3, column: 'started_at', message: 'must be an ISO 8601 date-time' },
        { line: 4, column: null, message: 'has 3 cells where the header has 7' },
      ],
      problem_count: 3,
      batches: [],
    };
    const { fetchMock, user } = renderPanel({
      'POST /api/v1/admin/calls/import/preview': () => jsonResponse(preview),
    });
    await user.upload(
      screen.getByLabelText('CSV file to import'),
      new File([HEADER, line(1), line(2)], 'calls.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByText('3 problems to fix: nothing was imported')).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['1', 'agent', 'is not a column of the export'],
      ['3', 'started_at', 'must be an ISO 8601 date-time'],
      ['4', 'whole line', 'has 3 cells where the header has 7'],
    ]);
    expect(screen.queryByRole('button', { name: /^Import/u })).toBeNull();
    expect(await sent(fetchMock, '/api/v1/admin/calls/import?')).toEqual([]);
    // The dry run was sent the file's bytes as they are.
    expect((await sent(fetchMock, '/api/v1/admin/calls/import/preview'))[0]?.body).toBe(
      HEADER + line(1) + line(2),
    );
  });

  it('imports a clean file batch by batch, with its progress, then sums up', async () => {
    const text = HEADER + line(1) + line(2) + line(3);
    const bytes = new TextEncoder().encode(text);
    const at = (n: number) =>
      new TextEncoder().encode(HEADER + [1, 2, 3].slice(0, n).map(line).join('')).length;
    const preview: CallImportPreview = {
      rows: 3,
      new: 2,
      existing: 1,
      problems: [],
      problem_count: 0,
      batches: [
        { first_line: 2, rows: 2, start: at(0), end: at(2) },
        { first_line: 4, rows: 1, start: at(2), end: bytes.length },
      ],
    };
    let release: () => void = () => undefined;
    const secondBatch = new Promise<void>((resolve) => (release = resolve));
    let batches = 0;
    const { fetchMock, user } = renderPanel({
      'POST /api/v1/admin/calls/import/preview': () => jsonResponse(preview),
      'POST /api/v1/admin/calls/import': async () => {
        batches += 1;
        if (batches === 2) await secondBatch;
        return jsonResponse(
          batches === 1
            ? { created: 1, updated: 1, unchanged: 0 }
            : { created: 1, updated: 0, unchanged: 0 },
        );
      },
    });
    await user.upload(
      screen.getByLabelText('CSV file to import'),
      new File([text], 'calls.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByText('3 calls ready to import')).toBeTruthy();
    expect(
      screen.getByText('2 new, 1 already here (their content is updated where it differs).'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Import 3 calls' }));

    const progress = await screen.findByRole('progressbar', { name: 'Imported 2 of 3 calls' });
    expect(progress.getAttribute('value')).toBe('2');
    expect(
      screen.getByRole('button', { name: 'Choose another file' }).hasAttribute('disabled'),
    ).toBe(true);
    release();
    expect(await screen.findByText('Imported 3 calls')).toBeTruthy();
    expect(screen.getByText('2 new, 1 updated, 0 unchanged.')).toBeTruthy();

    // Each batch: the header, then its own lines, named by their line in the file.
    expect(await sent(fetchMock, '/api/v1/admin/calls/import?')).toEqual([
      { query: 'first_line=2', body: HEADER + line(1) + line(2) },
      { query: 'first_line=4', body: HEADER + line(3) },
    ]);
  });

  it('says why a file is refused, and what was stored when an import stops part-way', async () => {
    const { user } = renderPanel({
      'POST /api/v1/admin/calls/import/preview': () =>
        jsonResponse(
          {
            error: {
              code: 'UNPROCESSABLE',
              message: 'The file is not valid CSV: Quote Not Closed',
            },
          },
          422,
        ),
    });
    await user.upload(
      screen.getByLabelText('CSV file to import'),
      new File(['"x'], 'broken.csv', { type: 'text/csv' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This file can’t be imported');
    expect(alert.textContent).toContain('The file is not valid CSV: Quote Not Closed');
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Choose another file' }).hasAttribute('disabled'),
      ).toBe(false),
    );
  });
});
