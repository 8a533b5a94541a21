// Level 2 of the ladder, intersections: what every remaining option of a pair (or of a cell)
// has in common is certain, so whatever contradicts it dies. Each rule looks only at pairs
// and cells whose options changed since it last looked.
import { cellOf, pairOf } from '../coords.js';
import type { GradeState } from '../state.js';

/**
 * Pair → shared cell: if every spot left for a pair covers the same cell, that cell will hold
 * this pair, so the cell's placements that spell any other pair die.
 */
export function pairSharedCell(g: GradeState): boolean {
  for (let q = g.changedPairs.pop(); q >= 0; q = g.changedPairs.pop()) {
    // Out of time the grading ends: an item dropped here is never looked for again.
    if (g.budget.tick()) return false;
    if (g.pairDone[q] === 1 || g.pairCnt[q] === 0) continue;
    const c = pairSharedCellAt(g, q);
    if (c >= 0) {
      if (g.logging) g.reason = { rule: 'pairSharedCell', pair: pairOf(q), cell: cellOf(g.model, c) };
      return true;
    }
  }
  return false;
}

/**
 * The deduction for one pair q: returns the (first) shared cell whose other placements it
 * killed, or -1 if it killed nothing. Also used inside search.
 */
export function pairSharedCellAt(g: GradeState, q: number): number {
  const { plA, plB, pairPl } = g.model;
  const live = g.live;
  let x = -1;
  let y = -1;
  let first = true;
  for (let k = g.model.pairStart[q], end = g.model.pairStart[q + 1]; k < end; k++) {
    const p = pairPl[k];
    if (live[p] === 0) continue;
    const a = plA[p];
    const b = plB[p];
    if (first) {
      x = a;
      y = b;
      first = false;
      continue;
    }
    if (x !== a && x !== b) x = -1;
    if (y !== a && y !== b) y = -1;
    if (x < 0 && y < 0) return -1;
  }
  const hx = x >= 0 && killOtherPairsAt(g, x, q);
  const hy = y >= 0 && killOtherPairsAt(g, y, q);
  return hx ? x : hy ? y : -1;
}

/** Kill the live placements of cell c that spell a pair other than q; true if any died. */
function killOtherPairsAt(g: GradeState, c: number, q: number): boolean {
  let fired = false;
  for (let k = 4 * c, end = 4 * c + g.model.cellDeg[c]; k < end; k++) {
    const p = g.model.cellPl[k];
    if (g.live[p] === 1 && g.model.plPair[p] !== q) {
      g.eliminate(p);
      fired = true;
    }
  }
  return fired;
}

/**
 * Cell → forced pair: if every way left to cover a cell spells the same pair, that pair will
 * be laid on this cell, so the pair's spots that miss the cell die.
 */
export function cellForcedPair(g: GradeState): boolean {
  for (let c = g.changedCells.pop(); c >= 0; c = g.changedCells.pop()) {
    if (g.budget.tick()) return false;
    if (g.cellDone[c] === 1 || g.cellCnt[c] === 0) continue;
    const q = cellForcedPairAt(g, c);
    if (q >= 0) {
      if (g.logging) g.reason = { rule: 'cellForcedPair', cell: cellOf(g.model, c), pair: pairOf(q) };
      return true;
    }
  }
  return false;
}

/** The deduction for one cell c: returns the forced pair if it killed a spot, else -1. */
export function cellForcedPairAt(g: GradeState, c: number): number {
  const live = g.live;
  const plPair = g.model.plPair;
  let q = -1;
  for (let k = 4 * c, end = 4 * c + g.model.cellDeg[c]; k < end; k++) {
    const p = g.model.cellPl[k];
    if (live[p] === 0) continue;
    if (q < 0) q = plPair[p];
    else if (plPair[p] !== q) return -1;
  }
  if (q < 0) return -1;
  let fired = false;
  for (let k = g.model.pairStart[q], end = g.model.pairStart[q + 1]; k < end; k++) {
    const p = g.model.pairPl[k];
    if (live[p] === 1 && !g.covers(p, c)) {
      g.eliminate(p);
      fired = true;
    }
  }
  return fired ? q : -1;
}
