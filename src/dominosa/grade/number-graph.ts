// The bipartite graph set analysis works on, one number at a time: its open cells against the
// pairs that could cover them, with a maximum matching (augmenting paths), the strongly connected
// components under a matching (Tarjan), and the walks that mark a tight set in it.
import { pairIndex } from '../pairs.js';
import type { GradeState } from './state.js';

/** How the double x-x enters a number's graph: left out, as one slot, or as two. */
export const enum Double {
  Left = 0,
  Once = 1,
  Twice = 2,
}

/**
 * The bipartite graph of one number x: open x-cells against slots (one per unused non-double
 * pair with x, and the double's as `Double` says), an edge where a live placement of the cell
 * spells the slot's pair. Cells may be left out (a hypothetical double's spot), and the double
 * with them. dbl lists, per cell, the cells a live double placement joins it to.
 */
export class NumberGraph {
  n = 0;
  cell = new Int32Array(0);
  nSlots = 0;
  /** The double's (first) slot, or -1. */
  doubleSlot = -1;
  slotPair = new Int32Array(0);
  firstSlot = new Int32Array(0);
  adj = new Int32Array(0);
  deg = new Int32Array(0);
  dbl = new Int32Array(0);
  dblDeg = new Int32Array(0);
  mCell = new Int32Array(0);
  mSlot = new Int32Array(0);
  comp = new Int32Array(0);
  private localOf = new Int32Array(0);
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

  build(g: GradeState, x: number, xs: ArrayLike<number>, skipA: number, skipB: number, double: Double): void {
    this.clear();
    const nx = xs.length;
    const size = Math.max(nx, g.model.m + 3);
    if (this.cell.length < size) {
      this.cell = new Int32Array(size);
      this.slotPair = new Int32Array(size);
      this.adj = new Int32Array(8 * size);
      this.deg = new Int32Array(size);
      this.dbl = new Int32Array(4 * size);
      this.dblDeg = new Int32Array(size);
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
    if (this.firstSlot.length < g.model.nPairs) this.firstSlot = new Int32Array(g.model.nPairs).fill(-1);
    if (this.localOf.length < g.model.nCells) this.localOf = new Int32Array(g.model.nCells).fill(-1);
    const { m, cellPl, cellDeg, plA, plB, plPair } = g.model;
    const { live, pairDone, pairLo, pairHi } = g;
    const { cell, localOf, firstSlot, slotPair, adj, dbl } = this;
    let n = 0;
    for (let i = 0; i < nx; i++) {
      const c = xs[i];
      if (c === skipA || c === skipB) continue;
      localOf[c] = n;
      cell[n++] = c;
    }
    this.n = n;
    let s = 0;
    for (let y = 0; y <= m; y++) {
      const q = pairIndex(x, y);
      if (pairDone[q] === 1 || (y === x && double === Double.Left)) continue;
      firstSlot[q] = s;
      if (y === x) this.doubleSlot = s;
      slotPair[s++] = q;
      if (y === x && double === Double.Twice) slotPair[s++] = q;
    }
    this.nSlots = s;
    const slotsOfDouble = double === Double.Twice ? 2 : 1;
    for (let i = 0; i < n; i++) {
      const c = cell[i];
      const base = 8 * i;
      let d = 0;
      let dd = 0;
      for (let k = 4 * c, end = 4 * c + cellDeg[c]; k < end; k++) {
        const t = cellPl[k];
        if (live[t] === 0) continue;
        const o = plA[t] === c ? plB[t] : plA[t];
        if (o === skipA || o === skipB) continue;
        const q = plPair[t];
        const fs = firstSlot[q];
        if (fs < 0) continue;
        const isDouble = pairLo[q] === pairHi[q];
        if (isDouble) dbl[4 * i + dd++] = localOf[o];
        const two = isDouble ? slotsOfDouble : 1;
        for (let j = 0; j < two; j++) {
          let dup = false;
          for (let e = base, e2 = base + d; e < e2; e++) if (adj[e] === fs + j) dup = true;
          if (!dup) adj[base + d++] = fs + j;
        }
      }
      this.deg[i] = d;
      this.dblDeg[i] = dd;
    }
  }

  /** Forget the maps of the last build (they are shared across builds). */
  clear(): void {
    for (let s = 0; s < this.nSlots; s++) this.firstSlot[this.slotPair[s]] = -1;
    for (let i = 0; i < this.n; i++) this.localOf[this.cell[i]] = -1;
    this.n = 0;
    this.nSlots = 0;
    this.doubleSlot = -1;
  }

  /** A maximum matching (augmenting paths); returns its size, or -1 when g's time ran out first. */
  maxMatch(g: GradeState): number {
    this.mCell.fill(-1, 0, this.n);
    this.mSlot.fill(-1, 0, this.nSlots);
    let matched = 0;
    for (let i = 0; i < this.n; i++) {
      // One augmenting path can cross the whole graph: a cell counts as 8 items (a poll per 128 cells).
      if (g.budget.tick(8)) return -1;
      this.visStamp++;
      if (this.augment(i)) matched++;
    }
    return matched;
  }

  /** A maximum matching; true if it matches every cell and every slot (false when time ran out). */
  match(g: GradeState): boolean {
    return this.maxMatch(g) === this.n && this.n === this.nSlots;
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
   * Strongly connected components of the cells (but `skip`) under a matching of all the other
   * cells to all the slots, where cell i leads to cell j when i could take the slot j holds. An
   * edge i–s lies in some perfect matching exactly when it is i's own or i and s's holder
   * share a component.
   */
  components(skip = -1): void {
    this.index.fill(-1, 0, this.n);
    this.counter = 0;
    this.nComp = 0;
    this.sp = 0;
    for (let i = 0; i < this.n; i++) if (i !== skip && this.index[i] < 0) this.tarjan(i);
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
   * by" steps, i included; returns how many. With every slot matched, these cells hold exactly
   * the slots they could take: a tight set. From a cell left unmatched, they could take one
   * slot fewer than there are of them.
   */
  reach(i: number, mark: Uint8Array): number {
    return this.walk(i, mark, Infinity, false);
  }

  /**
   * Like reach, for plain sets: the count, or -1 as soon as a live double placement joins two
   * of the cells marked or their count reaches `limit` (then the marks are partial).
   */
  reachPlain(i: number, mark: Uint8Array, limit: number): number {
    return this.walk(i, mark, limit, true);
  }

  private walk(i: number, mark: Uint8Array, limit: number, plain: boolean): number {
    mark.fill(0, 0, this.n);
    const stack = this.stack;
    let sp = 0;
    let count = 1;
    mark[i] = 1;
    stack[sp++] = i;
    while (sp > 0) {
      const u = stack[--sp];
      if (plain) for (let k = 4 * u, end = 4 * u + this.dblDeg[u]; k < end; k++) if (mark[this.dbl[k]] === 1) return -1;
      for (let e = 8 * u, end = 8 * u + this.deg[u]; e < end; e++) {
        const s = this.adj[e];
        if (s === this.mCell[u]) continue;
        const j = this.mSlot[s];
        if (j >= 0 && mark[j] === 0) {
          if (++count >= limit) return -1;
          mark[j] = 1;
          stack[sp++] = j;
        }
      }
    }
    return count;
  }
}
