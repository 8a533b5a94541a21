// Level 5 of the ladder, set analysis, one number at a time. The open cells showing x must be
// covered by the unused pairs containing x, each exactly once, the double x-x covering two.
// Where k of those cells can only take k pairs between them (or k pairs only fit on k cells),
// nothing else may take them; a spot for the double that would leave too few pairs dies.
import { pairIndex } from '../../pairs.js';
import { ChangeReader, type GradeState } from '../state.js';
import { WorkList } from '../worklist.js';
import type { Cell, PairUV } from '../step.js';

/**
 * The bipartite graph of one number x: open x-cells against slots (one per unused non-double
 * pair with x, two for the double), an edge where a live placement of the cell spells the
 * slot's pair. Cells may be left out (a hypothetical double's spot), and the double with them.
 */
class NumberGraph {
  n = 0;
  cell = new Int32Array(0);
  nSlots = 0;
  slotPair = new Int32Array(0);
  firstSlot = new Int32Array(0);
  adj = new Int32Array(0);
  deg = new Int32Array(0);
  mCell = new Int32Array(0);
  mSlot = new Int32Array(0);
  comp = new Int32Array(0);
  private vis = new Int32Array(0);
  private visStamp = 0;
  // Tarjan's scratch.
  private index = new Int32Array(0);
  private low = new Int32Array(0);
  private onStack = new Uint8Array(0);
  private stack = new Int32Array(0);
  private sp = 0;
  private counter = 0;
  private nComp = 0;

  build(g: GradeState, x: number, xs: ArrayLike<number>, nx: number, skipA: number, skipB: number, withDouble: boolean): void {
    this.clear();
    const size = Math.max(nx, g.m + 3);
    if (this.cell.length < size) {
      this.cell = new Int32Array(size);
      this.slotPair = new Int32Array(size);
      this.adj = new Int32Array(8 * size);
      this.deg = new Int32Array(size);
      this.mCell = new Int32Array(size);
      this.mSlot = new Int32Array(size);
      this.comp = new Int32Array(size);
      this.vis = new Int32Array(size);
      this.visStamp = 0;
      this.index = new Int32Array(size);
      this.low = new Int32Array(size);
      this.onStack = new Uint8Array(size);
      this.stack = new Int32Array(size);
    }
    if (this.firstSlot.length < g.nPairs) this.firstSlot = new Int32Array(g.nPairs).fill(-1);
    let n = 0;
    for (let i = 0; i < nx; i++) {
      const c = xs[i];
      if (c === skipA || c === skipB) continue;
      this.cell[n++] = c;
    }
    this.n = n;
    let s = 0;
    for (let y = 0; y <= g.m; y++) {
      const q = pairIndex(x, y);
      if (g.pairDone[q] === 1 || (y === x && !withDouble)) continue;
      this.firstSlot[q] = s;
      this.slotPair[s++] = q;
      if (y === x) this.slotPair[s++] = q;
    }
    this.nSlots = s;
    for (let i = 0; i < n; i++) {
      const c = this.cell[i];
      let d = 0;
      for (let k = 4 * c, end = 4 * c + g.cellDeg[c]; k < end; k++) {
        const t = g.cellPl[k];
        if (g.live[t] === 0) continue;
        const o = g.other(t, c);
        if (o === skipA || o === skipB) continue;
        const q = g.plPair[t];
        const fs = this.firstSlot[q];
        if (fs < 0) continue;
        const two = g.pairLo[q] === g.pairHi[q] ? 2 : 1;
        for (let j = 0; j < two; j++) {
          let dup = false;
          for (let e = 0; e < d; e++) if (this.adj[8 * i + e] === fs + j) dup = true;
          if (!dup) this.adj[8 * i + d++] = fs + j;
        }
      }
      this.deg[i] = d;
    }
  }

  /** Forget the slot map of the last build (it is shared across builds). */
  clear(): void {
    for (let s = 0; s < this.nSlots; s++) this.firstSlot[this.slotPair[s]] = -1;
    this.n = 0;
    this.nSlots = 0;
  }

  /** A maximum matching (augmenting paths); true if every cell and every slot is matched. */
  match(): boolean {
    this.mCell.fill(-1, 0, this.n);
    this.mSlot.fill(-1, 0, this.nSlots);
    let matched = 0;
    for (let i = 0; i < this.n; i++) {
      this.visStamp++;
      if (this.augment(i)) matched++;
    }
    return matched === this.n && this.n === this.nSlots;
  }

  private augment(i: number): boolean {
    for (let e = 8 * i, end = 8 * i + this.deg[i]; e < end; e++) {
      const s = this.adj[e];
      if (this.vis[s] === this.visStamp) continue;
      this.vis[s] = this.visStamp;
      if (this.mSlot[s] < 0 || this.augment(this.mSlot[s])) {
        this.mSlot[s] = i;
        this.mCell[i] = s;
        return true;
      }
    }
    return false;
  }

