// Level 3 of the ladder, local duplicate avoidance: look one domino ahead. Laying a domino
// takes its two cells and its pair; a neighbour that would then be left needing a pair that is
// gone, or two neighbours needing one pair, or a pair with no room left, rule that domino out.
import { ChangeReader } from '../changes.js';
import { cellOf, dominoOf, pairOf } from '../coords.js';
import { scratchKey } from '../scratch.js';
import type { GradeState } from '../state.js';
import { WorkList } from '../worklist.js';

/** The duplicate rules' scratch, owned by one GradeState. */
class DuplicateScratch {
  // What each open cell could still spell if the neighbour behind one of its sides were taken.
  // Indexed like the model's cellPl: entry 4n + j is about cell n losing the side towards the
  // other end of cellPl[4n + j]: -2 nothing, the pair if the rest spell just one, -1 several.
  left = new Int32Array(0);
  // hot[c]: how many of the entries across c's sides are not -1 (several). A placement of two
  // cells that are not hot can fire neither test, which is what most placements are.
  hot = new Int32Array(0);
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
  // A cell's stamp when a read of the change log last met it: one read redoes a cell once
  // (it shows up once per placement killed around it, and nothing changes while the log is read).
  seen = new Int32Array(0);
  stamp = 0;
  // The order collect queues every placement in when it first reads a board's log (which lists
  // every cell first): it depends on the shape alone, so it is worked out once per shape.
  everyPlacement = new Int32Array(0);
  everyRows = -1;
  everyCols = -1;
}

const DUPLICATES = scratchKey(() => new DuplicateScratch());

/** A new read of the change log: cells met from here on are new to it. */
function newRead(g: GradeState, s: DuplicateScratch): Int32Array {
  if (s.seen.length < g.model.nCells) {
    s.seen = new Int32Array(g.model.nCells);
    s.stamp = 0;
  }
  s.stamp++;
  return s.seen;
}

/** Bring the tables up to date with the position: only cells that changed are redone. */
function survey(g: GradeState, s: DuplicateScratch): void {
  if (s.surveyed.fresh(g)) {
    if (s.left.length < 4 * g.model.nCells) {
      s.left = new Int32Array(4 * g.model.nCells);
      s.hot = new Int32Array(g.model.nCells);
    }
    // Every cell is in the log: start from "several" everywhere, which no cell is hot for.
    s.left.fill(-1, 0, 4 * g.model.nCells);
    s.hot.fill(0, 0, g.model.nCells);
  }
  const seen = newRead(g, s);
  const stamp = s.stamp;
  for (let x = s.surveyed.next(g); x >= 0; x = s.surveyed.next(g)) {
    if (x >= g.model.nCells || seen[x] === stamp) continue;
    seen[x] = stamp;
    surveyCell(g, s, x);
  }
}

function surveyCell(g: GradeState, s: DuplicateScratch, n: number): void {
  const { cellPl, plPair } = g.model;
  const live = g.live;
  const { left, hot } = s;
  const across = g.across;
  const deg = g.model.cellDeg[n];
  for (let j = 0; j < deg; j++) {
    // The pairs the live placements of n but the j-th spell: none, one (r1), or several.
    let k = 0;
    let r1 = -1;
    for (let i = 0; i < deg; i++) {
      const t = cellPl[4 * n + i];
      if (i === j || live[t] === 0) continue;
      const r = plPair[t];
      if (k === 0) {
        r1 = r;
        k = 1;
      } else if (r !== r1) {
        k = 2;
        break;
      }
    }
    const now = k === 0 ? -2 : k === 1 ? r1 : -1;
    const was = left[4 * n + j];
    left[4 * n + j] = now;
    if ((was === -1) !== (now === -1)) hot[across[4 * n + j] >> 2] += now === -1 ? -1 : 1;
  }
}

/**
 * Queue the placements whose verdict may have changed: those next to a changed cell (a
 * placement's verdict depends only on the cells around it).
 */
