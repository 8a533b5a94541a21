// A Sudomino puzzle as the exporters receive it, and the catalog row it comes from: the stored
// columns (shape, N in m, the board's text rows and the per-cell answer, both as JSON) read, the
// board parsed and the answer checked against it, so a damaged row comes back as one sentence
// instead of a wrong page.
import type { ExportRow, PackPuzzle } from '../../formats/kind.js';
import { sudominoBoardOf, sudominoSolutionError, type Checked } from './read-back.js';
import { formatShape, parseShape } from '../shape.js';

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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A stored Sudomino row (schema 4: its shape, N in m, text rows in grid, per-cell values in
 * solution) as a pack puzzle, or the one line that says what is wrong with it.
 */
export function sudominoPuzzleOfRow(row: ExportRow): Checked<SudominoPackPuzzle> {
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
  const grid = parseJson(row.grid);
  const board = sudominoBoardOf(grid, values, row.id);
  if (!board.ok) return { ok: false, error: `${at}: ${board.error}` };
  if (board.value.rows !== rows || board.value.cols !== cols) {
    return {
      ok: false,
      error: `${at}: the board is ${board.value.rows}x${board.value.cols}, its shape ${rows}x${cols}`,
    };
  }
  const solution = parseJson(row.solution);
  const why = sudominoSolutionError(board.value, solution);
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
      board: grid as string[],
      solution: solution as number[][],
      baseId: row.base_id,
      transform: row.transform,
    },
  };
}
