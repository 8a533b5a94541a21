// Tests for the solution helpers' text form: mateJson must be exactly the JSON of the tiling's
// domino list, for any shape and however long the list (its scratch grows).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { derive } from '../../src/rng.js';
import { mateJson } from '../../src/solve/solution.js';
import { tilingFor } from '../../src/make/tiling.js';
import { tilingToSolution } from '../../src/solve/solution.js';

function randomTiling(rows: number, cols: number, k: number): Int32Array {
  return tilingFor(rows, cols).sample(derive(3, rows, cols, k));
}

describe('mateJson', () => {
  it('is JSON.stringify of the tiling as dominoes, with no spaces', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 14 }), fc.integer({ min: 1, max: 14 }), fc.nat(), (rows, cols, k) => {
        fc.pre((rows * cols) % 2 === 0);
        const mate = randomTiling(rows, cols, k);
        expect(mateJson(mate, rows, cols)).toBe(JSON.stringify(tilingToSolution(mate, rows, cols)));
      }),
      { numRuns: 200 },
    );
  });

  it('handles tilings longer than its first scratch buffer and many-digit coordinates, and is right again afterwards', () => {
    // Fixed tilings (rows of horizontal dominoes, one row of upright ones): sampling boards this
    // large at random takes minutes, and the length is what is tested here.
    const big = Int32Array.from({ length: 101 * 102 }, (_, a) => a ^ 1);
    expect(mateJson(big, 101, 102)).toBe(JSON.stringify(tilingToSolution(big, 101, 102)));
    const wide = Int32Array.from({ length: 2 * 12_000 }, (_, a) => (a < 12_000 ? a + 12_000 : a - 12_000));
    expect(mateJson(wide, 2, 12_000)).toBe(JSON.stringify(tilingToSolution(wide, 2, 12_000)));
    expect(mateJson(Int32Array.of(1, 0), 1, 2)).toBe('[[0,0,0,1]]');
    expect(mateJson(new Int32Array(0), 0, 0)).toBe('[]');
  });
});
