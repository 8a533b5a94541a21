// Set analysis, one number at a time. The open cells showing x must be covered by the unused
// pairs containing x, each exactly once, the double x-x covering two. Where k of those cells can
// only take k pairs between them (or k pairs only fit on k cells), nothing else may take them.
// Level 5 is the plain analysis: sets the double cannot join two cells of, counting it once.
// Level 6 reasons about the double itself: counting it twice, and asking where it may go.
import { pairIndex } from '../../pairs.js';
import { ChangeReader } from '../changes.js';
import { Double, NumberGraph } from '../number-graph.js';
import { cellOf, dominoOf, pairOf } from '../coords.js';
import { scratchKey } from '../scratch.js';
import type { GradeState } from '../state.js';
import { WorkList } from '../worklist.js';
import type { Cell, PairUV } from '../step.js';

/**
 * Numbers to look at again, per rule: a number's analysis depends only on the placements of
 * its own open cells, so only numbers with a changed cell are redone.
 */
class DirtyNumbers {
  private readonly reader = new ChangeReader();
  private readonly list = new WorkList();

  /** Bring the list up to date, and group the open cells by number. */
  update(g: GradeState): void {
    if (this.reader.fresh(g)) this.list.reset(g.model.m + 1);
    for (let x = this.reader.next(g); x >= 0; x = this.reader.next(g))
      if (x < g.model.nCells) this.list.push(g.model.cells[x]);
    groupByValue(g, g.scratch.of(SETS));
  }

  pop(): number {
    return this.list.pop();
  }

  push(x: number): void {
    this.list.push(x);
  }
}

type Found = { cells: TightSet | null; pairs: TightSet | null };

/** The set rules' scratch, owned by one GradeState; grown to the largest board seen. */
class SetScratch {
  readonly graph = new NumberGraph();
  inSet = new Uint8Array(0);
  // The best sets found so far, as copies of inSet: read into a TightSet once the search ends.
  bestCells = new Uint8Array(0);
  bestPairs = new Uint8Array(0);
  // Every cell grouped by number, fixed per board: allCells[start[x] .. start[x+1]); the open
  // ones of the number being analysed are copied to openCells.
  allCells = new Int32Array(0);
  start = new Int32Array(0);
  openCells = new Int32Array(0);
  groupedLoads = -1;
  // smallestTightSets' answer per number, and the change-log length it was found at.
  memoLoads = -1;
  readonly memoAt: number[] = [];
  readonly memo: Found[] = [];
  // Plain sets: scratch for the matchings that leave one cell out (see leftOutFrom), and per
  // holder cell under the current left-out cell: 0 not looked at, -1 its tight set joins two
  // cells with the double, else the set's size.
  via = new Int32Array(0);
  prev = new Int32Array(0);
  leftOut = new Int32Array(0);
  tryOut = new Int32Array(0);
  verdict = new Int32Array(0);
  // The numbers each rule has yet to look at again.
  readonly plainDirty = new DirtyNumbers();
  readonly claimDirty = new DirtyNumbers();
  readonly claimedDirty = new DirtyNumbers();
  readonly doubleDirty = new DirtyNumbers();
}

const SETS = scratchKey(() => new SetScratch());

function groupByValue(g: GradeState, sc: SetScratch): void {
  if (sc.groupedLoads === g.loads) return;
  sc.groupedLoads = g.loads;
  if (sc.allCells.length < g.model.nCells) sc.allCells = new Int32Array(g.model.nCells);
  if (sc.start.length < g.model.m + 2) sc.start = new Int32Array(g.model.m + 2);
  if (sc.inSet.length < g.model.m + 3) {
    sc.inSet = new Uint8Array(g.model.m + 3);
    sc.bestCells = new Uint8Array(g.model.m + 3);
    sc.bestPairs = new Uint8Array(g.model.m + 3);
    sc.openCells = new Int32Array(g.model.m + 3);
  }
  const { start, allCells } = sc;
  start.fill(0, 0, g.model.m + 2);
  for (let c = 0; c < g.model.nCells; c++) start[g.model.cells[c] + 1]++;
  for (let x = 0; x <= g.model.m; x++) start[x + 1] += start[x];
  const at = start.slice(0, g.model.m + 1);
  for (let c = 0; c < g.model.nCells; c++) allCells[at[g.model.cells[c]]++] = c;
}

/** The open cells showing x (valid until the next call). */
function cellsOfValue(g: GradeState, sc: SetScratch, x: number): Int32Array {
  const { start, allCells, openCells } = sc;
  let n = 0;
  for (let k = start[x], end = start[x + 1]; k < end; k++)
    if (g.cellDone[allCells[k]] === 0) openCells[n++] = allCells[k];
  return openCells.subarray(0, n);
}

