// A Sudomino catalog row as the exporters receive it: the stored columns (shape, N in m, the
// board's text rows and the per-cell answer, both as JSON) read, the board parsed and the answer
// checked against it, so a damaged row comes back as one sentence instead of a wrong page.
import type { ChecksummedRow } from '../../catalog/checksum.js';
import { sudominoBoardOf, sudominoSolutionError, type Checked } from './read-back.js';
import { formatShape, parseShape } from '../shape.js';
import type { SudominoPackPuzzle } from '../../formats/pack.js';

/** The catalog columns a Sudomino puzzle is exported from (schema 4): N in m, text rows in grid, per-cell values in solution. */
export type SudominoRow = Pick<ChecksummedRow, 'm' | 'rows' | 'cols' | 'grid' | 'solution' | 'tier' | 'nodes'> & {
  id: number;
  kind?: string;
  /** RxC:N. */
  shape?: string | null;
  score?: number | null;
  grade?: string | null;
  base_id?: number | null;
  transform?: string | null;
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A stored Sudomino row as a pack puzzle, or the one line that says what is wrong with it. */
export function sudominoPuzzleOfRow(row: SudominoRow): Checked<SudominoPackPuzzle> {
  const at = `puzzle ${row.id}`;
  const shape = parseShape(row.shape ?? '');
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
      baseId: row.base_id ?? null,
      transform: row.transform ?? null,
    },
  };
}
