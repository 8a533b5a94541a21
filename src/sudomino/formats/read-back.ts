// A Sudomino board and answer as files and catalogs hold them (text rows; rows of per-cell
// values, 0 where blocked) read back and checked: the board parsed, the answer against its rules.
// Errors are values, one sentence each, for a pack reader or an exporter to prefix with the puzzle.
import { formatBoardError, type Board } from '../board.js';
import { boardFromRows } from '../parse.js';
import { checkAnswer } from '../solve/check.js';

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/** The board of a puzzle's text rows, or why they are none (the message without its "board 1"). */
export function boardOf(rows: unknown, values: number, id: number | string): Checked<Board> {
  if (!Array.isArray(rows) || rows.length === 0 || !rows.every((r) => typeof r === 'string'))
    return { ok: false, error: 'the board must be a non-empty array of text rows' };
  const res = boardFromRows(rows, values, 0);
  if (!res.ok) return { ok: false, error: formatBoardError(res.error).replace(/^board 1(: |, )/, '') };
  return { ok: true, value: { ...res.board, meta: { id } } };
}

/** Why `solution` (rows of per-cell values) does not solve the board, or null. */
export function solutionError(board: Board, solution: unknown): string | null {
  const { rows, cols } = board;
  if (!Array.isArray(solution) || solution.length !== rows) return `the solution must be ${rows} rows of values`;
  const flat: number[] = [];
  for (let r = 0; r < rows; r++) {
    const row: unknown = solution[r];
    if (!Array.isArray(row) || row.length !== cols || !row.every((v) => Number.isInteger(v) && (v as number) >= 0)) {
      return `solution row ${r + 1} must be ${cols} whole numbers (0 where blocked)`;
    }
    flat.push(...(row as number[]));
  }
  const why = checkAnswer(board, flat);
  return why === null ? null : `the solution does not solve the board: ${why}`;
}
