// sameSolution, audit's comparison of two solutions, says exactly what equal solutionKeys say:
// for tilings in any order and either way round, and for lists that are no tiling at all
// (dominoes off the grid, twice, overlapping, of other lengths).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameSolution, solutionKey, tilingToSolution, type Solution } from '../../../src/dominosa/solve/solution.js';
import { derive } from '../../../src/rng.js';
import { tilingFor } from '../../../src/tiling/tiling.js';

const ROWS = 4;
const COLS = 5;

/** A random tiling of the grid as a solution, its dominoes shuffled and some turned round. */
function tiling(k: number, shuffle: number): Solution {
  const sol = tilingToSolution(tilingFor(ROWS, COLS).sample(derive(5, ROWS, COLS, k)), ROWS, COLS);
  const rng = derive(6, shuffle);
  rng.shuffle(sol);
  return sol.map((d) => (rng.int(0, 1) === 0 ? d : [d[2], d[3], d[0], d[1]]));
}

const domino = fc.tuple(
  fc.integer({ min: -1, max: ROWS }),
  fc.integer({ min: -1, max: COLS }),
  fc.integer({ min: -1, max: ROWS }),
  fc.integer({ min: -1, max: COLS }),
);

describe('sameSolution', () => {
  it('agrees with solutionKey on tilings, shuffled and turned, equal or not', () => {
    fc.assert(
      fc.property(fc.nat(6), fc.nat(6), fc.nat(1000), fc.nat(1000), (a, b, s, t) => {
        const x = tiling(a, s);
        const y = tiling(b, t);
        expect(sameSolution(x, y, ROWS, COLS)).toBe(solutionKey(x) === solutionKey(y));
        expect(sameSolution(x, tiling(a, t), ROWS, COLS)).toBe(true);
      }),
    );
  });

  it('agrees with solutionKey on lists that are no tiling, either side', () => {
    fc.assert(
      fc.property(fc.nat(6), fc.nat(1000), fc.array(domino, { maxLength: 12 }), fc.nat(11), (a, s, junk, cut) => {
        const x = tiling(a, s);
        // A tiling with some dominoes replaced by arbitrary ones, or repeated, or dropped.
        const y: Solution = [...x.slice(0, cut), ...junk, ...x.slice(cut, cut + 2)];
        for (const [p, q] of [
          [x, y],
          [y, x],
          [y, y],
          [junk, junk.slice().reverse()],
        ] as [Solution, Solution][])
          expect(sameSolution(p, q, ROWS, COLS)).toBe(solutionKey(p) === solutionKey(q));
        // The same dominoes with one repeated in place of another.
        if (x.length > 1) {
          const twice = [...x.slice(0, -1), x[0]];
          expect(sameSolution(x, twice, ROWS, COLS)).toBe(false);
          expect(sameSolution(twice, x, ROWS, COLS)).toBe(false);
        }
      }),
    );
  });
});
