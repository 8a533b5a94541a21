// A random filled layout for a Sudomino board: blocked cells, a domino covering of the rest and a
// value on every domino, no two dominoes of a line sharing one. Random layouts drawn first and
// filled after rarely admit a filling at all, so layout and filling are drawn together: cells
// in reading order, each open one blocked or starting a domino to the right or downwards with a
// value none of its three lines holds yet. A line so never meets more than N dominoes.
import type { Rng } from '../../rng.js';

export interface FilledLayout {
  /** domino[cell]: the domino on the cell, or -1 where blocked; numbered in reading order. */
  domino: Int32Array;
  /** Domino d covers cells[2d] < cells[2d + 1]. */
  cells: Int32Array;
  /** filling[d]: domino d's value, 1..N. */
  filling: Uint8Array;
}

/** How often a cell is blocked when a domino could start there: one draw in BLOCK_ODDS + 1. */
export const BLOCK_ODDS = 10;

function nthBit(m: number, k: number): number {
  for (let i = 0; i < k; i++) m &= m - 1;
  return m & -m;
}

function bitCount(m: number): number {
  let n = 0;
  for (; m !== 0; m &= m - 1) n++;
  return n;
}

export function randomFilledLayout(rows: number, cols: number, values: number, rng: Rng): FilledLayout {
  const n = rows * cols;
  const full = (1 << values) - 1;
  const domino = new Int32Array(n).fill(-2);
  // used[line]: the values its dominoes hold so far, rows first then columns.
  const used = new Int32Array(rows + cols);
  const cells: number[] = [];
  const filling: number[] = [];
  for (let i = 0; i < n; i++) {
    if (domino[i] !== -2) continue;
    const r = (i / cols) | 0;
    const c = i % cols;
    const acrossFree =
      c + 1 < cols && domino[i + 1] === -2 ? full & ~(used[r] | used[rows + c] | used[rows + c + 1]) : 0;
    const downFree = r + 1 < rows ? full & ~(used[r] | used[r + 1] | used[rows + c]) : 0;
    const moves = (acrossFree !== 0 ? BLOCK_ODDS : 0) + (downFree !== 0 ? BLOCK_ODDS : 0);
    const pick = moves === 0 ? moves : rng.int(0, moves);
    if (pick === moves) {
      domino[i] = -1;
      continue;
    }
    const across = acrossFree !== 0 && (downFree === 0 || pick < BLOCK_ODDS);
    const free = across ? acrossFree : downFree;
    const bit = nthBit(free, rng.int(0, bitCount(free) - 1));
    const j = across ? i + 1 : i + cols;
    const d = filling.length;
    domino[i] = d;
    domino[j] = d;
    cells.push(i, j);
    filling.push(31 - Math.clz32(bit) + 1);
    used[r] |= bit;
    used[rows + c] |= bit;
    if (across) used[rows + c + 1] |= bit;
    else used[r + 1] |= bit;
  }
  return { domino, cells: Int32Array.from(cells), filling: Uint8Array.from(filling) };
}
