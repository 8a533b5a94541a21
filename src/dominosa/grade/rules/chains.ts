// Level 6 of the ladder, Tatham's forcing chains, which need no assumption: a cell with exactly
// two placements left takes one or the other, so such cells link placements into chains of two
// complementary sides, one of which is laid in full. A side that could not be laid dies whole;
// a pair with a spot on each side of one chain goes on one of those two.
import type { Domino } from '../../solve/solution.js';
import { cellOf, dominoOf, pairOf } from '../coords.js';
import { scratchKey } from '../scratch.js';
import type { GradeState } from '../state.js';
import type { Reason } from '../step.js';

/** The chains' scratch, owned by one GradeState; grown to the largest board seen. */
class ChainScratch {
  /** The position the sides were found for: board load and change-log length. */
  loads = -1;
  at = -1;
  /** Union-find over placements with parity: flip[p] says whether p is on its parent's other side. */
  parent = new Int32Array(0);
  flip = new Uint8Array(0);
  /** side[p] = 2 · (p's chain) + (0 or 1) for a live placement, -1 for a dead one. */
  side = new Int32Array(0);
  // chainStarvesCell: per side, the cell and the placement of it that last saw the side.
  seenBy = new Int32Array(0);
  hits = new Int32Array(0);
  stamp = 0;
}

const CHAINS = scratchKey(() => new ChainScratch());

/**
 * Bring the sides up to date with the position (once per position, whichever rule asks). Out
 * of time (g.budget.outOfTime), the sides are left half made and not marked up to date: read nothing.
 */
function sidesOf(g: GradeState): ChainScratch {
  const sc = g.scratch.of(CHAINS);
  if (sc.loads === g.loads && sc.at === g.changes.length) return sc;
  sc.loads = -1;
  const n = g.model.nPlacements;
  if (sc.parent.length < n) {
    sc.parent = new Int32Array(n);
    sc.flip = new Uint8Array(n);
    sc.side = new Int32Array(n);
    sc.seenBy = new Int32Array(2 * n);
    sc.hits = new Int32Array(2 * n);
    sc.stamp = 0;
  }
  const { parent, flip, side } = sc;
  const live = g.live;
  const cellPl = g.model.cellPl;
  for (let p = 0; p < n; p++) {
    if ((p & 255) === 255 && g.budget.tick(256)) return sc;
    parent[p] = p;
    flip[p] = 0;
  }
  for (let c = 0; c < g.model.nCells; c++) {
    if (g.budget.tick()) return sc;
    if (g.cellDone[c] === 1 || g.cellCnt[c] !== 2) continue;
    let first = -1;
    for (let k = 4 * c, end = 4 * c + g.model.cellDeg[c]; k < end; k++) {
      const p = cellPl[k];
      if (live[p] === 0) continue;
      if (first < 0) first = p;
      else link(sc, first, p);
    }
  }
  for (let p = 0; p < n; p++) {
    if ((p & 255) === 255 && g.budget.tick(256)) return sc;
    side[p] = live[p] === 1 ? 2 * find(sc, p) + flip[p] : -1;
  }
  sc.loads = g.loads;
  sc.at = g.changes.length;
  return sc;
}

/** The root of p's chain; afterwards p hangs from the root and flip[p] is its side. */
function find(sc: ChainScratch, p: number): number {
  const { parent, flip } = sc;
  let root = p;
  let parity = 0;
  while (parent[root] !== root) {
    parity ^= flip[root];
    root = parent[root];
  }
  // Hang every placement on the path from the root, with its side relative to it.
  while (p !== root) {
    const up = parent[p];
    const f = flip[p];
    parent[p] = root;
    flip[p] = parity;
    parity ^= f;
    p = up;
  }
  return root;
}

/** p and q are the two options of one cell: put them on opposite sides of one chain. */
function link(sc: ChainScratch, p: number, q: number): void {
  const rp = find(sc, p);
  const rq = find(sc, q);
  // Already joined: on a position with a solution the sides agree (a cycle is even).
  if (rp === rq) return;
  sc.parent[rq] = rp;
  sc.flip[rq] = sc.flip[p] ^ sc.flip[q] ^ 1;
}

/** Rule out every placement of one side, as one step. */
function killSide(g: GradeState, sc: ChainScratch, id: number): void {
  for (let p = 0; p < g.model.nPlacements; p++) if (sc.side[p] === id) g.eliminate(p);
}

/** The placements of one side, for a reason. */
function sideDominoes(g: GradeState, sc: ChainScratch, id: number): Domino[] {
  const out: Domino[] = [];
  for (let p = 0; p < g.model.nPlacements; p++) if (sc.side[p] === id) out.push(dominoOf(g.model, p));
  return out;
}

/**
 * The first pair (beyond minSpots spots) with two live spots on one side (`sameSide`) or on the
 * two sides of one chain, as [pair, spot, spot]; null when there is none (or time ran out).
 * Both pair-side rules scan this way.
 */
