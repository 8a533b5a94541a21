// The grade does not depend on how a board is turned or relabelled: every technique, the
// contradiction chain's rounds included, finds what it finds whatever the dominoes' numbering,
// so a transform of a puzzle gets the same status and level as the puzzle itself.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Grader } from '../../../src/sudomino/grade/ladder.js';
import type { Shape } from '../../../src/sudomino/shape.js';
import { applyTransform } from '../../../src/sudomino/transform.js';
import { puzzleOf, transforms } from '../arbitraries.js';

/** Shapes large enough for chains to matter: there, a numbering-bound chain was seen to stop early. */
const CHAIN_SHAPES: readonly Shape[] = [
  { rows: 8, cols: 8, values: 6 },
  { rows: 10, cols: 10, values: 7 },
];

const grader = new Grader();

describe('Sudomino grade under transforms', () => {
  it('gives a puzzle and its transform the same status and level', () => {
    const cases = fc
      .tuple(fc.constantFrom(...CHAIN_SHAPES), fc.nat({ max: 1000 }), fc.nat({ max: 1000 }))
      .map(([shape, seed, slot]) => puzzleOf(shape, seed, slot))
      .chain((p) => fc.tuple(fc.constant(p), transforms(p.board.rows, p.board.cols, p.board.values)));
    fc.assert(
      fc.property(cases, ([p, t]) => {
        const a = grader.grade(p.board, { log: false });
        const b = grader.grade(applyTransform(p.board, t), { log: false });
        expect([b.status, b.level]).toEqual([a.status, a.level]);
      }),
      { numRuns: 300, seed: 31 },
    );
  });
});
