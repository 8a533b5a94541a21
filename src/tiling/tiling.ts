// Domino tilings of a rows×cols rectangle: exact counts, exactly uniform random tilings for
// shapes whose narrower side is small enough for a table of profiles, and a flip Markov chain
// for larger ones. A tiling is a mate array: mate[i] is the cell sharing cell i's domino.
import type { Rng } from '../rng.js';

// The broken-profile scan used throughout. The rectangle is read as L lines of W cells, W the
// narrower side, cell t = line i, position j (t = i*W + j). Before cell t is visited, bit k of
// the profile says whether a cell is already covered by a domino sticking out of an earlier
// cell: for k < j the cell at position k of line i+1, for k ≥ j the cell at position k of line i.
// At cell t with bit j clear there are two moves: across to the next line (sets bit j) or along
// the line to position j+1 (sets bit j+1). With bit j set, the cell is done and bit j clears.

function checkShape(rows: number, cols: number): void {
  if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 0 || cols < 0) {
    throw new RangeError(`tiling: bad shape ${rows}x${cols}`);
  }
}

/** Number of domino tilings of a rows×cols rectangle, exactly (1 for an empty rectangle). */
export function countTilings(rows: number, cols: number): bigint {
  checkShape(rows, cols);
  if ((rows * cols) % 2 === 1) return 0n;
  const w = Math.min(rows, cols);
  const l = Math.max(rows, cols);
  const states = 1 << w;
  let cur: bigint[] = new Array<bigint>(states).fill(0n);
  let nxt: bigint[] = new Array<bigint>(states).fill(0n);
  cur[0] = 1n;
  for (let i = 0; i < l; i++) {
    for (let j = 0; j < w; j++) {
      const bit = 1 << j;
      nxt.fill(0n);
      for (let mask = 0; mask < states; mask++) {
        const ways = cur[mask];
        if (ways === 0n) continue;
        if (mask & bit) {
          nxt[mask ^ bit] += ways;
          continue;
        }
        if (i + 1 < l) nxt[mask | bit] += ways;
        if (j + 1 < w && !(mask & (bit << 1))) nxt[mask | (bit << 1)] += ways;
      }
      [cur, nxt] = [nxt, cur];
    }
  }
  return cur[0];
}

/** Where tilings come from for one shape; `exact` says whether samples are exactly uniform. */
export interface TilingSource {
  readonly rows: number;
  readonly cols: number;
  readonly exact: boolean;
  /**
   * A random tiling as a mate array (written into `out` when given). `interrupt` may stop a
   * long sampler early, leaving some tiling, not a sample: the caller must then give up.
   */
  sample(rng: Rng, out?: Int32Array, interrupt?: () => boolean): Int32Array;
}

/**
 * Exactly uniform random tilings of one shape. The constructor builds, once, a table of how many
 * ways each (cell, profile) state can be completed; a sample then walks the cells choosing each
 * move with probability proportional to the completions it leaves, which makes every tiling's
 * probability a telescoping product equal to 1 / (number of tilings).
 *
 * Precision: counts are float64, and each table row is divided by its own maximum. Both moves
 * from a state land in the same row, so that row's scale cancels in the choice. Every entry is a
 * sum of at most two non-negative entries of the next row, then one division, so there is no
 * cancellation and the relative error grows by at most ~2 ulp per row: under 1e-13 for the
 * catalog's shapes, far below anything sampling could detect. Memory: (area+1)·2^W doubles.
 */
export class TilingSampler implements TilingSource {
  readonly rows: number;
  readonly cols: number;
  readonly exact = true;
  /** Natural log of the number of tilings (from the table; the exact count is countTilings). */
  readonly logCount: number;
  private readonly w: number;
  private readonly l: number;
  private readonly states: number;
  /** table[t * states + mask] ∝ completions from cell t with that profile (row-wise scale). */
  private readonly table: Float64Array;
  /** cellOf[t] is the row-major index of scan cell t. */
  private readonly cellOf: Int32Array;

  constructor(rows: number, cols: number) {
    checkShape(rows, cols);
    if ((rows * cols) % 2 === 1) throw new RangeError(`tiling: ${rows}x${cols} has odd area`);
    this.rows = rows;
    this.cols = cols;
    const w = Math.min(rows, cols);
    const l = Math.max(rows, cols);
    if (w > 24) throw new RangeError(`tiling: 2^${w} profiles is too many; use randomTilingMarkov`);
    this.w = w;
    this.l = l;
    const states = (this.states = 1 << w);
    const n = rows * cols;
    // Lines run along rows when cols is the narrower side, else down columns.
    const cellOf = (this.cellOf = new Int32Array(n));
    for (let t = 0; t < n; t++) {
      const i = Math.floor(t / w);
      const j = t - i * w;
      cellOf[t] = cols <= rows ? t : j * cols + i;
    }
    const table = (this.table = new Float64Array((n + 1) * states));
    table[n * states] = 1;
    let logScale = 0;
    for (let t = n - 1; t >= 0; t--) {
      const i = Math.floor(t / w);
      const j = t - i * w;
      const bit = 1 << j;
      const row = t * states;
      const next = row + states;
      const across = i + 1 < l;
      const along = j + 1 < w;
      let max = 0;
      for (let mask = 0; mask < states; mask++) {
        let v: number;
        if (mask & bit) v = table[next + (mask ^ bit)];
        else {
          v = across ? table[next + (mask | bit)] : 0;
          if (along && !(mask & (bit << 1))) v += table[next + (mask | (bit << 1))];
        }
        table[row + mask] = v;
        if (v > max) max = v;
      }
      if (max > 0) {
        for (let mask = 0; mask < states; mask++) table[row + mask] /= max;
        logScale += Math.log(max);
      }
    }
    this.logCount = logScale + Math.log(table[0]);
  }

