// A puzzle row as the catalog stores it, every written column by name (SQLite derives level and
// grade), with the checksum computed where the puzzle is made (a build's workers), so the thread
// that writes the catalog only fills in the ids it alone knows. The one column list of the table.
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
