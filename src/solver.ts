// The propagation solver: exact cover with two tight sides (every cell covered once, every
// pair used once), four dual deduction rules run to a fixpoint, then branching on the
// narrowest constraint. It counts solutions up to a cap and reports the search effort.
//
// Every cell and every pair keeps a fixed list of its placements (at most four for a cell, a
// handful for a pair: the model's, never reordered) and a count of those still live; a
// placement's liveness is one flag. Killing clears the flag and lowers three counts, and goes
// on a trail; undoing kills in reverse order raises them again. The lists are so short that
// skipping dead entries costs less than keeping live ones in front. So a search node
// allocates nothing and copies nothing.
import type { Board } from './board.js';
import { hasAmbiguousSquare } from './deal.js';
import { Model } from './model.js';
import type { Solution } from './solution.js';

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

/** Constraint state bits: waiting in the queue, and settled (covered cell, laid pair). */
const QUEUED = 1;
const DONE = 2;

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
 *
 * Cells and pairs are both "constraints": cell c is c, pair q is nCells + q.
 */
export class Solver {
  readonly model = new Model();
  // The model's static arrays, cached as own fields for the hot loops.
  nCells = 0;
  nPairs = 0;
  plA = new Int32Array(0);
  plB = new Int32Array(0);
  plPair = new Int32Array(0);
  /** Placements of cell c: cellPl[4c .. 4c + cellDeg[c]); of pair q: pairPl[pairStart[q] .. pairStart[q+1]). */
  cellPl = new Int32Array(0);
  cellDeg = new Uint8Array(0);
  pairPl = new Int32Array(0);
  pairStart = new Int32Array(0);

  /** 1 while placement p is live. */
  alive = new Uint8Array(0);
  /** Live placements per constraint. */
  cnt = new Int32Array(0);
  /** QUEUED | DONE bits per constraint. */
  state = new Uint8Array(0);
  /**
   * Per constraint, the most live options at which a rule could act on it: 1 (singletons), or
   * for a cell some of whose placements spell one pair, how many do (cellForcedPair); for a
   * pair with several spots on one cell, how many (pairSharedCell). A kill queues a constraint
   * only at or below this level.
   */
  watch = new Uint8Array(0);
  /** Killed placements, in order; undo pops back to a mark. */
  trail = new Int32Array(0);
  trailLen = 0;
  /** Laid placements, in order. */
  chosen = new Int32Array(0);
  chosenLen = 0;
  covered = 0;
  /** Dirty constraints to re-examine. */
  queue = new Int32Array(0);
  queueLen = 0;
  /** Set when a kill leaves an open constraint with no option: propagation stops there. */
  broken = false;
  /**
   * The queue is a ring of one slot per constraint (each is queued at most once), first in
   * first out: breadth first, a wrong placement meets its contradiction after about a third of
   * the deductions a last-in-first-out queue makes (measured on probes at M=20).
   */
  queueHead = 0;
  queueTail = 0;
  queueCap = 0;
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
  /** The first solution: the cell each cell is paired with. */
  private mate = new Int32Array(0);

  /** Whether each cell is covered (non-zero) after the last solve or deduction, by cell. */
  get cellDone(): Uint8Array {
    return this.state;
  }

  solve(board: Board, options: SolveOptions = {}): SolveResult {
    this.load(board, options.rules ? ruleMask(options.rules) : ALL_RULES);
    this.cap = Math.max(1, options.cap ?? 2);
    this.maxNodes = options.maxNodes ?? Infinity;
    this.interrupt = options.interrupt;
    this.squareSwap = options.squareSwap ?? true;
    const probe = options.probe ?? 'auto';
    this.probeLevel = probe === 'all' ? 2 : probe === 'root' ? 1 : 0;
    this.probeAfter = probe === 'auto' ? (options.probeAfter ?? 16) : Infinity;
    this.nodes = 0;
    this.solutions = 0;
    this.gaveUp = false;
    const f = this.firings;
    f.fill(0);

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
    this.load(board, options.rules ? ruleMask(options.rules) : ALL_RULES);
    this.firings.fill(0);
    const probe = options.probe ?? 'off';
    const consistent = this.propagate() && (probe === 'off' || probe === 'auto' || this.probe());
    const { nCells, state } = this;
    let undecided = 0;
    for (let c = 0; c < nCells; c++) if ((state[c] & DONE) === 0) undecided++;
    // live: false skips building the list, so a loop of deductions (repair-based generation)
    // allocates nothing; the settled cells can still be read from cellDone.
    if (options.live === false) return { consistent, undecidedCells: undecided, live: NO_LIVE };
    const cols = this.model.cols;
    const live: Solution = [];
    for (let p = 0; p < this.model.nPlacements; p++) {
      if (this.alive[p] === 0) continue;
      const a = this.plA[p];
      const b = this.plB[p];
      live.push([Math.floor(a / cols), a % cols, Math.floor(b / cols), b % cols]);
    }
    return { consistent, undecidedCells: undecided, live };
  }