  sample(rng: Rng, out: Int32Array = new Int32Array(this.rows * this.cols)): Int32Array {
    const { w, l, states, table, cellOf } = this;
    let mask = 0;
    let t = 0;
    for (let i = 0; i < l; i++) {
      for (let j = 0; j < w; j++, t++) {
        const bit = 1 << j;
        if (mask & bit) {
          mask ^= bit; // covered from an earlier cell; its mate is already written
          continue;
        }
        const next = (t + 1) * states;
        const fa = i + 1 < l ? table[next + (mask | bit)] : 0;
        const fb = j + 1 < w && !(mask & (bit << 1)) ? table[next + (mask | (bit << 1))] : 0;
        const goAcross = fb === 0 || (fa !== 0 && rng.float() * (fa + fb) < fa);
        const a = cellOf[t];
        const b = goAcross ? cellOf[t + w] : cellOf[t + 1];
        out[a] = b;
        out[b] = a;
        mask |= goAcross ? bit : bit << 1;
      }
    }
    return out;
  }
}

/**
 * An approximately uniform random tiling by the flip chain: start from all dominoes parallel,
 * then `sweeps` × (number of 2×2 squares) times pick a random square and, with probability 1/2,
 * rotate it if it holds two parallel dominoes. The moves are symmetric and connect all tilings
 * of a rectangle, so the uniform distribution is the chain's limit; how close a finite run gets
 * is not guaranteed (mixing is believed to take on the order of (side)^2 sweeps).
 */
export function randomTilingMarkov(
  rows: number,
  cols: number,
  rng: Rng,
  sweeps: number,
  out: Int32Array = new Int32Array(rows * cols),
): Int32Array {
  checkShape(rows, cols);
  if ((rows * cols) % 2 === 1) throw new RangeError(`tiling: ${rows}x${cols} has odd area`);
  const n = rows * cols;
  const flat = cols % 2 === 0; // lay the starting dominoes along rows when they fit
  for (let i = 0; i < n; i++) {
    const r = Math.floor(i / cols);
    const c = i - r * cols;
    if (flat) out[i] = c % 2 === 0 ? i + 1 : i - 1;
    else out[i] = r % 2 === 0 ? i + cols : i - cols;
  }
  const sqCols = cols - 1;
  const squares = (rows - 1) * sqCols;
  if (squares <= 0) return out;
  const steps = sweeps * squares;
  const top = 2 * squares - 1;
  for (let s = 0; s < steps; s++) {
    // One draw picks both the square and the lazy coin (the coin keeps the chain aperiodic).
    const x = rng.int(0, top);
    if (x & 1) continue;
    const q = x >>> 1;
    const r = Math.floor(q / sqCols);
    const a = r * cols + (q - r * sqCols); // top-left of the square
    const b = a + 1;
    const d = a + cols;
    const e = d + 1;
    if (out[a] === b && out[d] === e) {
      out[a] = d;
      out[d] = a;
      out[b] = e;
      out[e] = b;
    } else if (out[a] === d && out[b] === e) {
      out[a] = b;
      out[b] = a;
      out[d] = e;
      out[e] = d;
    }
  }
  return out;
}

/** Flip-chain source for shapes too wide for a profile table. */
class MarkovTiling implements TilingSource {
  readonly exact = false;
  constructor(
    readonly rows: number,
    readonly cols: number,
    readonly sweeps: number,
  ) {}
  sample(rng: Rng, out?: Int32Array): Int32Array {
    return randomTilingMarkov(this.rows, this.cols, rng, this.sweeps, out);
  }
}

export interface TilingOptions {
  /** Largest table (in doubles) worth building for an exact sampler; default 2^23. */
  maxTableEntries?: number;
  /** Flip-chain sweeps when the exact sampler is too big; default 2·(longer side)^2. */
  sweeps?: number;
}

const sources = new Map<string, TilingSource>();

/**
 * The tiling source for a shape: exact when its table fits in `maxTableEntries`, else the flip
 * chain. Sources are cached per shape and options, since the table is the expensive part.
 */
export function tilingFor(rows: number, cols: number, options: TilingOptions = {}): TilingSource {
  checkShape(rows, cols);
  const maxEntries = options.maxTableEntries ?? 2 ** 23;
  const sweeps = options.sweeps ?? 2 * Math.max(rows, cols) ** 2;
  const key = `${rows}x${cols}/${maxEntries}/${sweeps}`;
  let src = sources.get(key);
  if (src === undefined) {
    const w = Math.min(rows, cols);
    const entries = w > 30 ? Infinity : (rows * cols + 1) * 2 ** w;
    src = entries <= maxEntries ? new TilingSampler(rows, cols) : new MarkovTiling(rows, cols, sweeps);
    sources.set(key, src);
  }
  return src;
}
