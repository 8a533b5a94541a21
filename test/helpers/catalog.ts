// Catalogs for the tests of the catalog tools: a small real build made by the compiled CLI,
// copies of it to tamper with (the main file and, if present, its write-ahead log), edits
// sealed with a recomputed digest or left unsealed (editCatalog), and the one way tests read a
// catalog's rows (query, scalar, dump).
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { rowDigest, schemaDigest, TableDigest, type SchemaObject } from '../../src/catalog/digest.js';
import { rowChecksum, type ChecksummedRow } from '../../src/catalog/checksum.js';
import { PUZZLE_READ } from '../../src/catalog/row.js';
import { sha256Hex } from '../../src/catalog/sha256.js';
import { DIGEST_TABLES, OPTIONAL_TABLES, SCHEMA_ENTRY } from '../../src/catalog/schema.js';
import type { BuildRow, NewPuzzle, PuzzleRow, SlotRow } from '../../pipeline/catalog/catalog.js';
import { afterAll, beforeAll, expect } from 'vitest';
import { UserError } from '../../pipeline/runtime/errors.js';
import { cli } from './cli.js';

/**
 * Build sizes 3..4, 3 bases per tier with 2 variants each (72 puzzles), tiered by the package's
 * data/tiers.json node cuts (--tier-by nodes, what these tools' tests were written for), into
 * `path`. Takes well under a second.
 */
export function buildSmallCatalog(path: string, sizes = '3..4', tierBy: 'nodes' | 'grade' = 'nodes'): void {
  const r = cli([
    'build',
    '--sizes',
    sizes,
    '--per-tier',
    '3',
    '--variants',
    '2',
    '--jobs',
    '2',
    '--tier-by',
    tierBy,
    '--db',
    path,
  ]);
  if (r.code !== 0) throw new Error(`building the test catalog failed (exit ${r.code}): ${r.stderr}`);
}

/** A byte copy of a closed catalog. */
export function copyCatalog(from: string, to: string): string {
  copyFileSync(from, to);
  if (existsSync(`${from}-wal`)) copyFileSync(`${from}-wal`, `${to}-wal`);
  return to;
}

/**
 * Edit a closed catalog with raw SQL, then recompute its digest as dominosa would: what someone
 * who knows the digest can do (the digest's threat model does not cover them). Tests use it to
 * reach the checks behind the digest, and to stand in for catalogs older releases wrote.
 */
export function editAndReseal(path: string, edit: (d: Database.Database) => void): void {
  const d = new Database(path);
  try {
    d.transaction(() => {
      edit(d);
      const put = d.prepare('INSERT OR REPLACE INTO digest (name, rows, sum) VALUES (?, ?, ?)');
      const present = new Set(d.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all());
      for (const t of [...DIGEST_TABLES, ...OPTIONAL_TABLES.filter((o) => present.has(o))]) {
        const sum = new TableDigest();
        for (const row of d.prepare(`SELECT * FROM ${t}`).iterate() as Iterable<object>) sum.add(rowDigest(t, row));
        const s = sum.stored();
        put.run(t, s.rows, s.sum);
      }
      const schema = schemaDigest(
        d.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master').all() as SchemaObject[],
      );
      put.run(SCHEMA_ENTRY, schema.rows, schema.sum);
    })();
  } finally {
    d.close();
  }
}

/** Edit a closed catalog with raw SQL on a writable connection of its own, digest left as it was: what someone tampering by hand does. */
export function editCatalog(path: string, edit: (d: Database.Database) => void): void {
  const d = new Database(path);
  try {
    edit(d);
  } finally {
    d.close();
  }
}

/** Rows `sql` selects from the catalog at `path`, read on a read-only connection of its own. */
export function query<T = Record<string, unknown>>(path: string, sql: string, ...args: unknown[]): T[] {
  const d = new Database(path, { readonly: true });
  try {
    return d.prepare(sql).all(...args) as T[];
  } finally {
    d.close();
  }
}