  /**
   * Reset the state for a board (every placement live, every constraint queued), growing
   * buffers only when it is the largest yet.
   */
  private load(board: Board, mask: number): void {
    const md = this.model.load(board);
    const { nCells, nPairs, nPlacements: nPl, cellDeg, cellPl, pairStart } = md;
    const n = nCells + nPairs;
    this.nCells = nCells;
    this.nPairs = nPairs;
    this.plA = md.plA;
    this.plB = md.plB;
    this.plPair = md.plPair;
    this.cellPl = md.cellPl;
    this.cellDeg = cellDeg;
    this.pairPl = md.pairPl;
    this.pairStart = pairStart;
    if (this.alive.length < nPl) {
      this.alive = new Uint8Array(nPl);
      this.trail = new Int32Array(nPl);
      this.options = new Int32Array(nPl + 4);
      this.probed = new Int32Array(nPl);
      this.probeStamp = 0;
    }
    if (this.mate.length < nCells) this.mate = new Int32Array(nCells);
    if (this.state.length < n) {
      this.cnt = new Int32Array(n);
      this.state = new Uint8Array(n);
      this.watch = new Uint8Array(n);
      this.queue = new Int32Array(n);
      this.chosen = new Int32Array(nPairs);
    }
    const { cnt, queue, state, watch } = this;
    this.mask = mask;
    this.alive.fill(1, 0, nPl);
    for (let c = 0; c < nCells; c++) cnt[c] = cellDeg[c];
    for (let q = 0; q < nPairs; q++) cnt[nCells + q] = pairStart[q + 1] - pairStart[q];
    // A rule other than a singleton can only act on a cell whose live placements all spell
    // one pair, or a pair whose live spots all cover one cell: so never while the constraint
    // has more options than the most placements of the cell that spell one pair, or the most
    // spots of the pair on one cell. That many, at least one, is its watch level.
    watch.fill(1, 0, n);
    const cellRule = (mask & CELL_FORCED_PAIR) !== 0;
    const pairRule = (mask & PAIR_SHARED_CELL) !== 0;
    if (cellRule || pairRule) {
      const { plPair } = md;
      for (let c = 0; c < nCells; c++) {
        const start = 4 * c;
        const end = start + cellDeg[c];
        for (let i = start; i < end; i++) {
          const q = plPair[cellPl[i]];
          let same = 1;
          for (let j = i + 1; j < end; j++) if (plPair[cellPl[j]] === q) same++;
          if (same === 1) continue;
          if (cellRule && same > watch[c]) watch[c] = same;
          if (pairRule && same > watch[nCells + q]) watch[nCells + q] = same;
        }
      }
    }
    // Every constraint a rule could act on is dirty at first.
    let len = 0;
    for (let x = 0; x < n; x++) {
      if (cnt[x] <= watch[x]) {
        state[x] = QUEUED;
        queue[len++] = x;
      } else state[x] = 0;
    }
    this.queueLen = len;
    this.queueHead = 0;
    this.queueTail = len === n ? 0 : len;
    this.queueCap = n;
    this.broken = false;
    this.trailLen = 0;
    this.chosenLen = 0;
    this.covered = 0;
  }

  /** Remove placement p from play: it is no longer an option of its two cells and its pair. */
  kill(p: number): void {
    const { cnt, state, watch } = this;
    this.alive[p] = 0;
    this.trail[this.trailLen++] = p;
    // Settled constraints are never looked at again until undone, so only open ones queue,
    // and only when a rule could act on them. One left with no option breaks the state.
    const a = this.plA[p];
    const na = --cnt[a];
    if (na <= watch[a]) {
      const s = state[a];
      if (s === 0) {
        state[a] = QUEUED;
        this.push(a);
      }
      if (na === 0 && (s & DONE) === 0) this.broken = true;
    }
    const b = this.plB[p];
    const nb = --cnt[b];
    if (nb <= watch[b]) {
      const s = state[b];
      if (s === 0) {
        state[b] = QUEUED;
        this.push(b);
      }
      if (nb === 0 && (s & DONE) === 0) this.broken = true;
    }
    const x = this.nCells + this.plPair[p];
    const nx = --cnt[x];
    if (nx <= watch[x]) {
      const s = state[x];
      if (s === 0) {
        state[x] = QUEUED;
        this.push(x);
      }
      if (nx === 0 && (s & DONE) === 0) this.broken = true;
    }
  }

  private push(x: number): void {
    this.queue[this.queueTail] = x;
    this.queueTail = this.queueTail + 1 === this.queueCap ? 0 : this.queueTail + 1;
    this.queueLen++;
  }

