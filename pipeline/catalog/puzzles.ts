// The puzzles table: base puzzles and their variants, one insert path (its column list is
// src/catalog/row.ts's) and the reads the verbs share, every one of them through the row as the
// code holds it (row.ts's PUZZLE_READ: the hashes as hex; the 32 bytes they are stored as bound here). A
// second puzzle kind is a column here and a module beside it, not a second table of the same shape.
import { PUZZLE_COLUMNS, PUZZLE_READ, puzzleRecord, type PuzzleRecord } from '../../src/catalog/row.js';
import { measureColumn, type TierMeasure } from '../../src/rank/rule.js';
import { findKind, kindNamed, type KindName } from '../../src/kinds.js';
import { zeroTierCounts, type Tier } from '../../src/rank/tiers.js';
import type { Connection } from './connection.js';
import { puzzleRows, type PuzzleRow } from './puzzle-row.js';

export type { PuzzleRow };
import { hashBlob, hexColumn } from './hash-column.js';
import { readThresholds } from './thresholds.js';

/** A row to insert: the catalog computes the checksum, SQLite the level and grade. */
export type NewPuzzle = Omit<PuzzleRow, 'id' | 'checksum' | 'shape' | 'level' | 'grade'>;

/** Which puzzles a verb works on; absent filters select everything. */
export interface PuzzleFilter {
  /** One kind's puzzles only. */
  kind?: KindName;
  /** Sizes by key (the shape column: M, or RxC:N). */
  shapes?: readonly string[];
  tiers?: readonly Tier[];
  /** Variants too (default false: base puzzles only). */
  includeVariants?: boolean;
  /** Only puzzles of these grades (the grade column's names). */
  grades?: readonly string[];
}

/** Per size and tier: how many base puzzles, and their range on the size's tier measure. */
export interface TierStat {
  /** The size's key. */
  size: string;
  tier: Tier;
  count: number;
  measure: TierMeasure;
  min: number;
  max: number;
}

const INSERT = `INTO puzzles (${PUZZLE_COLUMNS.join(', ')}) VALUES (${PUZZLE_COLUMNS.map((c) => `@${c}`).join(', ')})`;

/**
 * The one insert of puzzle rows, each bound as it is (ids and checksum included; an id null is
 * SQLite's to give). `orIgnore` keeps a row already holding the natural key. Returns each row's
 * id, null where it was ignored.
 */
export function insertPuzzles(conn: Connection, records: readonly PuzzleRecord[], orIgnore = false): (number | null)[] {
  return conn.write(() => {
    const insert = conn.stmt(`INSERT ${orIgnore ? 'OR IGNORE ' : ''}${INSERT}`);
    const ids: (number | null)[] = [];
    for (const r of records) {
      const info = insert.run({ ...r, canonical_hash: hashBlob(r.canonical_hash), checksum: hashBlob(r.checksum) });
      if (info.changes !== 1) {
        ids.push(null);
        continue;
      }
      const id = r.id ?? Number(info.lastInsertRowid);
      conn.added('puzzles', r.id === null ? { ...r, id } : r);
      ids.push(id);
    }
    return ids;
  });
}

/** Insert a puzzle with its checksum, under the given id (a migration keeps every row's) or the next; returns its id. */
export function insertPuzzle(conn: Connection, p: NewPuzzle, id: number | null = null): number {
  return insertPuzzles(conn, [puzzleRecord(p, { id, base_id: p.base_id, build_id: p.build_id })])[0]!;
}

/**
 * Insert a puzzle unless one with its natural key is there (a base's kind, shape, seed and slot; a
 * variant's base and transform), and return the id of the row holding that key (null if a base of
 * its class holds it elsewhere).
 */
export function insertPuzzleOrIgnore(conn: Connection, p: NewPuzzle): number | null {
  return conn.write(() => {
    insertPuzzles(conn, [puzzleRecord(p, { base_id: p.base_id, build_id: p.build_id })], true);
    const id =
      p.base_id === null
        ? conn
            .stmt('SELECT id FROM puzzles WHERE kind = ? AND shape = ? AND seed = ? AND slot = ? AND base_id IS NULL')
            .pluck()
            .get(p.kind, kindNamed(p.kind).sizes.keyOf(p), p.seed, p.slot)
        : conn.stmt('SELECT id FROM puzzles WHERE base_id = ? AND transform = ?').pluck().get(p.base_id, p.transform);
    return (id as number | undefined) ?? null;
  });
}

