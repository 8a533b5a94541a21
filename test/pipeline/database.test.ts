// Tests for pipeline/catalog.ts and src/catalog/schema.ts: creating and reopening a catalog,
// refusing foreign or other-version files without touching them, the keys that keep merges
// and resumes idempotent, and the read helpers.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Catalog, type NewPuzzle } from '../../pipeline/catalog/catalog.js';
import { UserError } from '../../pipeline/errors.js';
import { SCHEMA_VERSION } from '../../src/catalog/schema.js';
import { puzzleRecord } from '../../src/catalog/row.js';

let dir: string;
let n = 0;
const fresh = (): string => join(dir, `c${n++}.sqlite`);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dominosa-catalog-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function puzzle(over: Partial<NewPuzzle> = {}): NewPuzzle {
  return {
    m: 1,
    rows: 2,
    cols: 3,
    grid: '[[0,0,0],[1,1,1]]',
    solution: '[[0,0,1,0],[0,1,0,2],[1,1,1,2]]',
    tier: 'easy',
    nodes: 1,
    score: 1,
    attempts: 1,
    canonical_hash: 'h1',
    base_id: null,
    transform: null,
    seed: 1,
    slot: 0,
    method: 'rejection',
    build_id: null,
    ...over,
  };
}

function expectUserError(fn: () => unknown, message: RegExp): void {
  let caught: unknown;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(UserError);
  expect((caught as Error).message).toMatch(message);
}

