// A Sudomino puzzle as the exporters receive it, and the catalog row it comes from: the stored
// columns (shape, N in m, the board's text rows and the per-cell answer, in their compact forms,
// src/sudomino/stored.ts) read, the board parsed and the answer checked against it, so a damaged
// row comes back as one sentence instead of a wrong page.
import type { ExportRow, PackPuzzle } from '../../formats/kind.js';
import { solutionError, type Checked } from './read-back.js';
import { formatShape, parseShape } from '../shape.js';
import { boardFromStored, solutionFromStored } from '../stored.js';

/** A Sudomino puzzle as the exporters receive it. Board and solution share the same orientation (a variant's own). */
export interface SudominoPackPuzzle extends PackPuzzle {
  kind: 'sudomino';
  /** RxC:N (src/sudomino/shape.ts). */
  shape: string;
  /** N: every open cell holds 1..N. */
  values: number;
  /** The board's rows in the text form text.ts's boardRows writes (letters and digit pairs, or numbered). */
  board: string[];
  /** Each cell's value, row by row, 0 where blocked. */
  solution: number[][];
}

/**
 * A stored Sudomino row (its shape, N in m, text rows in grid, per-cell values in solution) as a
 * pack puzzle, or the one line that says what is wrong with it.
 */
export function puzzleOfRow(row: ExportRow): Checked<SudominoPackPuzzle> {
  const at = `puzzle ${row.id}`;
  const shape = parseShape(row.shape);
  if (!shape.ok) return { ok: false, error: `${at}: ${shape.error}` };
  const { rows, cols, values } = shape.shape;
  if (rows !== row.rows || cols !== row.cols || values !== row.m) {
    return {
      ok: false,
      error: `${at}: shape ${formatShape(shape.shape)} disagrees with its ${row.rows}x${row.cols} board of N=${row.m}`,
    };
  }
  const read = boardFromStored(row.grid, values);
  if (!read.ok) return { ok: false, error: `${at}: ${read.error}` };
  const board = read.board;
  if (board.rows !== rows || board.cols !== cols)
    return { ok: false, error: `${at}: the board is ${board.rows}x${board.cols}, its shape ${rows}x${cols}` };
  const answer = solutionFromStored(row.solution, rows, cols);
  if (!answer.ok) return { ok: false, error: `${at}: ${answer.error}` };
  const solution: number[][] = [];
  for (let r = 0; r < rows; r++) solution.push(Array.from(answer.value.subarray(r * cols, (r + 1) * cols)));
  const why = solutionError(board, solution);
  if (why !== null) return { ok: false, error: `${at}: ${why}` };
  return {
    ok: true,
    value: {
      kind: 'sudomino',
      id: row.id,
      shape: formatShape(shape.shape),
      rows,
      cols,
      values,
      tier: row.tier,
      nodes: row.nodes,
      ...(row.grade === null || row.grade === undefined ? {} : { grade: row.grade }),
      ...(row.score === null || row.score === undefined ? {} : { score: row.score }),
      board: row.grid.split('/'),
      solution,
      baseId: row.base_id,
      transform: row.transform,
    },
  };
}
