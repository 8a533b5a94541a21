// A puzzle row as the code holds it, and the scans' way of reading one: raw, into one literal of
// a fixed shape. Apart from puzzles.ts so the digest's walk (digests.ts), which the connection
// keeps, reads rows without importing the connection back.
import type Database from 'better-sqlite3';
import type { StoredPuzzle } from '../../src/catalog/check.js';
import type { Tier } from '../../src/rank/tiers.js';

/** A stored puzzle: what the checks read (src/catalog/check.ts), plus where it came from. */
export interface PuzzleRow extends Omit<StoredPuzzle, 'tier'> {
  tier: Tier;
  seed: number;
  slot: number;
  method: string;
  build_id: number | null;
  /** Derived by SQLite: the size's name from m (and rows, cols), level and grade from score (generated columns). */
  shape: string;
  level: number;
  /** The name of its grader level, as its kind names the levels. */
  grade: string;
}

/**
 * A row of PUZZLE_READ read raw (its values in that order) as the object the code holds. Scans
 * read rows so: better-sqlite3 names every column of every row it makes an object of, and one
 * literal of a fixed shape costs half the CPU (an audit's scan reads every row).
 */
export function puzzleRowOf(v: unknown[]): PuzzleRow {
  return {
    id: v[0] as number,
    kind: v[1] as string,
    m: v[2] as number,
    rows: v[3] as number,
    cols: v[4] as number,
    grid: v[5] as string,
    solution: v[6] as string,
    tier: v[7] as Tier,
    nodes: v[8] as number,
    attempts: v[9] as number,
    canonical_hash: v[10] as string,
    base_id: v[11] as number | null,
    transform: v[12] as string | null,
    seed: v[13] as number,
    slot: v[14] as number,
    method: v[15] as string,
    build_id: v[16] as number | null,
    score: v[17] as number,
    checksum: v[18] as string,
    shape: v[19] as string,
    level: v[20] as number,
    grade: v[21] as string,
  };
}

/** The rows of a statement that selects PUZZLE_READ, one at a time, as puzzleRowOf reads them. */
export function* puzzleRows(stmt: Database.Statement, ...params: unknown[]): Generator<PuzzleRow, void, undefined> {
  for (const v of stmt.raw(true).iterate(...params) as IterableIterator<unknown[]>) yield puzzleRowOf(v);
}
