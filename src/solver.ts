// The propagation solver: exact cover with two tight sides (every cell covered once, every
// pair used once), four dual deduction rules run to a fixpoint, then branching on the
// narrowest constraint. It counts solutions up to a cap and reports the search effort.
//
// The live placements of each cell and each pair are kept as sparse sets: a slice of a flat
// array whose first `count` entries are live. Killing swaps a placement just past the live
// end; undoing kills in reverse order only has to restore the counts. So a search node
// allocates nothing, copies nothing, and never walks a dead placement.
import type { Board } from './board.js';
import { hasAmbiguousSquare } from './deal.js';
import { Model } from './model.js';
import { type Solution, solutionFromCellPairs } from './solution.js';

/** The deduction rules, by name. Every one is sound, so a rule set changes speed, never answers. */
export type RuleName = 'cellSingleton' | 'pairSingleton' | 'pairSharedCell' | 'cellForcedPair';
export const RULES: readonly RuleName[] = ['cellSingleton', 'pairSingleton', 'pairSharedCell', 'cellForcedPair'];

export type SolveStatus = 'unique' | 'multiple' | 'none' | 'gave-up';

export interface SolveOptions {
  /** Stop after this many solutions (default 2: enough to tell unique from multiple). */
  cap?: number;
  /** Give up once the search has visited this many nodes (default: no limit). */
  maxNodes?: number;
  /**
   * Polled every 1024 nodes; returning true stops the search with 'gave-up'. The shell passes a
   * clock check here for per-board timeouts, so the core itself never reads the time.
   */
  interrupt?: () => boolean;
  /** The rules to run (default: all of RULES). */
  rules?: readonly RuleName[];
  /**
   * When the first solution holds two side-by-side dominoes that can be re-laid the other way
   * round with the same two pairs (a 2×2 swap), that is a second solution: count it at once
   * instead of searching for it (default true). Only affects boards with several solutions.
   */
  squareSwap?: boolean;
  /**
   * Failed-placement probing: lay each option of every two-way cell and pair in turn; one that
   * propagates to a contradiction dies. 'off', 'root', 'all' search nodes, or 'auto'
   * (default): at every node once the search has grown past `probeAfter` nodes, so easy
   * boards pay nothing and hard ones get the small trees probing gives.
   */
  probe?: 'off' | 'root' | 'all' | 'auto';
  /** With probe 'auto', the node count after which probing starts (default 16). */
  probeAfter?: number;
  /** Build the first solution as a Solution (default true); false saves the allocation. */
  solution?: boolean;
}

export interface SolveResult {
  status: SolveStatus;
  /** Solutions found, at most the cap. */
  solutions: number;
  /** Search nodes: 1 for the root plus one per branch tried. Deterministic for a board. */
  nodes: number;
  solution: Solution | null;
  /** How many times each rule fired (made at least one deduction); probe: placements it killed. */
  firings: Record<RuleName | 'probe', number>;
}

/** What root propagation leaves of a board (see Solver.deduce). */
export interface RootState {
  consistent: boolean;
  undecidedCells: number;
  /** Live placements as dominoes [r1, c1, r2, c2], in model order. */
  live: Solution;
}

/** The (shared, empty) live list of a deduction asked not to list them. */
const NO_LIVE: Solution = Object.freeze([]) as unknown as Solution;

const CELL_SINGLETON = 1;
const PAIR_SINGLETON = 2;
const PAIR_SHARED_CELL = 4;
const CELL_FORCED_PAIR = 8;
const ALL_RULES = 15;

function ruleMask(rules: readonly RuleName[]): number {
  let mask = 0;
  for (const r of rules) {
    if (r === 'cellSingleton') mask |= CELL_SINGLETON;
    else if (r === 'pairSingleton') mask |= PAIR_SINGLETON;
    else if (r === 'pairSharedCell') mask |= PAIR_SHARED_CELL;
    else if (r === 'cellForcedPair') mask |= CELL_FORCED_PAIR;
  }
  return mask;
}

/**
 * A reusable solver. Buffers grow to the largest board seen and are then reused, so a stream
 * of boards runs without garbage. Not re-entrant: one solve at a time per instance.
 */