/** A tight set of one number: cells `inside` can take exactly pairs `claimed` between them. */
interface TightSet {
  value: number;
  inside: number[];
  outside: number[];
  claimed: number[];
  unclaimed: number[];
}

/** Keep the marks of cells 0 .. n-1 (a set found while the search goes on). */
function copyMarks(from: Uint8Array, to: Uint8Array, n: number): void {
  for (let j = 0; j < n; j++) to[j] = from[j];
}

/** The tight set marked in `inSet` (the scratch's unless given), read off the graph's current matching. */
function tightSetOf(sc: SetScratch, x: number, inSet: Uint8Array = sc.inSet): TightSet {
  const { graph } = sc;
  const set: TightSet = { value: x, inside: [], outside: [], claimed: [], unclaimed: [] };
  for (let j = 0; j < graph.n; j++) (inSet[j] === 1 ? set.inside : set.outside).push(graph.cell[j]);
  for (let t = 0; t < graph.nSlots; t++) {
    const pq = graph.slotPair[t];
    if (t > 0 && graph.slotPair[t - 1] === pq) continue;
    const holder = graph.mSlot[t];
    (holder >= 0 && inSet[holder] === 1 ? set.claimed : set.unclaimed).push(pq);
  }
  return set;
}

/**
 * The smallest tight sets of number x with a placement to kill, with the double as two slots,
 * measured by their cells (for cellsClaimPairsAndDouble) and by the cells outside them (for
 * pairsClaimCells). Both rules ask about the same position in turn, so the answer for a
 * number is kept until the position changes.
 */
function smallestTightSets(g: GradeState, x: number): Found {
  const sc = g.scratch.of(SETS);
  const { graph, inSet, memoAt, memo } = sc;
  if (sc.memoLoads !== g.loads) {
    sc.memoLoads = g.loads;
    memoAt.length = 0;
  }
  if (memoAt[x] === g.changes.length) return memo[x];
  const found: Found = { cells: null, pairs: null };
  memoAt[x] = g.changes.length;
  memo[x] = found;
  let bestCells = Infinity;
  let bestPairs = Infinity;
  const xs = cellsOfValue(g, sc, x);
  graph.build(g, x, xs, -1, -1, Double.Twice);
  const n = graph.n;
  if (n === 0 || !graph.match(g)) return settled(g, sc, x, found);
  graph.components();
  for (let i = 0; i < n; i++) {
    for (let e = 8 * i; e < 8 * i + graph.deg[i]; e++) {
      // Each edge may walk the graph (reach): it counts as 4 items.
      if (g.budget.tick(4)) return settled(g, sc, x, found);
      const s = graph.adj[e];
      // Is the edge i–s's pair in no perfect matching? (A double has two slots.)
      const q = graph.slotPair[s];
      const fs = graph.firstSlot[q];
      const last = g.pairLo[q] === g.pairHi[q] ? fs + 1 : fs;
      let alive = false;
      for (let t = fs; t <= last; t++) {
        if (graph.mCell[i] === t || graph.comp[graph.mSlot[t]] === graph.comp[i]) alive = true;
      }
      if (alive) continue;
      const size = graph.reach(graph.mSlot[s], inSet);
      // Each side is told by its smaller half.
      if (size <= n - size && size < bestCells) {
        bestCells = size;
        copyMarks(inSet, sc.bestCells, n);
      }
      if (n - size < size && n - size < bestPairs) {
        bestPairs = n - size;
        copyMarks(inSet, sc.bestPairs, n);
      }
    }
  }
  // The matching has not moved since the sets were marked: read them off it now.
  if (bestCells < Infinity) found.cells = tightSetOf(sc, x, sc.bestCells);
  if (bestPairs < Infinity) found.pairs = tightSetOf(sc, x, sc.bestPairs);
  return found;
}

/** The answer for x as it stands; a search time cut short is forgotten and finds nothing. */
function settled(g: GradeState, sc: SetScratch, x: number, found: Found): Found {
  if (!g.budget.outOfTime) return found;
  sc.memoAt[x] = -1;
  return { cells: null, pairs: null };
}

/**
 * The smallest plain tight set of number x with a placement to kill: k open x-cells, no two
 * of them joined by a live double placement, that can only take k pairs (the double counting
 * once); null if there is none. Without the double every slot has one cell. With it, there is
 * one cell more than slots, and a plain tight set is tight when one cell outside it is left
 * out: so every cell some maximum matching leaves out is tried in turn.
 */
