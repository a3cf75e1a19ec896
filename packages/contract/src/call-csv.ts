// Calls as CSV: GET /api/v1/calls/export.csv writes these columns, and an organisation admin
// imports a file with them (POST /api/v1/admin/calls/import/preview, then …/import a batch at a
// time). docs/ingestion.md, "CSV export" and "CSV import", is the reader's description;
// docs/decisions/0016-csv-export-and-import.md says why it is built so.
import { z } from 'zod';

/** The export's columns, in order; an import takes the same header. */
export const CALL_CSV_COLUMNS = [
  'id',
  'external_id',
  'started_at',
  'ended_at',
  'agent_id',
  'agent_name',
  'caller_name',
  'from_number',
  'to_number',
  'direction',
  'duration_seconds',
  'status',
  'assignee',
  'sentiment',
  'disconnection_reason',
  'summary',
] as const;
export type CallCsvColumn = (typeof CALL_CSV_COLUMNS)[number];

/**
 * Columns an import reads, as the ingestion API's fields of the same names. The others are the
 * export's and are ignored: id (the call's id here), status and assignee (what people did with
 * it, which an import never changes), agent_name (admins name agents) and duration_seconds
 * (derived from started_at and ended_at).
 */
export const CALL_CSV_IMPORTED_COLUMNS = [
  'external_id',
  'agent_id',
  'started_at',
  'ended_at',
  'direction',
  'from_number',
  'to_number',
  'caller_name',
  'summary',
  'sentiment',
  'disconnection_reason',
] as const satisfies readonly CallCsvColumn[];

/** Imported columns a file may leave out: the calls it updates keep their stored values. */
export const CALL_CSV_OPTIONAL_COLUMNS = [
  'caller_name',
  'summary',
  'sentiment',
  'disconnection_reason',
] as const satisfies readonly CallCsvColumn[];

/** An import file: at most this many bytes (UTF-8) … */
export const CALL_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** … and this many calls. */
export const CALL_IMPORT_MAX_ROWS = 50_000;
/** Calls per import request: the ingestion API's batch. */
export const CALL_IMPORT_BATCH_ROWS = 1000;
/** A preview lists at most this many problems (and counts them all). */
export const CALL_IMPORT_MAX_PROBLEMS = 500;

/** A problem with one line of the file: line 1 is the header, line 2 the first call. */
export const callImportProblemSchema = z.object({
  line: z.number().int(),
  /** The column, or null for the line as a whole (a wrong number of cells). */
  column: z.string().nullable(),
  message: z.string(),
});
export type CallImportProblem = z.infer<typeof callImportProblemSchema>;

/** Where each import request's slice of the file starts and ends, in UTF-8 bytes. */
export const callImportBatchSchema = z.object({
  first_line: z.number().int(),
  rows: z.number().int(),
  start: z.number().int(),
  end: z.number().int(),
});
export type CallImportBatch = z.infer<typeof callImportBatchSchema>;

/** POST /api/v1/admin/calls/import/preview: what an import of the file would do. Writes nothing. */
export const callImportPreviewSchema = z.object({
  /** Calls in the file. */
  rows: z.number().int(),
  /** Of those, calls the organisation does not have yet (by external_id) … */
  new: z.number().int(),
  /** … and calls it has, whose content the import replaces (status, assignee and notes stay). */
  existing: z.number().int(),
  /** Every problem up to CALL_IMPORT_MAX_PROBLEMS, in line order; the import needs none. */
  problems: z.array(callImportProblemSchema),
  problem_count: z.number().int(),
  /**
   * How to send the file: the header (bytes 0 to the first batch's start) and then each batch's
   * slice of the file's UTF-8 text (without a byte order mark) to POST …/import, in order.
   */
  batches: z.array(callImportBatchSchema),
});
export type CallImportPreview = z.infer<typeof callImportPreviewSchema>;

/** POST /api/v1/admin/calls/import query. */
export const callImportQuerySchema = z.object({
  /** The line of the file the batch's first call is on, so that problems name the file's lines. */
  first_line: z.coerce
    .number({ message: 'must be a whole number of 2 or more' })
    .int('must be a whole number of 2 or more')
    .min(2, 'must be a whole number of 2 or more')
    .max(CALL_IMPORT_MAX_ROWS + 1, `must be at most ${CALL_IMPORT_MAX_ROWS + 1}`)
    .default(2),
});

/** POST /api/v1/admin/calls/import: what became of the batch's calls. */
export const callImportResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type CallImportResult = z.infer<typeof callImportResultSchema>;