export class Solver {
  readonly model = new Model();
  // The model's static arrays, cached as own fields for the hot loops.
  nCells = 0;
  nPairs = 0;
  plA = new Int32Array(0);
  plB = new Int32Array(0);
  plPair = new Int32Array(0);
  pairStart = new Int32Array(0);

  /** Live placements of cell c: cellList[4c .. 4c + cellCnt[c]). */
  cellList = new Int32Array(0);
  cellCnt = new Int32Array(0);
  /** Live spots of pair q: pairList[pairStart[q] .. pairStart[q] + pairCnt[q]). */
  pairList = new Int32Array(0);
  pairCnt = new Int32Array(0);
  /** Where placement p sits in the list of its first cell, its second cell, and its pair. */
  posA = new Int32Array(0);
  posB = new Int32Array(0);
  posQ = new Int32Array(0);
  cellDone = new Uint8Array(0);
  pairDone = new Uint8Array(0);
  /** Killed placements, in order; undo pops back to a mark. */
  trail = new Int32Array(0);
  trailLen = 0;
  /** Laid placements, in order. */
  chosen = new Int32Array(0);
  chosenLen = 0;
  covered = 0;
  /** Dirty constraints to re-examine: cell c as c, pair q as nCells + q. */
  queue = new Int32Array(0);
  queueLen = 0;
  inQueue = new Uint8Array(0);
  /** Branch options of every open search level, stacked. */
  options = new Int32Array(0);
  firings = new Float64Array(5);

  private nodes = 0;
  private solutions = 0;
  private cap = 2;
  private maxNodes = Infinity;
  private interrupt: (() => boolean) | undefined = undefined;
  private gaveUp = false;
  private mask = ALL_RULES;
  private squareSwap = true;
  private probeLevel = 0;
  private probeAfter = Infinity;
  private probeStamp = 0;
  private probed = new Int32Array(0);
  private first = new Int32Array(0);
  private mate = new Int32Array(0);

  solve(board: Board, options: SolveOptions = {}): SolveResult {
    this.load(board);
    this.cap = Math.max(1, options.cap ?? 2);
    this.maxNodes = options.maxNodes ?? Infinity;
    this.interrupt = options.interrupt;
    this.mask = options.rules ? ruleMask(options.rules) : ALL_RULES;
    this.squareSwap = options.squareSwap ?? true;
    const probe = options.probe ?? 'auto';
    this.probeLevel = probe === 'all' ? 2 : probe === 'root' ? 1 : 0;
    this.probeAfter = probe === 'auto' ? (options.probeAfter ?? 16) : Infinity;
    this.nodes = 0;
    this.solutions = 0;
    this.gaveUp = false;
    this.firings.fill(0);

    for (let x = 0; x < this.nCells + this.nPairs; x++) this.enqueue(x);
    if (this.propagate() && (this.probeLevel === 0 || this.probe())) this.search(0);
    else this.nodes = 1;

    const solutions = this.solutions;
    // A search stopped by the cap at one solution has not proved uniqueness.
    const status: SolveStatus =
      solutions >= 2
        ? 'multiple'
        : this.gaveUp || solutions >= this.cap
          ? 'gave-up'
          : solutions === 1
            ? 'unique'
            : 'none';
    const f = this.firings;
    return {
      status,
      solutions,
      nodes: this.nodes,
      solution: solutions > 0 && options.solution !== false ? this.firstSolution() : null,
      firings: { cellSingleton: f[0], pairSingleton: f[1], pairSharedCell: f[2], cellForcedPair: f[3], probe: f[4] },
    };
  }

  /**
   * Propagate at the root only (no search) and report what is left: whether the board is
   * still consistent, how many cells are undecided, and the live placements as dominoes.
   * This is the cheap signal repair-based generation steers by.
   */
  deduce(board: Board, options: Pick<SolveOptions, 'rules' | 'probe'> & { live?: boolean } = {}): RootState {
    this.load(board);
    this.mask = options.rules ? ruleMask(options.rules) : ALL_RULES;
    this.firings.fill(0);
    for (let x = 0; x < this.nCells + this.nPairs; x++) this.enqueue(x);
    const probe = options.probe ?? 'off';
    const consistent = this.propagate() && (probe === 'off' || probe === 'auto' || this.probe());
    let undecided = 0;
    for (let c = 0; c < this.nCells; c++) if (this.cellDone[c] === 0) undecided++;
    // live: false skips building the list, so a loop of deductions (repair-based generation)
    // allocates nothing; the settled cells can still be read from cellDone.
    if (options.live === false) return { consistent, undecidedCells: undecided, live: NO_LIVE };
    const cols = this.model.cols;
    const live: Solution = [];
    for (let p = 0; p < this.model.nPlacements; p++) {
      if (!this.isLive(p)) continue;
      const a = this.plA[p];
      const b = this.plB[p];
      live.push([Math.floor(a / cols), a % cols, Math.floor(b / cols), b % cols]);
    }
    return { consistent, undecidedCells: undecided, live };
  }

