// Sudomino variants: distinct boards of the base's class, each the base under its stored
// transform, proven unique by both methods with the transformed solution, keeping the base's
// grade and reference nodes; the same for the same (seed, slot).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeVariants } from '../../../src/sudomino/make/variants.js';
import { referenceNodes, storedGrade } from '../../../src/sudomino/rank/stored.js';
import { countBySat } from '../../../src/sudomino/solve/satcount.js';
import { Solver } from '../../../src/sudomino/solve/solver.js';
import {
  applyTransform,
  parseTransform,
  shapeKeepingGeometries,
  transformValues,
} from '../../../src/sudomino/transform.js';
import { cellsOf, puzzles, related } from '../arbitraries.js';

const solver = new Solver();

describe('makeVariants', () => {
  it("makes up to k distinct variants, each its transform of the base, unique, with the base's grade and nodes", () => {
    fc.assert(
      fc.property(
        puzzles,
        fc.nat({ max: 100 }),
        fc.nat({ max: 1000 }),
        fc.integer({ min: 0, max: 6 }),
        (p, seed, slot, k) => {
          const base = p.board;
          const nodes = referenceNodes(base, solver);
          const grade = storedGrade(base);
          const vs = makeVariants(base, p.solution, nodes, seed, slot, k);
          expect(vs.length).toBeLessThanOrEqual(k);
          const all = [cellsOf(base), ...vs.map((v) => cellsOf(v.board))].map((c) => JSON.stringify(c));
          expect(new Set(all).size).toBe(all.length);
          for (const v of vs) {
            const t = parseTransform(v.transform, base.values);
            if (!t.ok) throw new Error(t.error);
            expect(cellsOf(applyTransform(base, t.transform))).toEqual(cellsOf(v.board));
            expect(Array.from(v.solution)).toEqual(
              Array.from(transformValues(p.solution, base.rows, base.cols, base.values, t.transform)),
            );
            expect(related(base, v.board)).toBe(true);
            const sat = countBySat(v.board);
            expect(sat.status).toBe('unique');
            expect(v.nodes).toBe(nodes);
            expect(referenceNodes(v.board, solver)).toBe(nodes);
            expect(storedGrade(v.board)).toEqual(grade);
          }
        },
      ),
      { numRuns: 80, seed: 51 },
    );
  });

  it('finds k variants of a large class, mirrors first, and the same ones for the same slot', () => {
    fc.assert(
      fc.property(puzzles, fc.nat({ max: 100 }), fc.nat({ max: 1000 }), (p, seed, slot) => {
        const a = makeVariants(p.board, p.solution, 1, seed, slot, 3);
        const b = makeVariants(p.board, p.solution, 1, seed, slot, 3);
        expect(b.map((v) => [v.transform, cellsOf(v.board)])).toEqual(a.map((v) => [v.transform, cellsOf(v.board)]));
        // A given takes N ≥ 4 values under relabelling, so the class holds at least 3 other boards.
        expect(p.board.given.some((g) => g > 0)).toBe(true);
        expect(a).toHaveLength(3);
        // Mirrors come first: a relabelling leads only when every geometry maps the board onto itself.
        const { rows, cols } = p.board;
        const symmetric = shapeKeepingGeometries(rows, cols).every(
          (geometry) =>
            JSON.stringify(cellsOf(applyTransform(p.board, { geometry }))) === JSON.stringify(cellsOf(p.board)),
        );
        expect(a[0].transform.includes('relabel')).toBe(symmetric);
      }),
      { numRuns: 60, seed: 52 },
    );
  });
});