function collect(g: GradeState, s: DuplicateScratch, reader: ChangeReader, pending: WorkList): void {
  if (reader.fresh(g)) {
    // The log opens with every cell, which queues every placement in the shape's order; the
    // rest of it would queue nothing more.
    pending.fill(placementsInLogOrder(g, s), g.model.nPlacements);
    reader.skip(g);
    return;
  }
  // A cell met again in the same read would push nothing new: the list only grows while it is read.
  const seen = newRead(g, s);
  const stamp = s.stamp;
  const { nCells, cellDeg, cellPl } = g.model;
  const across = g.across;
  for (let d = reader.next(g); d >= 0; d = reader.next(g)) {
    if (d >= nCells || seen[d] === stamp) continue;
    seen[d] = stamp;
    for (let k = 4 * d, end = 4 * d + cellDeg[d]; k < end; k++) {
      const e = across[k] >> 2;
      for (let j = 4 * e, e2 = 4 * e + cellDeg[e]; j < e2; j++) pending.push(cellPl[j]);
    }
  }
}

/** Every placement, in the order collect queues them reading every cell in turn (see collect). */
function placementsInLogOrder(g: GradeState, s: DuplicateScratch): Int32Array {
  if (s.everyRows === g.model.rows && s.everyCols === g.model.cols) return s.everyPlacement;
  const order = new Int32Array(g.model.nPlacements);
  const queued = new Uint8Array(g.model.nPlacements);
  let n = 0;
  for (let d = 0; d < g.model.nCells; d++) {
    for (let k = 4 * d, end = 4 * d + g.model.cellDeg[d]; k < end; k++) {
      const e = g.other(g.model.cellPl[k], d);
      for (let j = 4 * e, e2 = 4 * e + g.model.cellDeg[e]; j < e2; j++) {
        const p = g.model.cellPl[j];
        if (queued[p] === 0) {
          queued[p] = 1;
          order[n++] = p;
        }
      }
    }
  }
  if (n !== g.model.nPlacements) throw new Error(`duplicates: ${n} of ${g.model.nPlacements} placements queued`);
  s.everyPlacement = order;
  s.everyRows = g.model.rows;
  s.everyCols = g.model.cols;
  return order;
}

/** The next queued placement that is still open and for which test holds, or -1. */
function firstPending(
  g: GradeState,
  s: DuplicateScratch,
  pending: WorkList,
  test: (g: GradeState, s: DuplicateScratch, p: number) => boolean,
): number {
  const { live, cellDone, budget } = g;
  const plA = g.model.plA;
  for (let p = pending.pop(); p >= 0; p = pending.pop()) {
    if (budget.tick()) return -1;
    if (live[p] === 1 && cellDone[plA[p]] === 0 && test(g, s, p)) return p;
  }
  return -1;
}

/**
 * Duplicate of own pair: a placement dies if laying it would leave a neighbouring cell whose
 * only remaining ways out spell the very pair just laid (or no way out at all).
 */
export function duplicateOfOwnPair(g: GradeState): boolean {
  const s = g.scratch.of(DUPLICATES);
  survey(g, s);
  collect(g, s, s.ownRead, s.ownPending);
  const p = firstPending(g, s, s.ownPending, ownPairTwiceAt);
  if (p < 0) return false;
  g.eliminate(p);
  return true;
}

function ownPairTwiceAt(g: GradeState, s: DuplicateScratch, p: number): boolean {
  const { cellPl, cellDeg } = g.model;
  const cellDone = g.cellDone;
  const { left, hot } = s;
  const across = g.across;
  if (hot[g.model.plA[p]] === 0 && hot[g.model.plB[p]] === 0) return false;
  const q = g.model.plPair[p];
  for (let side = 0; side < 2; side++) {
    const c = side === 0 ? g.model.plA[p] : g.model.plB[p];
    for (let k = 4 * c, end = 4 * c + cellDeg[c]; k < end; k++) {
      // The neighbour n behind side k, left with nothing or only q once p is laid.
      const e = across[k];
      const n = e >> 2;
      const r = left[e];
      if (cellPl[k] === p || cellDone[n] === 1 || (r !== -2 && r !== q)) continue;
      if (g.logging) {
        // Did the cell still have ways out that spell q (a duplicate), or none at all?
        const t = cellPl[k];
        let spellsQ = false;
        for (let j = 4 * n, end2 = 4 * n + cellDeg[n]; j < end2; j++) {
          const u = cellPl[j];
          if (g.live[u] === 1 && g.model.plPair[u] === q && u !== t) spellsQ = true;
        }
        g.reason = spellsQ
          ? { rule: 'duplicateOfOwnPair', placement: dominoOf(g.model, p), cell: cellOf(g.model, n), pair: pairOf(q) }
          : { rule: 'duplicateOfOwnPair', placement: dominoOf(g.model, p), cell: cellOf(g.model, n) };
      }
      return true;
    }
  }
  return false;
}

