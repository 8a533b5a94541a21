// Level 8 of the ladder, search: the last resort when no rule applies. Take the two-way cell
// or pair whose options force the most, and search below each option (singles, intersections
// and failed-placement probing at every node) until one is proved to lead nowhere. Every
// search node is counted.
import { dominoOf } from '../coords.js';
import type { GradeState } from '../state.js';
import { cellForcedPairAt, pairSharedCellAt } from './intersections.js';

const NONE = 0;
const FOUND = 1;
const OUT_OF_NODES = 2;

function intersections(g: GradeState, item: number): void {
  if (item < g.model.nCells) cellForcedPairAt(g, item);
  else pairSharedCellAt(g, item - g.model.nCells);
}

/** The open cell or unused pair with the fewest options (cells first on ties), or -1. */
function narrowest(g: GradeState): number {
  let best = -1;
  let bestN = Infinity;
  for (let c = 0; c < g.model.nCells && bestN > 2; c++) {
    if (g.cellDone[c] === 0 && g.cellCnt[c] < bestN) {
      bestN = g.cellCnt[c];
      best = c;
    }
  }
  for (let q = 0; q < g.model.nPairs && bestN > 2; q++) {
    if (g.pairDone[q] === 0 && g.pairCnt[q] < bestN) {
      bestN = g.pairCnt[q];
      best = g.model.nCells + q;
    }
  }
  return best;
}

/**
 * The two-way cell or pair whose options both force the most (look-ahead: lay each option,
 * follow singles and intersections, count the dominoes laid; an item scores the smaller count
 * of its two; the earlier item wins ties), or else the narrowest item. Big consequences either
 * way make short proofs. (Spreading the search over the best few instead was slower.)
 */
function mostTelling(g: GradeState): number {
  let best = -1;
  let bestScore = -1;
  // A poll per item (each lays both its options): cut short by the time, the choice is moot, as explore then stops.
  for (let x = 0; x < g.model.nCells + g.model.nPairs && !g.budget.spent(true) && !g.budget.tick(); x++) {
    const opts = twoOptions(g, x);
    if (opts === null) continue;
    let score = Infinity;
    for (const o of opts) {
      const trailMark = g.trailLen;
      const placedMark = g.placedLen;
      g.beginTrial();
      g.place(o);
      const ok = g.propagate(intersections);
      // A contradiction is as telling as it gets.
      const n = ok ? g.placedLen - placedMark : g.model.nPairs;
      g.endTrial(trailMark, placedMark);
      if (n < score) score = n;
    }
    if (score > bestScore) {
      bestScore = score;
      best = x;
    }
  }
  return best >= 0 ? best : narrowest(g);
}

/** The two live options of item x if it is an open cell or unused pair with exactly two. */
function twoOptions(g: GradeState, x: number): [number, number] | null {
  if (
    x < g.model.nCells
      ? g.cellDone[x] === 1 || g.cellCnt[x] !== 2
      : g.pairDone[x - g.model.nCells] === 1 || g.pairCnt[x - g.model.nCells] !== 2
  )
    return null;
  const o = optionsOf(g, x);
  return [o[0], o[1]];
}

/** The live options of an item, in placement order. */
function optionsOf(g: GradeState, item: number): number[] {
  const out: number[] = [];
  if (item < g.model.nCells) {
    for (let k = 4 * item, end = 4 * item + g.model.cellDeg[item]; k < end; k++)
      if (g.live[g.model.cellPl[k]] === 1) out.push(g.model.cellPl[k]);
  } else {
    const q = item - g.model.nCells;
    for (let k = g.model.pairStart[q], end = g.model.pairStart[q + 1]; k < end; k++)
      if (g.live[g.model.pairPl[k]] === 1) out.push(g.model.pairPl[k]);
  }
  return out.sort((a, b) => a - b);
}

/**
 * Failed-placement probing, one pass: lay each option of every two-way cell and pair in turn;
 * one that propagates to a contradiction dies. (Repeating passes to a fixpoint saved a few
 * nodes but cost more time than it saved.) False if the position itself fails.
 */
function probe(g: GradeState): boolean {
  // Stopping early when the budget is spent is sound (probing only removes); the next node stops.
  // Out of time, probing stops too and rules nothing more out; the node then stops the search.
  for (let x = 0; x < g.model.nCells + g.model.nPairs && !g.solved && !g.budget.spent() && !g.budget.tick(); x++) {
    let from: number;
    let to: number;
    let list: Int32Array;
    if (x < g.model.nCells) {
      if (g.cellDone[x] === 1 || g.cellCnt[x] !== 2) continue;
      from = 4 * x;
      to = from + g.model.cellDeg[x];
      list = g.model.cellPl;
    } else {
      const q = x - g.model.nCells;
      if (g.pairDone[q] === 1 || g.pairCnt[q] !== 2) continue;
      from = g.model.pairStart[q];
      to = g.model.pairStart[q + 1];
      list = g.model.pairPl;
    }
    for (let k = from; k < to; k++) {
      const o = list[k];
      if (g.live[o] === 0) continue;
      const trailMark = g.trailLen;
      const placedMark = g.placedLen;
      g.place(o);
      const ok = g.propagate(intersections);
      g.undo(trailMark, placedMark);
      if (ok || g.budget.outOfTime) continue;
      g.eliminate(o);
      if (!g.propagate(intersections)) return false;
      break;
    }
  }
  return true;
}

/** Lay p (inside a trial) and search below it; the caller rolls back. */
function explore(g: GradeState, p: number): number {
  if (g.budget.spent(true) || g.budget.outOfTime || ((g.budget.nodes & 15) === 0 && g.budget.timeUp()))
    return OUT_OF_NODES;
  g.budget.nodes++;
  g.place(p);
  if (!g.propagate(intersections) || !probe(g)) return NONE;
  if (g.solved) return FOUND;
  const item = narrowest(g);
  if (item < 0) return NONE;
  for (const o of optionsOf(g, item)) {
    const trailMark = g.trailLen;
    const placedMark = g.placedLen;
    const r = explore(g, o);
    g.undo(trailMark, placedMark);
    if (r !== NONE) return r;
  }
  return NONE;
}

/**
 * Search refutes: an option of a two-way cell or pair dies when an exhaustive search below it
 * finds no solution.
 */
export function searchRefutes(g: GradeState): boolean {
  // If every option has a solution below it, the board has several and the first is laid as a
  // guess; a spent node, trial or time budget sets gaveUp instead.
  const item = mostTelling(g);
  if (item < 0) return false;
  const options = optionsOf(g, item);
  if (options.length === 0) return false;
  const before = g.budget.nodes;
  for (const o of options) {
    const trailMark = g.trailLen;
    const placedMark = g.placedLen;
    g.beginTrial();
    const r = explore(g, o);
    g.endTrial(trailMark, placedMark);
    if (r === OUT_OF_NODES) {
      g.budget.gaveUp = true;
      return false;
    }
    if (r === NONE) {
      if (g.logging)
        g.reason = { rule: 'searchRefutes', placement: dominoOf(g.model, o), nodes: g.budget.nodes - before };
      g.eliminate(o);
      return true;
    }
  }
  // Every option has a solution below it: the board has several. Lay the first as a guess.
  if (g.logging)
    g.reason = {
      rule: 'searchRefutes',
      placement: dominoOf(g.model, options[0]),
      nodes: g.budget.nodes - before,
      guessed: true,
    };
  g.place(options[0]);
  return true;
}