  /**
   * Strongly connected components of the cells under a perfect matching, where cell i leads
   * to cell j when i could take the slot j holds. An edge i–s lies in some perfect matching
   * exactly when it is i's own or i and s's holder share a component.
   */
  components(): void {
    this.index.fill(-1, 0, this.n);
    this.counter = 0;
    this.nComp = 0;
    this.sp = 0;
    for (let i = 0; i < this.n; i++) if (this.index[i] < 0) this.tarjan(i);
  }

  private tarjan(i: number): void {
    this.index[i] = this.low[i] = this.counter++;
    this.stack[this.sp++] = i;
    this.onStack[i] = 1;
    for (let e = 8 * i, end = 8 * i + this.deg[i]; e < end; e++) {
      const s = this.adj[e];
      if (s === this.mCell[i]) continue;
      const j = this.mSlot[s];
      if (this.index[j] < 0) {
        this.tarjan(j);
        if (this.low[j] < this.low[i]) this.low[i] = this.low[j];
      } else if (this.onStack[j] === 1 && this.index[j] < this.low[i]) this.low[i] = this.index[j];
    }
    if (this.low[i] === this.index[i]) {
      let j: number;
      do {
        j = this.stack[--this.sp];
        this.onStack[j] = 0;
        this.comp[j] = this.nComp;
      } while (j !== i);
      this.nComp++;
    }
  }

  /**
   * Mark (in `mark`, as 1) the cells reachable from cell i along "could take the slot held
   * by" steps, i included; returns how many. With a perfect matching these cells hold exactly
   * the slots they could take: a tight set. Without one, from an unmatched cell, they could
   * take one slot fewer than there are of them.
   */
  reach(i: number, mark: Uint8Array): number {
    mark.fill(0, 0, this.n);
    const stack = this.stack;
    let sp = 0;
    let count = 1;
    mark[i] = 1;
    stack[sp++] = i;
    while (sp > 0) {
      const u = stack[--sp];
      for (let e = 8 * u, end = 8 * u + this.deg[u]; e < end; e++) {
        const s = this.adj[e];
        if (s === this.mCell[u]) continue;
        const j = this.mSlot[s];
        if (j >= 0 && mark[j] === 0) {
          mark[j] = 1;
          count++;
          stack[sp++] = j;
        }
      }
    }
    return count;
  }
}

const graph = new NumberGraph();
let inSet = new Uint8Array(0);
// Open cells grouped by number: byValue[start[x] .. start[x+1]).
let byValue = new Int32Array(0);
let start = new Int32Array(0);

function groupByValue(g: GradeState): void {
  if (byValue.length < g.nCells) byValue = new Int32Array(g.nCells);
  if (start.length < g.m + 2) start = new Int32Array(g.m + 2);
  if (inSet.length < g.m + 3) inSet = new Uint8Array(g.m + 3);
  start.fill(0, 0, g.m + 2);
  for (let c = 0; c < g.nCells; c++) if (g.cellDone[c] === 0) start[g.cells[c] + 1]++;
  for (let x = 0; x <= g.m; x++) start[x + 1] += start[x];
  const at = start.slice(0, g.m + 1);
  for (let c = 0; c < g.nCells; c++) if (g.cellDone[c] === 0) byValue[at[g.cells[c]]++] = c;
}

/** A tight set of one number: cells `inside` can take exactly pairs `claimed` between them. */
interface TightSet {
  value: number;
  inside: number[];
  outside: number[];
  claimed: number[];
  unclaimed: number[];
}

/**
 * The smallest tight set of number x with a placement to kill, measured by its cells (side
 * 'cells') or by the cells outside it (side 'pairs'); null if there is none.
 */
function smallestTightSet(g: GradeState, x: number, side: 'cells' | 'pairs'): TightSet | null {
  let best: TightSet | null = null;
  let bestSize = Infinity;
  const xs = byValue.subarray(start[x], start[x + 1]);
  graph.build(g, x, xs, xs.length, -1, -1, true);
  const n = graph.n;
  if (n === 0 || !graph.match()) return null;
  graph.components();
  for (let i = 0; i < n; i++) {
    for (let e = 8 * i; e < 8 * i + graph.deg[i]; e++) {
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
      const measure = side === 'cells' ? size : n - size;
      if (side === 'cells' ? size > n - size : n - size >= size) continue;
      if (measure >= bestSize) continue;
      bestSize = measure;
      const set: TightSet = { value: x, inside: [], outside: [], claimed: [], unclaimed: [] };
      for (let j = 0; j < n; j++) (inSet[j] === 1 ? set.inside : set.outside).push(graph.cell[j]);
      for (let t = 0; t < graph.nSlots; t++) {
        const pq = graph.slotPair[t];
        if (t > 0 && graph.slotPair[t - 1] === pq) continue;
        (inSet[graph.mSlot[t]] === 1 ? set.claimed : set.unclaimed).push(pq);
      }
      best = set;
    }
  }
  return best;
}

