// The CSV export, for spreadsheets and layout tools: a header, then one row per puzzle. Fields
// follow RFC 4180 (comma-separated, CRLF line ends, a field quoted only when it must be), and
// text a spreadsheet would run as a formula is written so that it stays text.
// Each row is a puzzle's record (src/formats/record.ts), its size flattened to two columns: the
// same columns, in the same order, for every kind.
import type { FormatsKind, PackPuzzle } from './kind.js';
import { RECORD_FIELDS, recordOf } from './record.js';

/**
 * The columns, in order: the record's fields, its size as size_key and size_label. The README
 * documents each one, once for every data format.
 */
export const CSV_COLUMNS: readonly string[] = RECORD_FIELDS.flatMap((f) =>
  f === 'size' ? ['size_key', 'size_label'] : [f],
);

/** How a cell starts that a spreadsheet reads as a formula, or as one behind a tab or line end. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Every field of the CSV: quoted, with quotes doubled, when it holds a comma, quote or line end
 * (RFC 4180); text that starts like a formula gets a leading apostrophe, inside quotes, so a
 * spreadsheet shows it and never runs it (a catalog's text is untrusted).
 */
export function csvField(value: string): string {
  if (FORMULA_START.test(value)) return `"'${value.replaceAll('"', '""')}"`;
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The header line. */
export function csvHeader(): string {
  return `${CSV_COLUMNS.join(',')}\r\n`;
}

/** One puzzle's line: its record's fields, null as an empty cell; the score keeps every digit, as the catalog stores it. */
export function csvRow(p: PackPuzzle, kinds: readonly FormatsKind[]): string {
  const r = recordOf(p, kinds);
  const text = (x: string | number | null): string => (x === null ? '' : String(x));
  const fields = RECORD_FIELDS.flatMap((f) => (f === 'size' ? [r.size.key, r.size.label] : [text(r[f])]));
  return `${fields.map(csvField).join(',')}\r\n`;
}
