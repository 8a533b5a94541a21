// The catalog's text of a Sudomino puzzle (schema 5) and back: the grid column is the board's
// text rows (formats/text.ts's boardRows, letter or numbered form) joined by '/', the solution
// column one base-36 digit a cell in reading order, its value, 0 where blocked (N is at most 30).
// The JSON forms schema 4 stored (and the puzzles_json view shows) are here too, for migrate.
// Reading never throws: bad text is an error value.
import type { Parsed } from '../parsed.js';
import { MAX_VALUES, type Board } from './board.js';
import { boardRows } from './formats/text.js';
import { boardFromRows, storedRowsNumbered } from './parse.js';

export { storedRowsNumbered } from './parse.js';

export type StoredRead<T> = ({ ok: true } & T) | { ok: false; error: string };

const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';
// A char code's value, -1 for a character that is no digit of a value 0..MAX_VALUES.
const VALUE_OF = new Int8Array(128).fill(-1);
for (let v = 0; v <= MAX_VALUES; v++) VALUE_OF[DIGITS.charCodeAt(v)] = v;

/** The grid column: the board's text rows joined by '/' (no row of either form holds one). */
export function gridText(board: Board): string {
  return boardRows(board).join('/');
}

/** The solution column: each cell's value (0 blocked) as one base-36 digit, in reading order. */
export function solutionText(values: ArrayLike<number>): string {
  let s = '';
  for (let i = 0; i < values.length; i++) s += DIGITS[values[i]];
  return s;
}

/** A board from its text rows and N, or the one line that says what is wrong with them. */
function boardOfRows(rows: readonly string[], values: number): StoredRead<{ board: Board }> {
  if (rows.length === 0 || rows.some((r) => r === '')) return { ok: false, error: 'grid has an empty row' };
  const res = boardFromRows(rows, values, 0, undefined, storedRowsNumbered(rows, values));
  if (res.ok) return { ok: true, board: res.board };
  const { row, col, message } = res.error;
  const where = row === undefined ? '' : col === undefined ? ` row ${row + 1}` : ` row ${row + 1}, column ${col + 1}`;
  return { ok: false, error: `grid${where}: ${message}` };
}

/** A board from its grid column and N, or the one line that says what is wrong with the text. */
export function boardFromStored(grid: string, values: number): StoredRead<{ board: Board }> {
  return boardOfRows(grid.split('/'), values);
}

/** Per-cell values of a rows×cols board from its solution column, or what is wrong with it. */
export function solutionFromStored(text: string, rows: number, cols: number): Parsed<Uint8Array> {
  const n = rows * cols;
  if (text.length !== n)
    return { ok: false, error: `the solution has ${text.length} cells, expected ${n} (${rows}x${cols})` };
  const values = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const code = text.charCodeAt(i);
    const v = code < 128 ? VALUE_OF[code] : -1;
    if (v < 0)
      return {
        ok: false,
        error: `solution row ${Math.floor(i / cols) + 1}, column ${(i % cols) + 1}: ${JSON.stringify(text[i])} is not a value`,
      };
    values[i] = v;
  }
  return { ok: true, value: values };
}

// --- the JSON forms of schema 4 ---

/** The grid as schema 4 stored it: JSON.stringify of the board's text rows. */
export function gridJson(board: Board): string {
  return JSON.stringify(boardRows(board));
}

/** The solution as schema 4 stored it: JSON rows of a rows×cols board's per-cell values. */
export function solutionJson(cols: number, values: ArrayLike<number>): string {
  const out: number[][] = [];
  for (let i = 0; i < values.length; i += cols) out.push(Array.from({ length: cols }, (_, c) => values[i + c]));
  return JSON.stringify(out);
}

/**
 * A row's grid and solution columns from the JSON texts schema 4 stored (migrate): the grid text
 * rows of a board of the row's size, the solution rows of per-cell values 0..N sized as the board;
 * else what is wrong. The grid is written again by boardRows, as every build wrote it.
 */
export function fromJsonForm(p: {
  m: number;
  rows: number;
  cols: number;
  grid: string;
  solution: string;
}): Parsed<{ grid: string; solution: string }> {
  let rows: unknown;
  let solution: unknown;
  try {
    rows = JSON.parse(p.grid);
    solution = JSON.parse(p.solution);
  } catch {
    return { ok: false, error: 'its grid or solution is not JSON' };
  }
  if (!Array.isArray(rows) || !rows.every((r) => typeof r === 'string'))
    return { ok: false, error: 'its grid is not a JSON array of text rows' };
  const b = boardOfRows(rows, p.m);
  if (!b.ok) return { ok: false, error: `its ${b.error}` };
  if (b.board.rows !== p.rows || b.board.cols !== p.cols)
    return { ok: false, error: `its grid is ${b.board.rows}x${b.board.cols} but the row says ${p.rows}x${p.cols}` };
  const values: number[] = [];
  if (!Array.isArray(solution) || solution.length !== p.rows)
    return { ok: false, error: `its solution is not ${p.rows} rows of values` };
  for (const row of solution as unknown[]) {
    if (!Array.isArray(row) || row.length !== p.cols)
      return { ok: false, error: `its solution is not ${p.rows} rows of ${p.cols} values` };
    for (const v of row as unknown[]) {
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > p.m)
        return { ok: false, error: `its solution holds ${JSON.stringify(v)}, not a value 0..${p.m}` };
      values.push(v);
    }
  }
  return { ok: true, value: { grid: gridText(b.board), solution: solutionText(values) } };
}

// --- the same JSON forms in SQL, for the puzzles_json view ---

/** SQL over a Sudomino row giving gridJson's text: its rows quoted (none holds a quote or a backslash). */
export const GRID_JSON_SQL = `'["' || replace(grid, '/', '","') || '"]'`;

/** SQL over a Sudomino row giving solutionJson's text of its solution column. */
export const SOLUTION_JSON_SQL = `(WITH RECURSIVE cell(k, s) AS (SELECT 0, '' UNION ALL SELECT k + 1, s || CASE WHEN k % cols > 0 THEN ',' WHEN k > 0 THEN '],[' ELSE '[' END || (instr('${DIGITS}', substr(solution, k + 1, 1)) - 1) FROM cell WHERE k < rows * cols) SELECT '[' || s || ']]' FROM cell WHERE k = rows * cols)`;
