// Random tilings of boards too large for the exact sampler's profile table (M ≥ 13): a fast
// flip chain that visits every 2×2 square in turn and re-tiles it at random. Approximately
// uniform: local statistics match the exact sampler, long-range ones are under-mixed (below).
import type { Rng } from '../rng.js';
import { tilingFor, type TilingSource } from './tiling.js';

/**
 * Sweeps per sample: enough that every local statistic compared with the exact sampler (the
 * densities of horizontal dominoes and flippable squares, the edge and seam rates) matches it
 * within its standard error (scripts/bench/README.md has the comparison). What they do not
 * reproduce is the long-wavelength part of the height function, which relaxes diffusively in
 * ~(side)² sweeps: large boards stay a little flatter (closer to the all-parallel start) than
 * uniform ones.
 */
export const FLIP_SWEEPS = 200;

/** Largest profile table (doubles) the generator builds for an exact sampler: up to M = 12. */
export const EXACT_TABLE_LIMIT = 2 ** 21;

/**
 * `sweeps` systematic scans of the flip chain, in place: each scan visits every 2×2 square in
 * row-major order and, on a fair coin, rotates it if it holds two parallel dominoes. Each visit
 * is a heat-bath update that keeps the uniform distribution, and the flips connect all tilings
 * of a rectangle, so the chain converges to uniform. The coins come from a xorshift32 stream
 * seeded by one draw of `rng` (32 coins a step, far cheaper than a draw per square); the result
 * depends on `rng` alone, so it is as reproducible as any other draw.
 */
export function flipSweeps(
  mate: Int32Array,
  rows: number,
  cols: number,
  sweeps: number,
  rng: Rng,
  interrupt?: () => boolean,
): void {
  let x = rng.int(1, 0x7fffffff); // xorshift32 needs a non-zero state
  let bits = 0;
  let left = 0;
  for (let s = 0; s < sweeps; s++) {
    // A poll per sweep: stopped, the tiling is unmixed.
    if (interrupt?.() === true) return;
    for (let r = 0; r + 1 < rows; r++) {
      const base = r * cols;
      for (let c = 0; c + 1 < cols; c++) {
        if (left === 0) {
          x ^= x << 13;
          x ^= x >>> 17;
          x ^= x << 5;
          bits = x;
          left = 32;
        }
        const coin = bits & 1;
        bits >>>= 1;
        left--;
        if (coin === 0) continue;
        const a = base + c;
        const b = a + 1;
        const d = a + cols;
        const e = d + 1;
        if (mate[a] === b) {
          if (mate[d] === e) {
            mate[a] = d;
            mate[d] = a;
            mate[b] = e;
            mate[e] = b;
          }
        } else if (mate[a] === d && mate[b] === e) {
          mate[a] = b;
          mate[b] = a;
          mate[d] = e;
          mate[e] = d;
        }
      }
    }
  }
}

/** All dominoes parallel: along rows when the width is even, else down columns. */
function parallelTiling(mate: Int32Array, rows: number, cols: number): void {
  const n = rows * cols;
  const flat = cols % 2 === 0;
  for (let i = 0; i < n; i++) {
    const r = Math.floor(i / cols);
    const c = i - r * cols;
    if (flat) mate[i] = c % 2 === 0 ? i + 1 : i - 1;
    else mate[i] = r % 2 === 0 ? i + cols : i - cols;
  }
}

/** The flip chain as a tiling source: the all-parallel tiling, then `sweeps` scans. */
export class FlipChainTiling implements TilingSource {
  readonly exact = false;
  constructor(
    readonly rows: number,
    readonly cols: number,
    readonly sweeps: number = FLIP_SWEEPS,
  ) {
    if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 1 || cols < 1 || (rows * cols) % 2 === 1) {
      throw new RangeError(`flip chain: no tiling of ${rows}x${cols}`);
    }
  }

  sample(rng: Rng, out: Int32Array = new Int32Array(this.rows * this.cols), interrupt?: () => boolean): Int32Array {
    parallelTiling(out, this.rows, this.cols);
    flipSweeps(out, this.rows, this.cols, this.sweeps, rng, interrupt);
    return out;
  }
}

const chains = new Map<string, FlipChainTiling>();

/**
 * The generator's tiling source for a shape: the exact sampler while its table stays within
 * EXACT_TABLE_LIMIT (built once per shape), else the flip chain.
 */
export function generatorTiling(rows: number, cols: number): TilingSource {
  const w = Math.min(rows, cols);
  if (w <= 24 && (rows * cols + 1) * 2 ** w <= EXACT_TABLE_LIMIT) {
    return tilingFor(rows, cols); // the rejection path's cached sampler (its limit is larger)
  }
  const key = `${rows}x${cols}`;
  let src = chains.get(key);
  if (src === undefined) {
    src = new FlipChainTiling(rows, cols);
    chains.set(key, src);
  }
  return src;
}
