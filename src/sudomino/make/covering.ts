// A random layout for a Sudomino board: blocked cells and a domino covering of the rest in which
// no row or column meets more than N dominoes, built so rather than drawn and rejected (random
// layouts meet that limit rarely). Cells are taken in reading order; each open one is blocked or
// starts a domino to the right or downwards, drawn among the moves that keep every line within N.
import type { Rng } from '../../rng.js';

export interface Covering {
  /** domino[cell]: the domino on the cell, or -1 where blocked; numbered in reading order. */
  domino: Int32Array;
  /** Domino d covers cells[2d] < cells[2d + 1]. */
  cells: Int32Array;
}

/** How often a cell is blocked when a domino could start there: one draw in BLOCK_ODDS + 1. */
export const BLOCK_ODDS = 10;

export function randomCovering(rows: number, cols: number, values: number, rng: Rng): Covering {
  const n = rows * cols;
  const domino = new Int32Array(n).fill(-2);
  const entries = new Int32Array(rows + cols);
  const cells: number[] = [];
  const room = (l: number): boolean => entries[l] < values;
  for (let i = 0; i < n; i++) {
    if (domino[i] !== -2) continue;
    const r = (i / cols) | 0;
    const c = i % cols;
    // A domino along a row adds one entry to the row and one to each of its two columns.
    const across = c + 1 < cols && domino[i + 1] === -2 && room(r) && room(rows + c) && room(rows + c + 1);
    const down = r + 1 < rows && room(r) && room(r + 1) && room(rows + c);
    const moves = (across ? BLOCK_ODDS : 0) + (down ? BLOCK_ODDS : 0);
    const pick = moves === 0 ? -1 : rng.int(0, moves);
    if (pick < 0 || pick === moves) {
      domino[i] = -1;
      continue;
    }
    const d = cells.length / 2;
    const j = across && (!down || pick < BLOCK_ODDS) ? i + 1 : i + cols;
    domino[i] = d;
    domino[j] = d;
    cells.push(i, j);
    entries[r]++;
    entries[rows + c]++;
    if (j === i + 1) entries[rows + c + 1]++;
    else entries[r + 1]++;
  }
  return { domino, cells: Int32Array.from(cells) };
}
