// Tests for src/formats/pack.ts: the JSON pack's checksum verifies and breaks under tampering,
// the text pack reads back through parseBoards to the same grids and ids.
import { createHash } from 'node:crypto';
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { boardToGrid, parseBoards } from '../../src/dominosa/board.js';
import {
  buildPackJson,
  buildPackText,
  canonicalJson,
  verifyPackJson,
  type PackEntry,
  type PackPuzzle,
} from '../../src/formats/pack.js';
import { packOf, packPuzzle } from '../helpers/packs.js';

const META = { name: 'test pack', created: '2024-06-01T12:00:00.000Z', buildId: 7, schemaVersion: 3 };

const arbPack: fc.Arbitrary<PackPuzzle[]> = fc.array(
  fc
    .record({ m: fc.integer({ min: 1, max: 12 }), tall: fc.boolean(), k: fc.nat(500) })
    .map(({ m, tall, k }) => packPuzzle(m, k, { tall })),
  { maxLength: 8 },
);

describe('buildPackJson / verifyPackJson', () => {
  it('writes a versioned document whose checksum verifies', () => {
    fc.assert(
      fc.property(arbPack, (puzzles) => {
        const text = buildPackJson(puzzles, META);
        const res = verifyPackJson(text);
        expect(res.ok).toBe(true);
        if (!res.ok) return;
        expect(res.pack.format).toBe('dominosa-pack');
        expect(res.pack.version).toBe(1);
        expect(res.pack.manifest).toMatchObject({ ...META, count: puzzles.length });
        expect(res.pack.manifest.checksum).toMatch(/^[0-9a-f]{64}$/);
        expect((res.pack.puzzles as PackEntry[]).map((p) => p.grid)).toEqual(puzzles.map((p) => p.grid));
        expect((res.pack.puzzles as PackEntry[]).map((p) => p.size)).toEqual(
          puzzles.map(({ m, rows, cols }) => ({ m, rows, cols })),
        );
      }),
      { numRuns: 30 },
    );
  });

  it('still verifies after re-indenting and reordering keys (canonical JSON)', () => {
    const doc = JSON.parse(buildPackJson(packOf(5, [3, 6]), META));
    doc.puzzles = doc.puzzles.map((p: Record<string, unknown>) => Object.fromEntries(Object.entries(p).reverse()));
    expect(verifyPackJson(JSON.stringify(doc, null, 2)).ok).toBe(true);
  });

  it('detects any changed grid value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.nat(), fc.nat(), (count, pick, delta) => {
        const puzzles = packOf(count, [2, 5, 9]);
        const doc = JSON.parse(buildPackJson(puzzles, META));
        const p = doc.puzzles[pick % count];
        const r = pick % p.grid.length;
        const c = delta % p.grid[0].length;
        p.grid[r][c] = (p.grid[r][c] + 1 + (delta % p.size.m)) % (p.size.m + 1);
        const res = verifyPackJson(JSON.stringify(doc));
        expect(res.ok).toBe(false);
        if (!res.ok) expect(res.error).toMatch(/checksum mismatch/);
      }),
      { numRuns: 40 },
    );
  });

  it('checks each puzzle even when the checksum was recomputed', () => {
    const resign = (doc: { manifest: { checksum: string }; puzzles: unknown }): string => {
      doc.manifest.checksum = createHash('sha256').update(canonicalJson(doc.puzzles)).digest('hex');
      return JSON.stringify(doc);
    };
    const bigValue = JSON.parse(buildPackJson(packOf(3, [4]), META));
    bigValue.puzzles[1].grid[2][3] = 9;
    const overlap = JSON.parse(buildPackJson(packOf(3, [4]), META));
    overlap.puzzles[2].solution[0] = overlap.puzzles[2].solution[1];
    const cases: [string, RegExp][] = [
      [resign(bigValue), /^puzzle 2 \(id 4001\): row 3, column 4: value 9 is above M=4$/],
      [resign(overlap), /^puzzle 3 \(id 4002\): the solution does not solve the grid: .* overlaps another domino/],
    ];
    for (const [text, why] of cases) {
      const res = verifyPackJson(text);
      expect(res.ok).toBe(false);
      if (!res.ok) expect(res.error).toMatch(why);
    }
  });

  it('refuses wrong format, version, count and non-JSON', () => {
    const good = JSON.parse(buildPackJson(packOf(2, [3]), META));
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...good, format: 'other' }, /format is "other"/],
      [{ ...good, version: 2 }, /version 2 is not supported/],
      [{ ...good, manifest: { ...good.manifest, count: 3 } }, /count is 3 but the pack holds 2/],
      [{ ...good, puzzles: {} }, /puzzles must be an array/],
    ];
    for (const [doc, why] of cases) {
      const res = verifyPackJson(JSON.stringify(doc));
      expect(res.ok).toBe(false);
      if (!res.ok) expect(res.error).toMatch(why);
    }
    const res = verifyPackJson('{"format":');
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error).toMatch(/^not JSON/);
  });

  it('handles an empty pack', () => {
    const res = verifyPackJson(buildPackJson([], META));
    expect(res.ok).toBe(true);
    if (res.ok) expect(res.pack.manifest.count).toBe(0);
  });

  it('canonicalJson ignores key order and spacing', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (obj) => {
        const reversed = Object.fromEntries(Object.entries(obj).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(obj));
        expect(JSON.parse(canonicalJson(obj))).toEqual(JSON.parse(JSON.stringify(obj)));
      }),
    );
  });
});

