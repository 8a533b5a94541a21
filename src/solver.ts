// The propagation solver: exact cover with two tight sides (every cell covered once, every
// pair used once), four dual deduction rules run to a fixpoint, then branching on the
// narrowest constraint. It counts solutions up to a cap and reports the search effort.
//
// State lives in flat typed arrays; a trail of killed placements and a stack of chosen ones
// undo each branch, so a search node allocates nothing and copies nothing.
import type { Board } from './board.js';
import { Model } from './model.js';
import { type Solution, solutionFromCellPairs } from './solution.js';

/** The deduction rules, by name. Every one is sound, so a rule set changes speed, never answers. */
export type RuleName = 'cellSingleton' | 'pairSingleton' | 'pairSharedCell' | 'cellForcedPair';
export const RULES: readonly RuleName[] = ['cellSingleton', 'pairSingleton', 'pairSharedCell', 'cellForcedPair'];

export type SolveStatus = 'unique' | 'multiple' | 'none' | 'gave-up';

export interface SolveOptions {
  /** Stop after this many solutions (default 2: enough to tell unique from multiple). */
  cap?: number;
  /** Give up once the search has visited more than this many nodes (default: no limit). */
  maxNodes?: number;
  /** The rules to run (default: all of RULES). Names outside RULES are ignored. */
  rules?: readonly RuleName[];
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
  /** How many times each rule fired (made at least one deduction). */
  firings: Record<RuleName, number>;
}

const CELL_SINGLETON = 1;
const PAIR_SINGLETON = 2;
const PAIR_SHARED_CELL = 4;
const CELL_FORCED_PAIR = 8;
const RULE_BITS: Record<RuleName, number> = {
  cellSingleton: CELL_SINGLETON,
  pairSingleton: PAIR_SINGLETON,
  pairSharedCell: PAIR_SHARED_CELL,
  cellForcedPair: CELL_FORCED_PAIR,
};

/** Rule outcomes. */
const NOTHING = 0;
const FIRED = 1;

/**
 * A reusable solver. Buffers grow to the largest board seen and are then reused, so a stream
 * of boards runs without garbage. Not re-entrant: one solve at a time per instance.
 */
export class Solver {
  readonly model = new Model();
  alive = new Uint8Array(0);
  cellCnt = new Int32Array(0);
  pairCnt = new Int32Array(0);
  cellDone = new Uint8Array(0);
  pairDone = new Uint8Array(0);
  /** Killed placements, in order; undo pops back to a mark. */
  trail = new Int32Array(0);
  trailLen = 0;
  /** Placed placements, in order. */
  chosen = new Int32Array(0);
  chosenLen = 0;
  /** Dirty constraints to re-examine: cell c as c, pair q as nCells + q. */
  queue = new Int32Array(0);
  queueLen = 0;
  inQueue = new Uint8Array(0);
  covered = 0;
  firings = new Float64Array(4);

  private nodes = 0;
  private solutions = 0;
  private cap = 2;
  private maxNodes = Infinity;
  private gaveUp = false;
  private mask = 15;
  private first = new Int32Array(0);