  /** Reset the state for a board, growing buffers only when it is the largest yet. */
  private load(board: Board): void {
    const md = this.model.load(board);
    const { nCells, nPairs, nPlacements } = md;
    this.nCells = nCells;
    this.nPairs = nPairs;
    this.plA = md.plA;
    this.plB = md.plB;
    this.plPair = md.plPair;
    this.pairStart = md.pairStart;
    if (this.posA.length < nPlacements) {
      this.posA = new Int32Array(nPlacements);
      this.posB = new Int32Array(nPlacements);
      this.posQ = new Int32Array(nPlacements);
      this.pairList = new Int32Array(nPlacements);
      this.trail = new Int32Array(nPlacements);
      this.options = new Int32Array(nPlacements + 4);
      this.probed = new Int32Array(nPlacements);
      this.probeStamp = 0;
    }
    if (this.cellCnt.length < nCells) {
      this.cellList = new Int32Array(4 * nCells);
      this.cellCnt = new Int32Array(nCells);
      this.cellDone = new Uint8Array(nCells);
      this.mate = new Int32Array(nCells);
    }
    if (this.pairCnt.length < nPairs) {
      this.pairCnt = new Int32Array(nPairs);
      this.pairDone = new Uint8Array(nPairs);
      this.chosen = new Int32Array(nPairs);
      this.first = new Int32Array(nPairs);
    }
    if (this.queue.length < nCells + nPairs) {
      this.queue = new Int32Array(nCells + nPairs);
      this.inQueue = new Uint8Array(nCells + nPairs);
    }
    const { cellPl, cellDeg, pairPl, pairStart } = md;
    // Fresh sparse sets: copies of the model's lists, every placement live.
    this.cellList.set(cellPl.subarray(0, 4 * nCells));
    this.posA.set(md.slotA.subarray(0, nPlacements));
    this.posB.set(md.slotB.subarray(0, nPlacements));
    for (let c = 0; c < nCells; c++) this.cellCnt[c] = cellDeg[c];
    this.pairList.set(pairPl.subarray(0, nPlacements));
    for (let k = 0; k < nPlacements; k++) this.posQ[pairPl[k]] = k;
    for (let q = 0; q < nPairs; q++) this.pairCnt[q] = pairStart[q + 1] - pairStart[q];
    this.cellDone.fill(0, 0, nCells);
    this.pairDone.fill(0, 0, nPairs);
    this.inQueue.fill(0, 0, nCells + nPairs);
    this.trailLen = 0;
    this.chosenLen = 0;
    this.queueLen = 0;
    this.covered = 0;
  }

  enqueue(x: number): void {
    if (this.inQueue[x] === 0) {
      this.inQueue[x] = 1;
      this.queue[this.queueLen++] = x;
    }
  }

  /** Is placement p still live? */
  isLive(p: number): boolean {
    const a = this.plA[p];
    return this.posA[p] < 4 * a + this.cellCnt[a];
  }