/** The id SQLite gives the next puzzle row inserted without one: one past the largest. */
export function nextPuzzleId(conn: Connection): number {
  return conn.stmt('SELECT IFNULL(MAX(id), 0) + 1 FROM puzzles').pluck().get() as number;
}

export function getPuzzle(conn: Connection, id: number): PuzzleRow | undefined {
  return conn.stmt(`SELECT ${PUZZLE_READ} FROM puzzles WHERE id = ?`).get(id) as PuzzleRow | undefined;
}

/** All puzzles in id order, one row at a time (memory stays flat on a large catalog). */
export function iteratePuzzles(conn: Connection): IterableIterator<PuzzleRow> {
  // Only this read runs this statement, so the raw mode puzzleRows sets on it stays its own.
  return puzzleRows(conn.stmt(`SELECT ${PUZZLE_READ} FROM puzzles ORDER BY id`));
}

export function countPuzzles(conn: Connection): number {
  return conn.stmt('SELECT COUNT(*) FROM puzzles').pluck().get() as number;
}

/** Puzzles of a kind per size (bases and variants), by key, in the kind's order of sizes. */
export function sizeCounts(conn: Connection, kind: KindName): Map<string, number> {
  const rows = conn
    .stmt('SELECT shape, COUNT(*) AS n FROM puzzles WHERE kind = ? GROUP BY shape ORDER BY shape')
    .all(kind) as { shape: string; n: number }[];
  return new Map(
    inSizeOrder(
      kind,
      rows.map((r) => [r.shape, r.n]),
    ),
  );
}

/** Entries keyed by a kind's sizes, in the kind's order (a kind this release does not know: key order). */
export function inSizeOrder<T>(kind: KindName, entries: [string, T][]): [string, T][] {
  const sizes = findKind(kind)?.sizes;
  return sizes === undefined ? entries : entries.sort((a, b) => sizes.compare(a[0], b[0]));
}

/** Id of the base puzzle of a kind's symmetry class, or null. */
export function baseIdByHash(conn: Connection, kind: KindName, canonicalHash: string): number | null {
  const id = conn
    .stmt('SELECT id FROM puzzles WHERE kind = ? AND canonical_hash = ? AND base_id IS NULL')
    .pluck()
    .get(kind, hashBlob(canonicalHash));
  return (id as number | undefined) ?? null;
}

/** The base puzzle of a kind's size made by (seed, slot), whatever build made it: the natural key every build's rows share. */
export function baseAt(
  conn: Connection,
  kind: KindName,
  shape: string,
  seed: number,
  slot: number,
): { id: number; canonical_hash: string } | undefined {
  return conn
    .stmt(
      `SELECT id, ${hexColumn('canonical_hash')} FROM puzzles WHERE kind = ? AND shape = ? AND seed = ? AND slot = ? AND base_id IS NULL`,
    )
    .get(kind, shape, seed, slot) as { id: number; canonical_hash: string } | undefined;
}

/** The variants of a base puzzle, in id order. */
export function variantsOf(conn: Connection, baseId: number): PuzzleRow[] {
  return conn.stmt(`SELECT ${PUZZLE_READ} FROM puzzles WHERE base_id = ? ORDER BY id`).all(baseId) as PuzzleRow[];
}

/** The canonical hash of every base puzzle of a kind, one at a time (memory stays flat on a large catalog). */
export function iterateBaseHashes(conn: Connection, kind: KindName): IterableIterator<string> {
  return conn
    .stmt(`SELECT ${hexColumn('canonical_hash')} FROM puzzles WHERE kind = ? AND base_id IS NULL`)
    .pluck()
    .iterate(kind) as IterableIterator<string>;
}