/**
 * Numbers to look at again, per rule: a number's analysis depends only on the placements of
 * its own open cells, so only numbers with a changed cell are redone.
 */
class DirtyNumbers {
  private readonly reader = new ChangeReader();
  private readonly list = new WorkList();

  /** Bring the list up to date, and group the open cells by number. */
  update(g: GradeState): void {
    if (this.reader.fresh(g)) this.list.reset(g.m + 1);
    for (let x = this.reader.next(g); x >= 0; x = this.reader.next(g)) if (x < g.nCells) this.list.push(g.cells[x]);
    if (this.list.size > 0) groupByValue(g);
  }

  pop(): number {
    return this.list.pop();
  }

  push(x: number): void {
    this.list.push(x);
  }
}

const claimDirty = new DirtyNumbers();
const claimedDirty = new DirtyNumbers();
const doubleDirty = new DirtyNumbers();

/** Apply the first tight set (on the given side) of a number that changed; true if one was. */
function claimFirst(g: GradeState, dirty: DirtyNumbers, side: 'cells' | 'pairs'): boolean {
  dirty.update(g);
  for (let x = dirty.pop(); x >= 0; x = dirty.pop()) {
    const set = smallestTightSet(g, x, side);
    if (set === null) continue;
    // The number may hold more than one tight set: look at it again next time.
    dirty.push(x);
    graph.clear();
    if (g.logging) {
      g.reason =
        side === 'cells'
          ? { value: x, cells: cellsOf(g, set.inside), pairs: pairsOf(g, set.claimed) }
          : { value: x, cells: cellsOf(g, set.outside), pairs: pairsOf(g, set.unclaimed) };
    }
    applyTightSet(g, set);
    return true;
  }
  graph.clear();
  return false;
}

/** Kill the placements of cells outside the set that spell a pair the set claims. */
function applyTightSet(g: GradeState, set: TightSet): void {
  for (const c of set.outside) {
    for (let k = 4 * c, end = 4 * c + g.cellDeg[c]; k < end; k++) {
      const t = g.cellPl[k];
      if (g.live[t] === 1 && set.claimed.includes(g.plPair[t])) g.eliminate(t);
    }
  }
}

function cellsOf(g: GradeState, cs: number[]): Cell[] {
  return cs.map((c) => g.cellRC(c)).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

function pairsOf(g: GradeState, qs: number[]): PairUV[] {
  return [...qs].sort((a, b) => a - b).map((q) => g.pairUV(q));
}

/**
 * Cells claim pairs: if k open cells showing x can only take k pairs between them (the double
 * counting for two cells), those pairs all go on these cells, so no other x-cell takes them.
 */
export function cellsClaimPairs(g: GradeState): boolean {
  return claimFirst(g, claimDirty, 'cells');
}

/**
 * Pairs claim cells: if k pairs containing x can only go on k open x-cells between them (the
 * double filling two), those cells are all taken by these pairs, so they take no other pair.
 */
export function pairsClaimCells(g: GradeState): boolean {
  return claimFirst(g, claimedDirty, 'pairs');
}

/**
 * Double starves cells: the double x-x cannot go where the x-cells left over could not all
 * get a different pair — some k of them would be able to take only k−1 pairs between them.
 */
export function doubleStarvesCells(g: GradeState): boolean {
  doubleDirty.update(g);
  for (let x = doubleDirty.pop(); x >= 0; x = doubleDirty.pop()) {
    const found = starvingSpot(g, x);
    if (found === null) continue;
    doubleDirty.push(x);
    const { spot, cells, pairs } = found;
    if (g.logging) g.reason = { value: x, placement: g.domino(spot), cells: cellsOf(g, cells), pairs: pairsOf(g, pairs) };
    g.eliminate(spot);
    return true;
  }
  return false;
}

/** The spot of the double x-x that starves the smallest set of x-cells, if any. */
function starvingSpot(g: GradeState, x: number): { spot: number; cells: number[]; pairs: number[] } | null {
  const dq = pairIndex(x, x);
  if (g.pairDone[dq] === 1) return null;
  let best: { spot: number; cells: number[]; pairs: number[] } | null = null;
  const xs = byValue.subarray(start[x], start[x + 1]);
  for (let k = g.pairStart[dq], end = g.pairStart[dq + 1]; k < end; k++) {
    const d = g.pairPl[k];
    if (g.live[d] === 0) continue;
    graph.build(g, x, xs, xs.length, g.plA[d], g.plB[d], false);
    if (graph.match()) continue;
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