describe('Catalog.open', () => {
  it('creates the schema with WAL and foreign keys, and reopens it', () => {
    const path = fresh();
    const cat = Catalog.open(path, { create: true });
    expect(cat.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(cat.db.pragma('foreign_keys', { simple: true })).toBe(1);
    const tables = cat.db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).pluck().all();
    expect(tables).toEqual(['builds', 'digest', 'meta', 'puzzles', 'slots', 'thresholds', 'writer']);
    expect(cat.db.prepare(`SELECT value FROM meta WHERE key = 'schema_version'`).pluck().get()).toBe(String(SCHEMA_VERSION));
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
    expectUserError(() => Catalog.open(join(dir, 'missing.sqlite')), /no catalog at/);
    expectUserError(() => Catalog.open(join(dir, 'missing.sqlite'), { readonly: true }), /no catalog at/);
  });

  it('refuses, untouched, a catalog of another schema version', () => {
    const path = fresh();
    Catalog.open(path, { create: true }).close();
    const d = new Database(path);
    d.prepare(`UPDATE meta SET value = '99' WHERE key = 'schema_version'`).run();
    d.pragma('wal_checkpoint(TRUNCATE)');
    d.close();
    const before = readFileSync(path);
    expectUserError(() => Catalog.open(path, { create: true }), new RegExp(`schema version 99; this dominosa reads version ${SCHEMA_VERSION} only$`));
    expect(readFileSync(path)).toEqual(before);
  });

  it('refuses, untouched, a SQLite database that is not a catalog, and a file that is not SQLite', () => {
    const foreign = fresh();
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

describe('catalog keys', () => {
  let cat: Catalog;
  beforeAll(() => {
    cat = Catalog.open(fresh(), { create: true });
  });
  afterAll(() => cat.close());

  it('holds one base per canonical hash, while variants share their base hash', () => {
    const id = cat.insertPuzzle(puzzle({ canonical_hash: 'dup', slot: 10 }));
    expect(() => cat.insertPuzzle(puzzle({ canonical_hash: 'dup', slot: 11 }))).toThrow(/UNIQUE/);
    cat.insertPuzzle(puzzle({ canonical_hash: 'dup', slot: 10, base_id: id, transform: 'mirror-h' }));
    expect(cat.hasBase('dup')).toBe(true);
    expect(cat.hasBase('other')).toBe(false);
  });

  it('keeps (m, seed, slot, transform) unique, bases included', () => {
    const id = cat.insertPuzzle(puzzle({ canonical_hash: 'n1', slot: 20 }));
    expect(() => cat.insertPuzzle(puzzle({ canonical_hash: 'n2', slot: 20 }))).toThrow(/UNIQUE/);
    cat.insertPuzzle(puzzle({ canonical_hash: 'n1', slot: 20, base_id: id, transform: 'rot180' }));
    expect(() => cat.insertPuzzle(puzzle({ canonical_hash: 'n1', slot: 20, base_id: id, transform: 'rot180' }))).toThrow(/UNIQUE/);
    // The same slot under another seed is another puzzle.
    cat.insertPuzzle(puzzle({ canonical_hash: 'n3', slot: 20, seed: 2 }));
  });

  it('requires base_id and transform together, a known tier and an existing base', () => {
    expect(() => cat.insertPuzzle(puzzle({ canonical_hash: 'x1', slot: 30, transform: 'rot180' }))).toThrow(/CHECK/);
    expect(() => cat.insertPuzzle(puzzle({ canonical_hash: 'x2', slot: 31, tier: 'trivial' as never }))).toThrow(/CHECK/);
    expect(() => cat.insertPuzzle(puzzle({ canonical_hash: 'x3', slot: 32, base_id: 9999, transform: 'rot180' }))).toThrow(/FOREIGN KEY/);
  });

  it('rolls a failed transaction back whole', () => {
    const before = cat.countPuzzles();
    expect(() =>
      cat.transaction(() => {
        cat.insertPuzzle(puzzle({ canonical_hash: 't1', slot: 40 }));
        cat.insertPuzzle(puzzle({ canonical_hash: 't1', slot: 41 }));
      }),
    ).toThrow(/UNIQUE/);
    expect(cat.countPuzzles()).toBe(before);
    expect(cat.hasBase('t1')).toBe(false);
  });
});

describe('catalog reads and writes', () => {
  it('tracks builds, slots, thresholds and tier counts', () => {
    const cat = Catalog.open(fresh(), { create: true });
    try {
      const b = cat.createBuild({ key: 'k', seed: 5, options: '{}', solver_version: 'v', grader_version: 'g', started_at: 'now', status: 'running' });
      expect(cat.findBuild('k')?.id).toBe(b);
      expect(cat.findBuild('nope')).toBeUndefined();
      cat.updateBuild(b, 'finished', { a: 1 }, 'later');
      expect(cat.findBuild('k')).toMatchObject({ status: 'finished', counts: '{"a":1}', finished_at: 'later' });
      expect(() => cat.updateBuild(b, 'bogus' as never, {}, null)).toThrow(/CHECK/);

      const nodes = (t1: number, t2: number, t3: number) => ({ measure: 'nodes' as const, th: { t1, t2, t3 } });
      cat.writeThresholds(b, 3, nodes(1, 2, 3), 'v');
      cat.writeThresholds(null, 3, nodes(1, 2, 3), 'v');
      cat.writeThresholds(null, 3, nodes(2, 4, 6), 'w');
      expect(cat.readThresholds(b).get(3)).toEqual({ ...nodes(1, 2, 3), solverVersion: 'v' });
      expect(cat.readThresholds(null).get(3)).toEqual({ ...nodes(2, 4, 6), solverVersion: 'w' });
      expect(() => cat.writeThresholds(b, 4, nodes(3, 2, 5), 'v')).toThrow(/CHECK/);
      cat.writeThresholds(null, 5, { measure: 'score', th: { t1: 1.5, t2: 2.25, t3: 5.125 } }, 'v');
      expect(cat.readThresholds(null).get(5)).toEqual({ measure: 'score', th: { t1: 1.5, t2: 2.25, t3: 5.125 }, solverVersion: 'v' });
      expect(() => cat.writeThresholds(null, 6, { measure: 'level' as never, th: { t1: 1, t2: 2, t3: 3 } }, 'v')).toThrow(/CHECK/);

      expect(cat.nextSlot(b, 3)).toBe(0);
      const p = cat.insertPuzzle(puzzle({ m: 3, tier: 'hard', nodes: 7, canonical_hash: 'a', build_id: b }));
      cat.insertPuzzle(puzzle({ m: 3, tier: 'hard', nodes: 9, canonical_hash: 'b', slot: 1, build_id: b }));
      cat.insertPuzzle(puzzle({ m: 3, tier: 'easy', nodes: 2, canonical_hash: 'c', slot: 2, build_id: b }));
      cat.insertPuzzle(puzzle({ m: 3, tier: 'hard', nodes: 7, canonical_hash: 'a', base_id: p, transform: 'rot180' }));
      cat.insertSlots([{ build_id: b, m: 3, slot: 0, outcome: 'kept', attempts: 4, puzzle_id: p }]);
      cat.insertSlots([{ build_id: b, m: 3, slot: 1, outcome: 'tier-full', attempts: 2, puzzle_id: null }]);
      expect(() => cat.insertSlots([{ build_id: b, m: 3, slot: 1, outcome: 'kept', attempts: 1, puzzle_id: null }])).toThrow(/UNIQUE|PRIMARY/);
      expect(() => cat.insertSlots([{ build_id: b, m: 3, slot: 2, outcome: 'maybe' as never, attempts: 1, puzzle_id: null }])).toThrow(/CHECK/);
      expect(cat.nextSlot(b, 3)).toBe(2);
      expect(cat.nextSlot(b, 4)).toBe(0);
      expect([...cat.slotStats(b, 3)]).toEqual(
        expect.arrayContaining([
          ['kept', { slots: 1, attempts: 4 }],
          ['tier-full', { slots: 1, attempts: 2 }],
        ]),
      );

      // Variants do not count towards a tier.
      expect(cat.tierCounts(3)).toEqual({ easy: 1, normal: 0, hard: 2, expert: 0 });
      expect(cat.tierStats()).toEqual([
        { m: 3, tier: 'easy', count: 1, measure: 'nodes', min: 2, max: 2 },
        { m: 3, tier: 'hard', count: 2, measure: 'nodes', min: 7, max: 9 },
      ]);
      expect([...cat.iteratePuzzles()].map((r) => [r.id, r.base_id, r.transform])).toEqual([
        [1, null, null],
        [2, null, null],
        [3, null, null],
        [4, 1, 'rot180'],
      ]);
    } finally {
      cat.close();
    }
  });
});

describe('the digest', () => {
  it('is kept in step by every write, and rolled back with a failed transaction', () => {
    const path = fresh();
    const cat = Catalog.open(path, { create: true });
    try {
      const check = (): void => expect(cat.computeDigests()).toEqual(cat.storedDigests());
      check();
      const b = cat.createBuild({ key: 'k', seed: 5, options: '{}', solver_version: 'v', grader_version: 'g', started_at: 'now', status: 'running' });
      cat.writeThresholds(null, 1, { measure: 'nodes', th: { t1: 1, t2: 2, t3: 3 } }, 'v');
      cat.writeThresholds(null, 1, { measure: 'nodes', th: { t1: 2, t2: 3, t3: 4 } }, 'v');
      const id = cat.insertPuzzle(puzzle({ build_id: b }));
      cat.insertPuzzle(puzzle({ base_id: id, transform: 'rot180', build_id: b }));
      cat.insertSlots([{ build_id: b, m: 1, slot: 0, outcome: 'kept', attempts: 1, puzzle_id: id }]);
      cat.insertSlots([{ build_id: b, m: 1, slot: 0, outcome: 'kept', attempts: 1, puzzle_id: id }], true);
      expect(cat.insertPuzzleOrIgnore(puzzle({ build_id: b }))).toBe(id);
      cat.updateBuild(b, 'finished', { x: 1 }, 'later');
      cat.resumeBuild(b, '{"again":1}');
      cat.putMeta('note', 'one');
      cat.putMeta('note', 'two');
      check();
      expect(cat.retier(1, { measure: 'nodes', th: { t1: 0, t2: 2, t3: 3 } })).toBe(2);
      check();
      expect(() =>
        cat.transaction(() => {
          cat.insertPuzzle(puzzle({ slot: 9, canonical_hash: 'z' }));
          cat.insertPuzzle(puzzle({ slot: 9, canonical_hash: 'z2' }));
        }),
      ).toThrow(/UNIQUE/);
      check();
      expect(cat.storedDigests().get('puzzles')?.rows).toBe(2);
    } finally {
      cat.close();
    }
  });
});

describe('prepared rows (a build\'s writer)', () => {
  it('store the same rows, checksums and digest as the row-by-row inserts, under the ids nextPuzzleId says', () => {
    const a = Catalog.open(fresh(), { create: true });
    const b = Catalog.open(fresh(), { create: true });
    try {
      const build = { key: 'k', seed: 5, options: '{}', solver_version: 'v', grader_version: 'g', started_at: 'now', status: 'running' as const };
      const id = a.createBuild(build);
      expect(b.createBuild(build)).toBe(id);
      const base = puzzle({ build_id: id, canonical_hash: 'h9', slot: 3 });
      const variant = puzzle({ build_id: id, canonical_hash: 'h9', slot: 3, transform: 'rot180', nodes: 2 });
      a.transaction(() => {
        const baseId = a.insertPuzzle(base);
        a.insertPuzzle({ ...variant, base_id: baseId });
        a.insertSlots([{ build_id: id, m: 1, slot: 3, outcome: 'kept', attempts: 1, puzzle_id: baseId }]);
        a.insertSlots([{ build_id: id, m: 1, slot: 4, outcome: 'tier-full', attempts: 2, puzzle_id: null }]);
      });
      b.transaction(() => {
        const next = b.nextPuzzleId();
        const rows = [puzzleRecord(base, { build_id: id }), puzzleRecord(variant, { build_id: id })];
        rows[0].id = next;
        rows[1].id = next + 1;
        rows[1].base_id = next;
        b.insertPreparedPuzzles(rows);
        b.insertSlotValues([
          { build_id: id, m: 1, slot: 3, outcome: 'kept', attempts: 1, puzzle_id: next },
          { build_id: id, m: 1, slot: 4, outcome: 'tier-full', attempts: 2, puzzle_id: null },
        ]);
      });
      const rows = (c: Catalog) => [c.db.prepare('SELECT * FROM puzzles ORDER BY id').all(), c.db.prepare('SELECT * FROM slots ORDER BY slot').all()];
      expect(rows(b)).toEqual(rows(a));
      const digest = (c: Catalog) => [c.storedDigests().get('puzzles'), c.storedDigests().get('slots')];
      expect(digest(b)).toEqual(digest(a));
      expect(b.computeDigests()).toEqual(b.storedDigests());
      expect(b.nextPuzzleId()).toBe(3);
    } finally {
      a.close();
      b.close();
    }
  });

  it('store slot rows in batches of any length (several to a statement) as the row-by-row inserts do, digest included', () => {
    for (const count of [0, 1, 31, 32, 33, 64, 100]) {
      const a = Catalog.open(fresh(), { create: true });
      const b = Catalog.open(fresh(), { create: true });
      try {
        const build = { key: 'k', seed: 5, options: '{}', solver_version: 'v', grader_version: 'g', started_at: 'now', status: 'running' as const };
        const id = a.createBuild(build);
        b.createBuild(build);
        const slots = Array.from({ length: count }, (_, k) => ({ build_id: id, m: 6, slot: k, outcome: k % 3 === 0 ? ('rejected' as const) : ('tier-full' as const), attempts: k + 1, puzzle_id: null }));
        a.transaction(() => {
          for (const r of slots) a.insertSlots([r]);
        });
        b.transaction(() => b.insertSlotValues(slots));
        const rows = (c: Catalog) => c.db.prepare('SELECT * FROM slots ORDER BY slot').all();
        expect(rows(b), `${count} slots`).toEqual(rows(a));
        expect(b.storedDigests().get('slots')).toEqual(a.storedDigests().get('slots'));
        expect(b.computeDigests()).toEqual(b.storedDigests());
      } finally {
        a.close();
        b.close();
      }
    }
  });
});

describe('read snapshots', () => {
  it("a reader between beginRead and endRead sees one snapshot, whole, while a writer commits", () => {
    const path = fresh();
    const w = Catalog.open(path, { create: true, verb: 'build' });
    const r = Catalog.open(path, { readonly: true });
    try {
      w.insertPuzzle(puzzle());
      r.beginRead();
      const before = r.countPuzzles();
      w.insertPuzzle(puzzle({ slot: 1, canonical_hash: 'h2' }));
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

describe('the writer lock', () => {
  it('refuses a second writer, naming the holder, while readers open freely', () => {
    const path = fresh();
    const cat = Catalog.open(path, { create: true, verb: 'build' });
    try {
      expectUserError(() => Catalog.open(path, { verb: 'tune' }), new RegExp(`is being written by build \\(pid ${process.pid}, since \\d{4}-`));
      const ro = Catalog.open(path, { readonly: true });
      expect(ro.countPuzzles()).toBe(0);
      ro.close();
    } finally {
      cat.close();
    }
    // Released on close.
    Catalog.open(path, { verb: 'tune' }).close();
  });

  it('takes over a lock whose process is gone', () => {
    const path = fresh();
    Catalog.open(path, { create: true }).close();
    const d = new Database(path);
    // A pid above the kernel's largest cannot run.
    d.prepare(`INSERT INTO writer (id, pid, verb, host, boot, start, since) VALUES (1, 99999999, 'build', ?, '', '', 'then')`).run(hostname());
    d.close();
    const cat = Catalog.open(path, { verb: 'tune' });
    expect(cat.db.prepare('SELECT pid, verb FROM writer').get()).toEqual({ pid: process.pid, verb: 'tune' });
    cat.close();
    expect(new Database(path, { readonly: true }).prepare('SELECT COUNT(*) FROM writer').pluck().get()).toBe(0);
  });
});
