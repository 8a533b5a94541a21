// The measures stored with a Sudomino puzzle are its class's: every transform of a puzzle keeps
// its level, score, tier and reference nodes exactly, though grading or proving the turned board
// itself may count differently.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TIERS } from '../../../src/rank/tiers.js';
import { canonicalBoard } from '../../../src/sudomino/canonical.js';
import { Grader } from '../../../src/sudomino/grade/ladder.js';
import { makeTieredSlot } from '../../../src/sudomino/make/tiered.js';
import { referenceNodes, storedGrade } from '../../../src/sudomino/rank/stored.js';
import { Solver } from '../../../src/sudomino/solve/solver.js';
import { applyTransform } from '../../../src/sudomino/transform.js';
import { TIERED_SHAPES, transforms } from '../arbitraries.js';

const solver = new Solver();
const grader = new Grader();

const tiered = fc
  .tuple(fc.constantFrom(...TIERED_SHAPES), fc.constantFrom(...TIERS), fc.nat({ max: 1000 }), fc.nat({ max: 1000 }))
  .map(([shape, tier, seed, slot]) => ({
    tier,
    board: makeTieredSlot(seed, shape, tier, slot, 200, solver, grader, canonicalBoard)!.board,
  }))
  .chain((p) => fc.tuple(fc.constant(p), transforms(p.board.rows, p.board.cols, p.board.values)));

describe('storedGrade and referenceNodes', () => {
  it('are the same for every transform of a tiered puzzle, and the grade names the tier it was made for', () => {
    let differs = 0;
    fc.assert(
      fc.property(tiered, ([{ tier, board }, t]) => {
        const turned = applyTransform(board, t);
        const g = storedGrade(board, grader);
        expect(g.tier).toBe(tier);
        expect(storedGrade(turned, grader)).toEqual(g);
        expect(referenceNodes(turned, solver)).toBe(referenceNodes(board, solver));
        const plain = [grader.grade(board, { log: false }).score, solver.solve(board).nodes];
        const plainTurned = [grader.grade(turned, { log: false }).score, solver.solve(turned).nodes];
        if (plain[0] !== plainTurned[0] || plain[1] !== plainTurned[1]) differs++;
      }),
      { numRuns: 60, seed: 41 },
    );
    // Why the class's board is measured: on the boards themselves the counts do move.
    expect(differs).toBeGreaterThan(0);
  });
});
