import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { derive } from '../../../src/rng.js';
import { TilingSampler } from '../../../src/tiling/tiling.js';
import { dealOnto } from '../../../src/dominosa/make/deal.js';
import { hasAmbiguousSquare, countAmbiguousSquares } from '../../../src/dominosa/solve/squares.js';
import { tilingToSolution } from '../../../src/dominosa/solve/solution.js';
import { checkSolution } from '../../../src/dominosa/solve/solution.js';

const samplers = new Map<string, TilingSampler>();
function sampler(rows: number, cols: number): TilingSampler {
  const key = `${rows}x${cols}`;
  let s = samplers.get(key);
  if (!s) samplers.set(key, (s = new TilingSampler(rows, cols)));
  return s;
}

/** Deal slot k of size m onto a fresh random tiling; `tall` transposes the board. */
function dealSlot(m: number, k: number, avoidSquares: boolean, tall = false) {
  const rows = tall ? m + 2 : m + 1;
  const cols = tall ? m + 1 : m + 2;
  const rng = derive(99, m, k);
  const mate = sampler(rows, cols).sample(rng);
  const cells = dealOnto(mate, rows, cols, m, rng, { avoidSquares });
  return { rows, cols, m, mate, cells };
}

describe('dealOnto', () => {
  it('spells every pair once along the tiling, each number M+2 times', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.nat(), fc.boolean(), fc.boolean(), (m, k, avoid, tall) => {
        const { rows, cols, mate, cells } = dealSlot(m, k, avoid, tall);
        const seen = new Array<number>(m + 1).fill(0);
        for (const v of cells) seen[v]++;
        expect(seen).toEqual(new Array<number>(m + 1).fill(m + 2));
        expect(checkSolution({ rows, cols, m, cells }, tilingToSolution(mate, rows, cols))).toBeNull();
      }),
      { numRuns: 200 },
    );
  });

  it('deals a whole set at M = 400, past 65,535 pairs', () => {
    const m = 400;
    const rows = m + 1;
    const cols = m + 2;
    // Rows of horizontal dominoes: sampling a uniform tiling this large takes minutes.
    const mate = Int32Array.from({ length: rows * cols }, (_, a) => a ^ 1);
    const cells = dealOnto(mate, rows, cols, m, derive(4, m), { avoidSquares: false });
    const seen = new Array<number>(m + 1).fill(0);
    for (const v of cells) seen[v]++;
    expect(seen).toEqual(new Array<number>(m + 1).fill(m + 2));
    expect(checkSolution({ rows, cols, m, cells }, tilingToSolution(mate, rows, cols))).toBeNull();
  });

  it('turns the pairs both ways round', () => {
    // Over many deals the lower number of a non-double lands on the first cell about half the time.
    let lowFirst = 0;
    let total = 0;
    for (let k = 0; k < 200; k++) {
      const { mate, cells } = dealSlot(5, k, false);
      for (let a = 0; a < mate.length; a++) {
        const b = mate[a];
        if (b > a && cells[a] !== cells[b]) {
          total++;
          if (cells[a] < cells[b]) lowFirst++;
        }
      }
    }
    // total ≈ 3000; the binomial standard deviation is ≈ 27, allow 5 of them.
    expect(Math.abs(lowFirst - total / 2)).toBeLessThan(5 * Math.sqrt(total / 4));
  });

  it('is deterministic for a given stream', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 10 }), fc.nat(), fc.boolean(), (m, k, avoid) => {
        expect(dealSlot(m, k, avoid).cells).toEqual(dealSlot(m, k, avoid).cells);
      }),
      { numRuns: 50 },
    );
  });

  it('writes into `out` when given', () => {
    const mate = sampler(4, 5).sample(derive(1));
    const out = new Uint16Array(20);
    expect(dealOnto(mate, 4, 5, 3, derive(2), {}, out)).toBe(out);
  });

  it('avoiding squares leaves far fewer ambiguous squares (M = 6, 500 deals each)', () => {
    let without = 0;
    let withAvoid = 0;
    for (let k = 0; k < 500; k++) {
      const a = dealSlot(6, k, false);
      if (hasAmbiguousSquare(a.cells, a.mate, a.rows, a.cols)) without++;
      const b = dealSlot(6, k, true);
      if (hasAmbiguousSquare(b.cells, b.mate, b.rows, b.cols)) withAvoid++;
    }
    // Measured when written: about 97% of plain deals and under 1% of avoiding deals.
    expect(without).toBeGreaterThan(400);
    expect(withAvoid).toBeLessThan(25);
  });

  it('rejects a mate array that is not a tiling, or a shape the set does not fill', () => {
    const mate = sampler(3, 4).sample(derive(4));
    expect(() => dealOnto(mate, 3, 4, 3, derive(1))).toThrow(RangeError);
    const broken = mate.slice();
    broken[0] = 0;
    expect(() => dealOnto(broken, 3, 4, 2, derive(1))).toThrow(RangeError);
    // On 2×3, cells 2 and 3 are consecutive indices but sit at opposite ends of the rows.
    const wrapped = Int32Array.from([1, 0, 3, 2, 5, 4]);
    expect(() => dealOnto(Int32Array.from([1, 0, 5, 4, 3, 2]), 2, 3, 1, derive(1))).not.toThrow();
    expect(() => dealOnto(wrapped, 2, 3, 1, derive(1))).toThrow(RangeError);
  });
});

describe('countAmbiguousSquares', () => {
  // Board 2×2 tiled by two horizontal dominoes: top a b, bottom d e.
  const flat = Int32Array.from([1, 0, 3, 2]);
  const upright = Int32Array.from([2, 3, 0, 1]);
  it('sees a number repeated on either diagonal of two parallel dominoes', () => {
    for (const mate of [flat, upright]) {
      expect(countAmbiguousSquares([0, 1, 2, 0], mate, 2, 2)).toBe(1); // a = e
      expect(countAmbiguousSquares([0, 1, 1, 2], mate, 2, 2)).toBe(1); // b = d
      expect(countAmbiguousSquares([0, 1, 0, 1], mate, 2, 2)).toBe(0); // equal in columns only
      expect(hasAmbiguousSquare([0, 1, 2, 3], mate, 2, 2)).toBe(false);
    }
  });

  it('agrees with re-tiling: a square is ambiguous iff turning it keeps the set of pairs', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 4, maxLength: 4 }), (v) => {
        const key = (x: number, y: number) => `${Math.min(x, y)}${Math.max(x, y)}`;
        const across = [key(v[0], v[1]), key(v[2], v[3])].sort().join();
        const down = [key(v[0], v[2]), key(v[1], v[3])].sort().join();
        expect(countAmbiguousSquares(v, flat, 2, 2) === 1).toBe(across === down);
      }),
    );
  });

  it('ignores squares that are not two parallel dominoes', () => {
    // 2×4 tiled as: vertical 0-4, horizontal 1-2 and 5-6, vertical 3-7. Only the middle square
    // holds two parallel dominoes; the outer two mix a vertical and a horizontal one.
    const mate = Int32Array.from([4, 2, 1, 7, 0, 6, 5, 3]);
    expect(countAmbiguousSquares([0, 1, 5, 3, 1, 0, 6, 5], mate, 2, 4)).toBe(0); // outer diagonals repeat
    expect(countAmbiguousSquares([0, 1, 2, 5, 1, 2, 1, 6], mate, 2, 4)).toBe(1); // middle one repeats
  });
});