function twoSpotsOfOnePair(
  g: GradeState,
  side: Int32Array,
  minSpots: number,
  sameSide: boolean,
): [number, number, number] | null {
  const live = g.live;
  const pairPl = g.model.pairPl;
  for (let q = 0; q < g.model.nPairs; q++) {
    if (g.budget.tick()) return null;
    if (g.pairDone[q] === 1 || g.pairCnt[q] < minSpots) continue;
    const from = g.model.pairStart[q];
    const to = g.model.pairStart[q + 1];
    for (let i = from; i < to; i++) {
      const a = pairPl[i];
      if (live[a] === 0) continue;
      for (let j = i + 1; j < to; j++) {
        const b = pairPl[j];
        if (live[b] !== 0 && (sameSide ? side[a] === side[b] : (side[a] ^ side[b]) === 1)) return [q, a, b];
      }
    }
  }
  return null;
}

/** Chain repeats a pair: a side that holds two spots of one pair would lay it twice, so it dies. */
export function chainRepeatsPair(g: GradeState): boolean {
  const sc = sidesOf(g);
  if (g.budget.outOfTime) return false;
  const hit = twoSpotsOfOnePair(g, sc.side, 2, true);
  if (hit === null) return false;
  const [q, a] = hit;
  const id = sc.side[a];
  if (g.logging) g.reason = { rule: 'chainRepeatsPair', chain: sideDominoes(g, sc, id), pair: pairOf(q) };
  killSide(g, sc, id);
  return true;
}

/**
 * Chain starves a cell: a side that holds a spot of every pair some other cell could still
 * spell, on chains other than the cell's own, would leave that cell nothing, so it dies.
 */
export function chainStarvesCell(g: GradeState): boolean {
  const sc = sidesOf(g);
  if (g.budget.outOfTime) return false;
  const { side, seenBy, hits } = sc;
  const live = g.live;
  const { cellPl, pairPl, plPair, pairStart } = g.model;
  for (let c = 0; c < g.model.nCells; c++) {
    if (g.budget.tick()) return false;
    if (g.cellDone[c] === 1 || g.cellCnt[c] < 2) continue;
    const stamp = ++sc.stamp;
    // Sides of the cell's own placements are left out, marked as seen by option -1.
    for (let k = 4 * c, end = 4 * c + g.model.cellDeg[c]; k < end; k++) {
      const t = cellPl[k];
      if (live[t] === 0) continue;
      seenBy[side[t]] = stamp;
      hits[side[t]] = -1;
    }
    // hits[s]: how many of the cell's options so far have their pair on side s elsewhere. Once
    // no side has them all, none can: the cell is done with.
    let options = 0;
    let last = -1;
    let alive = 1;
    for (let k = 4 * c, end = 4 * c + g.model.cellDeg[c]; k < end && alive > 0; k++) {
      const t = cellPl[k];
      if (live[t] === 0) continue;
      options++;
      last = t;
      alive = 0;
      const q = plPair[t];
      for (let i = pairStart[q], e = pairStart[q + 1]; i < e; i++) {
        const o = pairPl[i];
        if (live[o] === 0) continue;
        const s = side[o];
        if (seenBy[s] !== stamp) {
          seenBy[s] = stamp;
          hits[s] = 0;
        }
        if (hits[s] === options - 1) {
          hits[s] = options;
          alive++;
        }
      }
    }
    if (alive === 0) continue;
    const q = plPair[last];
    for (let i = g.model.pairStart[q], e = g.model.pairStart[q + 1]; i < e; i++) {
      const o = pairPl[i];
      if (live[o] === 0 || seenBy[side[o]] !== stamp || hits[side[o]] !== options) continue;
      const id = side[o];
      if (g.logging) g.reason = { rule: 'chainStarvesCell', chain: sideDominoes(g, sc, id), cell: cellOf(g.model, c) };
      killSide(g, sc, id);
      return true;
    }
  }
  return false;
}

/**
 * Pair in both chains: a pair with a spot on each side of one chain goes on one of those two
 * (one side is laid), so its other spots die.
 */
export function pairInBothChains(g: GradeState): boolean {
  const sc = sidesOf(g);
  if (g.budget.outOfTime) return false;
  const { side } = sc;
  const hit = twoSpotsOfOnePair(g, side, 3, false);
  if (hit === null) return false;
  const [q, a, b] = hit;
  const reason: Reason | null = g.logging
    ? {
        rule: 'pairInBothChains',
        pair: pairOf(q),
        spots: [dominoOf(g.model, a), dominoOf(g.model, b)],
        chains: [sideDominoes(g, sc, side[a]), sideDominoes(g, sc, side[b])],
      }
    : null;
  const { pairPl } = g.model;
  for (let k = g.model.pairStart[q], to = g.model.pairStart[q + 1]; k < to; k++)
    if (pairPl[k] !== a && pairPl[k] !== b) g.eliminate(pairPl[k]);
  if (reason !== null) g.reason = reason;
  return true;
}
