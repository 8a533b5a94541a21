// Deal a shuffled complete double-M set onto a tiling, giving the numbers of a candidate board.
// Optionally steers away from the commonest ambiguity, a 2×2 square of two parallel dominoes
// with equal numbers at opposite corners, which can be re-tiled the other way with the same pairs.
import { pairCount, pairFromIndex } from '../pairs.js';
import type { Rng } from '../../rng.js';

export interface DealOptions {
  /** Orient and swap pairs to avoid ambiguous 2×2 squares where possible (default true). */
  avoidSquares?: boolean;
}

const UNDEALT = 0xffff;
// How many other dominoes to try swapping pairs with when a pair forms an ambiguous square
// either way round.
const SWAP_TRIES = 8;

// Lower and upper values of each pair index, per M; tiny and reused across deals.
const pairTables = new Map<number, { lo: Uint16Array; hi: Uint16Array }>();
function pairsOf(m: number): { lo: Uint16Array; hi: Uint16Array } {
  let tab = pairTables.get(m);
  if (tab === undefined) {
    const n = pairCount(m);
    tab = { lo: new Uint16Array(n), hi: new Uint16Array(n) };
    for (let p = 0; p < n; p++) [tab.lo[p], tab.hi[p]] = pairFromIndex(p);
    pairTables.set(m, tab);
  }
  return tab;
}

// A square with corners tl tr / bl br is ambiguous when a diagonal holds one number twice:
// only then do both ways of tiling it with two dominoes spell the same two pairs.
function diagonalMatch(tl: number, tr: number, bl: number, br: number): boolean {
  return tl === br || tr === bl;
}

/**
 * Would domino a–b (a < b) showing va at a and vb at b form an ambiguous square with a parallel
 * neighbour that is already dealt? Undealt cells hold UNDEALT, which matches no value.
 */
function formsSquare(
  cells: Uint16Array,
  mate: Int32Array,
  cols: number,
  n: number,
  a: number,
  b: number,
  va: number,
  vb: number,
): boolean {
  if (b === a + 1) {
    const up = a - cols;
    if (up >= 0 && mate[up] === up + 1 && cells[up] !== UNDEALT) {
      if (diagonalMatch(cells[up], cells[up + 1], va, vb)) return true;
    }
    const down = a + cols;
    if (down < n && mate[down] === down + 1 && cells[down] !== UNDEALT) {
      if (diagonalMatch(va, vb, cells[down], cells[down + 1])) return true;
    }
  } else {
    const c = a % cols;
    if (c > 0 && mate[a - 1] === b - 1 && cells[a - 1] !== UNDEALT) {
      if (diagonalMatch(cells[a - 1], va, cells[b - 1], vb)) return true;
    }
    if (c + 1 < cols && mate[a + 1] === b + 1 && cells[a + 1] !== UNDEALT) {
      if (diagonalMatch(va, cells[a + 1], vb, cells[b + 1])) return true;
    }
  }
  return false;
}

// Scratch of the last size dealt, reused so a stream of deals allocates nothing (dealOnto is
// synchronous and never re-entered). Numbers pass 255 from M = 256, pair numbers 65,535 from M = 361.
let scratchOrder = new Uint32Array(0);
let scratchFirst = new Int32Array(0);

/**
 * Numbers (row-major) for a board whose solution is the tiling `mate`: the pairs of a double-M
 * set are shuffled, dealt to the dominoes in row-major order of their first cell, each in a random
 * orientation. With avoidSquares, a domino that would form an ambiguous square with a dealt
 * neighbour is turned round, or else its pair is swapped with that of a random other domino (a
 * few tries; an already dealt one only if both then fit), and accepted as is if nothing helps.
 * Throws RangeError if the shape does not fit the set or `mate` is not a perfect tiling of it
 * (both are the caller's bugs, not bad input).
 */
