// CSV import for organisation admins (docs/ingestion.md, "CSV import"): a file with the export's
// columns, checked whole first (preview: every line's problems, nothing written), then sent a
// batch of at most 1,000 calls at a time, each checked again and stored as the ingestion API
// stores a batch, in one transaction: all of it or none of it.
//
// Only a transaction entered with one of the organisation's API keys may write a call's content
// (the *_api_key_* policies and functions/call_log_content_guard.sql). An import is an admin
// doing what the ingestion API does, which an admin may already do by creating a key, so each
// request creates a key for its own transaction, enters it, and revokes it before committing
// (docs/decisions/0016-csv-export-and-import.md).
import {
  CALL_CSV_COLUMNS,
  CALL_CSV_IMPORTED_COLUMNS,
  CALL_CSV_OPTIONAL_COLUMNS,
  CALL_IMPORT_BATCH_ROWS,
  CALL_IMPORT_MAX_BYTES,
  CALL_IMPORT_MAX_PROBLEMS,
  CALL_IMPORT_MAX_ROWS,
  ingestCallSchema,
  type CallImportBatch,
  type CallImportPreview,
  type CallImportProblem,
  type CallImportResult,
  type IngestCall,
} from '@callboard/contract';
import { CsvError, parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { requireAdmin, withTenant, type AccessClaims, type Tx } from '../../db/tenant.ts';
import { AppError } from '../../http/errors.ts';
import { newApiKey } from '../api-keys/api-key-secret.ts';
import { insertApiKey, setApiKeyRevoked } from '../api-keys/api-keys.queries.ts';
import { selectRefusedAgents } from '../ingest/ingest.queries.ts';
import { storeCalls } from '../ingest/ingest.service.ts';
import { restoreCell } from './csv-cells.ts';

const REQUIRED_COLUMNS = CALL_CSV_IMPORTED_COLUMNS.filter(
  (column) => !(CALL_CSV_OPTIONAL_COLUMNS as readonly string[]).includes(column),
);
const KNOWN_COLUMNS = new Set<string>(CALL_CSV_COLUMNS);

/** One call of the file: its line (1 is the header) and its cells by column. */
interface Line {
  line: number;
  cells: string[];
  /** UTF-8 bytes of the file's text up to the end of this line. */
  end: number;
}

interface ParsedFile {
  /** Column name → cell index, for the columns an import reads. */
  columns: Map<string, number>;
  width: number;
  /** UTF-8 bytes up to the end of the header. */
  headerEnd: number;
  lines: Line[];
  problems: CallImportProblem[];
}

const unprocessable = (message: string) => new AppError('UNPROCESSABLE', message);

/**
 * The file's lines, or 413/422 when it is not a CSV file an import can read at all. Problems
 * with the header are returned with line 1. `firstLine` is the line of the first call (a batch
 * sent on its own starts further down the file).
 */
function parseFile(text: string, firstLine: number): ParsedFile {
  const bytes = Buffer.from(text.startsWith('\uFEFF') ? text.slice(1) : text, 'utf8');
  if (bytes.length > CALL_IMPORT_MAX_BYTES) throw AppError.payloadTooLarge(CALL_IMPORT_MAX_BYTES);
  // What a decoder makes of bytes that are not UTF-8 (a file saved as "CSV" in Windows-1252).
  if (text.includes('\uFFFD')) {
    throw unprocessable(
      'The file is not UTF-8 text. Save it as "CSV UTF-8" (or export it again) and upload that.',
    );
  }
  let records: { record: string[]; info: { bytes: number } }[];
  try {
    // With `info`, each record comes with where it ends; the library's types do not say so.
    records = parse(bytes, {
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: CALL_IMPORT_MAX_BYTES,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError)
      throw unprocessable(`The file is not valid CSV: ${error.message}`);
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) throw unprocessable('The file is empty: it needs the export’s header line.');
  if (rows.length > CALL_IMPORT_MAX_ROWS) {
    throw unprocessable(
      `The file has ${rows.length.toLocaleString('en')} calls; an import takes at most ${CALL_IMPORT_MAX_ROWS.toLocaleString('en')}. Split it into smaller files.`,
    );
  }

  const problems: CallImportProblem[] = [];
  const columns = new Map<string, number>();
  header.record.forEach((raw, index) => {
    const name = raw.trim().replace(/^\uFEFF/u, '');
    if (!KNOWN_COLUMNS.has(name)) {
      problems.push({ line: 1, column: name, message: 'is not a column of the export' });
    } else if (columns.has(name)) {
      problems.push({ line: 1, column: name, message: 'appears twice in the header' });
    } else {
      columns.set(name, index);
    }
  });
  for (const column of REQUIRED_COLUMNS) {
    if (!columns.has(column)) problems.push({ line: 1, column, message: 'is missing' });
  }
  return {
    columns,
    width: header.record.length,
    headerEnd: header.info.bytes,
    lines: rows.map(({ record, info }, index) => ({
      line: firstLine + index,
      cells: record,
      end: info.bytes,
    })),
    problems,
  };
}

/** The call a line describes, as the ingestion API takes it (cells restored, see csv-cells.ts). */
function toCall(file: ParsedFile, cells: string[]): Record<string, string | null | undefined> {
  const call: Record<string, string | null | undefined> = {};
  for (const column of CALL_CSV_IMPORTED_COLUMNS) {
    const index = file.columns.get(column);
    if (index === undefined) continue; // left out: a call it updates keeps the stored value
    const cell = restoreCell(cells[index] ?? '');
    // An empty optional cell clears the value, as null does in the ingestion API.
    call[column] =
      cell === '' && (CALL_CSV_OPTIONAL_COLUMNS as readonly string[]).includes(column)
        ? null
        : cell;
  }
  return call;
}

interface CheckedLines {
  calls: IngestCall[];
  /** The line of each call in `calls`. */
  lineOf: number[];
  problems: CallImportProblem[];
}

/** Every line checked with the ingestion API's schema, and against the lines before it. */
function checkLines(file: ParsedFile): CheckedLines {
  const problems = [...file.problems];
  const calls: IngestCall[] = [];
  const lineOf: number[] = [];
  if (problems.length > 0) return { calls, lineOf, problems }; // the header is wrong: no line reads
  if (file.lines.length === 0) {
    problems.push({ line: 1, column: null, message: 'has no calls below it' });
  }
  const firstSeen = new Map<string, number>();
  for (const { line, cells } of file.lines) {
    if (cells.length !== file.width) {
      problems.push({
        line,
        column: null,
        message: `has ${cells.length} cells where the header has ${file.width}`,
      });
      continue;
    }
    const parsed = ingestCallSchema.safeParse(toCall(file, cells));
    if (!parsed.success) {
      const named = new Set<string>();
      for (const issue of parsed.error.issues) {
        const column = String(issue.path[0] ?? '');
        if (named.has(column)) continue;
        named.add(column);
        problems.push({ line, column: column || null, message: issue.message });
      }
      continue;
    }
    const earlier = firstSeen.get(parsed.data.external_id);
    if (earlier !== undefined) {
      problems.push({
        line,
        column: 'external_id',
        message: `repeats line ${earlier}: each call may appear once`,
      });
      continue;
    }
    firstSeen.set(parsed.data.external_id, line);
    calls.push(parsed.data);
    lineOf.push(line);
  }
  return { calls, lineOf, problems };
}

/**
 * Runs `work` in the admin's tenant transaction entered, too, with an API key made for it alone
 * and revoked before the transaction commits (or gone with it when it rolls back).
 */
async function withImportKey<T>(
  db: Db,
  claims: AccessClaims,
  keyName: string,
  work: (tx: Tx, organisationId: string) => Promise<T>,
): Promise<T> {
  return withTenant(db, claims, async (tx, principal) => {
    const organisationId = requireAdmin(principal);
    const { prefix, hash } = newApiKey();
    const key = await insertApiKey(tx, {
      organisationId,
      name: keyName,
      prefix,
      hash,
      createdBy: principal.userId,
    });
    const [entered] = await queryRows<{ api_key_id: string }>(
      tx,
      sql`select api_key_id from app_enter_api_key(${hash})`,
    );
    if (entered?.api_key_id !== key.id) throw new Error('the import key could not be entered');
    const result = await work(tx, organisationId);
    await setApiKeyRevoked(tx, organisationId, key.id);
    return result;
  });
}

/** Rolls a transaction back after `work`, keeping what it found (a dry run writes nothing). */
class DryRun<T> extends Error {
  constructor(readonly result: T) {
    super('dry run');
  }
}

/** External ids the organisation already has, of these. */
async function selectExistingExternalIds(tx: Tx, organisationId: string, externalIds: string[]) {
  const rows = await queryRows<{ external_id: string }>(
    tx,
    sql`select external_id from call_log
        where organisation_id = ${organisationId}
          and external_id = any(array(select jsonb_array_elements_text(${JSON.stringify(externalIds)}::jsonb)))`,
  );
  return new Set(rows.map((row) => row.external_id));
}

/** The batches an import sends: CALL_IMPORT_BATCH_ROWS lines each, as byte ranges of the file. */
function batchesOf(file: ParsedFile): CallImportBatch[] {
  const batches: CallImportBatch[] = [];
  for (let index = 0; index < file.lines.length; index += CALL_IMPORT_BATCH_ROWS) {
    const slice = file.lines.slice(index, index + CALL_IMPORT_BATCH_ROWS);
    const first = slice[0];
    const last = slice.at(-1);
    if (!first || !last) break;
    batches.push({
      first_line: first.line,
      rows: slice.length,
      start: index === 0 ? file.headerEnd : (file.lines[index - 1]?.end ?? file.headerEnd),
      end: last.end,
    });
  }
  return batches;
}

/** 403 before the file is read, unless the caller administers an organisation. */
async function assertAdmin(db: Db, claims: AccessClaims): Promise<void> {
  await withTenant(db, claims, (_tx, principal) => Promise.resolve(requireAdmin(principal)));
}

export async function previewCallImport(
  db: Db,
  claims: AccessClaims,
  text: string,
): Promise<CallImportPreview> {
  await assertAdmin(db, claims);
  const file = parseFile(text, 2);
  const { calls, lineOf, problems } = checkLines(file);
  let existing = new Set<string>();
  let refused = new Set<string>();
  try {
    await withImportKey(db, claims, 'CSV import preview', async (tx, organisationId) => {
      const agentIds = [...new Set(calls.map((call) => call.agent_id))];
      refused = new Set(agentIds.length > 0 ? await selectRefusedAgents(tx, agentIds) : []);
      calls.forEach((call, index) => {
        if (refused.has(call.agent_id)) {
          problems.push({
            line: lineOf[index] ?? 0,
            column: 'agent_id',
            message: 'belongs to another organisation, or to none',
          });
        }
      });
      existing = await selectExistingExternalIds(
        tx,
        organisationId,
        calls.map((call) => call.external_id),
      );
      throw new DryRun(null);
    });
  } catch (error) {
    if (!(error instanceof DryRun)) throw error;
  }
  problems.sort((a, b) => a.line - b.line);
  // Counted over the calls an import would store: those without a problem.
  const storable = calls.filter((call) => !refused.has(call.agent_id));
  const known = storable.filter((call) => existing.has(call.external_id)).length;
  return {
    rows: file.lines.length,
    new: storable.length - known,
    existing: known,
    problems: problems.slice(0, CALL_IMPORT_MAX_PROBLEMS),
    problem_count: problems.length,
    batches: problems.length > 0 ? [] : batchesOf(file),
  };
}

/** A batch's problems as the error envelope's fields: lines.<line>.<column>. */
function problemFields(problems: CallImportProblem[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const problem of problems.slice(0, 100)) {
    fields[`lines.${problem.line}${problem.column ? `.${problem.column}` : ''}`] ??=
      problem.message;
  }
  return fields;
}

export async function importCalls(
  db: Db,
  claims: AccessClaims,
  text: string,
  firstLine: number,
): Promise<CallImportResult> {
  await assertAdmin(db, claims);
  const file = parseFile(text, firstLine);
  if (file.lines.length > CALL_IMPORT_BATCH_ROWS) {
    throw unprocessable(
      `A request imports at most ${CALL_IMPORT_BATCH_ROWS.toLocaleString('en')} calls; this one has ${file.lines.length.toLocaleString('en')}. Send the batches the preview names.`,
    );
  }
  const { calls, lineOf, problems } = checkLines(file);
  if (problems.length > 0) {
    const first = problems
      .slice(0, 3)
      .map((p) => `line ${p.line}${p.column ? ` ${p.column}` : ''} ${p.message}`)
      .join('; ');
    throw new AppError(
      'UNPROCESSABLE',
      `Invalid file, nothing was stored: ${first}${problems.length > 3 ? `; and ${problems.length - 3} more` : ''}.`,
      { fields: problemFields(problems) },
    );
  }
  const lastLine = lineOf.at(-1) ?? firstLine;
  const stored = await withImportKey(
    db,
    claims,
    `CSV import, lines ${firstLine}–${lastLine}`,
    (tx, organisationId) =>
      storeCalls(tx, organisationId, calls, (index) => `lines.${lineOf[index] ?? 0}`),
  );
  const count = (result: string) => stored.calls.filter((call) => call.result === result).length;
  return { created: count('created'), updated: count('updated'), unchanged: count('unchanged') };
}
