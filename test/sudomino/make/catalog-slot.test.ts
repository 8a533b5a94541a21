// A build worker's Sudomino slot: a function of (seed, shape, tier, slot) alone, of the tier it
// aims at, its text reading back to the puzzle, class hash and variants it describes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TIERS } from '../../../src/rank/tiers.js';
import { canonicalHash } from '../../../src/sudomino/canonical.js';
import { Grader } from '../../../src/sudomino/grade/ladder.js';
import { makeCatalogSlot } from '../../../src/sudomino/make/catalog-slot.js';
import { makeTieredSlot } from '../../../src/sudomino/make/tiered.js';
import { referenceNodes, storedGrade } from '../../../src/sudomino/rank/stored.js';
import { checkAnswer } from '../../../src/sudomino/solve/check.js';
import { Solver } from '../../../src/sudomino/solve/solver.js';
import { boardFromStored, gridText, solutionFromStored } from '../../../src/sudomino/stored.js';
import { applyTransform, parseTransform } from '../../../src/sudomino/transform.js';
import { TIERED_SHAPES, cellsOf } from '../arbitraries.js';

const solver = new Solver();
const grader = new Grader();

const slots = fc.tuple(
  fc.constantFrom(...TIERED_SHAPES),
  fc.constantFrom(...TIERS),
  fc.nat({ max: 1000 }),
  fc.nat({ max: 10_000 }),
  fc.integer({ min: 0, max: 4 }),
);

function read(grid: string, solution: string, values: number) {
  const b = boardFromStored(grid, values);
  if (!b.ok) throw new Error(b.error);
  const s = solutionFromStored(solution, b.board.rows, b.board.cols);
  if (!s.ok) throw new Error(s.error);
  return { board: b.board, solution: s.value };
}

describe('makeCatalogSlot', () => {
  it('makes the tier it aims at, and its text is the puzzle, class and variants it names', () => {
    fc.assert(
      fc.property(slots, ([shape, tier, seed, slot, k]) => {
        const made = makeCatalogSlot(seed, shape, slot, tier, k, 200, solver, grader);
        expect(made).not.toBeNull();
        const m = made!;
        expect(m.tier).toBe(tier);
        expect(m.attempts).toBeGreaterThanOrEqual(1);
        const base = read(m.base.grid, m.base.solution, shape.values);
        expect([m.base.rows, m.base.cols]).toEqual([shape.rows, shape.cols]);
        expect(checkAnswer(base.board, base.solution)).toBeNull();
        expect(solver.solve(base.board).status).toBe('unique');
        expect(canonicalHash(base.board)).toBe(m.canonicalHash);
        expect(referenceNodes(base.board, solver)).toBe(m.nodes);
        const grade = storedGrade(base.board, grader);
        expect([grade.level, grade.score, grade.tier]).toEqual([m.level, m.score, tier]);
        expect(m.variants.length).toBeLessThanOrEqual(k);
        for (const v of m.variants) {
          const got = read(v.grid, v.solution, shape.values);
          const t = parseTransform(v.transform, shape.values);
          if (!t.ok) throw new Error(t.error);
          expect(cellsOf(got.board)).toEqual(cellsOf(applyTransform(base.board, t.transform)));
          expect(checkAnswer(got.board, got.solution)).toBeNull();
          expect(canonicalHash(got.board)).toBe(m.canonicalHash);
          expect(v.nodes).toBe(m.nodes);
        }
      }),
      { numRuns: 40, seed: 61 },
    );
  });

  it('is the same for the same (seed, shape, tier, slot)', () => {
    fc.assert(
      fc.property(slots, ([shape, tier, seed, slot, k]) => {
        const a = makeCatalogSlot(seed, shape, slot, tier, k, 200, solver, grader);
        // Fresh solver and grader: nothing carried over from earlier slots may matter.
        const b = makeCatalogSlot(seed, shape, slot, tier, k, 200, new Solver(), new Grader());
        expect(b).toEqual(a);
      }),
      { numRuns: 25, seed: 62 },
    );
  });

  it("judges the tier on the class's board, which grades as the deal itself does", () => {
    // With the chain's one-at-a-time singles, this slot's first expert deal was solved by chains
    // as dealt but not once turned to its class's board; with rounds both agree, so the catalog
    // keeps that same deal.
    const shape = { rows: 10, cols: 10, values: 7 };
    const plain = makeTieredSlot(1, shape, 'expert', 47, 200, solver, grader)!;
    expect(grader.grade(plain.board, { log: false }).tier).toBe('expert');
    expect(storedGrade(plain.board, grader).tier).toBe('expert');
    const made = makeCatalogSlot(1, shape, 47, 'expert', 3, 200, solver, grader)!;
    expect(made.tier).toBe('expert');
    expect(made.attempts).toBe(plain.attempts);
    expect(made.base.grid).toBe(gridText(plain.board));
  });

  it('is a rejection (null) when no deal is allowed', () => {
    expect(makeCatalogSlot(1, TIERED_SHAPES[0], 0, 'easy', 3, 0, solver, grader)).toBeNull();
  });
});