function smallestPlainSet(g: GradeState, x: number): TightSet | null {
  const sc = g.scratch.of(SETS);
  const graph = sc.graph;
  const xs = cellsOfValue(g, sc, x);
  const withDouble = g.pairDone[pairIndex(x, x)] === 0;
  graph.build(g, x, xs, -1, -1, withDouble ? Double.Once : Double.Left);
  const n = graph.n;
  if (n === 0) return null;
  if (sc.via.length < n) {
    sc.via = new Int32Array(n);
    sc.prev = new Int32Array(n);
    sc.leftOut = new Int32Array(n);
    sc.tryOut = new Int32Array(n);
    sc.verdict = new Int32Array(n);
  }
  const { via, leftOut, tryOut, inSet } = sc;
  const matched = graph.maxMatch(g);
  if (matched !== graph.nSlots || graph.nSlots !== (withDouble ? n - 1 : n)) return null;
  if (!withDouble) return plainSetLeaving(g, sc, x, -1, Infinity);
  // The cells some maximum matching leaves out: those reached from the one left out now
  // along alternating paths. Prefer to leave out one the double joins to another such cell.
  let u0 = 0;
  while (graph.mCell[u0] >= 0) u0++;
  let nOut = leftOutFrom(sc, u0);
  let root = -1;
  for (let h = 0; h < nOut && root < 0; h++) {
    const c = leftOut[h];
    for (let k = 4 * c, end = 4 * c + graph.dblDeg[c]; k < end; k++) if (via[graph.dbl[k]] !== -1) root = c;
  }
  if (root >= 0 && root !== u0) {
    shiftOut(sc, root, u0);
    u0 = root;
    nOut = leftOutFrom(sc, u0);
  }
  // Sets without u0 show up with u0 left out. A plain set with u0 in it leaves out every cell
  // the double joins u0 to, so when one of those can be left out, looking with it left out
  // finds them all; otherwise every cell that can be is tried. And a set with u0 in it holds
  // the smallest tight set that has u0 and not u: u is worth a full look only if that one is
  // plain and smaller than the best so far.
  let best = plainSetLeaving(g, sc, x, u0, Infinity);
  let nTry = 0;
  for (let k = 4 * u0, end = 4 * u0 + graph.dblDeg[u0]; k < end; k++) {
    const w = graph.dbl[k];
    if (via[w] !== -1) tryOut[nTry++] = w;
  }
  if (nTry === 0) for (let h = 1; h < nOut; h++) tryOut[nTry++] = leftOut[h];
  for (let h = 0; h < nTry; h++) {
    const u = tryOut[h];
    shiftOut(sc, u, u0);
    const limit = best === null ? Infinity : best.inside.length;
    if (graph.reachPlain(u0, inSet, limit) >= 0) {
      const found = plainSetLeaving(g, sc, x, u, limit);
      if (found !== null) best = found;
    }
    shiftBack(sc, u, u0);
    // A look cut short by the time proves nothing: the set so far may not be the smallest.
    if (g.budget.outOfTime) return null;
  }
  return g.budget.outOfTime ? null : best;
}

/**
 * The cells some maximum matching leaves out, with u0 left out now: u0 and those reached from
 * it along alternating paths, into leftOut (via: the slot each holds, prev: the cell that
 * could take it instead); returns how many.
 */
function leftOutFrom(sc: SetScratch, u0: number): number {
  const { graph, via, prev, leftOut } = sc;
  let nOut = 0;
  leftOut[nOut++] = u0;
  for (let i = 0; i < graph.n; i++) via[i] = -1;
  via[u0] = -2;
  for (let h = 0; h < nOut; h++) {
    const c = leftOut[h];
    for (let e = 8 * c, end = 8 * c + graph.deg[c]; e < end; e++) {
      const s = graph.adj[e];
      const j = graph.mSlot[s];
      if (s === graph.mCell[c] || via[j] !== -1) continue;
      via[j] = s;
      prev[j] = c;
      leftOut[nOut++] = j;
    }
  }
  return nOut;
}

/** Leave u out instead of u0: shift the matching along the path between them. */
function shiftOut(sc: SetScratch, u: number, u0: number): void {
  const { graph, via, prev } = sc;
  graph.mCell[u] = -1;
  for (let c = u; c !== u0; c = prev[c]) {
    graph.mSlot[via[c]] = prev[c];
    graph.mCell[prev[c]] = via[c];
  }
}

