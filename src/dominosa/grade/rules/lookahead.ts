// Level 7 of the ladder, lookahead, beyond Tatham's rules: take a cell or a pair with two
// options left, assume one, and follow only the singles it forces. If that runs into a cell or
// pair with nothing left, the assumption was wrong. The shortest such chain is the one reported.
import type { Domino } from '../../solve/solution.js';
import { ChangeReader } from '../changes.js';
import { cellOf, dominoOf, pairOf } from '../coords.js';
import { scratchKey } from '../scratch.js';
import type { GradeState } from '../state.js';
import type { Reason } from '../step.js';

/** The lookahead's scratch, owned by one GradeState; grown to the largest board seen. */
class LookaheadScratch {
  /** tested[p] === testStamp: p was tried in this call. */
  tested = new Int32Array(0);
  testStamp = 0;
  // This call's best so far: the option, its chain's length, and (when logging) its reason.
  best = -1;
  bestLen = Infinity;
  bestReason: Reason | null = null;
  // Options whose trial ran into a contradiction in the last call.
  known = new Int32Array(0);
  knownLen = 0;
  // What earlier calls learnt: assuming placement p forced no contradiction within quietTo[p]
  // dominoes, when the log of changes was quietAt[p] long; the cells and pairs that trial
  // touched are pool[quietFrom[p] .. + quietLen[p]]. While none of them has changed since, the
  // same trial would go the same way, so it need not be run again.
  readonly memo = new ChangeReader();
  quietTo = new Float64Array(0);
  quietAt = new Int32Array(0);
  quietFrom = new Int32Array(0);
  quietLen = new Int32Array(0);
  pool = new Int32Array(0);
  poolLen = 0;
  seenAt = new Int32Array(0);
  seenStamp = 0;
  // chainReason: which dominoes of the trial matter, and those still to justify.
  relevant = new Uint8Array(0);
  readonly work: number[] = [];
}

const LOOKAHEAD = scratchKey(() => new LookaheadScratch());

/**
 * Lookahead refutes: an option of a two-way cell or pair dies if assuming it forces, through
 * singles alone, a cell or pair with no place left.
 */
export function lookaheadRefutes(g: GradeState): boolean {
  const sc = g.scratch.of(LOOKAHEAD);
  if (sc.tested.length < g.model.nPlacements) {
    sc.tested = new Int32Array(g.model.nPlacements);
    sc.testStamp = 0;
  }
  if (sc.relevant.length < g.model.nPairs) sc.relevant = new Uint8Array(g.model.nPairs);
  if (sc.memo.fresh(g)) {
    resetMemo(g, sc);
    sc.knownLen = 0;
  }
  sc.testStamp++;
  sc.best = -1;
  // Options that failed last time mostly fail again, as briefly or more: the shortest of them
  // bounds the chains worth following from the start. The scan below still tries every option
  // in order, so the chain it reports is the same as without the bound.
  sc.bestLen = shortestKnown(g, sc) + 1;
  sc.knownLen = 0;
  sc.bestReason = null;
  // The scans stop once the budget is spent (every option left would be skipped) and poll per item.
  for (let c = 0; c < g.model.nCells && sc.bestLen > 1 && !g.budget.spent() && !g.budget.tick(); c++) {
    if (g.cellDone[c] === 1 || g.cellCnt[c] !== 2) continue;
    for (let k = 4 * c, end = 4 * c + g.model.cellDeg[c]; k < end; k++) tryOption(g, sc, g.model.cellPl[k]);
  }
  for (let q = 0; q < g.model.nPairs && sc.bestLen > 1 && !g.budget.spent() && !g.budget.tick(); q++) {
    if (g.pairDone[q] === 1 || g.pairCnt[q] !== 2) continue;
    for (let k = g.model.pairStart[q], end = g.model.pairStart[q + 1]; k < end; k++)
      tryOption(g, sc, g.model.pairPl[k]);
  }
  // A scan cut short by the budget or the time proves nothing: the board grades as search.
  if (g.budget.spent() || g.budget.outOfTime) {
    g.budget.gaveUp = true;
    sc.bestReason = null;
    return false;
  }
  const best = sc.best;
  if (best < 0) return false;
  if (g.logging && sc.bestReason !== null) g.reason = sc.bestReason;
  sc.bestReason = null;
  g.eliminate(best);
  return true;
}

