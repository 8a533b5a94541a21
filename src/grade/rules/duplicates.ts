// Level 3 of the ladder, local duplicate avoidance: look one domino ahead. Laying a domino
// takes its two cells and its pair; a neighbour that would then be left needing a pair that is
// gone, or two neighbours needing one pair, or a pair with no room left, rule that domino out.
import { ChangeReader } from '../changes.js';
import type { GradeState } from '../state.js';
import { WorkList } from '../worklist.js';

/** The duplicate rules' scratch, owned by one GradeState. */
export class DuplicateScratch {
  // What each open cell could still spell if the neighbour behind one of its sides were taken.
  // Indexed like the model's cellPl: entry 4n + j is about cell n losing the side towards the
  // other end of cellPl[4n + j]. kinds: how many different pairs the rest spell (0, 1, 2, or 3
  // for more); first/second: the first two of them.
  kinds = new Int8Array(0);
  first = new Int32Array(0);
  second = new Int32Array(0);
  readonly surveyed = new ChangeReader();
  // Each rule's read position in the change log and the placements it has yet to look at.
  readonly ownRead = new ChangeReader();
  readonly ownPending = new WorkList();
  readonly sameRead = new ChangeReader();
  readonly samePending = new WorkList();
  readonly crowdRead = new ChangeReader();
  readonly crowdPending = new WorkList();
  // samePairTwiceAt: the neighbours seen so far and the one pair each would be left with.
  readonly around = new Int32Array(6);
  readonly needs = new Int32Array(6);
}

/** Bring the tables up to date with the position: only cells that changed are redone. */
function survey(g: GradeState, s: DuplicateScratch): void {
  if (s.surveyed.fresh(g) && s.kinds.length < 4 * g.nCells) {
    s.kinds = new Int8Array(4 * g.nCells);
    s.first = new Int32Array(4 * g.nCells);
    s.second = new Int32Array(4 * g.nCells);
  }
  for (let x = s.surveyed.next(g); x >= 0; x = s.surveyed.next(g)) if (x < g.nCells) surveyCell(g, s, x);
}

function surveyCell(g: GradeState, s: DuplicateScratch, n: number): void {
  const { cellPl, live, plPair } = g;
  const { kinds, first, second } = s;
  const deg = g.cellDeg[n];
  for (let j = 0; j < deg; j++) {
    let k = 0;
    let r1 = -1;
    let r2 = -1;
    for (let i = 0; i < deg; i++) {
      const t = cellPl[4 * n + i];
      if (i === j || live[t] === 0) continue;
      const r = plPair[t];
      if (k === 0) {
        r1 = r;
        k = 1;
      } else if (r !== r1 && r !== r2) {
        if (k === 1) r2 = r;
        k++;
      }
    }
    kinds[4 * n + j] = k;
    first[4 * n + j] = r1;
    second[4 * n + j] = r2;
  }
}

/**
 * Queue the placements whose verdict may have changed: those next to a changed cell (a
 * placement's verdict depends only on the cells around it).
 */
function collect(g: GradeState, reader: ChangeReader, pending: WorkList): void {
  if (reader.fresh(g)) pending.reset(g.nPl);
  for (let d = reader.next(g); d >= 0; d = reader.next(g)) {
    if (d >= g.nCells) continue;
    for (let k = 4 * d, end = 4 * d + g.cellDeg[d]; k < end; k++) {
      const e = g.other(g.cellPl[k], d);
      for (let j = 4 * e, e2 = 4 * e + g.cellDeg[e]; j < e2; j++) pending.push(g.cellPl[j]);
    }
  }
}

/** The next queued placement that is still open and for which test holds, or -1. */
function firstPending(g: GradeState, pending: WorkList, test: (g: GradeState, p: number) => boolean): number {
  for (let p = pending.pop(); p >= 0; p = pending.pop()) {
    if (g.tick()) return -1;
    if (g.live[p] === 1 && g.cellDone[g.plA[p]] === 0 && test(g, p)) return p;
  }
  return -1;
}

/**
 * What the open cell at the far end of t (from cell a) could still spell once a domino of pair
 * q were laid on a: -2 nothing, the pair if just one, -1 if several.
 */
function pairLeft(g: GradeState, s: DuplicateScratch, t: number, a: number, q: number): number {
  const e = g.plA[t] === a ? g.model.slotB[t] : g.model.slotA[t];
  const { kinds, first, second } = s;
  const k = kinds[e];
  if (k === 0) return -2;
  if (k === 1) return first[e] === q ? -2 : first[e];
  if (k === 2) return first[e] === q ? second[e] : second[e] === q ? first[e] : -1;
  return -1;
}

/**
 * What the open cell at the far end of t (from cell a) could still spell once t were gone, the
 * laid pair not discounted (as Tatham states the rule): the pair if just one, else -1.
 */
function onlyPairLeft(s: DuplicateScratch, g: GradeState, t: number, a: number): number {
  const e = g.plA[t] === a ? g.model.slotB[t] : g.model.slotA[t];
  return s.kinds[e] === 1 ? s.first[e] : -1;
}

/**
 * Own pair twice: a placement dies if laying it would leave a neighbouring cell whose only
 * remaining ways out spell the very pair just laid (or no way out at all).
 */