  private pop(): number {
    const x = this.queue[this.queueHead];
    this.queueHead = this.queueHead + 1 === this.queueCap ? 0 : this.queueHead + 1;
    this.queueLen--;
    return x;
  }

  /** Lay the domino p: its cells and its pair are settled, so every rival placement dies. */
  place(p: number): void {
    const { alive, state, cnt, cellPl, cellDeg, pairPl, pairStart } = this;
    const a = this.plA[p];
    const b = this.plB[p];
    const q = this.plPair[p];
    state[a] |= DONE;
    state[b] |= DONE;
    state[this.nCells + q] |= DONE;
    this.chosen[this.chosenLen++] = p;
    this.covered += 2;
    // Each walk stops once the rivals its count promised are dead.
    for (let k = 4 * a + cellDeg[a] - 1, left = cnt[a] - 1; left > 0; k--) {
      const r = cellPl[k];
      if (alive[r] !== 0 && r !== p) {
        this.kill(r);
        left--;
      }
    }
    for (let k = 4 * b + cellDeg[b] - 1, left = cnt[b] - 1; left > 0; k--) {
      const r = cellPl[k];
      if (alive[r] !== 0 && r !== p) {
        this.kill(r);
        left--;
      }
    }
    for (let k = pairStart[q + 1] - 1, left = cnt[this.nCells + q] - 1; left > 0; k--) {
      const r = pairPl[k];
      if (alive[r] !== 0 && r !== p) {
        this.kill(r);
        left--;
      }
    }
  }

  /** Undo every kill and placement made since the marks were taken. */
  undo(trailMark: number, chosenMark: number): void {
    const { plA, plB, plPair, cnt, state, trail, chosen, alive } = this;
    const nCells = this.nCells;
    let t = this.trailLen;
    while (t > trailMark) {
      const p = trail[--t];
      alive[p] = 1;
      cnt[plA[p]]++;
      cnt[plB[p]]++;
      cnt[nCells + plPair[p]]++;
    }
    this.trailLen = t;
    let c = this.chosenLen;
    while (c > chosenMark) {
      const p = chosen[--c];
      state[plA[p]] = 0;
      state[plB[p]] = 0;
      state[nCells + plPair[p]] = 0;
      this.covered -= 2;
    }
    this.chosenLen = c;
  }

