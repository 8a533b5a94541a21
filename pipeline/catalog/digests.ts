// The catalog's digest (src/catalog/digest.ts holds its arithmetic) as the catalog layer keeps
// it: a writer's running sums per table, written in the transaction of each batch; the entries
// as stored; and the full recount from every row and the schema that audit compares them with.
import { openIterators } from './open-iterators.js';
import type Database from 'better-sqlite3';
import { rowDigest, schemaDigest, TableDigest, type StoredDigest } from '../../src/catalog/digest.js';
import { PUZZLE_READ } from '../../src/catalog/row.js';
import { puzzleRows } from './puzzle-row.js';
import {
  DIGEST_COLUMNS,
  DIGEST_TABLES,
  OPTIONAL_TABLES,
  SCHEMA_ENTRY,
  type DigestTable,
} from '../../src/catalog/schema.js';
import { optionalTables, schemaObjects } from './schema.js';

/** A writer's running digest per table, and the tables changed since it last wrote them. */
export class RunningDigests {
  private sums: Map<DigestTable, TableDigest> | null = null;
  private readonly dirty = new Set<DigestTable>();

  /** Every table of a new catalog, empty, each to be written (a missing entry is then damage). */
  startEmpty(): void {
    this.sums = new Map(DIGEST_TABLES.map((t) => [t, new TableDigest()]));
    for (const t of DIGEST_TABLES) this.dirty.add(t);
  }

  /** Take up the stored sums (an optional table's too, where the catalog has it). */
  load(stored: ReadonlyMap<string, StoredDigest>): void {
    this.sums = new Map(DIGEST_TABLES.map((t) => [t, new TableDigest()]));
    for (const [name, d] of stored) {
      if (Object.hasOwn(DIGEST_COLUMNS, name)) this.sums.set(name as DigestTable, TableDigest.parse(d));
    }
  }

  /** A table just made (an optional one): empty, to be written. */
  track(table: DigestTable): void {
    this.sums?.set(table, new TableDigest());
    this.dirty.add(table);
  }

  /** The running sum of a table, marked to be written; only a writer has them. */
  of(table: DigestTable, path: string): TableDigest {
    const d = this.sums?.get(table);
    if (d === undefined) throw new Error(`${path} is not open to write`);
    this.dirty.add(table);
    return d;
  }

  /** A copy to go back to when a transaction rolls back (null: not a writer). */
  save(): Map<DigestTable, TableDigest> | null {
    return this.sums === null ? null : new Map([...this.sums].map(([k, v]) => [k, v.clone()]));
  }

  restore(saved: Map<DigestTable, TableDigest> | null): void {
    if (saved !== null) this.sums = saved;
  }

  /** Write the changed tables' sums (inside the transaction that changed them) with `put` (FLUSH_SQL). */
  flush(put: Database.Statement): void {
    if (this.sums === null || this.dirty.size === 0) return;
    for (const t of this.dirty) {
      const d = this.sums.get(t)!.stored();
      put.run(t, d.rows, d.sum);
    }
    this.dirty.clear();
  }
}

/** The statement flush() runs per changed table. */
export const FLUSH_SQL =
  'INSERT INTO digest (name, rows, sum) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET rows = excluded.rows, sum = excluded.sum';

/** Write the schema's digest entry as the schema now stands (after making objects). */
export function putSchemaDigest(db: Database.Database): void {
  const s = schemaDigest(schemaObjects(db));
  db.prepare('INSERT OR REPLACE INTO digest (name, rows, sum) VALUES (?, ?, ?)').run(SCHEMA_ENTRY, s.rows, s.sum);
}

/** The digest as stored, per table and for the schema. */
export function storedDigests(db: Database.Database): Map<string, StoredDigest> {
  const rows = db.prepare('SELECT name, rows, sum FROM digest ORDER BY name').all() as ({
    name: string;
  } & StoredDigest)[];
  return new Map(rows.map((r) => [r.name, { rows: r.rows, sum: r.sum }]));
}

/** The stored digest as one string: equal stamps, equal catalogs. */
export function stamp(db: Database.Database): string {
  return JSON.stringify([...storedDigests(db)]);
}

/**
 * The digest recomputed from every row and the schema (a full scan). Each puzzle row is handed
 * to `eachPuzzle` on the way, so a caller checks rows in the same pass.
 */
export function computeDigests<P>(db: Database.Database, eachPuzzle?: (p: P) => void): Map<string, StoredDigest> {
  const walk = digestWalk<P>(db, eachPuzzle !== undefined);
  try {
    for (;;) {
      const next = walk.next();
      if (next.done) return next.value;
      eachPuzzle!(next.value);
    }
  } finally {
    // A row refused by eachPuzzle (a throw) ends the scan: its statement is let go.
    walk.return(new Map());
  }
}

/**
 * computeDigests as a walk its caller drives, puzzles first: with `rows`, each puzzle row (every
 * column) is yielded in id order as it is counted, so the caller may hand rows on, and await
 * between them, while the scan goes on; it returns the digests.
 */
export function* digestWalk<P>(
  db: Database.Database,
  rows: boolean,
): Generator<P, Map<string, StoredDigest>, undefined> {
  const tables = [...DIGEST_TABLES, ...optionalTables(db)];
  const sums = new Map<string, StoredDigest>();
  for (const t of ['puzzles' as const, ...tables.filter((t) => t !== 'puzzles')]) {
    const d = new TableDigest();
    const all = t === 'puzzles' && rows;
    // An optional table is read whole: if redefined outside dominosa it may lack a column (the schema
    // check names it). Its blobs, and the puzzles' checksums, count as hex (src/catalog/digest.ts).
    const cols = all
      ? PUZZLE_READ
      : (OPTIONAL_TABLES as readonly string[]).includes(t)
        ? '*'
        : DIGEST_COLUMNS[t].join(', ');
    const order = t === 'puzzles' ? ' ORDER BY id' : '';
    const stmt = db.prepare(`SELECT ${cols} FROM ${t}${order}`);
    const rowsOf = (all ? puzzleRows(stmt) : stmt.iterate()) as IterableIterator<Record<string, unknown>>;
    openIterators.add(rowsOf);
    try {
      for (const row of rowsOf) {
        d.add(rowDigest(t, row));
        if (all) yield row as P;
      }
    } finally {
      openIterators.delete(rowsOf);
    }
    sums.set(t, d.stored());
  }
  // In the tables' own order, as the failures name them.
  const out = new Map(tables.map((t) => [t as string, sums.get(t)!]));
  out.set(SCHEMA_ENTRY, schemaDigest(schemaObjects(db)));
  return out;
}
