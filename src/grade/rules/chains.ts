// Level 6 of the ladder, forcing chains: take a cell or a pair with two options left, assume
// one, and follow only the singles it forces. If that runs into a cell or pair with nothing
// left, the assumption was wrong. The shortest such chain is the one reported.
import type { Domino } from '../../solve/solution.js';
import { ChangeReader, type GradeState } from '../state.js';
import type { Reason } from '../step.js';

let tested = new Int32Array(0);
let testStamp = 0;
let relevant = new Uint8Array(0);
const work: number[] = [];

/**
 * Forcing chain: an option of a two-way cell or pair dies if assuming it forces, through
 * singles alone, a cell or pair with no place left.
 */
export function forcingChain(g: GradeState): boolean {
  if (tested.length < g.nPl) {
    tested = new Int32Array(g.nPl);
    testStamp = 0;
  }
  if (relevant.length < g.nPairs) relevant = new Uint8Array(g.nPairs);
  if (memo.fresh(g)) {
    resetMemo(g);
    knownLen = 0;
  }
  testStamp++;
  let best = -1;
  // Options that failed last time mostly fail again, as briefly or more: the shortest of them
  // bounds the chains worth following from the start. The scan below still tries every option
  // in order, so the chain it reports is the same as without the bound.
  let bestLen = shortestKnown(g) + 1;
  knownLen = 0;
  let bestReason: Reason | null = null;
  const tryOption = (p: number): void => {
    if (tested[p] === testStamp || g.live[p] === 0) return;
    tested[p] = testStamp;
    // Only a chain shorter than the best so far is worth following.
    const limit = bestLen - 1;
    if (stillQuiet(g, p, limit)) return;
    const trailMark = g.trailLen;
    const placedMark = g.placedLen;
    g.beginTrial();
    g.tracing = true;
    g.traceLen = 0;
    g.place(p);
    const ok = g.propagate(undefined, placedMark + limit);
    const complete = g.tracing;
    g.tracing = false;
    const len = g.placedLen - placedMark;
    if (!ok && knownLen < known.length) known[knownLen++] = p;
    if (!ok && len < bestLen) {
      best = p;
      bestLen = len;
      if (g.logging) bestReason = chainReason(g, p, trailMark, placedMark);
    } else if (ok && complete) remember(g, p, len > limit ? limit : Infinity);
    g.endTrial(trailMark, placedMark);
  };
  for (let c = 0; c < g.nCells && bestLen > 1; c++) {
    if (g.cellDone[c] === 1 || g.cellCnt[c] !== 2) continue;
    for (let k = 4 * c, end = 4 * c + g.cellDeg[c]; k < end; k++) tryOption(g.cellPl[k]);
  }
  for (let q = 0; q < g.nPairs && bestLen > 1; q++) {
    if (g.pairDone[q] === 1 || g.pairCnt[q] !== 2) continue;
    for (let k = g.pairStart[q], end = g.pairStart[q + 1]; k < end; k++) tryOption(g.pairPl[k]);
  }
  if (best < 0) return false;
  if (g.logging && bestReason !== null) g.reason = bestReason;
  g.eliminate(best);
  return true;
}

// Options whose trial ran into a contradiction in the last call.
let known = new Int32Array(0);
let knownLen = 0;

