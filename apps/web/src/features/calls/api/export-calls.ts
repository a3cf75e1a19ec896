// GET /api/v1/calls/export.csv for the list's current view. The access token lives in memory
// (docs/decisions/0005-browser-session-in-memory-token.md), so a plain link cannot carry it: the
// file is fetched with the token, read with its progress, and saved from a Blob. A file the server
// stopped sending part-way is never saved.
import { CALL_FILTER_PARAMS, exportCallsRoute } from '@callboard/contract';
import { callApiRaw } from '../../../lib/api-client.ts';
import type { CallListApiQuery } from './get-calls.ts';

/** The list's view without its paging: the tab, every filter and the sort. */
export function exportSearchParams(query: CallListApiQuery): URLSearchParams {
  const params = new URLSearchParams({ status: query.status });
  for (const name of CALL_FILTER_PARAMS) {
    const value = query[name];
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  if (query.sort) params.set('sort', query.sort);
  return params;
}

/** The answer started but did not end: its message is for people. */
export class ExportInterruptedError extends Error {
  override readonly name = 'ExportInterruptedError';
  constructor() {
    super('The export stopped before the end of the file, so nothing was saved. Please try again.');
  }
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** The file, read to its end; `onProgress` hears the bytes received so far. */
export async function downloadCallsCsv(
  query: CallListApiQuery,
  onProgress: (bytes: number) => void,
  signal?: AbortSignal,
): Promise<DownloadedFile> {
  const response = await callApiRaw(exportCallsRoute, {
    query: exportSearchParams(query),
    signal,
  });
  const fileName =
    /filename="([^"]+)"/u.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ??
    'callboard-calls.csv';
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  try {
    const reader = response.body?.getReader();
    if (reader) {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.length;
        onProgress(received);
      }
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ExportInterruptedError();
  }
  return { blob: new Blob(chunks, { type: 'text/csv;charset=utf-8' }), fileName };
}

/** Hands the file to the browser's downloads, as a link with `download` would. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the URL is not needed after that.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