export function duplicateOfOwnPair(g: GradeState): boolean {
  const s = g.duplicates;
  survey(g, s);
  collect(g, s.ownRead, s.ownPending);
  const p = firstPending(g, s.ownPending, ownPairTwiceAt);
  if (p < 0) return false;
  g.eliminate(p);
  return true;
}

function ownPairTwiceAt(g: GradeState, p: number): boolean {
  const s = g.duplicates;
  const a = g.plA[p];
  const b = g.plB[p];
  const q = g.plPair[p];
  for (let side = 0; side < 2; side++) {
    const c = side === 0 ? a : b;
    for (let k = 4 * c, end = 4 * c + g.cellDeg[c]; k < end; k++) {
      const t = g.cellPl[k];
      const n = g.plA[t] === c ? g.plB[t] : g.plA[t];
      if (n === a || n === b || g.cellDone[n] === 1 || pairLeft(g, s, t, c, q) !== -2) continue;
      if (g.logging) {
        // Did the cell still have ways out that spell q (a duplicate), or none at all?
        let spellsQ = false;
        for (let j = 4 * n, e = 4 * n + g.cellDeg[n]; j < e; j++) {
          const u = g.cellPl[j];
          if (g.live[u] === 1 && g.plPair[u] === q && u !== t) spellsQ = true;
        }
        g.reason = spellsQ
          ? { rule: 'duplicateOfOwnPair', placement: g.domino(p), cell: g.cellRC(n), pair: g.pairUV(q) }
          : { rule: 'duplicateOfOwnPair', placement: g.domino(p), cell: g.cellRC(n) };
      }
      return true;
    }
  }
  return false;
}

/**
 * Same pair twice: a placement dies if laying it would leave two neighbouring cells that can
 * each spell only one and the same pair, when no single domino of that pair covers both. Only
 * the neighbours' ways through the laid domino's cells are taken away, not the other spots of
 * its pair: that is Tatham's rule, and the stronger reading is the lookahead's (level 7).
 */
export function duplicateBetweenNeighbours(g: GradeState): boolean {
  const s = g.duplicates;
  survey(g, s);
  collect(g, s.sameRead, s.samePending);
  const p = firstPending(g, s.samePending, samePairTwiceAt);
  if (p < 0) return false;
  g.eliminate(p);
  return true;
}

function samePairTwiceAt(g: GradeState, p: number): boolean {
  const s = g.duplicates;
  const { around, needs } = s;
  const a = g.plA[p];
  const b = g.plB[p];
  let n = 0;
  for (let side = 0; side < 2; side++) {
    const c = side === 0 ? a : b;
    for (let k = 4 * c, end = 4 * c + g.cellDeg[c]; k < end; k++) {
      const t = g.cellPl[k];
      const o = g.plA[t] === c ? g.plB[t] : g.plA[t];
      if (o === a || o === b || g.cellDone[o] === 1) continue;
      const r = onlyPairLeft(s, g, t, c);
      if (r < 0) continue;
      for (let i = 0; i < n; i++) {
        if (needs[i] !== r) continue;
        const between = g.placementBetween(around[i], o);
        if (between >= 0 && g.live[between] === 1 && g.plPair[between] === r) continue;
        if (g.logging) g.reason = { rule: 'duplicateBetweenNeighbours', placement: g.domino(p), cells: [g.cellRC(around[i]), g.cellRC(o)], pair: g.pairUV(r) };
        return true;
      }
      around[n] = o;
      needs[n++] = r;
    }
  }
  return false;
}

/**
 * Crowded out: a placement dies if every spot left for some other pair touches one of its
 * two cells, since laying it would leave that pair nowhere to go.
 */
export function pairCrowdedOut(g: GradeState): boolean {
  const { crowdRead, crowdPending } = g.duplicates;
  if (crowdRead.fresh(g)) crowdPending.reset(g.nPairs);
  for (let x = crowdRead.next(g); x >= 0; x = crowdRead.next(g)) if (x >= g.nCells) crowdPending.push(x - g.nCells);
  // A placement that crowds out pair r touches r's first spot: try only those.
  for (let r = crowdPending.pop(); r >= 0; r = crowdPending.pop()) {
    if (g.pairDone[r] === 1) continue;
    const s0 = g.firstLiveOf(r);
    if (s0 < 0) continue;
    for (let side = 0; side < 2; side++) {
      const c = side === 0 ? g.plA[s0] : g.plB[s0];
      for (let k = 4 * c, end = 4 * c + g.cellDeg[c]; k < end; k++) {
        const p = g.cellPl[k];
        if (g.live[p] === 0 || g.cellDone[c] === 1 || g.plPair[p] === r || !crowdsOut(g, p, r)) continue;
        // r may crowd out more than one placement: look at it again next time.
        crowdPending.push(r);
        if (g.logging) g.reason = { rule: 'pairCrowdedOut', placement: g.domino(p), pair: g.pairUV(r) };
        g.eliminate(p);
        return true;
      }
    }
  }
  return false;
}

/** Does every live spot of pair r touch a cell of placement p? */
function crowdsOut(g: GradeState, p: number, r: number): boolean {
  const a = g.plA[p];
  const b = g.plB[p];
  for (let j = g.pairStart[r], e = g.pairStart[r + 1]; j < e; j++) {
    const s = g.pairPl[j];
    if (g.live[s] === 0) continue;
    const x = g.plA[s];
    const y = g.plB[s];
    if (x !== a && x !== b && y !== a && y !== b) return false;
  }
  return true;
}
