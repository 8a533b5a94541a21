// Tests for pipeline/catalog/puzzles.ts and slots.ts: the keys that keep merges and resumes
// idempotent, and the one insert path of each, row by row or as a build's writer batches them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Catalog } from '../../../pipeline/catalog/catalog.js';
import { puzzleRecord } from '../../../src/catalog/row.js';
import { allKinds } from '../../../src/kinds.js';
import { freshCatalogs, hashOf, newPuzzle as puzzle } from '../../helpers/catalog.js';

const fresh = freshCatalogs();

describe('catalog keys', () => {
  let cat: Catalog;
  beforeAll(() => {
    cat = Catalog.open(fresh(), { create: true });
  });
  afterAll(() => cat.close());

  it("derives each kind's size key in SQL as the kind does (sizes.keyOf)", () => {
    for (const kind of allKinds()) {
      for (const [m, rows, cols] of [
        [3, 4, 5],
        [6, 8, 8],
        [12, 10, 14],
      ]) {
        const id = cat.insertPuzzle(
          puzzle({ kind: kind.name, m, rows, cols, canonical_hash: hashOf(`k-${kind.name}-${m}`) }),
        );
        expect(cat.getPuzzle(id)?.shape, kind.name).toBe(kind.sizes.keyOf({ m, rows, cols }));
      }
    }
  });

  it('holds one base per canonical hash, while variants share their base hash', () => {
    const id = cat.insertPuzzle(puzzle({ canonical_hash: hashOf('dup'), slot: 10 }));
    expect(() => cat.insertPuzzle(puzzle({ canonical_hash: hashOf('dup'), slot: 11 }))).toThrow(/UNIQUE/);
    cat.insertPuzzle(puzzle({ canonical_hash: hashOf('dup'), slot: 10, base_id: id, transform: 'mirror-h' }));
    expect(cat.hasBase('dominosa', hashOf('dup'))).toBe(true);
    expect(cat.hasBase('dominosa', hashOf('other'))).toBe(false);
  });

  it("keeps a base's (kind, shape, seed, slot) and a variant's (base, transform) unique", () => {
    const id = cat.insertPuzzle(puzzle({ canonical_hash: hashOf('n1'), slot: 20 }));
    expect(() => cat.insertPuzzle(puzzle({ canonical_hash: hashOf('n2'), slot: 20 }))).toThrow(/UNIQUE/);
    const v = cat.insertPuzzle(puzzle({ canonical_hash: hashOf('n1'), slot: 20, base_id: id, transform: 'rot180' }));
    expect(() =>
      cat.insertPuzzle(puzzle({ canonical_hash: hashOf('n1'), slot: 20, base_id: id, transform: 'rot180' })),
    ).toThrow(/UNIQUE/);
    // The same slot under another seed is another puzzle.
    const other = cat.insertPuzzle(puzzle({ canonical_hash: hashOf('n3'), slot: 20, seed: 2 }));
    // Inserted again, each finds the row holding its key.
    expect(cat.insertPuzzleOrIgnore(puzzle({ canonical_hash: hashOf('n1'), slot: 20 }))).toBe(id);
    expect(
      cat.insertPuzzleOrIgnore(puzzle({ canonical_hash: hashOf('n1'), slot: 20, base_id: id, transform: 'rot180' })),
    ).toBe(v);
    expect(cat.insertPuzzleOrIgnore(puzzle({ canonical_hash: hashOf('n3'), slot: 20, seed: 2 }))).toBe(other);
  });

  it('stores hashes and checksums as 32 bytes, and reads them back as hex', () => {
    const id = cat.insertPuzzle(puzzle({ canonical_hash: hashOf('b1'), slot: 50 }));
    const raw = cat.db
      .prepare(
        'SELECT typeof(canonical_hash) AS t, length(canonical_hash) AS h, length(checksum) AS c FROM puzzles WHERE id = ?',
      )
      .get(id);
    expect(raw).toEqual({ t: 'blob', h: 32, c: 32 });
    expect(cat.getPuzzle(id)?.canonical_hash).toBe(hashOf('b1'));
    expect(cat.getPuzzle(id)?.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(() => cat.db.prepare("UPDATE puzzles SET canonical_hash = x'00' WHERE id = ?").run(id)).toThrow(/CHECK/);
    expect(() => cat.db.prepare(`UPDATE puzzles SET checksum = ? WHERE id = ?`).run(hashOf('t'), id)).toThrow(
      /cannot store TEXT value in BLOB column/,
    );
    expect(() => cat.insertPuzzle(puzzle({ canonical_hash: 'not hex', slot: 51 }))).toThrow(/not a SHA-256 hash/);
  });

  it('requires base_id and transform together, a known tier and an existing base', () => {
    expect(() => cat.insertPuzzle(puzzle({ canonical_hash: hashOf('x1'), slot: 30, transform: 'rot180' }))).toThrow(
      /CHECK/,
    );
    expect(() =>
      cat.insertPuzzle(puzzle({ canonical_hash: hashOf('x2'), slot: 31, tier: 'trivial' as never })),
    ).toThrow(/CHECK/);
    expect(() =>
      cat.insertPuzzle(puzzle({ canonical_hash: hashOf('x3'), slot: 32, base_id: 9999, transform: 'rot180' })),
    ).toThrow(/FOREIGN KEY/);
  });

  it('rolls a failed transaction back whole', () => {
    const before = cat.countPuzzles();
    expect(() =>
      cat.transaction(() => {
        cat.insertPuzzle(puzzle({ canonical_hash: hashOf('t1'), slot: 40 }));
        cat.insertPuzzle(puzzle({ canonical_hash: hashOf('t1'), slot: 41 }));
      }),
    ).toThrow(/UNIQUE/);
    expect(cat.countPuzzles()).toBe(before);
    expect(cat.hasBase('dominosa', hashOf('t1'))).toBe(false);
  });
});
describe("prepared rows (a build's writer)", () => {
  it('store the same rows, checksums and digest as the row-by-row inserts, under the ids nextPuzzleId says', () => {
    const a = Catalog.open(fresh(), { create: true });
    const b = Catalog.open(fresh(), { create: true });
    try {
      const build = {
        key: 'k',
        seed: 5,
        options: '{}',
        solver_version: 'v',
        grader_version: 'g',
        started_at: 'now',
        status: 'running' as const,
      };
      const id = a.createBuild(build);
      expect(b.createBuild(build)).toBe(id);
      const base = puzzle({ build_id: id, canonical_hash: hashOf('h9'), slot: 3 });
      const variant = puzzle({ build_id: id, canonical_hash: hashOf('h9'), slot: 3, transform: 'rot180', nodes: 2 });
      a.transaction(() => {
        const baseId = a.insertPuzzle(base);
        a.insertPuzzle({ ...variant, base_id: baseId });
        a.insertSlots([{ build_id: id, shape: '1', slot: 3, outcome: 'kept', attempts: 1, puzzle_id: baseId }]);
        a.insertSlots([{ build_id: id, shape: '1', slot: 4, outcome: 'tier-full', attempts: 2, puzzle_id: null }]);
      });
      b.transaction(() => {
        const next = b.nextPuzzleId();
        const rows = [puzzleRecord(base, { build_id: id }), puzzleRecord(variant, { build_id: id })];
        rows[0].id = next;
        rows[1].id = next + 1;
        rows[1].base_id = next;
        b.insertPreparedPuzzles(rows);
        b.insertSlotValues([
          { build_id: id, shape: '1', slot: 3, outcome: 'kept', attempts: 1, puzzle_id: next },
          { build_id: id, shape: '1', slot: 4, outcome: 'tier-full', attempts: 2, puzzle_id: null },
        ]);
      });
      const rows = (c: Catalog) => [
        c.db.prepare('SELECT * FROM puzzles ORDER BY id').all(),
        c.db.prepare('SELECT * FROM slots ORDER BY slot').all(),
      ];
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
        const build = {
          key: 'k',
          seed: 5,
          options: '{}',
          solver_version: 'v',
          grader_version: 'g',
          started_at: 'now',
          status: 'running' as const,
        };
        const id = a.createBuild(build);
        b.createBuild(build);
        const slots = Array.from({ length: count }, (_, k) => ({
          build_id: id,
          shape: '6',
          slot: k,
          outcome: k % 3 === 0 ? ('rejected' as const) : ('tier-full' as const),
          attempts: k + 1,
          puzzle_id: null,
        }));
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

describe('rows read raw', () => {
  it('reads every row of a scan as the object SQLite names column by column, keys in the same order', () => {
    const cat = Catalog.open(fresh(), { create: true });
    try {
      const base = cat.insertPuzzle(puzzle({ canonical_hash: hashOf('raw-1'), slot: 1 }));
      cat.insertPuzzle(puzzle({ canonical_hash: hashOf('raw-1'), slot: 1, base_id: base, transform: 'mirror-v' }));
      cat.insertPuzzle(puzzle({ kind: 'sudomino', m: 6, rows: 8, cols: 8, canonical_hash: hashOf('raw-2'), slot: 2 }));
      const scanned = [...cat.iteratePuzzles()];
      expect(scanned).toHaveLength(3);
      for (const row of scanned) {
        const named = cat.getPuzzle(row.id)!;
        expect(row).toEqual(named);
        expect(Object.keys(row)).toEqual(Object.keys(named));
      }
    } finally {
      cat.close();
    }
  });
});