  /** Remove placement p from play: swap it past the live end of its three lists. */
  kill(p: number): void {
    const a = this.plA[p];
    const b = this.plB[p];
    const q = this.plPair[p];
    const cellList = this.cellList;
    // Cell a.
    let last = 4 * a + --this.cellCnt[a];
    let r = cellList[last];
    let at = this.posA[p];
    cellList[at] = r;
    cellList[last] = p;
    if (this.plA[r] === a) this.posA[r] = at;
    else this.posB[r] = at;
    this.posA[p] = last;
    // Cell b.
    last = 4 * b + --this.cellCnt[b];
    r = cellList[last];
    at = this.posB[p];
    cellList[at] = r;
    cellList[last] = p;
    if (this.plA[r] === b) this.posA[r] = at;
    else this.posB[r] = at;
    this.posB[p] = last;
    // Pair q.
    last = this.pairStart[q] + --this.pairCnt[q];
    r = this.pairList[last];
    at = this.posQ[p];
    this.pairList[at] = r;
    this.pairList[last] = p;
    this.posQ[r] = at;
    this.posQ[p] = last;

    this.trail[this.trailLen++] = p;
    // Settled cells and pairs have nothing left to deduce: only open ones are re-examined.
    if (this.cellDone[a] === 0) this.enqueue(a);
    if (this.cellDone[b] === 0) this.enqueue(b);
    if (this.pairDone[q] === 0) this.enqueue(this.nCells + q);
  }

  /** Lay the domino p: its cells and its pair are settled, so every rival placement dies. */
  place(p: number): void {
    const a = this.plA[p];
    const b = this.plB[p];
    const q = this.plPair[p];
    this.cellDone[a] = 1;
    this.cellDone[b] = 1;
    this.pairDone[q] = 1;
    this.chosen[this.chosenLen++] = p;
    this.covered += 2;
    // Kill from the live end, stepping over p itself, until p is all that is left.
    const cellList = this.cellList;
    while (this.cellCnt[a] > 1) {
      const end = 4 * a + this.cellCnt[a] - 1;
      this.kill(cellList[end] !== p ? cellList[end] : cellList[end - 1]);
    }
    while (this.cellCnt[b] > 1) {
      const end = 4 * b + this.cellCnt[b] - 1;
      this.kill(cellList[end] !== p ? cellList[end] : cellList[end - 1]);
    }
    const pairList = this.pairList;
    while (this.pairCnt[q] > 1) {
      const end = this.pairStart[q] + this.pairCnt[q] - 1;
      this.kill(pairList[end] !== p ? pairList[end] : pairList[end - 1]);
    }
  }

  /** Undo every kill and placement made since the marks were taken. */
  undo(trailMark: number, chosenMark: number): void {
    const { plA, plB, plPair } = this;
    // In reverse order each killed placement sits just past its lists' live ends.
    while (this.trailLen > trailMark) {
      const p = this.trail[--this.trailLen];
      this.cellCnt[plA[p]]++;
      this.cellCnt[plB[p]]++;
      this.pairCnt[plPair[p]]++;
    }
    while (this.chosenLen > chosenMark) {
      const p = this.chosen[--this.chosenLen];
      this.cellDone[plA[p]] = 0;
      this.cellDone[plB[p]] = 0;
      this.pairDone[plPair[p]] = 0;
      this.covered -= 2;
    }
  }

  /**
   * Run the enabled rules until nothing changes. Returns false on a contradiction: an open
   * cell with no placement left, or an unused pair with no spot left.
   */
  propagate(): boolean {
    const nCells = this.nCells;
    const mask = this.mask;
    const f = this.firings;
    while (this.queueLen > 0) {
      const x = this.queue[--this.queueLen];
      this.inQueue[x] = 0;
      if (x < nCells) {
        if (this.cellDone[x] === 1) continue;
        const n = this.cellCnt[x];
        if (n === 0) return this.clearQueue();
        if (n === 1 && (mask & CELL_SINGLETON) !== 0) {
          cellSingleton(this, x);
          f[0]++;
        } else if ((mask & CELL_FORCED_PAIR) !== 0 && cellForcedPair(this, x)) f[3]++;
      } else {
        const q = x - nCells;
        if (this.pairDone[q] === 1) continue;
        const n = this.pairCnt[q];
        if (n === 0) return this.clearQueue();
        if (n === 1 && (mask & PAIR_SINGLETON) !== 0) {
          pairSingleton(this, q);
          f[1]++;
        } else if ((mask & PAIR_SHARED_CELL) !== 0 && pairSharedCell(this, q)) f[2]++;
      }
    }
    return true;
  }

