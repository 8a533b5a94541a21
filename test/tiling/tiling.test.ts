import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { derive } from '../../src/rng.js';
import { countTilings, TilingSampler, randomTilingMarkov, tilingFor } from '../../src/tiling/tiling.js';
import { tilingToSolution } from '../../src/dominosa/solve/solution.js';

// Upper 0.1% point of chi-square with k degrees of freedom by the Wilson–Hilferty cube
// approximation; 3.0902 is the standard normal quantile for an upper tail of 0.001.
function chiSquareCritical001(k: number): number {
  const z = 3.0902;
  const a = 2 / (9 * k);
  return k * (1 - a + z * Math.sqrt(a)) ** 3;
}

/** Why `mate` is not a perfect domino tiling of rows×cols, or null. */
function tilingError(mate: Int32Array, rows: number, cols: number): string | null {
  if (mate.length !== rows * cols) return 'length';
  for (let i = 0; i < mate.length; i++) {
    const j = mate[i];
    if (!(j >= 0 && j < mate.length) || j === i) return `cell ${i} has mate ${j}`;
    if (mate[j] !== i) return `mate not symmetric at ${i}`;
    const dr = Math.abs(Math.floor(i / cols) - Math.floor(j / cols));
    const dc = Math.abs((i % cols) - (j % cols));
    if (dr + dc !== 1) return `cells ${i} and ${j} not adjacent`;
  }
  return null;
}

/** Sample n tilings and tally them by their mate arrays. */
function tally(n: number, draw: () => Int32Array): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const key = draw().join(',');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

function chiSquareUniform(counts: Map<string, number>, cells: number, n: number): number {
  const expected = n / cells;
  let s = 0;
  for (const c of counts.values()) s += (c - expected) ** 2 / expected;
  s += (cells - counts.size) * expected; // tilings never drawn
  return s;
}

describe('countTilings', () => {
  it('matches the published counts', () => {
    expect(countTilings(4, 5)).toBe(95n);
    expect(countTilings(5, 6)).toBe(1183n);
    expect(countTilings(6, 7)).toBe(31529n);
    expect(countTilings(7, 8)).toBe(1292697n);
    expect(countTilings(8, 9)).toBe(108435745n);
    expect(countTilings(8, 8)).toBe(12988816n);
  });

  it('is the Fibonacci number F(n+1) for 2×n, either way round', () => {
    let f0 = 1n; // F(1)
    let f1 = 1n; // F(2)
    for (let n = 1; n <= 60; n++) {
      expect(countTilings(2, n)).toBe(f1);
      expect(countTilings(n, 2)).toBe(f1);
      [f0, f1] = [f1, f0 + f1];
    }
  });

  it('is 0 for odd area, 1 for an empty board, symmetric under transposition', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 9 }), (r, c) => {
        const n = countTilings(r, c);
        if ((r * c) % 2 === 1) expect(n).toBe(0n);
        else expect(n > 0n).toBe(true);
        expect(countTilings(c, r)).toBe(n);
      }),
    );
    expect(countTilings(0, 5)).toBe(1n);
  });
});

describe('TilingSampler', () => {
  it('its table agrees with the exact count', () => {
    for (const [r, c] of [
      [4, 5],
      [7, 8],
      [8, 9],
      [12, 13],
      [13, 14],
    ]) {
      const s = new TilingSampler(r, c);
      // ln of a BigInt: scale down to a double first.
      const exact = countTilings(r, c);
      const digits = exact.toString().length;
      const ln =
        Math.log(Number(exact / 10n ** BigInt(Math.max(0, digits - 17)))) + Math.max(0, digits - 17) * Math.log(10);
      expect(Math.abs(s.logCount - ln)).toBeLessThan(1e-9);
    }
  });

  it('samples perfect tilings in both orientations', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 9 }), fc.nat(), (r, c, seed) => {
        fc.pre((r * c) % 2 === 0);
        const s = new TilingSampler(r, c);
        const rng = derive(seed);
        const out = new Int32Array(r * c);
        for (let i = 0; i < 5; i++) {
          expect(s.sample(rng, out)).toBe(out);
          expect(tilingError(out, r, c)).toBeNull();
        }
      }),
    );
  });

  it('is uniform on 4×5 and 5×4: all 95 tilings, chi-square below the 0.1% point', () => {
    for (const [r, c] of [
      [4, 5],
      [5, 4],
    ]) {
      const s = new TilingSampler(r, c);
      const rng = derive(2024, r, c);
      const n = 95 * 200;
      const counts = tally(n, () => {
        const mate = s.sample(rng);
        expect(tilingError(mate, r, c)).toBeNull();
        return mate;
      });
      expect(counts.size).toBe(95);
      expect(chiSquareUniform(counts, 95, n)).toBeLessThan(chiSquareCritical001(94));
    }
  });

  it('a 2×2 square is split either way half the time', () => {
    // A sampler that favoured one move would show here first: 2 tilings, 10 000 draws,
    // binomial standard deviation 50; allow 4 of them.
    const s = new TilingSampler(2, 2);
    const rng = derive(1);
    let flat = 0;
    for (let i = 0; i < 10_000; i++) if (s.sample(rng)[0] === 1) flat++;
    expect(Math.abs(flat - 5000)).toBeLessThan(200);
  });

  it('rejects odd areas', () => {
    expect(() => new TilingSampler(3, 5)).toThrow(RangeError);
  });
});

describe('randomTilingMarkov', () => {
  it('gives perfect tilings', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }), fc.nat(), (r, c, seed) => {
        fc.pre((r * c) % 2 === 0);
        expect(tilingError(randomTilingMarkov(r, c, derive(seed), 3), r, c)).toBeNull();
      }),
    );
  });

  it('reaches every 4×5 tiling about equally often after enough sweeps', () => {
    const rng = derive(77);
    const n = 95 * 100;
    const counts = tally(n, () => randomTilingMarkov(4, 5, rng, 30));
    expect(counts.size).toBe(95);
    expect(chiSquareUniform(counts, 95, n)).toBeLessThan(chiSquareCritical001(94));
  });

  it('does not move with zero sweeps', () => {
    expect(Array.from(randomTilingMarkov(2, 4, derive(1), 0))).toEqual([1, 0, 3, 2, 5, 4, 7, 6]);
  });
});

describe('tilingFor', () => {
  it('is exact for the catalog sizes and falls back to the flip chain when the table is too big', () => {
    for (let m = 2; m <= 12; m++) expect(tilingFor(m + 1, m + 2).exact).toBe(true);
    const big = tilingFor(20, 21);
    expect(big.exact).toBe(false);
    const small = tilingFor(6, 7, { maxTableEntries: 1000, sweeps: 5 });
    expect(small.exact).toBe(false);
    expect(tilingError(small.sample(derive(3)), 6, 7)).toBeNull();
    expect(tilingFor(7, 8)).toBe(tilingFor(7, 8));
  });
});

describe('tilingToSolution', () => {
  it('lists each domino once, first cell first, sorted', () => {
    const mate = new TilingSampler(5, 6).sample(derive(8));
    const sol = tilingToSolution(mate, 5, 6);
    expect(sol.length).toBe(15);
    const covered = new Set<number>();
    let prev = -1;
    for (const [r1, c1, r2, c2] of sol) {
      const a = r1 * 6 + c1;
      const b = r2 * 6 + c2;
      expect(a).toBeLessThan(b);
      expect(a).toBeGreaterThan(prev);
      prev = a;
      expect(mate[a]).toBe(b);
      covered.add(a).add(b);
    }
    expect(covered.size).toBe(30);
  });
});
