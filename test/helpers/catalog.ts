// Catalogs for the tests of the catalog tools: a small real build made by the compiled CLI,
// copies of it to tamper with (the main file and, if present, its write-ahead log), and edits
// sealed with a recomputed digest.
import { copyFileSync, existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { rowDigest, schemaDigest, TableDigest, type SchemaObject } from '../../src/catalog/digest.js';
import { DIGEST_TABLES, OPTIONAL_TABLES, SCHEMA_ENTRY } from '../../src/catalog/schema.js';
import { cli } from './cli.js';

/**
 * Build sizes 3..4, 3 bases per tier with 2 variants each (72 puzzles), tiered by the package's
 * data/tiers.json node cuts (--tier-by nodes, what these tools' tests were written for), into
 * `path`. Takes well under a second.
 */
export function buildSmallCatalog(path: string, sizes = '3..4', tierBy: 'nodes' | 'grade' = 'nodes'): void {
  const r = cli(['build', '--sizes', sizes, '--per-tier', '3', '--variants', '2', '--jobs', '2', '--tier-by', tierBy, '--db', path]);
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
      const schema = schemaDigest(d.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master').all() as SchemaObject[]);
      put.run(SCHEMA_ENTRY, schema.rows, schema.sum);
    })();
  } finally {
    d.close();
  }
}