  /**
   * Run the enabled rules until nothing changes. Returns false on a contradiction: an open
   * cell with no placement left, or an unused pair with no spot left.
   */
  propagate(): boolean {
    const nCells = this.nCells;
    const mask = this.mask;
    const f = this.firings;
    const { state, cnt } = this;
    while (this.queueLen > 0) {
      if (this.broken) return this.clearQueue();
      const x = this.pop();
      const s = state[x] & ~QUEUED;
      state[x] = s;
      if (s !== 0) continue;
      const n = cnt[x];
      if (n === 0) return this.clearQueue();
      if (x < nCells) {
        if (n === 1 && (mask & CELL_SINGLETON) !== 0) {
          cellSingleton(this, x);
          f[0]++;
        } else if ((mask & CELL_FORCED_PAIR) !== 0 && cellForcedPair(this, x)) f[3]++;
      } else if (n === 1 && (mask & PAIR_SINGLETON) !== 0) {
        pairSingleton(this, x - nCells);
        f[1]++;
      } else if ((mask & PAIR_SHARED_CELL) !== 0 && n <= 4 && pairSharedCell(this, x - nCells)) f[2]++;
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
    const { cnt, state, probed, alive, cellPl, pairPl, pairStart } = this;
    const nCells = this.nCells;
    const n = nCells + this.nPairs;
    // Round and round the constraints until a whole round has found nothing. A placement is
    // an option of up to three two-way constraints (its cells and its pair): the stamp, new
    // at every change of state, has it probed once per state.
    this.probeStamp++;
    for (let x = 0, quiet = 0; quiet < n; x = x + 1 === n ? 0 : x + 1, quiet++) {
      if (state[x] !== 0 || cnt[x] !== 2) continue;
      const list = x < nCells ? cellPl : pairPl;
      let k = x < nCells ? 4 * x : pairStart[x - nCells];
      // The two live options, in list order; both stay live while neither probe finds anything.
      for (let j = 0; j < 2; j++, k++) {
        while (alive[list[k]] === 0) k++;
        const opt = list[k];
        if (probed[opt] === this.probeStamp) continue;
        probed[opt] = this.probeStamp;
        const r = this.probeOne(opt);
        if (r < 0) return false;
        if (r > 0) {
          // Come round to x again as well, after a whole round.
          this.probeStamp++;
          quiet = -1;
          break;
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
    if (ok) {
      // Every domino this probe laid leads to a subset of its consequences, so probing it
      // would find no contradiction either (until the state changes): skip it this pass.
      const { chosen, probed } = this;
      const stamp = this.probeStamp;
      for (let i = chosenMark + 1; i < this.chosenLen; i++) probed[chosen[i]] = stamp;
    }
    this.undo(trailMark, chosenMark);
    if (ok) return 0;
    this.kill(p);
    this.firings[4]++;
    return this.propagate() ? 1 : -1;
  }

  private clearQueue(): false {
    const { state, queue } = this;
    while (this.queueLen > 0) state[this.pop()] &= ~QUEUED;
    this.broken = false;
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
    // The scan stops at the first one with two or fewer.
    let best = -1;
    let bestN = 0x7fffffff;
    const { cnt, state, alive } = this;
    const n = nCells + this.nPairs;
    for (let x = 0; x < n && bestN > 2; x++) {
      if (state[x] === 0 && cnt[x] < bestN) {
        bestN = cnt[x];
        best = x;
      }
    }
    // Copy the options out; the fixed lists hold placements in increasing order, so the
    // branch order is the board's alone.
    const list = best < nCells ? this.cellPl : this.pairPl;
    const opts = this.options;
    for (let k = best < nCells ? 4 * best : this.pairStart[best - nCells], j = top; j < top + bestN; k++) {
      if (alive[list[k]] !== 0) opts[j++] = list[k];
    }
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
      } else this.nodes++;
      this.undo(trailMark, chosenMark);
      if (this.solutions >= this.cap || this.gaveUp) return;
    }
  }

  private recordSolution(): void {
    this.solutions++;
    if (this.solutions > 1) return;
    const { mate, plA, plB, chosen } = this;
    for (let i = 0; i < this.chosenLen; i++) {
      const a = plA[chosen[i]];
      const b = plB[chosen[i]];
      mate[a] = b;
      mate[b] = a;
    }
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
    return hasAmbiguousSquare(this.model.cells, this.mate, this.model.rows, this.model.cols);
  }

  /** The first solution, from `mate`: each domino at its first cell, in row-major order. */
  private firstSolution(): Solution {
    const { mate } = this;
    const { rows, cols } = this.model;
    const out: Solution = [];
    for (let r = 0, a = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++, a++) {
        const b = mate[a];
        if (b === a + 1) out.push([r, c, r, c + 1]);
        else if (b === a + cols) out.push([r, c, r + 1, c]);
      }
    }
    return out;
  }
}

// ---------------------------------------------------------------------------------------
// The rules. Each is called on an open cell or an unused pair whose live placements changed
// and that has at least one left. Pair and cell rules come in dual pairs.

/** Cell singleton: a cell with only one placement left must be covered by that placement. */
function cellSingleton(s: Solver, c: number): void {
  const { cellPl, alive } = s;
  let k = 4 * c;
  while (alive[cellPl[k]] === 0) k++;
  s.place(cellPl[k]);
}

/** Pair singleton: a pair with only one spot left must be laid on that spot. */
function pairSingleton(s: Solver, q: number): void {
  const { pairPl, alive } = s;
  let k = s.pairStart[q];
  while (alive[pairPl[k]] === 0) k++;
  s.place(pairPl[k]);
}

/**
 * Pair → shared cell: if every remaining spot of a pair covers the same cell, that cell will
 * hold this pair, so the cell's placements that spell any other pair die.
 */
function pairSharedCell(s: Solver, q: number): boolean {
  const { plA, plB, pairPl, alive } = s;
  const end = s.pairStart[q + 1];
  let k = s.pairStart[q];
  while (alive[pairPl[k]] === 0) k++;
  let x = plA[pairPl[k]];
  let y = plB[pairPl[k]];
  for (k++; k < end; k++) {
    const p = pairPl[k];
    if (alive[p] === 0) continue;
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
  const { cellPl, plPair, alive } = s;
  let fired = false;
  for (let k = 4 * c + s.cellDeg[c] - 1; k >= 4 * c; k--) {
    const p = cellPl[k];
    if (alive[p] !== 0 && plPair[p] !== q) {
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
  const { plA, plB, plPair, cellPl, pairPl, alive } = s;
  let q = -1;
  for (let k = 4 * c, end = 4 * c + s.cellDeg[c]; k < end; k++) {
    const p = cellPl[k];
    if (alive[p] === 0) continue;
    if (q < 0) q = plPair[p];
    else if (plPair[p] !== q) return false;
  }
  let fired = false;
  for (let k = s.pairStart[q + 1] - 1, start = s.pairStart[q]; k >= start; k--) {
    const p = pairPl[k];
    if (alive[p] !== 0 && plA[p] !== c && plB[p] !== c) {
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
