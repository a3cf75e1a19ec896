// GET /api/v1/calls/export.csv: every call of a list view as CSV, streamed in constant memory
// (docs/ingestion.md, "CSV export"; docs/decisions/0016-csv-export-and-import.md).
//
// The calls are read a batch at a time in the list's order (keyset-paginated newest or oldest first,
// by offset in the other sorts: docs/search.md, "Sorting"), each batch in its
// own short tenant transaction, and only when the client has taken the previous one (a pull
// stream: the Node adapter waits for the socket to drain before it reads again). No transaction
// or connection is held while a slow client reads, which matters most on PGlite, where one
// connection serves every request. The first batch is read before the answer starts, so a bad
// request or a missing organisation is the usual JSON error; a failure after that errors the
// stream, and the connection is cut instead of the file ending as if it were complete.
import { CALL_CSV_COLUMNS, type CallExportQuery } from '@callboard/contract';
import type { Db } from '../../db/client.ts';
import {
  ONE_SNAPSHOT,
  requireOrganisation,
  withTenantRead,
  type AccessClaims,
} from '../../db/tenant.ts';
import { AppError } from '../../http/errors.ts';
import { assertKnownTimeZone, databaseErrorOf } from '../../http/input-guard.ts';
import { prepareListScope } from '../calls/call-search.ts';
import { selectExportBatch, type ExportPosition } from '../calls/calls.queries.ts';
import { csvLines } from './csv-cells.ts';

/** Calls per batch: about 150 KB of CSV. */
export const EXPORT_BATCH_ROWS = 500;

type ExportRow = Awaited<ReturnType<typeof selectExportBatch>>[number];

async function readBatch(
  db: Db,
  claims: AccessClaims,
  query: CallExportQuery,
  after: ExportPosition | null,
): Promise<ExportRow[]> {
  // Each batch enters afresh: a session signed out meanwhile ends the export. In one snapshot, so
  // a sign-out between the entry and the select fails the next batch instead of making this one
  // empty, which would end the file early as if it were whole.
  return withTenantRead(
    db,
    claims,
    async (tx, principal) => {
      const scope = await prepareListScope(
        tx,
        { organisationId: requireOrganisation(principal), userId: principal.userId },
        query,
      );
      return selectExportBatch(tx, scope, query, query.sort, after, EXPORT_BATCH_ROWS);
    },
    ONE_SNAPSHOT,
  );
}

function toCsv(rows: ExportRow[]): string {
  return csvLines(rows.map((row) => CALL_CSV_COLUMNS.map((column) => row[column])));
}

/** Where the next batch starts: after the last call (newest or oldest first), or after `done` calls. */
function positionAfter(
  query: CallExportQuery,
  rows: ExportRow[],
  previous: ExportPosition | null,
): ExportPosition | null {
  const last = rows.at(-1);
  if (!last) return null;
  if (query.sort === '-ended' || query.sort === 'ended') {
    return { end_datetime: last.position, call_id: last.id };
  }
  const done = previous && 'offset' in previous ? previous.offset : 0;
  return { offset: done + rows.length };
}

/** callboard-calls-2026-05-04.csv, by the UTC date. */
export function exportFileName(now: Date): string {
  return `callboard-calls-${now.toISOString().slice(0, 10)}.csv`;
}

export async function exportCalls(
  db: Db,
  claims: AccessClaims,
  query: CallExportQuery,
  /** Cuts the connection at once (destroys the socket), for a failure after the first byte. */
  cut: () => void,
): Promise<Response> {
  await assertKnownTimeZone(db, query.tz);
  const first = await readBatch(db, claims, query, null);
  let pending: string | null = csvLines([CALL_CSV_COLUMNS]) + toCsv(first);
  let after = first.length === EXPORT_BATCH_ROWS ? positionAfter(query, first, null) : null;
  const encoder = new TextEncoder();

  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (pending !== null) {
            controller.enqueue(encoder.encode(pending));
            pending = null;
            if (!after) controller.close();
            return;
          }
          if (!after) return;
          const rows = await readBatch(db, claims, query, after);
          after = rows.length === EXPORT_BATCH_ROWS ? positionAfter(query, rows, after) : null;
          if (rows.length > 0) controller.enqueue(encoder.encode(toCsv(rows)));
          if (!after) controller.close();
        } catch (error) {
          // The connection is cut before the stream errors: the Node adapter would otherwise end
          // the answer with its own error text and a clean last chunk, and a client would take
          // the truncated file for a whole one. The adapter logs the reason; a driver's error
          // would carry the query's parameters, so only its SQLSTATE goes with it.
          cut();
          const reason =
            error instanceof AppError
              ? error.code
              : (databaseErrorOf(error)?.code ?? (error instanceof Error ? error.name : 'unknown'));
          controller.error(new Error(`The CSV export stopped after it had started (${reason}).`));
        }
      },
    },
    // Read only when the client asks: one batch in memory at a time.
    { highWaterMark: 0 },
  );

  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFileName(new Date())}"`,
    },
  });
}