  solve(board: Board, options: SolveOptions = {}): SolveResult {
    this.load(board);
    this.cap = Math.max(1, options.cap ?? 2);
    this.maxNodes = options.maxNodes ?? Infinity;
    this.mask = ruleMask(options.rules ?? RULES);
    this.nodes = 0;
    this.solutions = 0;
    this.gaveUp = false;
    this.firings.fill(0);

    const md = this.model;
    for (let c = 0; c < md.nCells; c++) this.enqueue(c);
    for (let q = 0; q < md.nPairs; q++) this.enqueue(md.nCells + q);
    if (this.propagate()) this.search();
    else this.nodes = 1;

    const solutions = this.solutions;
    // With cap 1 a search that stops at its first solution has not proved uniqueness.
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
      solution:
        solutions > 0 && options.solution !== false
          ? solutionFromCellPairs(md.cols, this.firstCells(), md.nPairs)
          : null,
      firings: { cellSingleton: f[0], pairSingleton: f[1], pairSharedCell: f[2], cellForcedPair: f[3] },
    };
  }

  /** Reset the state for a board (model, counts, flags), growing buffers if needed. */
  private load(board: Board): void {
    const md = this.model.load(board);
    const { nCells, nPairs, nPlacements } = md;
    if (this.alive.length < nPlacements) {
      this.alive = new Uint8Array(nPlacements);
      this.trail = new Int32Array(nPlacements);
    }
    if (this.cellCnt.length < nCells) {
      this.cellCnt = new Int32Array(nCells);
      this.cellDone = new Uint8Array(nCells);
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
    this.alive.fill(1, 0, nPlacements);
    this.cellDone.fill(0, 0, nCells);
    this.pairDone.fill(0, 0, nPairs);
    this.inQueue.fill(0, 0, nCells + nPairs);
    const { cellDeg, pairStart } = md;
    for (let c = 0; c < nCells; c++) this.cellCnt[c] = cellDeg[c];
    for (let q = 0; q < nPairs; q++) this.pairCnt[q] = pairStart[q + 1] - pairStart[q];
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

  /** Remove placement p from play, recording it on the trail. */
  kill(p: number): void {
    const md = this.model;
    const a = md.plA[p];
    const b = md.plB[p];
    const q = md.plPair[p];
    this.alive[p] = 0;
    this.trail[this.trailLen++] = p;
    this.cellCnt[a]--;
    this.cellCnt[b]--;
    this.pairCnt[q]--;
    this.enqueue(a);
    this.enqueue(b);
    this.enqueue(md.nCells + q);
  }

  /** Lay the domino p: its cells and its pair are settled, so every rival placement dies. */
  place(p: number): void {
    const md = this.model;
    const a = md.plA[p];
    const b = md.plB[p];
    const q = md.plPair[p];
    this.cellDone[a] = 1;
    this.cellDone[b] = 1;
    this.pairDone[q] = 1;
    this.chosen[this.chosenLen++] = p;
    this.covered += 2;
    const { cellPl, cellDeg, pairPl, pairStart } = md;
    const alive = this.alive;
    for (let k = 4 * a, end = k + cellDeg[a]; k < end; k++) {
      const r = cellPl[k];
      if (r !== p && alive[r] === 1) this.kill(r);
    }
    for (let k = 4 * b, end = k + cellDeg[b]; k < end; k++) {
      const r = cellPl[k];
      if (r !== p && alive[r] === 1) this.kill(r);
    }
    for (let k = pairStart[q], end = pairStart[q + 1]; k < end; k++) {
      const r = pairPl[k];
      if (r !== p && alive[r] === 1) this.kill(r);
    }
  }

  /** Undo every kill and placement made since the marks were taken. */
  undo(trailMark: number, chosenMark: number): void {
    const md = this.model;
    const { plA, plB, plPair } = md;
    while (this.trailLen > trailMark) {
      const p = this.trail[--this.trailLen];
      this.alive[p] = 1;
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
    const nCells = this.model.nCells;
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
        } else if ((mask & CELL_FORCED_PAIR) !== 0 && cellForcedPair(this, x) === FIRED) f[3]++;
      } else {
        const q = x - nCells;
        if (this.pairDone[q] === 1) continue;
        const n = this.pairCnt[q];
        if (n === 0) return this.clearQueue();
        if (n === 1 && (mask & PAIR_SINGLETON) !== 0) {
          pairSingleton(this, q);
          f[1]++;
        } else if ((mask & PAIR_SHARED_CELL) !== 0 && pairSharedCell(this, q) === FIRED) f[2]++;
      }
    }
    return true;
  }

  private clearQueue(): false {
    while (this.queueLen > 0) this.inQueue[this.queue[--this.queueLen]] = 0;
    return false;
  }

  /** Depth-first search below a propagated state; branches on the narrowest constraint. */
  private search(): void {
    this.nodes++;
    const md = this.model;
    if (this.covered === md.nCells) {
      if (this.solutions === 0) this.first.set(this.chosen.subarray(0, this.chosenLen));
      this.solutions++;
      return;
    }
    // Narrowest constraint: the open cell or unused pair with the fewest live placements
    // (cells win ties, then the lowest index), so the tree is fixed by the board alone.
    let best = -1;
    let bestN = 0x7fffffff;
    const { cellCnt, cellDone, pairCnt, pairDone } = this;
    for (let c = 0; c < md.nCells && bestN > 1; c++) {
      if (cellDone[c] === 0 && cellCnt[c] < bestN) {
        bestN = cellCnt[c];
        best = c;
      }
    }
    for (let q = 0; q < md.nPairs && bestN > 1; q++) {
      if (pairDone[q] === 0 && pairCnt[q] < bestN) {
        bestN = pairCnt[q];
        best = md.nCells + q;
      }
    }
    let list: Int32Array;
    let start: number;
    let end: number;
    if (best < md.nCells) {
      list = md.cellPl;
      start = 4 * best;
      end = start + md.cellDeg[best];
    } else {
      list = md.pairPl;
      start = md.pairStart[best - md.nCells];
      end = md.pairStart[best - md.nCells + 1];
    }
    for (let k = start; k < end; k++) {
      const p = list[k];
      if (this.alive[p] === 0) continue;
      if (this.nodes >= this.maxNodes) {
        this.gaveUp = true;
        return;
      }
      const trailMark = this.trailLen;
      const chosenMark = this.chosenLen;
      this.place(p);
      if (this.propagate()) this.search();
      else this.nodes++;
      this.undo(trailMark, chosenMark);
      if (this.solutions >= this.cap || this.gaveUp) return;
    }
  }

  private firstCells(): Int32Array {
    const md = this.model;
    const out = new Int32Array(2 * md.nPairs);
    for (let i = 0; i < md.nPairs; i++) {
      out[2 * i] = md.plA[this.first[i]];
      out[2 * i + 1] = md.plB[this.first[i]];
    }
    return out;
  }
}