/** The length of the shortest chain among the known failures still worth trying, or Infinity. */
function shortestKnown(g: GradeState): number {
  if (known.length < g.nPl) known = new Int32Array(g.nPl);
  let shortest = Infinity;
  for (let i = 0; i < knownLen; i++) {
    const p = known[i];
    // Only an option the scan will try again: live, and one of two for its cells or pair.
    if (g.live[p] === 0 || g.cellDone[g.plA[p]] === 1) continue;
    if (g.cellCnt[g.plA[p]] !== 2 && g.cellCnt[g.plB[p]] !== 2 && g.pairCnt[g.plPair[p]] !== 2) continue;
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

// What earlier calls learnt: assuming placement p forced no contradiction within quietTo[p]
// dominoes, when the log of changes was quietAt[p] long; the cells and pairs that trial
// touched are pool[quietFrom[p] .. + quietLen[p]]. While none of them has changed since, the
// same trial would go the same way, so it need not be run again.
const memo = new ChangeReader();
let quietTo = new Float64Array(0);
let quietAt = new Int32Array(0);
let quietFrom = new Int32Array(0);
let quietLen = new Int32Array(0);
let pool = new Int32Array(0);
let poolLen = 0;
let seenAt = new Int32Array(0);
let seenStamp = 0;

function resetMemo(g: GradeState): void {
  if (quietTo.length < g.nPl) {
    quietTo = new Float64Array(g.nPl);
    quietAt = new Int32Array(g.nPl);
    quietFrom = new Int32Array(g.nPl);
    quietLen = new Int32Array(g.nPl);
  }
  quietTo.fill(0, 0, g.nPl);
  if (pool.length < 64 * g.nPl) pool = new Int32Array(64 * g.nPl);
  poolLen = 0;
}

/** Is p known to force no contradiction within `limit` dominoes in the current position? */
function stillQuiet(g: GradeState, p: number, limit: number): boolean {
  if (quietTo[p] < limit) return false;
  const at = quietAt[p];
  const { lastChange } = g;
  for (let i = quietFrom[p], end = i + quietLen[p]; i < end; i++) if (lastChange[pool[i]] > at) return false;
  return true;
}

function remember(g: GradeState, p: number, upTo: number): void {
  const need = g.traceLen + 3;
  if (poolLen + need > pool.length) resetMemo(g);
  if (seenAt.length < g.nCells + g.nPairs) seenAt = new Int32Array(g.nCells + g.nPairs);
  const stamp = ++seenStamp;
  const start = poolLen;
  // p's own cells and pair, then everything the trial touched, each once.
  const add = (x: number): void => {
    if (seenAt[x] === stamp) return;
    seenAt[x] = stamp;
    pool[poolLen++] = x;
  };
  add(g.plA[p]);
  add(g.plB[p]);
  add(g.nCells + g.plPair[p]);
  for (let i = 0; i < g.traceLen; i++) add(g.trace[i]);
  quietFrom[p] = start;
  quietLen[p] = poolLen - start;
  quietAt[p] = g.changesLen;
  quietTo[p] = upTo;
}

/**
 * The chain as a person would tell it: from the cell or pair that ran out, back through the
 * dominoes whose laying took its options away, and the singles that forced those, keeping
 * only the dominoes that matter, in the order they were laid.
 */
function chainReason(g: GradeState, assumed: number, trailMark: number, placedMark: number): Reason {
  const len = g.placedLen - placedMark;
  relevant.fill(0, 0, len);
  relevant[0] = 1;
  work.length = 0;
  const justify = (item: number, except: number): void => {
    const killedInTrial = (t: number): void => {
      if (t === except || g.live[t] === 1 || g.trailPos[t] < trailMark) return;
      const i = g.killedBy[t] - placedMark;
      if (i < 0 || relevant[i] === 1) return;
      relevant[i] = 1;
      work.push(i);
    };
    if (item < g.nCells) {
      for (let k = 4 * item, end = 4 * item + g.cellDeg[item]; k < end; k++) killedInTrial(g.cellPl[k]);
    } else {
      const q = item - g.nCells;
      for (let k = g.pairStart[q], end = g.pairStart[q + 1]; k < end; k++) killedInTrial(g.pairPl[k]);
    }
  };
  justify(g.brokenItem, -1);
  while (work.length > 0) {
    const i = work.pop()!;
    const item = g.forcedBy[placedMark + i];
    if (item >= 0) justify(item, g.placed[placedMark + i]);
  }
  const chain: Domino[] = [];
  for (let i = 1; i < len; i++) if (relevant[i] === 1) chain.push(g.domino(g.placed[placedMark + i]));
  const reason: Reason = { placement: g.domino(assumed), chain };
  if (g.brokenItem < g.nCells) reason.cell = g.cellRC(g.brokenItem);
  else reason.pair = g.pairUV(g.brokenItem - g.nCells);
  return reason;
}