describe('buildPackText', () => {
  it('reads back through parseBoards to the same grids and ids', () => {
    fc.assert(
      fc.property(arbPack, fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 8 }), (puzzles, ids) => {
        // Awkward ids too: strings with spaces, quotes, newlines, digits only.
        const named = puzzles.map((p, i) => (i < ids.length ? { ...p, id: ids[i] } : p));
        const text = buildPackText(named);
        const boards = parseBoards(text);
        expect(boards.length).toBe(named.length);
        boards.forEach((res, i) => {
          expect(res.ok).toBe(true);
          if (!res.ok) return;
          expect(boardToGrid(res.board)).toEqual(named[i].grid);
          expect(res.board.meta?.id).toEqual(named[i].id);
        });
      }),
      { numRuns: 40 },
    );
  });

  it('labels tiers and ends with a commented solutions section', () => {
    const puzzles = packOf(3, [3, 4]);
    const text = buildPackText(puzzles);
    const lines = text.split('\n');
    const start = lines.indexOf('# Solutions');
    expect(start).toBeGreaterThan(0);
    expect(lines.slice(start).every((l) => l === '' || l.startsWith('#'))).toBe(true);
    expect(lines.filter((l) => l.startsWith('# solution of ')).length).toBe(3);
    expect(lines.filter((l) => l.startsWith('# tier: ')).length).toBe(3);
    expect(text).toContain(`# tier: ${puzzles[0].tier} (M=3, 4x5, ${puzzles[0].nodes} nodes)`);
    // A drawing opens each domino: a 4x5 board has 10 dominoes, so interior borders are partial.
    expect(lines[start + 3]).toMatch(/^# {3}\+(?:-+\+)+$/);
  });

  it('names the technique a graded puzzle needs, in the text and in the json pack (which still verifies)', () => {
    const puzzles = [packPuzzle(4, 1, { grade: 'sets' }), packPuzzle(4, 2, { grade: 'singles' }), packPuzzle(4, 3)];
    const text = buildPackText(puzzles);
    expect(text).toContain(`# tier: ${puzzles[0].tier} (M=4, 5x6, ${puzzles[0].nodes} nodes; Hard: set analysis)`);
    expect(text).toContain(`(M=4, 5x6, ${puzzles[1].nodes} nodes; Trivial: singles)`);
    expect(text).toContain(`(M=4, 5x6, ${puzzles[2].nodes} nodes)\n`);
    const json = buildPackJson(puzzles, { name: 'n', created: 'c', buildId: 1, schemaVersion: 3 });
    const read = verifyPackJson(json);
    expect(read.ok).toBe(true);
    if (read.ok)
      expect(read.pack.puzzles.map((e) => e.technique)).toEqual(['Hard: set analysis', 'Trivial: singles', undefined]);
  });
});

describe('large packs', () => {
  // Their speed is measured by npm run bench (scripts/bench/formats.ts).
  it('builds and verifies a 1,000-puzzle pack, every puzzle in the text', () => {
    const puzzles = packOf(1000, [5, 6, 7, 8, 9, 10, 12]);
    const json = buildPackJson(puzzles, META);
    const v = verifyPackJson(json);
    expect(v.ok).toBe(true);
    if (v.ok) expect(v.pack.puzzles.length).toBe(1000);
    const text = buildPackText(puzzles);
    expect(text.match(/^# tier: /gm)?.length).toBe(1000);
  });
});