/** Assume option p (once per call) and follow its singles, keeping the shortest failure. */
function tryOption(g: GradeState, sc: LookaheadScratch, p: number): void {
  if (sc.tested[p] === sc.testStamp || g.live[p] === 0 || g.budget.spent() || g.budget.tick()) return;
  sc.tested[p] = sc.testStamp;
  // Only a chain shorter than the best so far is worth following.
  const limit = sc.bestLen - 1;
  if (stillQuiet(g, sc, p, limit)) return;
  const trailMark = g.trailLen;
  const placedMark = g.placedLen;
  g.beginTrial();
  g.startTrace();
  g.place(p);
  const ok = g.propagate(undefined, placedMark + limit);
  const complete = g.tracing;
  g.tracing = false;
  const len = g.placedLen - placedMark;
  if (!ok && sc.knownLen < sc.known.length) sc.known[sc.knownLen++] = p;
  if (!ok && len < sc.bestLen) {
    sc.best = p;
    sc.bestLen = len;
    if (g.logging) sc.bestReason = chainReason(g, sc, p, trailMark, placedMark);
  } else if (ok && complete && !g.budget.outOfTime) remember(g, sc, p, len > limit ? limit : Infinity);
  g.endTrial(trailMark, placedMark);
}

/** The length of the shortest chain among the known failures still worth trying, or Infinity. */
function shortestKnown(g: GradeState, sc: LookaheadScratch): number {
  if (sc.known.length < g.model.nPlacements) sc.known = new Int32Array(g.model.nPlacements);
  const known = sc.known;
  let shortest = Infinity;
  for (let i = 0; i < sc.knownLen && !g.budget.tick(); i++) {
    const p = known[i];
    // Only an option the scan will try again: live, and one of two for its cells or pair.
    if (g.live[p] === 0 || g.cellDone[g.model.plA[p]] === 1) continue;
    if (g.cellCnt[g.model.plA[p]] !== 2 && g.cellCnt[g.model.plB[p]] !== 2 && g.pairCnt[g.model.plPair[p]] !== 2)
      continue;
    const trailMark = g.trailLen;
    const placedMark = g.placedLen;
    g.beginTrial();
    g.place(p);
    const ok = g.propagate(undefined, placedMark + shortest - 1);
    const len = g.placedLen - placedMark;
    g.endTrial(trailMark, placedMark);
    if (!ok && len < shortest) shortest = len;
  }
  return shortest;
}

function resetMemo(g: GradeState, sc: LookaheadScratch): void {
  if (sc.quietTo.length < g.model.nPlacements) {
    sc.quietTo = new Float64Array(g.model.nPlacements);
    sc.quietAt = new Int32Array(g.model.nPlacements);
    sc.quietFrom = new Int32Array(g.model.nPlacements);
    sc.quietLen = new Int32Array(g.model.nPlacements);
  }
  sc.quietTo.fill(0, 0, g.model.nPlacements);
  if (sc.pool.length < 64 * g.model.nPlacements) sc.pool = new Int32Array(64 * g.model.nPlacements);
  sc.poolLen = 0;
}

/** Is p known to force no contradiction within `limit` dominoes in the current position? */
function stillQuiet(g: GradeState, sc: LookaheadScratch, p: number, limit: number): boolean {
  if (sc.quietTo[p] < limit) return false;
  const at = sc.quietAt[p];
  const lastChange = g.changes.lastAt;
  const pool = sc.pool;
  for (let i = sc.quietFrom[p], end = i + sc.quietLen[p]; i < end; i++) if (lastChange[pool[i]] > at) return false;
  return true;
}