function ruleMask(rules: readonly RuleName[]): number {
  let mask = 0;
  for (const r of rules) mask |= RULE_BITS[r] ?? 0;
  return mask;
}

// ---------------------------------------------------------------------------------------
// The rules. Each is called on an open cell or an unused pair whose live placements changed,
// with at least one placement left. Pair and cell rules come in dual pairs.

/** Cell singleton: a cell with only one placement left must be covered by that placement. */
function cellSingleton(s: Solver, c: number): void {
  const md = s.model;
  for (let k = 4 * c, end = k + md.cellDeg[c]; k < end; k++) {
    const p = md.cellPl[k];
    if (s.alive[p] === 1) {
      s.place(p);
      return;
    }
  }
}

/** Pair singleton: a pair with only one spot left must be laid on that spot. */
function pairSingleton(s: Solver, q: number): void {
  const md = s.model;
  for (let k = md.pairStart[q], end = md.pairStart[q + 1]; k < end; k++) {
    const p = md.pairPl[k];
    if (s.alive[p] === 1) {
      s.place(p);
      return;
    }
  }
}

/**
 * Pair → shared cell: if every remaining spot of a pair covers the same cell, that cell will
 * hold this pair, so the cell's placements that spell any other pair die.
 */
function pairSharedCell(s: Solver, q: number): number {
  const md = s.model;
  const { plA, plB, pairPl } = md;
  const alive = s.alive;
  let x = -1; // candidates for the shared cell; -2 once ruled out
  let y = -1;
  for (let k = md.pairStart[q], end = md.pairStart[q + 1]; k < end; k++) {
    const p = pairPl[k];
    if (alive[p] === 0) continue;
    const a = plA[p];
    const b = plB[p];
    if (x === -1) {
      x = a;
      y = b;
      continue;
    }
    if (x !== a && x !== b) x = -2;
    if (y !== a && y !== b) y = -2;
    if (x === -2 && y === -2) return NOTHING;
  }
  let fired = NOTHING;
  if (x >= 0) fired |= killOtherPairsAt(s, x, q);
  if (y >= 0) fired |= killOtherPairsAt(s, y, q);
  return fired;
}

function killOtherPairsAt(s: Solver, c: number, q: number): number {
  const { plPair, cellPl, cellDeg } = s.model;
  let fired = NOTHING;
  for (let k = 4 * c, end = k + cellDeg[c]; k < end; k++) {
    const p = cellPl[k];
    if (s.alive[p] === 1 && plPair[p] !== q) {
      s.kill(p);
      fired = FIRED;
    }
  }
  return fired;
}

/**
 * Cell → forced pair: if every way to cover a cell spells the same pair, that pair will be
 * laid on this cell, so the pair's spots that miss the cell die.
 */
function cellForcedPair(s: Solver, c: number): number {
  const md = s.model;
  const { plA, plB, pairPl, plPair, cellPl, cellDeg, pairStart } = md;
  const alive = s.alive;
  let q = -1;
  for (let k = 4 * c, end = k + cellDeg[c]; k < end; k++) {
    const p = cellPl[k];
    if (alive[p] === 0) continue;
    if (q === -1) q = plPair[p];
    else if (plPair[p] !== q) return NOTHING;
  }
  let fired = NOTHING;
  for (let k = pairStart[q], end = pairStart[q + 1]; k < end; k++) {
    const p = pairPl[k];
    if (alive[p] === 1 && plA[p] !== c && plB[p] !== c) {
      s.kill(p);
      fired = FIRED;
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