/** Id, kind and canonical hash of every base puzzle. */
export function baseHashes(conn: Connection): { id: number; kind: KindName; canonical_hash: string }[] {
  return conn
    .stmt(`SELECT id, kind, ${hexColumn('canonical_hash')} FROM puzzles WHERE base_id IS NULL ORDER BY id`)
    .all() as {
    id: number;
    kind: KindName;
    canonical_hash: string;
  }[];
}

/** Nodes, score and tier of the base puzzles of a kind's size, in id order. */
export function baseDifficulties(
  conn: Connection,
  kind: KindName,
  size: string,
): { nodes: number; score: number; tier: Tier }[] {
  return conn
    .stmt('SELECT nodes, score, tier FROM puzzles WHERE kind = ? AND shape = ? AND base_id IS NULL ORDER BY id')
    .all(kind, size) as { nodes: number; score: number; tier: Tier }[];
}

/** Ids of the puzzles the filter selects, ascending. */
export function puzzleIds(conn: Connection, filter: PuzzleFilter = {}): number[] {
  const where: string[] = [];
  const args: (number | string)[] = [];
  if (filter.kind) {
    where.push('kind = ?');
    args.push(filter.kind);
  }
  if (filter.shapes) {
    where.push(`shape IN (${filter.shapes.map(() => '?').join(', ') || 'NULL'})`);
    args.push(...filter.shapes);
  }
  if (filter.tiers) {
    where.push(`tier IN (${filter.tiers.map(() => '?').join(', ') || 'NULL'})`);
    args.push(...filter.tiers);
  }
  if (filter.grades) {
    where.push(`grade IN (${filter.grades.map(() => '?').join(', ') || 'NULL'})`);
    args.push(...filter.grades);
  }
  if (!filter.includeVariants) where.push('base_id IS NULL');
  const sql = `SELECT id FROM puzzles ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id`;
  return conn.db
    .prepare(sql)
    .pluck()
    .all(...args) as number[];
}

// Rows a build found in the catalog when it started: those of no build or of an earlier one.
const BEFORE_BUILD = '(build_id IS NULL OR build_id < ?)';

/** Base puzzles of a kind's size per tier; with `beforeBuild`, only those the catalog held before that build. */
export function tierCounts(conn: Connection, kind: KindName, size: string, beforeBuild?: number): Record<Tier, number> {
  const counts = zeroTierCounts();
  const before = beforeBuild === undefined ? '' : ` AND ${BEFORE_BUILD}`;
  const rows = conn
    .stmt(
      `SELECT tier, COUNT(*) AS n FROM puzzles WHERE kind = ? AND shape = ? AND base_id IS NULL${before} GROUP BY tier`,
    )
    .all(...(beforeBuild === undefined ? [kind, size] : [kind, size, beforeBuild])) as { tier: Tier; n: number }[];
  for (const r of rows) counts[r.tier] = r.n;
  return counts;
}

/** Whether the catalog held a base of this kind and class before build `beforeBuild`. */
export function hasBaseBefore(conn: Connection, kind: KindName, canonicalHash: string, beforeBuild: number): boolean {
  return (
    conn
      .stmt(`SELECT 1 FROM puzzles WHERE kind = ? AND canonical_hash = ? AND base_id IS NULL AND ${BEFORE_BUILD}`)
      .get(kind, hashBlob(canonicalHash), beforeBuild) !== undefined
  );
}

/**
 * Count of the base puzzles of a kind per size and tier, and their range on the measure the
 * size's current cuts cut (nodes when it has none), each size's tiers in the measure's order.
 */
export function tierStats(conn: Connection, kind: KindName): TierStat[] {
  const rules = readThresholds(conn, null, kind);
  const out: TierStat[] = [];
  for (const size of sizeCounts(conn, kind).keys()) {
    const measure = rules.get(size)?.measure ?? 'nodes';
    const col = measureColumn(measure);
    const rows = conn
      .stmt(
        `SELECT tier, COUNT(*) AS count, MIN(${col}) AS min, MAX(${col}) AS max
       FROM puzzles WHERE kind = ? AND shape = ? AND base_id IS NULL GROUP BY tier ORDER BY MIN(${col})`,
      )
      .all(kind, size) as { tier: Tier; count: number; min: number; max: number }[];
    for (const r of rows) out.push({ size, measure, ...r });
  }
  return out;
}
