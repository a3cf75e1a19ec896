// CSV import (docs/ingestion.md, "CSV import"): the whole file is checked first
// (POST /admin/calls/import/preview, which stores nothing), then sent a batch at a time to
// POST /admin/calls/import, in the slices the preview names (its header, then each batch's bytes).
import {
  callImportPreviewSchema,
  callImportResultSchema,
  importCallsRoute,
  previewCallImportRoute,
  type CallImportPreview,
  type CallImportResult,
} from '@callboard/contract';
import { callApiRaw } from '../../../lib/api-client.ts';

/** The file's text as UTF-8 (without a byte order mark: file.text() drops it, as the server does). */
export async function fileBytes(file: Blob): Promise<Uint8Array<ArrayBuffer>> {
  return new TextEncoder().encode(await file.text());
}

export async function previewCallImport(
  bytes: Uint8Array<ArrayBuffer>,
  signal?: AbortSignal,
): Promise<CallImportPreview> {
  const response = await callApiRaw(previewCallImportRoute, { body: bytes, signal });
  return callImportPreviewSchema.parse(await response.json());
}

export interface ImportProgress {
  /** Calls sent and stored so far. */
  done: number;
  total: number;
}

/**
 * Sends the batches in order; stops at the first refusal (calls of earlier batches stay stored:
 * sending the file again is safe, as calls are matched by external_id).
 */
export async function importCallBatches(
  bytes: Uint8Array<ArrayBuffer>,
  preview: CallImportPreview,
  onProgress: (progress: ImportProgress) => void,
): Promise<CallImportResult> {
  const header = bytes.subarray(0, preview.batches[0]?.start ?? 0);
  const total = preview.batches.reduce((sum, batch) => sum + batch.rows, 0);
  const result: CallImportResult = { created: 0, updated: 0, unchanged: 0 };
  let done = 0;
  onProgress({ done, total });
  for (const batch of preview.batches) {
    const response = await callApiRaw(importCallsRoute, {
      query: new URLSearchParams({ first_line: String(batch.first_line) }),
      body: new Blob([header, bytes.subarray(batch.start, batch.end)]),
    });
    const stored = callImportResultSchema.parse(await response.json());
    result.created += stored.created;
    result.updated += stored.updated;
    result.unchanged += stored.unchanged;
    done += batch.rows;
    onProgress({ done, total });
  }
  return result;
}
