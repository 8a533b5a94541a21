// The toy kind Strip (test/fixtures/strip/), judged as a kind's own tests judge it, in this process
// and without registering it: its search and its enumeration agree on random strips, every dealt
// puzzle re-solves to its own tiling (and the grader lays that tiling), its turns are puzzles of
// its class with the same measures, and its audit passes the rows its slot-maker makes and fails
// a row changed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StoredPuzzle } from '../../src/catalog/check.js';
import { rowChecksum } from '../../src/catalog/checksum.js';
import { TIERS } from '../../src/rank/tiers.js';
import { solutionError, type StripBoard } from '../fixtures/strip/board.js';
import { checkPuzzle } from '../fixtures/strip/check.js';
import { countByEnumeration } from '../fixtures/strip/enumerate.js';
import { gradeStrip } from '../fixtures/strip/grade.js';
import { classMeasures, deal, makeSlot, STRIP_RULE, stripAim, stripTier } from '../fixtures/strip/make.js';
import { solveStrip } from '../fixtures/strip/solve.js';
import { canonicalHash, transformBoard, transformTiling, TRANSFORMS } from '../fixtures/strip/symmetry.js';

const strips = fc
  .record({ cols: fc.integer({ min: 2, max: 9 }), top: fc.integer({ min: 1, max: 4 }) })
  .chain(({ cols, top }) =>
    fc
      .array(fc.integer({ min: 0, max: top }), { minLength: 2 * cols, maxLength: 2 * cols })
      .map((cells): StripBoard => ({ cols, top, cells })),
  );

/** Sizes with enough pairs for a tiling: N columns lay N dominoes. */
const sizes = fc
  .record({ cols: fc.integer({ min: 2, max: 10 }), top: fc.integer({ min: 2, max: 5 }) })
  .filter(({ cols, top }) => ((top + 1) * (top + 2)) / 2 >= cols + 2);

/** The first unique deal of a slot, searching its attempts in order. */
function dealt(cols: number, top: number, seed: number, slot: number) {
  for (let a = 0; a < 5000; a++) {
    const d = deal({ cols, top }, seed, slot, a);
    if (d !== null) return d;
  }
  throw new Error('no unique deal');
}

describe('the strip solvers', () => {
  it('the search and the enumeration agree on every strip: status, count and tiling', () => {
    fc.assert(
      fc.property(strips, (b) => {
        const all = countByEnumeration(b);
        const search = solveStrip(b, { cap: Infinity });
        expect(search.solutions).toBe(all.tilings.length);
        expect(solveStrip(b).status).toBe(all.status);
        for (const t of all.tilings) expect(solutionError(b, t)).toBeNull();
        if (all.status === 'unique') expect(search.solution).toBe(all.tilings[0]);
      }),
      { numRuns: 400, seed: 11 },
    );
  });

  it('every dealt puzzle re-solves to its own tiling, which the grader lays too', () => {
    fc.assert(
      fc.property(sizes, fc.nat(), fc.nat(50), ({ cols, top }, seed, slot) => {
        const { board, tiling } = dealt(cols, top, seed, slot);
        const again = solveStrip(board);
        expect([again.status, again.solution]).toEqual(['unique', tiling]);
        expect(countByEnumeration(board).tilings).toEqual([tiling]);
        const g = gradeStrip(board);
        expect([g.status, g.tiling]).toEqual(['solved', tiling]);
        expect(Math.floor(g.score)).toBe(g.level);
      }),
      { numRuns: 150, seed: 12 },
    );
  });

  it('a turned puzzle is unique with the turned tiling, of the same class and measures', () => {
    fc.assert(
      fc.property(sizes, fc.nat(), ({ cols, top }, seed) => {
        const { board, tiling } = dealt(cols, top, seed, 0);
        const m = classMeasures(board);
        for (const t of TRANSFORMS) {
          const turned = transformBoard(board, t);
          expect(solveStrip(turned).solution).toBe(transformTiling(tiling, t));
          expect(canonicalHash(turned)).toBe(m.hash);
          expect(classMeasures(turned)).toEqual(m);
        }
      }),
      { numRuns: 100, seed: 13 },
    );
  });
});

describe("the strip's slots and its audit", () => {
  const spec = (slot: number) => ({
    seed: 4,
    key: '6:3',
    slot,
    rule: STRIP_RULE,
    fullTiers: [],
    variants: 3,
    maxAttempts: 400,
    make: null,
    buildId: 1,
  });

  /** A made slot's rows as the catalog would store them, numbered from 1. */
  function stored(slot: number): StoredPuzzle[] {
    const res = makeSlot(spec(slot));
    if (!res.ok) throw new Error(res.reason);
    return (res.puzzle.rows ?? []).map((r, i) => ({ ...r, id: i + 1, base_id: i === 0 ? null : 1 }));
  }

  it('makes each slot its aimed tier, and every row passes every check of audit', () => {
    for (let slot = 0; slot < 8; slot++) {
      const rows = stored(slot);
      expect(rows[0].tier).toBe(stripAim(slot));
      expect(stripTier(rows[0], null)).toBe(TIERS[slot % 4]);
      for (const p of rows) {
        expect(p.checksum).toBe(rowChecksum(p));
        const ctx = { rule: STRIP_RULE, solverVersion: null, graderVersion: null };
        expect(checkPuzzle(p, p.base_id === null ? null : rows[0], ctx)).toEqual([]);
      }
    }
  });

  it('fails a row whose tiling, grid or transform was changed and resealed', () => {
    const rows = stored(1);
    const ctx = { rule: STRIP_RULE, solverVersion: null, graderVersion: null };
    const reseal = (p: StoredPuzzle): StoredPuzzle => ({ ...p, checksum: rowChecksum(p) });
    const base = rows[0];
    const other = base.solution === 'IIIIII' ? '<>IIII' : 'IIIIII';
    const kinds = (p: StoredPuzzle, b: StoredPuzzle | null) => checkPuzzle(reseal(p), b, ctx).map((f) => f.kind);
    expect(kinds(base, null)).toEqual([]);
    expect(kinds({ ...base, solution: other }, null)).toContain('wrong-solution');
    expect(kinds({ ...base, grid: JSON.stringify(['0000000', '0000000']) }, null)).toContain('grid-invalid');
    expect(kinds({ ...rows[1], transform: rows[1].transform === 'flip' ? 'mirror' : 'flip' }, base)).toContain(
      'variant-mismatch',
    );
    expect(kinds({ ...base, nodes: base.nodes + 1 }, null)).toContain('nodes-mismatch');
  });
});
