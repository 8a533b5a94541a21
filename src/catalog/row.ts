// A puzzle row as the catalog stores it, every written column by name (SQLite derives level and
// grade), with the checksum computed where the puzzle is made (a build's workers), so the thread
// that writes the catalog only fills in the ids it alone knows. The one column list of the table,
// and the one read of a whole row (hashes as hex; the catalog stores their 32 bytes).
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

/**
 * Every column of a puzzle row, as the code holds it (PuzzleRow): what `SELECT *` gives, the
 * canonical hash and the checksum read as hex.
 */
export const PUZZLE_READ = [
  'id',
  'kind',
  'm',
  'rows',
  'cols',
  'grid',
  'solution',
  'tier',
  'nodes',
  'attempts',
  'lower(hex(canonical_hash)) AS canonical_hash',
  'base_id',
  'transform',
  'seed',
  'slot',
  'method',
  'build_id',
  'score',
  'lower(hex(checksum)) AS checksum',
  'shape',
  'level',
  'grade',
].join(', ');

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