export function dealOnto(
  mate: Int32Array,
  rows: number,
  cols: number,
  m: number,
  rng: Rng,
  options: DealOptions = {},
  out: Uint16Array = new Uint16Array(rows * cols),
): Uint16Array {
  const n = rows * cols;
  const count = pairCount(m);
  if (n !== 2 * count || mate.length !== n || out.length !== n) {
    throw new RangeError(
      `dealOnto: a double-${m} set does not fill ${rows}x${cols} (mate ${mate.length}, out ${out.length})`,
    );
  }
  const avoid = options.avoidSquares ?? true;
  const { lo, hi } = pairsOf(m);
  const order = scratchOrder.length === count ? scratchOrder : (scratchOrder = new Uint32Array(count));
  for (let p = 0; p < count; p++) order[p] = p;
  rng.shuffle(order);
  // First cell of the k-th dealt domino.
  const firstCell = scratchFirst.length === count ? scratchFirst : (scratchFirst = new Int32Array(count));
  out.fill(UNDEALT);

  // Orientation of pair q on domino a–b that forms no ambiguous square with dealt neighbours,
  // trying `flip` first: 1 puts the higher number on a, 0 the lower, -1 if neither works.
  const orient = (q: number, a: number, b: number, flip: boolean): number => {
    const x = flip ? hi[q] : lo[q];
    const y = flip ? lo[q] : hi[q];
    if (!formsSquare(out, mate, cols, n, a, b, x, y)) return flip ? 1 : 0;
    if (x !== y && !formsSquare(out, mate, cols, n, a, b, y, x)) return flip ? 0 : 1;
    return -1;
  };
  const put = (q: number, a: number, b: number, hiFirst: boolean): void => {
    out[a] = hiFirst ? hi[q] : lo[q];
    out[b] = hiFirst ? lo[q] : hi[q];
  };

  let k = 0;
  for (let a = 0; a < n; a++) {
    const b = mate[a];
    if (b < a) continue;
    const adjacent = (b === a + 1 && b % cols !== 0) || b === a + cols;
    if (!adjacent || b >= n || mate[b] !== a) throw new RangeError(`dealOnto: mate is not a tiling at cell ${a}`);
    firstCell[k] = a;
    const p = order[k];
    const flip = rng.int(0, 1) === 1;
    const here = avoid ? orient(p, a, b, flip) : -1;
    if (!avoid || here >= 0) {
      put(p, a, b, avoid ? here === 1 : flip);
      k++;
      continue;
    }
    // Swap pairs with another domino: a later pair just has to fit here; an earlier domino's
    // pair must fit here and this pair must then fit there. Near the end of the deal only
    // earlier dominoes are left to swap with.
    put(p, a, b, flip); // the fallback if no swap works
    for (let attempt = 0; attempt < SWAP_TRIES && count > 1; attempt++) {
      let j = rng.int(0, count - 2);
      if (j >= k) j++;
      const q = order[j];
      const f = rng.int(0, 1) === 1;
      if (j > k) {
        const o = orient(q, a, b, f);
        if (o < 0) continue;
        put(q, a, b, o === 1);
        order[j] = p;
        order[k] = q;
        break;
      }
      const c = firstCell[j];
      const d = mate[c];
      const cv = out[c];
      const dv = out[d];
      out[c] = out[d] = UNDEALT; // so the check here ignores the pair about to leave c–d
      const o = orient(q, a, b, f);
      if (o >= 0) {
        put(q, a, b, o === 1);
        const o2 = orient(p, c, d, rng.int(0, 1) === 1);
        if (o2 >= 0) {
          put(p, c, d, o2 === 1);
          order[j] = p;
          order[k] = q;
          break;
        }
      }
      out[c] = cv;
      out[d] = dv;
      put(p, a, b, flip);
    }
    k++;
  }
  // Each domino counted was checked both ways, so `count` of them cover every cell.
  if (k !== count) throw new RangeError('dealOnto: mate is not a tiling (cells left uncovered)');
  return out;
}
