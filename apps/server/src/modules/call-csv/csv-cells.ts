// CSV cells both ways: what the export writes (RFC 4180 via csv-stringify, with formula cells
// neutralised) and how an import reads a cell back. docs/ingestion.md, "CSV export".
import { stringify } from 'csv-stringify/sync';

/**
 * A cell a spreadsheet would run as a formula (OWASP, "CSV Injection"): it starts with = + - @,
 * a tab or a carriage return, perhaps after apostrophes. Such a cell is written with one more
 * apostrophe in front, which spreadsheets show as text; a cell that already starts with
 * apostrophes and a trigger gets one more too, so that an import can always take exactly one off.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/u;
const NEUTRALISED = /^'+[=+\-@\t\r]/u;

export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The cell as it was before neutraliseCell: one leading apostrophe off, where it added one. */
export function restoreCell(value: string): string {
  return NEUTRALISED.test(value) ? value.slice(1) : value;
}

export type CsvValue = string | number | null | undefined;

/** Lines of CSV: CRLF after each, quotes where RFC 4180 needs them, formula cells neutralised. */
export function csvLines(rows: readonly (readonly CsvValue[])[]): string {
  return stringify(
    rows.map((row) =>
      row.map((value) =>
        value === null || value === undefined ? '' : neutraliseCell(String(value)),
      ),
    ),
    // A line break inside a cell needs quotes whichever it is, not only the record delimiter.
    { record_delimiter: '\r\n', eof: true, quoted_match: /[\r\n]/u },
  );
}
