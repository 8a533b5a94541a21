// Placements, cells and pairs as people and logs see them: a placement index as the domino
// [r1, c1, r2, c2], a cell index as [row, col], a pair index as [u, v] with u ≤ v.
import { pairFromIndex } from '../pairs.js';
import type { Model } from '../solve/model.js';
import type { Domino } from '../solve/solution.js';
import type { Cell, PairUV } from './step.js';

export function dominoOf(md: Model, p: number): Domino {
  const a = md.plA[p];
  const b = md.plB[p];
  const cols = md.cols;
  return [Math.floor(a / cols), a % cols, Math.floor(b / cols), b % cols];
}

export function cellOf(md: Model, c: number): Cell {
  return [Math.floor(c / md.cols), c % md.cols];
}

export function pairOf(q: number): PairUV {
  return pairFromIndex(q);
}
