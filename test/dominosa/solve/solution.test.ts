// Tests for the solution helpers' text form: mateJson must be exactly the JSON of the tiling's
// domino list, for any shape and however long the list (its scratch grows).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { derive } from '../../../src/rng.js';
import { mateJson } from '../../../src/dominosa/solve/solution.js';
import { tilingFor } from '../../../src/tiling/tiling.js';
import { tilingToSolution } from '../../../src/dominosa/solve/solution.js';

function randomTiling(rows: number, cols: number, k: number): Int32Array {
  return tilingFor(rows, cols).sample(derive(3, rows, cols, k));
}

/** A tiling with both orientations, built directly (sampling a random tiling of a board this
 * large is slow): rows in pairs, each pair in blocks of two columns laid as two vertical or two
 * horizontal dominoes in turn; an odd last row is horizontal. cols must be even. */
function bricks(rows: number, cols: number): Int32Array {
  const mate = new Int32Array(rows * cols);
  const join = (a: number, b: number): void => {
    mate[a] = b;
    mate[b] = a;
  };
  for (let r = 0; r < rows; r += 2) {
    for (let c = 0; c < cols; c += 2) {
      const at = r * cols + c;
      if (r + 1 === rows) join(at, at + 1);
      else if (((r + c) / 2) % 2 === 0) {
        join(at, at + cols);
        join(at + 1, at + 1 + cols);
      } else {
        join(at, at + 1);
        join(at + cols, at + cols + 1);
      }
    }
  }
  return mate;
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
    const big = bricks(101, 102);
    expect(mateJson(big, 101, 102)).toBe(JSON.stringify(tilingToSolution(big, 101, 102)));
    const wide = bricks(2, 12_000);
    expect(mateJson(wide, 2, 12_000)).toBe(JSON.stringify(tilingToSolution(wide, 2, 12_000)));
    expect(mateJson(Int32Array.of(1, 0), 1, 2)).toBe('[[0,0,0,1]]');
    expect(mateJson(new Int32Array(0), 0, 0)).toBe('[]');
  });
});
