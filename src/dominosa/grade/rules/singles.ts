// Level 1 of the ladder, singles: the moves every solver sees first. A cell with one
// neighbour left, or a pair with one spot left, leaves no choice.
import { cellOf, pairOf } from '../coords.js';
import type { GradeState } from '../state.js';

/** Cell singleton: a cell with only one placement left must be covered by that placement. */
export function cellSingleton(g: GradeState): boolean {
  for (let c = g.singleCells.pop(); c >= 0; c = g.singleCells.pop()) {
    if (g.cellDone[c] === 1 || g.cellCnt[c] !== 1) continue;
    if (g.logging) g.reason = { rule: 'cellSingleton', cell: cellOf(g.model, c) };
    g.place(g.firstLiveAt(c));
    return true;
  }
  return false;
}

/** Pair singleton: a pair with only one spot left must be laid on that spot. */
export function pairSingleton(g: GradeState): boolean {
  for (let q = g.singlePairs.pop(); q >= 0; q = g.singlePairs.pop()) {
    if (g.pairDone[q] === 1 || g.pairCnt[q] !== 1) continue;
    if (g.logging) g.reason = { rule: 'pairSingleton', pair: pairOf(q) };
    g.place(g.firstLiveOf(q));
    return true;
  }
  return false;
}
