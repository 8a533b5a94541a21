// A puzzle row as the catalog stores it, every written column by name (SQLite derives level and
// grade), with the checksum computed where the puzzle is made (a build's workers), so the thread
// that writes the catalog only fills in the ids it alone knows. The one column list of the table.
import type { Board } from '../dominosa/board.js';
import type { Solution } from '../dominosa/solve/solution.js';
import { CHECKSUM_FIELDS, rowChecksum, type ChecksummedRow } from './checksum.js';

/** A puzzle row to insert: id null lets SQLite number it; base_id and id are null until the writer numbers a build's rows. */
export interface PuzzleRecord extends ChecksummedRow {
  id: number | null;
  base_id: number | null;
  build_id: number | null;
  checksum: string;
}

/** The columns a puzzle insert writes, in bind order: the ids first, the checksum last. */
export const PUZZLE_COLUMNS = [
  'id',
  'base_id',
  'build_id',
  ...CHECKSUM_FIELDS,
  'checksum',
] as const satisfies readonly (keyof PuzzleRecord)[];

/** The record of a puzzle, checksummed; only its own fields are copied (a record crosses threads whole). */
export function puzzleRecord(
  p: ChecksummedRow,
  ids: { id?: number | null; base_id?: number | null; build_id: number | null },
): PuzzleRecord {
  const {
    kind,
    m,
    rows,
    cols,
    grid,
    solution,
    tier,
    nodes,
    score,
    attempts,
    canonical_hash,
    transform,
    seed,
    slot,
    method,
  } = p;
  const own = {
    kind,
    m,
    rows,
    cols,
    grid,
    solution,
    tier,
    nodes,
    score,
    attempts,
    canonical_hash,
    transform,
    seed,
    slot,
    method,
  };
  return {
    id: ids.id ?? null,
    base_id: ids.base_id ?? null,
    build_id: ids.build_id,
    ...own,
    checksum: rowChecksum(own),
  };
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