/** Undo shiftOut(u, u0). */
function shiftBack(sc: SetScratch, u: number, u0: number): void {
  const { graph, via, prev } = sc;
  for (let c = u; c !== u0; c = prev[c]) {
    graph.mCell[c] = via[c];
    graph.mSlot[via[c]] = c;
  }
  graph.mCell[u0] = -1;
}

/**
 * Under the current matching of every cell but u (-1: every cell) to every slot: the smallest
 * tight set, smaller than `limit`, that the double joins no two cells of and that some
 * placement outside it spells one of its pairs of.
 */
function plainSetLeaving(g: GradeState, sc: SetScratch, x: number, u: number, limit: number): TightSet | null {
  const { graph, verdict, inSet } = sc;
  const n = graph.n;
  graph.components(u);
  verdict.fill(0, 0, n);
  let bestSize = limit;
  for (let i = 0; i < n; i++) {
    for (let e = 8 * i; e < 8 * i + graph.deg[i]; e++) {
      // Each edge may walk the graph (reachPlain): it counts as 4 items; out of time, nothing is found.
      if (g.budget.tick(4)) return null;
      const s = graph.adj[e];
      if (i !== u && graph.mCell[i] === s) continue;
      const j = graph.mSlot[s];
      if (i !== u && graph.comp[i] === graph.comp[j]) continue;
      // j's tight set, the smallest tight set holding j, leaves i out.
      if (verdict[j] < 0 || (verdict[j] > 0 && verdict[j] >= bestSize)) continue;
      const size = graph.reachPlain(j, inSet, Infinity);
      verdict[j] = size;
      if (size < 0 || size >= bestSize || !killsOutside(sc, i, s)) continue;
      bestSize = size;
      copyMarks(inSet, sc.bestCells, n);
    }
  }
  // The matching has not moved since the set was marked: read it off now.
  return bestSize < limit ? tightSetOf(sc, x, sc.bestCells) : null;
}

/** Does a placement of cell i spelling slot s's pair cover no cell marked in inSet? */
function killsOutside(sc: SetScratch, i: number, s: number): boolean {
  const { graph, inSet } = sc;
  if (s !== graph.doubleSlot) return true;
  for (let k = 4 * i, end = 4 * i + graph.dblDeg[i]; k < end; k++) if (inSet[graph.dbl[k]] === 0) return true;
  return false;
}

type Finder = (g: GradeState, x: number) => TightSet | null;

const tightByCells: Finder = (g, x) => smallestTightSets(g, x).cells;
const tightByPairs: Finder = (g, x) => smallestTightSets(g, x).pairs;

type ClaimRule = 'cellsClaimPairs' | 'cellsClaimPairsAndDouble' | 'pairsClaimCells';

/** Apply the first tight set `find` gives for a number that changed; true if one was. */
function claimFirst(
  g: GradeState,
  dirty: DirtyNumbers,
  find: Finder,
  apply: (g: GradeState, set: TightSet) => void,
  rule: ClaimRule,
): boolean {
  const graph = g.scratch.of(SETS).graph;
  dirty.update(g);
  for (let x = dirty.pop(); x >= 0; x = dirty.pop()) {
    const set = find(g, x);
    if (g.budget.outOfTime) return stopped(g, dirty, x);
    if (set === null) continue;
    // The number may hold more than one tight set: look at it again next time.
    dirty.push(x);
    graph.clear();
    if (g.logging) {
      g.reason =
        rule === 'pairsClaimCells'
          ? { rule, value: x, cells: cellsOf(g, set.outside), pairs: pairsOf(g, set.unclaimed) }
          : { rule, value: x, cells: cellsOf(g, set.inside), pairs: pairsOf(g, set.claimed) };
    }
    apply(g, set);
    return true;
  }
  graph.clear();
  return false;
}

/** Out of time mid-look: x stays to be looked at, nothing is deduced, and the grading ends. */
function stopped(g: GradeState, dirty: DirtyNumbers, x: number): false {
  dirty.push(x);
  g.scratch.of(SETS).graph.clear();
  return false;
}

/** Kill the placements of cells outside the set that spell a pair the set claims. */
function applyTightSet(g: GradeState, set: TightSet): void {
  for (const c of set.outside) {
    for (let k = 4 * c, end = 4 * c + g.model.cellDeg[c]; k < end; k++) {
      const t = g.model.cellPl[k];
      if (g.live[t] === 1 && set.claimed.includes(g.model.plPair[t])) g.eliminate(t);
    }
  }
}