  /**
   * Probing: a placement that leads by propagation alone to a contradiction can be in no
   * solution, so it dies. Only options of two-way cells and pairs are tried — when one of
   * two fails the other is forced, which is where probing pays. Runs to a fixpoint; returns
   * false if the state itself is contradictory.
   */
  probe(): boolean {
    const { cellList, pairList, pairStart, probed } = this;
    let changed = true;
    while (changed) {
      changed = false;
      // A placement is an option of up to three two-way constraints (its cells and its
      // pair): the stamp makes one pass probe it once.
      const stamp = ++this.probeStamp;
      for (let x = 0; x < this.nCells + this.nPairs; x++) {
        let k: number;
        if (x < this.nCells) {
          if (this.cellDone[x] === 1 || this.cellCnt[x] !== 2) continue;
          k = 4 * x;
        } else {
          const q = x - this.nCells;
          if (this.pairDone[q] === 1 || this.pairCnt[q] !== 2) continue;
          k = pairStart[q];
        }
        const list = x < this.nCells ? cellList : pairList;
        const p1 = list[k];
        const p2 = list[k + 1];
        for (let j = 0; j < 2; j++) {
          const opt = j === 0 ? p1 : p2;
          if (probed[opt] === stamp || !this.isLive(opt)) continue;
          probed[opt] = stamp;
          const r = this.probeOne(opt);
          if (r < 0) return false;
          if (r > 0) {
            changed = true;
            break;
          }
        }
      }
    }
    return true;
  }

  /** Lay p and propagate: on a contradiction p dies (-1 if that in turn fails, else 1). */
  private probeOne(p: number): number {
    const trailMark = this.trailLen;
    const chosenMark = this.chosenLen;
    this.place(p);
    const ok = this.propagate();
    this.undo(trailMark, chosenMark);
    if (ok) return 0;
    this.kill(p);
    this.firings[4]++;
    return this.propagate() ? 1 : -1;
  }

  private clearQueue(): false {
    while (this.queueLen > 0) this.inQueue[this.queue[--this.queueLen]] = 0;
    return false;
  }

  /**
   * Depth-first search below a propagated state, branching on the narrowest constraint.
   * `top` is where this level's branch options start in the shared options stack.
   */
  private search(top: number): void {
    this.nodes++;
    const nCells = this.nCells;
    if (this.covered === nCells) {
      this.recordSolution();
      return;
    }
    // Narrowest constraint: the open cell or unused pair with the fewest live placements
    // (cells win ties, then the lowest index), so the tree is fixed by the board alone.
    let best = -1;
    let bestN = 0x7fffffff;
    const { cellCnt, cellDone, pairCnt, pairDone } = this;
    for (let c = 0; c < nCells && bestN > 2; c++) {
      if (cellDone[c] === 0 && cellCnt[c] < bestN) {
        bestN = cellCnt[c];
        best = c;
      }
    }
    for (let q = 0; q < this.nPairs && bestN > 2; q++) {
      if (pairDone[q] === 0 && pairCnt[q] < bestN) {
        bestN = pairCnt[q];
        best = nCells + q;
      }
    }
    // Copy the options out: branching reorders the live lists (it restores them as sets).
    const list = best < nCells ? this.cellList : this.pairList;
    const start = best < nCells ? 4 * best : this.pairStart[best - nCells];
    const opts = this.options;
    for (let k = 0; k < bestN; k++) opts[top + k] = list[start + k];
    // Sorted, so the branch order does not depend on how the lists were shuffled.
    sortSmall(opts, top, top + bestN);
    for (let k = top; k < top + bestN; k++) {
      if (this.nodes >= this.maxNodes || ((this.nodes & 1023) === 0 && this.interrupt?.() === true)) {
        this.gaveUp = true;
        return;
      }
      const trailMark = this.trailLen;
      const chosenMark = this.chosenLen;
      this.place(opts[k]);
      if (this.propagate() && ((this.probeLevel < 2 && this.nodes < this.probeAfter) || this.probe())) {
        this.search(top + bestN);
      }
      else this.nodes++;
      this.undo(trailMark, chosenMark);
      if (this.solutions >= this.cap || this.gaveUp) return;
    }
  }

  private recordSolution(): void {
    this.solutions++;
    if (this.solutions > 1) return;
    this.first.set(this.chosen.subarray(0, this.chosenLen));
    // Only when the cap is 2: the search stops at once, so the swapped solution cannot be
    // found again and counted twice.
    if (this.squareSwap && this.cap === 2 && this.hasSquareSwap()) this.solutions++;
  }

