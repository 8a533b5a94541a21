// Tests for src/flipchain.ts: the flip chain gives perfect tilings, deterministically, visits
// every tiling of a small board about equally often, matches the exact sampler's local
// statistics on a mid-sized board, and generatorTiling switches to it exactly above M = 12.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FlipChainTiling, generatorTiling } from '../../src/tiling/flipchain.js';
import { derive } from '../../src/rng.js';
import { TilingSampler, countTilings } from '../../src/tiling/tiling.js';

/** Why `mate` is not a perfect domino tiling of rows×cols, or null. */
function tilingError(mate: Int32Array, rows: number, cols: number): string | null {
  for (let i = 0; i < rows * cols; i++) {
    const j = mate[i];
    if (!(j >= 0 && j < rows * cols) || mate[j] !== i || j === i) return `cell ${i}`;
    if (Math.abs(Math.floor(i / cols) - Math.floor(j / cols)) + Math.abs((i % cols) - (j % cols)) !== 1)
      return `cell ${i}`;
  }
  return null;
}

/** Horizontal dominoes and flippable 2×2 squares, per cell. */
function densities(mate: Int32Array, rows: number, cols: number): [number, number] {
  let h = 0;
  let flip = 0;
  for (let a = 0; a < rows * cols; a++) {
    if (mate[a] === a + 1 || mate[a] === a - 1) h++;
    if (a % cols === cols - 1 || a + cols >= rows * cols) continue;
    const b = a + 1;
    const d = a + cols;
    if ((mate[a] === b && mate[d] === d + 1) || (mate[a] === d && mate[b] === d + 1)) flip++;
  }
  return [h / (rows * cols), flip / (rows * cols)];
}

describe('FlipChainTiling', () => {
  it('gives perfect tilings, the same for the same stream', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        fc.nat(1000),
        fc.nat(20),
        (r, c, seed, sweeps) => {
          fc.pre((r * c) % 2 === 0);
          const src = new FlipChainTiling(r, c, sweeps);
          const a = src.sample(derive(seed));
          expect(tilingError(a, r, c)).toBeNull();
          expect(Array.from(src.sample(derive(seed)))).toEqual(Array.from(a));
        },
      ),
    );
  });

  it('reaches every 4×5 tiling about equally often', () => {
    const src = new FlipChainTiling(4, 5, 40);
    const rng = derive(3);
    const counts = new Map<string, number>();
    const n = 9500;
    for (let i = 0; i < n; i++) {
      const key = src.sample(rng).join(',');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(Number(countTilings(4, 5))); // 95
    // Chi-square over 95 cells, 94 degrees of freedom: the 0.1% point is about 137.
    const expected = n / 95;
    let chi = 0;
    for (const v of counts.values()) chi += (v - expected) ** 2 / expected;
    expect(chi).toBeLessThan(137);
  });

  it('matches the exact sampler on horizontal and flippable-square densities at 12×13', () => {
    const rows = 12;
    const cols = 13;
    const exact = new TilingSampler(rows, cols);
    const chain = new FlipChainTiling(rows, cols);
    const n = 1500;
    const mean = (draw: (i: number) => Int32Array): [number, number] => {
      let h = 0;
      let f = 0;
      for (let i = 0; i < n; i++) {
        const [dh, df] = densities(draw(i), rows, cols);
        h += dh;
        f += df;
      }
      return [h / n, f / n];
    };
    const [he, fe] = mean((i) => exact.sample(derive(1, i)));
    const [hc, fc2] = mean((i) => chain.sample(derive(2, i)));
    // Standard errors are about 0.0012 (horizontal) and 0.0005 (flippable) per mean here.
    expect(Math.abs(he - hc)).toBeLessThan(0.006);
    expect(Math.abs(fe - fc2)).toBeLessThan(0.003);
    // Without enough sweeps the all-parallel start shows: the test can tell the difference.
    const [, f1] = mean((i) => new FlipChainTiling(rows, cols, 1).sample(derive(3, i)));
    expect(Math.abs(fe - f1)).toBeGreaterThan(0.01);
  });
});

describe('generatorTiling', () => {
  it('is exact up to M = 12 and the flip chain above', () => {
    for (const m of [3, 9, 12]) expect(generatorTiling(m + 1, m + 2).exact).toBe(true);
    for (const m of [13, 30, 100]) expect(generatorTiling(m + 1, m + 2).exact).toBe(false);
    expect(generatorTiling(31, 32)).toBe(generatorTiling(31, 32));
  });
});
