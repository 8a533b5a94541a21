// The CSV export, for spreadsheets and layout tools: a header, then one row per puzzle. Fields
// follow RFC 4180 (comma-separated, CRLF line ends, a field quoted only when it must be), and
// text a spreadsheet would run as a formula is written so that it stays text.
// Grids and solutions are spelled with spaces, slashes and semicolons so a cell never needs quotes.
// Every kind shares the columns; the cells that say what kind of puzzle a row is are its kind's.
import { kindOf, partOf, type FormatsKind, type PackPuzzle } from './kind.js';

/**
 * The columns, in order; the README documents each one. One header for every pack, kind and
 * shape last, so a spreadsheet reads a mixed pack as one table and the first packs' columns keep their places.
 */
export const CSV_COLUMNS = [
  'id',
  'm',
  'rows',
  'cols',
  'tier',
  'grade',
  'tatham',
  'score',
  'nodes',
  'base_id',
  'transform',
  'grid',
  'solution',
  'kind',
  'shape',
] as const;

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

/** Rows top to bottom joined by "/", numbers in a row by spaces: "0 1 2/3 0 1". */
export function csvGrid(grid: readonly (readonly number[])[]): string {
  return grid.map((row) => row.join(' ')).join('/');
}

/** Dominoes joined by ";", each "r1 c1 r2 c2" (0-based rows and columns). */
export function csvSolution(solution: readonly (readonly number[])[]): string {
  return solution.map((d) => d.join(' ')).join(';');
}

/** The header line. */
export function csvHeader(): string {
  return `${CSV_COLUMNS.join(',')}\r\n`;
}

/**
 * One puzzle's line. The score keeps every digit, as the catalog stores it; m, tatham, grid,
 * solution and shape are spelled by the puzzle's kind.
 */
export function csvRow(p: PackPuzzle, kinds: readonly FormatsKind[]): string {
  const kind = kindOf(kinds, p);
  const own = partOf(kind, kind.formats.pack, 'csv').csv(p);
  const fields = [
    String(p.id),
    own.m,
    String(p.rows),
    String(p.cols),
    p.tier,
    p.grade ?? '',
    own.tatham,
    p.score === undefined ? '' : String(p.score),
    String(p.nodes),
    p.baseId === null || p.baseId === undefined ? '' : String(p.baseId),
    p.transform ?? '',
    own.grid,
    own.solution,
    kind.name,
    own.shape,
  ];
  return `${fields.map(csvField).join(',')}\r\n`;
}