  /**
   * Does the solution just found hold two parallel dominoes side by side whose 2×2 square
   * has equal numbers at opposite corners? Re-laid the other way they spell the same two
   * pairs, which is a second solution.
   */
  private hasSquareSwap(): boolean {
    const { mate, plA, plB } = this;
    for (let i = 0; i < this.chosenLen; i++) {
      const p = this.chosen[i];
      mate[plA[p]] = plB[p];
      mate[plB[p]] = plA[p];
    }
    return hasAmbiguousSquare(this.model.cells, mate, this.model.rows, this.model.cols);
  }

  private firstSolution(): Solution {
    const out = new Int32Array(2 * this.nPairs);
    for (let i = 0; i < this.nPairs; i++) {
      out[2 * i] = this.plA[this.first[i]];
      out[2 * i + 1] = this.plB[this.first[i]];
    }
    return solutionFromCellPairs(this.model.cols, out, this.nPairs);
  }
}

/** Insertion sort of a[from..to): option lists are at most a few dozen long. */
function sortSmall(a: Int32Array, from: number, to: number): void {
  for (let i = from + 1; i < to; i++) {
    const v = a[i];
    let j = i - 1;
    while (j >= from && a[j] > v) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = v;
  }
}

// ---------------------------------------------------------------------------------------
// The rules. Each is called on an open cell or an unused pair whose live placements changed
// and that has at least one left. Pair and cell rules come in dual pairs.

/** Cell singleton: a cell with only one placement left must be covered by that placement. */
function cellSingleton(s: Solver, c: number): void {
  s.place(s.cellList[4 * c]);
}

/** Pair singleton: a pair with only one spot left must be laid on that spot. */
function pairSingleton(s: Solver, q: number): void {
  s.place(s.pairList[s.pairStart[q]]);
}

/**
 * Pair → shared cell: if every remaining spot of a pair covers the same cell, that cell will
 * hold this pair, so the cell's placements that spell any other pair die.
 */
function pairSharedCell(s: Solver, q: number): boolean {
  const { plA, plB, pairList } = s;
  const start = s.pairStart[q];
  const end = start + s.pairCnt[q];
  let x = plA[pairList[start]];
  let y = plB[pairList[start]];
  for (let k = start + 1; k < end; k++) {
    const p = pairList[k];
    const a = plA[p];
    const b = plB[p];
    if (x !== a && x !== b) x = -1;
    if (y !== a && y !== b) y = -1;
    if (x < 0 && y < 0) return false;
  }
  let fired = false;
  if (x >= 0) fired = killOtherPairsAt(s, x, q) || fired;
  if (y >= 0) fired = killOtherPairsAt(s, y, q) || fired;
  return fired;
}

function killOtherPairsAt(s: Solver, c: number, q: number): boolean {
  let fired = false;
  // Walk down from the live end: a kill only moves entries at or past the cursor.
  for (let k = 4 * c + s.cellCnt[c] - 1; k >= 4 * c; k--) {
    const p = s.cellList[k];
    if (s.plPair[p] !== q) {
      s.kill(p);
      fired = true;
    }
  }
  return fired;
}

/**
 * Cell → forced pair: if every way to cover a cell spells the same pair, that pair will be
 * laid on this cell, so the pair's spots that miss the cell die.
 */
function cellForcedPair(s: Solver, c: number): boolean {
  const { plA, plB, plPair, cellList, pairList } = s;
  const q = plPair[cellList[4 * c]];
  for (let k = 4 * c + 1, end = 4 * c + s.cellCnt[c]; k < end; k++) {
    if (plPair[cellList[k]] !== q) return false;
  }
  let fired = false;
  const start = s.pairStart[q];
  for (let k = start + s.pairCnt[q] - 1; k >= start; k--) {
    const p = pairList[k];
    if (plA[p] !== c && plB[p] !== c) {
      s.kill(p);
      fired = true;
    }
  }
  return fired;
}

let shared: Solver | null = null;

/** Solve one board with a shared solver instance (convenient; not re-entrant). */
export function solve(board: Board, options?: SolveOptions): SolveResult {
  shared ??= new Solver();
  return shared.solve(board, options);
}