/**
 * Duplicate between neighbours: a placement dies if laying it would leave two neighbouring
 * cells that can each spell only one and the same pair, when no single domino of that pair
 * covers both.
 */
export function duplicateBetweenNeighbours(g: GradeState): boolean {
  // Only the neighbours' ways through the laid domino's cells are taken away, not the other
  // spots of its pair: that is Tatham's rule; the stronger reading is the lookahead's (level 7).
  const s = g.scratch.of(DUPLICATES);
  survey(g, s);
  collect(g, s, s.sameRead, s.samePending);
  const p = firstPending(g, s, s.samePending, samePairTwiceAt);
  if (p < 0) return false;
  g.eliminate(p);
  return true;
}

function samePairTwiceAt(g: GradeState, s: DuplicateScratch, p: number): boolean {
  const { around, needs, left, hot } = s;
  const across = g.across;
  if (hot[g.model.plA[p]] === 0 && hot[g.model.plB[p]] === 0) return false;
  const { cellPl, cellDeg } = g.model;
  const cellDone = g.cellDone;
  let n = 0;
  for (let side = 0; side < 2; side++) {
    const c = side === 0 ? g.model.plA[p] : g.model.plB[p];
    for (let k = 4 * c, end = 4 * c + cellDeg[c]; k < end; k++) {
      // The neighbour o behind side k, left with only pair r once that side is gone (the laid
      // pair not discounted, as Tatham states the rule).
      const e = across[k];
      const o = e >> 2;
      const r = left[e];
      if (r < 0 || cellPl[k] === p || cellDone[o] === 1) continue;
      for (let i = 0; i < n; i++) {
        if (needs[i] !== r) continue;
        const between = g.placementBetween(around[i], o);
        if (between >= 0 && g.live[between] === 1 && g.model.plPair[between] === r) continue;
        if (g.logging)
          g.reason = {
            rule: 'duplicateBetweenNeighbours',
            placement: dominoOf(g.model, p),
            cells: [cellOf(g.model, around[i]), cellOf(g.model, o)],
            pair: pairOf(r),
          };
        return true;
      }
      around[n] = o;
      needs[n++] = r;
    }
  }
  return false;
}

/**
 * Pair crowded out: a placement dies if every spot left for some other pair touches one of its
 * two cells, since laying it would leave that pair nowhere to go.
 */
export function pairCrowdedOut(g: GradeState): boolean {
  const { crowdRead, crowdPending } = g.scratch.of(DUPLICATES);
  if (crowdRead.fresh(g)) crowdPending.reset(g.model.nPairs);
  for (let x = crowdRead.next(g); x >= 0; x = crowdRead.next(g))
    if (x >= g.model.nCells) crowdPending.push(x - g.model.nCells);
  // A placement that crowds out pair r touches r's first spot: try only those.
  for (let r = crowdPending.pop(); r >= 0; r = crowdPending.pop()) {
    if (g.pairDone[r] === 1) continue;
    const s0 = g.firstLiveOf(r);
    if (s0 < 0) continue;
    for (let side = 0; side < 2; side++) {
      const c = side === 0 ? g.model.plA[s0] : g.model.plB[s0];
      for (let k = 4 * c, end = 4 * c + g.model.cellDeg[c]; k < end; k++) {
        const p = g.model.cellPl[k];
        if (g.live[p] === 0 || g.cellDone[c] === 1 || g.model.plPair[p] === r || !crowdsOut(g, p, r)) continue;
        // r may crowd out more than one placement: look at it again next time.
        crowdPending.push(r);
        if (g.logging) g.reason = { rule: 'pairCrowdedOut', placement: dominoOf(g.model, p), pair: pairOf(r) };
        g.eliminate(p);
        return true;
      }
    }
  }
  return false;
}

/** Does every live spot of pair r touch a cell of placement p? */
function crowdsOut(g: GradeState, p: number, r: number): boolean {
  const a = g.model.plA[p];
  const b = g.model.plB[p];
  for (let j = g.model.pairStart[r], e = g.model.pairStart[r + 1]; j < e; j++) {
    const s = g.model.pairPl[j];
    if (g.live[s] === 0) continue;
    const x = g.model.plA[s];
    const y = g.model.plB[s];
    if (x !== a && x !== b && y !== a && y !== b) return false;
  }
  return true;
}