/** Kill the placements of the claimed pairs that cover no cell of the set. */
function applyPlainSet(g: GradeState, set: TightSet): void {
  for (const q of set.claimed) {
    for (let k = g.model.pairStart[q], end = g.model.pairStart[q + 1]; k < end; k++) {
      const t = g.model.pairPl[k];
      if (g.live[t] === 1 && !set.inside.includes(g.model.plA[t]) && !set.inside.includes(g.model.plB[t]))
        g.eliminate(t);
    }
  }
}

function cellsOf(g: GradeState, cs: number[]): Cell[] {
  return cs.map((c) => cellOf(g.model, c)).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

function pairsOf(g: GradeState, qs: number[]): PairUV[] {
  return [...qs].sort((a, b) => a - b).map((q) => pairOf(q));
}

/**
 * Cells claim pairs: if k open cells showing x, no two of which the double x-x could join, can
 * only take k pairs between them (the double counting once), those pairs all go on these cells,
 * so no other x-cell takes them.
 */
export function cellsClaimPairs(g: GradeState): boolean {
  return claimFirst(g, g.scratch.of(SETS).plainDirty, smallestPlainSet, applyPlainSet, 'cellsClaimPairs');
}

/**
 * Cells claim pairs with the double: if k open cells showing x can only take pairs that fill
 * k cells, the double filling two, those pairs (the double whole) go on these cells, so no
 * other x-cell takes them.
 */
export function cellsClaimPairsAndDouble(g: GradeState): boolean {
  return claimFirst(g, g.scratch.of(SETS).claimDirty, tightByCells, applyTightSet, 'cellsClaimPairsAndDouble');
}

/**
 * Pairs claim cells: if k pairs containing x can only go on k open x-cells between them (the
 * double filling two), those cells are all taken by these pairs, so they take no other pair.
 */
export function pairsClaimCells(g: GradeState): boolean {
  return claimFirst(g, g.scratch.of(SETS).claimedDirty, tightByPairs, applyTightSet, 'pairsClaimCells');
}

/**
 * Double starves cells: the double x-x cannot go where the x-cells left over could not all
 * get a different pair — some k of them would be able to take only k−1 pairs between them.
 */
export function doubleStarvesCells(g: GradeState): boolean {
  const doubleDirty = g.scratch.of(SETS).doubleDirty;
  doubleDirty.update(g);
  for (let x = doubleDirty.pop(); x >= 0; x = doubleDirty.pop()) {
    const found = starvingSpot(g, x);
    if (g.budget.outOfTime) return stopped(g, doubleDirty, x);
    if (found === null) continue;
    doubleDirty.push(x);
    const { spot, cells, pairs } = found;
    if (g.logging)
      g.reason = {
        rule: 'doubleStarvesCells',
        value: x,
        placement: dominoOf(g.model, spot),
        cells: cellsOf(g, cells),
        pairs: pairsOf(g, pairs),
      };
    g.eliminate(spot);
    return true;
  }
  return false;
}

/** The spot of the double x-x that starves the smallest set of x-cells, if any. */
function starvingSpot(g: GradeState, x: number): { spot: number; cells: number[]; pairs: number[] } | null {
  const dq = pairIndex(x, x);
  if (g.pairDone[dq] === 1) return null;
  const sc = g.scratch.of(SETS);
  const { graph, inSet } = sc;
  let best: { spot: number; cells: number[]; pairs: number[] } | null = null;
  const xs = cellsOfValue(g, sc, x);
  for (let k = g.model.pairStart[dq], end = g.model.pairStart[dq + 1]; k < end; k++) {
    const d = g.model.pairPl[k];
    if (g.live[d] === 0) continue;
    graph.build(g, x, xs, g.model.plA[d], g.model.plB[d], Double.Left);
    if (graph.match(g)) continue;
    // A matching cut short by the time says nothing about this spot.
    if (g.budget.outOfTime) break;
    let i0 = 0;
    while (i0 < graph.n && graph.mCell[i0] >= 0) i0++;
    if (i0 === graph.n) continue;
    const size = graph.reach(i0, inSet);
    if (best !== null && size >= best.cells.length) continue;
    const cells: number[] = [];
    const claimed = new Set<number>();
    for (let j = 0; j < graph.n; j++) {
      if (inSet[j] === 0) continue;
      cells.push(graph.cell[j]);
      for (let e = 8 * j; e < 8 * j + graph.deg[j]; e++) claimed.add(graph.slotPair[graph.adj[e]]);
    }
    best = { spot: d, cells, pairs: [...claimed] };
  }
  graph.clear();
  return best;
}
