// A puzzle row ready to bind: the values of one INSERT, in column order, with the checksum
// computed where the puzzle is made (a build's workers), so the thread that writes the catalog
// only fills in the ids it alone knows and binds the array as it came.
import type { Board } from '../dominosa/board.js';
import type { Solution } from '../dominosa/solve/solution.js';
import { rowChecksum, type ChecksummedRow } from './checksum.js';

/** The columns of a prepared row, in bind order: the ids first, the checksum last. */
export const PREPARED_COLUMNS = [
  'id',
  'base_id',
  'build_id',
  'm',
  'rows',
  'cols',
  'grid',
  'solution',
  'tier',
  'nodes',
  'score',
  'attempts',
  'canonical_hash',
  'transform',
  'seed',
  'slot',
  'method',
  'checksum',
] as const;

/** Where the writer sets a row's id and its base's id (null for a base), and where the checksum is. */
export const ROW_ID = 0;
export const ROW_BASE_ID = 1;
export const ROW_BUILD_ID = 2;
export const ROW_CHECKSUM = PREPARED_COLUMNS.length - 1;

/** A prepared row: id and base id are null until the writer numbers the row. */
export type PreparedRow = (string | number | null)[];

/** The row of a puzzle, checksummed; its id and base id are left for the writer. */
export function preparedRow(p: ChecksummedRow, buildId: number | null): PreparedRow {
  const { m, rows, cols, grid, solution, tier, nodes, score, attempts, canonical_hash, transform, seed, slot, method } = p;
  return [null, null, buildId, m, rows, cols, grid, solution, tier, nodes, score, attempts, canonical_hash, transform, seed, slot, method, rowChecksum(p)];
}

/**
 * The grid column's text, JSON.stringify(boardToGrid(board)) written directly: a build's
 * workers write one per row, and the nested arrays cost more than the text (a property test
 * holds the two equal).
 */
export function gridText(board: Board): string {
  const { rows, cols, cells } = board;
  let s = '[';
  for (let r = 0; r < rows; r++) {
    s += r === 0 ? '[' : ',[';
    for (let c = 0; c < cols; c++) s += c === 0 ? `${cells[r * cols + c]}` : `,${cells[r * cols + c]}`;
    s += ']';
  }
  return s + ']';
}

/** The solution column's text, JSON.stringify(solution) written directly (cells are integers). */
export function solutionText(solution: Solution): string {
  let s = '[';
  for (let i = 0; i < solution.length; i++) {
    const d = solution[i];
    s += `${i === 0 ? '' : ','}[${d[0]},${d[1]},${d[2]},${d[3]}]`;
  }
  return s + ']';
}
