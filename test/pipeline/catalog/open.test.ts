// Tests for pipeline/catalog/open.ts and schema.ts: creating and reopening a catalog, refusing
// foreign or other-version files without touching them, and reads from one snapshot.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { Catalog } from '../../../pipeline/catalog/catalog.js';
import { SCHEMA_VERSION } from '../../../src/catalog/schema.js';
import { editCatalog, freshCatalogs, expectUserError, hashOf, newPuzzle as puzzle } from '../../helpers/catalog.js';

const fresh = freshCatalogs();

describe('Catalog.open', () => {
  it('creates the schema with WAL and foreign keys, and reopens it', () => {
    const path = fresh();
    const cat = Catalog.open(path, { create: true });
    expect(cat.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(cat.db.pragma('foreign_keys', { simple: true })).toBe(1);
    const tables = cat.db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).pluck().all();
    expect(tables).toEqual(['builds', 'digest', 'meta', 'puzzles', 'slots', 'thresholds', 'writer']);
    expect(cat.db.prepare(`SELECT value FROM meta WHERE key = 'schema_version'`).pluck().get()).toBe(
      String(SCHEMA_VERSION),
    );
    cat.close();
    // A closed writer leaves the file in rollback-journal mode, with no sidecar files.
    expect(existsSync(`${path}-wal`) || existsSync(`${path}-shm`)).toBe(false);
    const again = Catalog.open(path);
    expect(again.countPuzzles()).toBe(0);
    again.close();
    const ro = Catalog.open(path, { readonly: true });
    expect(ro.countPuzzles()).toBe(0);
    expect(ro.db.pragma('journal_mode', { simple: true })).toBe('delete');
    ro.close();
  });

  it('refuses a missing catalog unless asked to create it', () => {
    const missing = fresh();
    expectUserError(() => Catalog.open(missing), /no catalog at/);
    expectUserError(() => Catalog.open(missing, { readonly: true }), /no catalog at/);
  });

  it('refuses, untouched, a catalog of another schema version', () => {
    const path = fresh();
    Catalog.open(path, { create: true }).close();
    editCatalog(path, (d) => {
      d.prepare(`UPDATE meta SET value = '99' WHERE key = 'schema_version'`).run();
      d.pragma('wal_checkpoint(TRUNCATE)');
    });
    const before = readFileSync(path);
    expectUserError(
      () => Catalog.open(path, { create: true }),
      new RegExp(`schema version 99; this dominosa reads version ${SCHEMA_VERSION} only$`),
    );
    expect(readFileSync(path)).toEqual(before);
  });

  it('refuses, untouched, a SQLite database that is not a catalog, and a file that is not SQLite', () => {
    const foreign = fresh();
    // Raw: this makes a SQLite file that is not a catalog, nothing the catalog helpers read or tamper with.
    const d = new Database(foreign);
    d.exec('CREATE TABLE notes (x TEXT)');
    d.close();
    const before = readFileSync(foreign);
    expectUserError(() => Catalog.open(foreign, { create: true }), /not a dominosa catalog/);
    expect(readFileSync(foreign)).toEqual(before);

    const text = fresh();
    writeFileSync(text, 'just some text, long enough to have a header '.repeat(10));
    const textBefore = readFileSync(text);
    expectUserError(() => Catalog.open(text, { create: true }), /not a SQLite database/);
    expect(readFileSync(text)).toEqual(textBefore);
  });
});
describe('read snapshots', () => {
  it('a reader between beginRead and endRead sees one snapshot, whole, while a writer commits', () => {
    const path = fresh();
    const w = Catalog.open(path, { create: true, verb: 'build' });
    const r = Catalog.open(path, { readonly: true });
    try {
      w.insertPuzzle(puzzle());
      r.beginRead();
      const before = r.countPuzzles();
      w.insertPuzzle(puzzle({ slot: 1, canonical_hash: hashOf('h2') }));
      // Counted again, and the digest recomputed, inside the snapshot: the writer's commit is not seen.
      expect(r.countPuzzles()).toBe(before);
      expect(r.computeDigests()).toEqual(r.storedDigests());
      r.endRead();
      expect(r.countPuzzles()).toBe(before + 1);
      expect(r.computeDigests()).toEqual(r.storedDigests());
    } finally {
      r.close();
      w.close();
    }
  });
});
