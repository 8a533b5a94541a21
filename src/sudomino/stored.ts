// The catalog's text of a Sudomino puzzle and back: the grid column is the JSON array of the
// board's text rows (format.ts's boardRows, letter or numbered form), the solution column the
// JSON array of rows of per-cell values, 0 where blocked. Reading never throws: bad text is an error value.
import type { SudominoBoard } from './board.js';
import { boardRows } from './formats/text.js';
import { boardFromRows, looksNumbered } from './parse.js';

export type StoredRead<T> = ({ ok: true } & T) | { ok: false; error: string };

/** The grid column: JSON.stringify of the board's text rows. */
export function sudominoGridText(board: SudominoBoard): string {
  return JSON.stringify(boardRows(board));
}

/** The solution column: JSON rows of a rows×cols board's per-cell values. */
export function sudominoSolutionText(cols: number, values: ArrayLike<number>): string {
  const out: number[][] = [];
  for (let i = 0; i < values.length; i += cols) out.push(Array.from({ length: cols }, (_, c) => values[i + c]));
  return JSON.stringify(out);
}

/**
 * Which form stored rows are in. boardRows writes the numbered form exactly when N > 9 or the
 * letters run out, and a letter-form row never holds whitespace or `=` and never differs in
 * length from another; a numbered board always shows one of these (on one column, past 52
 * dominoes, "1" and "53" differ in length, or the first domino is given and shows `=`).
 */
export function storedRowsNumbered(rows: readonly string[], values: number): boolean {
  return values > 9 || rows.some(looksNumbered) || rows.some((r) => r.length !== rows[0].length);
}

/** A board from its grid column and N, or the one line that says what is wrong with the text. */
export function sudominoBoardFromStored(grid: string, values: number): StoredRead<{ board: SudominoBoard }> {
  let rows: unknown;
  try {
    rows = JSON.parse(grid);
  } catch {
    return { ok: false, error: 'grid is not JSON' };
  }
  if (!Array.isArray(rows) || rows.length === 0 || !rows.every((r) => typeof r === 'string' && r !== '')) {
    return { ok: false, error: 'grid is not a non-empty JSON array of text rows' };
  }
  const res = boardFromRows(rows as string[], values, 0, undefined, storedRowsNumbered(rows as string[], values));
  if (res.ok) return { ok: true, board: res.board };
  const { row, col, message } = res.error;
  const where = row === undefined ? '' : col === undefined ? ` row ${row + 1}` : ` row ${row + 1}, column ${col + 1}`;
  return { ok: false, error: `grid${where}: ${message}` };
}

/** Per-cell values from the solution column (rows of equal length, each value 0..255), or what is wrong with it. */
export function sudominoSolutionFromStored(
  text: string,
): StoredRead<{ rows: number; cols: number; values: Uint8Array }> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, error: 'solution is not JSON' };
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || !parsed.every(Array.isArray))
    return { ok: false, error: 'solution is not a non-empty JSON array of rows' };
  const rows = parsed as unknown[][];
  const cols = rows[0].length;
  if (cols === 0) return { ok: false, error: 'solution row 1 is empty' };
  const values = new Uint8Array(rows.length * cols);
  for (let r = 0; r < rows.length; r++) {
    if (rows[r].length !== cols)
      return { ok: false, error: `solution row ${r + 1} has ${rows[r].length} cells, expected ${cols}` };
    for (let c = 0; c < cols; c++) {
      const v = rows[r][c];
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 255)
        return { ok: false, error: `solution row ${r + 1}, column ${c + 1}: ${JSON.stringify(v)} is not a value` };
      values[r * cols + c] = v;
    }
  }
  return { ok: true, rows: rows.length, cols, values };
}
