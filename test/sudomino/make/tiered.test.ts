// Sudomino puzzles made for a tier: unique by both methods with the filling as the solution,
// solved by the tier's techniques, not by the tier below's, and a function of (seed, shape,
// tier, slot) alone; an easier tier keeps at least as many givens on the same slots, typically.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellValues } from '../../../src/sudomino/board.js';
import { Grader } from '../../../src/sudomino/grade/ladder.js';
import { levelOfTier, makeTieredSlot } from '../../../src/sudomino/make/tiered.js';
import { countBySat } from '../../../src/sudomino/solve/satcount.js';
import { Solver } from '../../../src/sudomino/solve/solver.js';
import { TIERS } from '../../../src/rank/tiers.js';

const solver = new Solver();
const grader = new Grader();
const SHAPES = [
  { rows: 6, cols: 6, values: 5 },
  { rows: 8, cols: 8, values: 6 },
];

describe('makeTieredSlot', () => {
  it("makes a unique puzzle that needs exactly its tier's level", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SHAPES),
        fc.constantFrom(...TIERS),
        fc.nat({ max: 1000 }),
        fc.nat({ max: 10_000 }),
        (shape, tier, seed, slot) => {
          const made = makeTieredSlot(seed, shape, tier, slot, 200, solver, grader);
          expect(made).not.toBeNull();
          const { board, filling } = made!;
          const answer = Array.from(cellValues(board, filling));
          const ours = solver.solve(board);
          expect(ours.status).toBe('unique');
          expect(countBySat(board).status).toBe('unique');
          expect(Array.from(ours.solution!)).toEqual(answer);
          const graded = grader.grade(board);
          expect(graded.status).toBe('solved');
          expect(graded.tier).toBe(tier);
          expect(graded.level).toBe(levelOfTier(tier));
          if (graded.level > 1) expect(grader.grade(board, { maxLevel: graded.level - 1 }).status).toBe('stuck');
          expect(board.given.some((v) => v === 0)).toBe(true);
        },
      ),
      { numRuns: 60, seed: 29 },
    );
  });

  it('never hands out a board with every domino given, where a deal cannot lose any (many values on a small board)', () => {
    const shape = { rows: 6, cols: 6, values: 10 };
    // Before the rule, slot 0 came back with all 17 dominoes given.
    const open = [0, 1, 2, 3]
      .map((slot) => makeTieredSlot(29, shape, 'easy', slot, 50, solver, grader))
      .map((made) => (made === null ? 'none' : made.board.given.filter((v) => v === 0).length > 0));
    expect(open.filter((o) => o === false)).toEqual([]);
    expect(open).toContain(true);
  });

  it('is the same puzzle for the same slot, and another for another slot', () => {
    const a = makeTieredSlot(5, SHAPES[1], 'hard', 3, 200)!;
    const b = makeTieredSlot(5, SHAPES[1], 'hard', 3, 200)!;
    const c = makeTieredSlot(5, SHAPES[1], 'hard', 4, 200)!;
    expect(Array.from(b.board.given)).toEqual(Array.from(a.board.given));
    expect(Array.from(b.filling)).toEqual(Array.from(a.filling));
    expect(Array.from(c.filling)).not.toEqual(Array.from(a.filling));
  });

  it('leaves easy puzzles more givens than expert ones, on average', () => {
    const givens = (tier: (typeof TIERS)[number]): number => {
      let n = 0;
      for (let slot = 0; slot < 30; slot++)
        n += makeTieredSlot(1, SHAPES[1], tier, slot, 200, solver, grader)!.board.given.reduce(
          (s, v) => s + (v > 0 ? 1 : 0),
          0,
        );
      return n;
    };
    expect(givens('easy')).toBeGreaterThan(givens('expert'));
  });
});