/** The first column of the first row `sql` selects from the catalog at `path`, read on a read-only connection of its own. */
export function scalar<T = unknown>(path: string, sql: string, ...args: unknown[]): T {
  const d = new Database(path, { readonly: true });
  try {
    return d
      .prepare(sql)
      .pluck()
      .get(...args) as T;
  } finally {
    d.close();
  }
}

/** A catalog's rows, for comparing catalogs: what it holds (not when it was made) and whether its pages are sound. */
export interface CatalogDump {
  puzzles: PuzzleRow[];
  slots: SlotRow[];
  /** Every column but the run times. */
  builds: Omit<BuildRow, 'started_at' | 'finished_at'>[];
  thresholds: {
    build_id: number | null;
    kind: string;
    shape: string;
    measure: string;
    t1: number;
    t2: number;
    t3: number;
    solver_version: string;
  }[];
  /** SQLite's integrity_check: 'ok' for a sound file. */
  integrity: string;
}

export function dumpCatalog(path: string): CatalogDump {
  const d = new Database(path, { readonly: true });
  try {
    return {
      // As the code reads them: hashes as hex.
      puzzles: d.prepare(`SELECT ${PUZZLE_READ} FROM puzzles ORDER BY id`).all() as PuzzleRow[],
      slots: d.prepare('SELECT * FROM slots ORDER BY build_id, shape, slot').all() as SlotRow[],
      builds: d
        .prepare(
          'SELECT id, key, seed, options, solver_version, grader_version, counts, status FROM builds ORDER BY id',
        )
        .all() as CatalogDump['builds'],
      thresholds: d
        .prepare(
          'SELECT build_id, kind, shape, measure, t1, t2, t3, solver_version FROM thresholds ORDER BY build_id, kind, shape',
        )
        .all() as CatalogDump['thresholds'],
      integrity: d.pragma('integrity_check', { simple: true }) as string,
    };
  } finally {
    d.close();
  }
}

/** Every puzzle row `where` selects (default all), read on a raw connection as the code holds them: hashes as hex. */
export function storedRows<T = PuzzleRow>(d: Database.Database, where = '1', ...args: unknown[]): T[] {
  return d.prepare(`SELECT ${PUZZLE_READ} FROM puzzles WHERE ${where} ORDER BY id`).all(...args) as T[];
}

/** A row's checksum as the catalog stores it (32 bytes), for a test that reseals a row it changed. */
export function checksumBlob(p: ChecksummedRow): Buffer {
  return Buffer.from(rowChecksum(p), 'hex');
}

/** A canonical hash (64 hex digits, as the code holds one) named by a label, for rows made up by tests. */
export function hashOf(label: string): string {
  return sha256Hex(label);
}

/** A puzzle row to insert, small and valid, with `over` changed. */
export function newPuzzle(over: Partial<NewPuzzle> = {}): NewPuzzle {
  return {
    kind: 'dominosa',
    m: 1,
    rows: 2,
    cols: 3,
    // [[0,0,0],[1,1,1]], laid as [[0,0,1,0],[0,1,0,2],[1,1,1,2]] (src/dominosa/stored.ts's forms).
    grid: '000111',
    solution: 'DRLURL',
    tier: 'easy',
    nodes: 1,
    score: 1,
    attempts: 1,
    canonical_hash: hashOf('h1'),
    base_id: null,
    transform: null,
    seed: 1,
    slot: 0,
    method: 'rejection',
    build_id: null,
    ...over,
  };
}

/** A folder made before the file's tests and removed after them; the function names a new catalog path in it. */
export function freshCatalogs(): () => string {
  let dir = '';
  let n = 0;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'dominosa-catalog-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return () => join(dir, `c${n++}.sqlite`);
}

/** fn throws a UserError (the one line the shell prints) whose message matches. */
export function expectUserError(fn: () => unknown, message: RegExp): void {
  let caught: unknown;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(UserError);
  expect((caught as Error).message).toMatch(message);
}