/** Note that assuming p stays quiet up to `upTo` dominoes, and what its trial touched. */
function remember(g: GradeState, sc: LookaheadScratch, p: number, upTo: number): void {
  // Room as for every touch counted, repeats and all: the memo is reset at the same points.
  const need = g.traceCount + 3;
  if (sc.poolLen + need > sc.pool.length) resetMemo(g, sc);
  if (sc.seenAt.length < g.model.nCells + g.model.nPairs) sc.seenAt = new Int32Array(g.model.nCells + g.model.nPairs);
  const start = sc.poolLen;
  // p's own cells and pair, then everything the trial touched, each once.
  const stamp = ++sc.seenStamp;
  addOnce(sc, g.model.plA[p], stamp);
  addOnce(sc, g.model.plB[p], stamp);
  addOnce(sc, g.model.nCells + g.model.plPair[p], stamp);
  for (let i = 0; i < g.traceLen; i++) addOnce(sc, g.trace[i], stamp);
  sc.quietFrom[p] = start;
  sc.quietLen[p] = sc.poolLen - start;
  sc.quietAt[p] = g.changes.length;
  sc.quietTo[p] = upTo;
}

function addOnce(sc: LookaheadScratch, x: number, stamp: number): void {
  if (sc.seenAt[x] === stamp) return;
  sc.seenAt[x] = stamp;
  sc.pool[sc.poolLen++] = x;
}

/**
 * The chain as a person would tell it: from the cell or pair that ran out, back through the
 * dominoes whose laying took its options away, and the singles that forced those, keeping
 * only the dominoes that matter, in the order they were laid.
 */
function chainReason(
  g: GradeState,
  sc: LookaheadScratch,
  assumed: number,
  trailMark: number,
  placedMark: number,
): Reason {
  const len = g.placedLen - placedMark;
  const { relevant, work } = sc;
  relevant.fill(0, 0, len);
  relevant[0] = 1;
  work.length = 0;
  justify(g, sc, g.brokenItem, -1, trailMark, placedMark);
  while (work.length > 0) {
    const i = work.pop()!;
    const item = g.forcedBy[placedMark + i];
    if (item >= 0) justify(g, sc, item, g.placed[placedMark + i], trailMark, placedMark);
  }
  const chain: Domino[] = [];
  for (let i = 1; i < len; i++) if (relevant[i] === 1) chain.push(dominoOf(g.model, g.placed[placedMark + i]));
  const placement = dominoOf(g.model, assumed);
  return g.brokenItem < g.model.nCells
    ? { rule: 'lookaheadRefutes', placement, chain, cell: cellOf(g.model, g.brokenItem) }
    : { rule: 'lookaheadRefutes', placement, chain, pair: pairOf(g.brokenItem - g.model.nCells) };
}

/** Mark the trial's dominoes whose laying killed an option of item (but `except`) as relevant. */
function justify(
  g: GradeState,
  sc: LookaheadScratch,
  item: number,
  except: number,
  trailMark: number,
  placedMark: number,
): void {
  if (item < g.model.nCells) {
    for (let k = 4 * item, end = 4 * item + g.model.cellDeg[item]; k < end; k++)
      killedInTrial(g, sc, g.model.cellPl[k], except, trailMark, placedMark);
  } else {
    const q = item - g.model.nCells;
    for (let k = g.model.pairStart[q], end = g.model.pairStart[q + 1]; k < end; k++)
      killedInTrial(g, sc, g.model.pairPl[k], except, trailMark, placedMark);
  }
}

function killedInTrial(
  g: GradeState,
  sc: LookaheadScratch,
  t: number,
  except: number,
  trailMark: number,
  placedMark: number,
): void {
  if (t === except || g.live[t] === 1 || g.trailPos[t] < trailMark) return;
  const i = g.killedBy[t] - placedMark;
  if (i < 0 || sc.relevant[i] === 1) return;
  sc.relevant[i] = 1;
  sc.work.push(i);
}
