// The propagation solver: exact cover with two tight sides (every cell covered once, every
// pair used once), four dual deduction rules run to a fixpoint, then branching on the
// narrowest constraint. It counts solutions up to a cap and reports the search effort.
//
// A placement is numbered 2c + 0 when it joins cell c to its right neighbour and 2c + 1 when
// it joins c to the cell below, so its cells come from its number with no table. Which
// placements of a cell are live is a 4-bit mask (up, left, right, down: increasing placement
// number); a pair's spots are a fixed list, live when their cell's bit is set. Each cell and
// pair also keeps one packed word: live count, watch level and state flags. Killing clears
// two bits and lowers three counts, and goes on a trail; undoing kills in reverse order sets
// them again. So a search node allocates nothing and copies nothing.
import type { Board } from '../board.js';
import type { SolveLimit, SolveStatus } from '../../proof.js';
import { hasAmbiguousSquare } from './squares.js';
import { tilingToSolution, type Solution } from './solution.js';

/**
 * The solver's deduction rules, by name (the grader's ladder has its own: GradeRuleName). Every
 * one is sound, so a rule set changes speed, never answers.
 */
export type SolveRuleName = 'cellSingleton' | 'pairSingleton' | 'pairSharedCell' | 'cellForcedPair';
export const RULES: readonly SolveRuleName[] = ['cellSingleton', 'pairSingleton', 'pairSharedCell', 'cellForcedPair'];

export type { SolveLimit, SolveStatus };

export interface SolveOptions {
  /** Stop after this many solutions (default 2: enough to tell unique from multiple). */
  cap?: number;
  /** Give up once the search has visited this many nodes (default: no limit). */
  maxNodes?: number;
  /**
   * Polled after every POLL_WORK units of work (a propagation step, a probe, a scan of a
   * constraint block), in propagation and probing as well as between search nodes; returning
   * true stops the solve with 'gave-up' (limit 'time'). The shell passes a clock check here, so
   * the core itself never reads the time.
   */
  interrupt?: () => boolean;
  /** The rules to run (default: all of RULES). */
  rules?: readonly SolveRuleName[];
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
  /**
   * With probe 'auto', the node count after which probing starts; 0 probes from the root on,
   * as 'all' does. Default: 16, or 0 on boards of PROBE_FROM_ROOT_CELLS cells or more.
   */
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
  firings: Record<SolveRuleName | 'probe', number>;
  /** With status 'gave-up': the budget that ran out. */
  limit: SolveLimit | null;
}

/**
 * Work between two polls of the interrupt. A unit is a propagation step or a probe, each
 * short, so polls come often at any board size.
 */
export const POLL_WORK = 4096;
/** Items of a setup loop (cells, rows, pairs) between two polls: a power of two. */
const SETUP_POLL = 1024;

/** What root propagation leaves of a board (see Solver.deduce). */
export interface RootState {
  /** False on a contradiction, and when the interrupt stopped the deduction (see stopped). */
  consistent: boolean;
  /** The interrupt stopped propagation or probing before its fixpoint: nothing here is final. */
  stopped: boolean;
  undecidedCells: number;
  /** Live placements as dominoes [r1, c1, r2, c2], by first cell in row-major order, right before down. */
  live: Solution;
}

/** The (shared, empty) live list of a deduction asked not to list them. */
const NO_LIVE: Solution = Object.freeze([]) as unknown as Solution;

/**
 * From this many cells (M = 15 and up), 'auto' probes from the root on. Root propagation
 * leaves big boards wide open and their trees deep, so probing from the start pays there on
 * unique boards (scripts/bench/README.md has the figures). Ambiguous random deals pay for it:
 * a second solution is found by plain search sooner than probing proves anything. The catalog
 * proves unique boards; generation pins probeAfter so its output does not move with this default.
 */
export const PROBE_FROM_ROOT_CELLS = 256;

/**
 * 'auto' probing after 16 nodes on every board: the search trees of generation's proofs, whose
 * node budgets decide what a build keeps, so the same seed makes the same catalog whatever the
 * default above becomes.
 */
export const PINNED_PROBING = { probe: 'auto', probeAfter: 16 } as const satisfies SolveOptions;

const CELL_SINGLETON = 1;
const PAIR_SINGLETON = 2;
const PAIR_SHARED_CELL = 4;
const CELL_FORCED_PAIR = 8;
const ALL_RULES = 15;

// A constraint's word: live options << 8 | watch level << 2 | DONE | QUEUED.
/** Waiting in the queue. */
const QUEUED = 1;
/** Settled: a covered cell or a laid pair. */
const DONE = 2;
const FLAGS = QUEUED | DONE;
/** One live option, in the word. */
const ONE = 256;
const COUNT_SHIFT = 8;

// A cell's mask bits, in increasing placement number: 1 up, 2 left, 4 right, 8 down. A
// placement is bit RIGHT << dir of its first cell and bit LEFT >> dir of its second.
const LEFT = 2;
const RIGHT = 4;
/** Set bits of a 4-bit mask. */
const POPCOUNT = Uint8Array.of(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
/** Highest and lowest set bit of a non-zero 4-bit mask. */
const HIGH_BIT = Uint8Array.of(0, 0, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3);
const LOW_BIT = Uint8Array.of(0, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0);
/** Highest set bit of a non-zero 8-bit mask. */
const HIGH_BIT8 = Uint8Array.from({ length: 256 }, (_, m) => 31 - Math.clz32(m));

/**
 * The second cell of placement p: one to the right of its first, or one row down. Written as
 * arithmetic, not a choice: which way a placement lies is the board's data, and as a branch it
 * mispredicts, and whole proofs are faster without it.
 */
function secondCell(p: number, colsLess1: number): number {
  return (p >> 1) + 1 + (p & 1) * colsLess1;
}

function ruleMask(rules: readonly SolveRuleName[]): number {
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
  rows = 0;
  cols = 0;
  /** cols - 1, for secondCell. */
  colsLess1 = 0;
  nCells = 0;
  nPairs = 0;
  /** The board's numbers, row-major (the board's own array). */
  cells: ArrayLike<number> = new Uint16Array(0);
  /** Placement number of cell c's option with mask bit j is 2c + bitOffset[j]. */
  readonly bitOffset = new Int32Array(4);
  /** The cell mask of every placement the grid's shape allows. */
  shapeMask = new Uint8Array(0);
  /** Live placements per cell, as mask bits. */
  mask = new Uint8Array(0);
  /** The pair constraint (nCells + pair index) each placement spells. */
  plX = new Int32Array(0);
  /**
   * The spots of pair q are pairPl[pairStart[q] .. pairEnd[q]), in increasing number. Each
   * pair has a slot of its own, as wide as the most spots any pair has had on boards of this
   * set, so the spots go straight in as the cells are read, with no sort (a counting sort
   * was a third of the load). A board with a pair that does not fit is loaded again, with
   * wider slots, or, where those would take more than eight times the room of the spots
   * themselves (only a contrived board), with its own tight layout.
   */
  pairPl = new Int32Array(0);
  pairStart = new Int32Array(0);
  pairEnd = new Int32Array(0);
  /** The width of a pair's slot (0: none yet for this set). */
  private pairSlot = 0;
  /** Whether pairStart holds the slots, q × pairSlot (not one board's tight layout). */
  private slotted = false;
  /** Each constraint's word (count, watch level, flags). */
  con = new Int32Array(0);
  /** Killed placements, in order; undo pops back to a mark. */
  trail = new Int32Array(0);
  trailLen = 0;
  /** Laid placements, in order. */
  chosen = new Int32Array(0);
  chosenLen = 0;
  covered = 0;
  /**
   * Dirty constraints to re-examine, first in first out: breadth first, a wrong placement
   * meets its contradiction after fewer deductions than under a last-in-first-out queue. A
   * straight run, not a ring: both ends go back to 0
   * whenever it empties, and between two such moments no placement is killed twice (undo
   * comes only after propagation has emptied the queue), so at most every constraint once
   * plus three entries per placement ever go in.
   */
  queue = new Int32Array(0);
  queueHead = 0;
  queueTail = 0;
  /** Set when a kill leaves an open constraint with no option: propagation stops there. */
  broken = false;
  /** Branch options of every open search level, stacked. */
  options = new Int32Array(0);
  firings = new Float64Array(5);

  private m = -1;
  /** Pair index of numbers u, v at pairIndex[u * (m + 1) + v]: a lookup, not a branch. */
  private pairIndex = new Int32Array(0);
  private pairWatch = new Uint8Array(0);
  private done = new Uint8Array(0);
  private rules = ALL_RULES;
  private nodes = 0;
  private solutions = 0;
  private cap = 2;
  private maxNodes = Infinity;
  private interrupt: (() => boolean) | undefined = undefined;
  /** Work left before the next poll of the interrupt. */
  private workLeft = POLL_WORK;
  /** Setup items left before the next poll (setupStopped). */
  private setupLeft = SETUP_POLL;
  /** Set once the interrupt has answered true: every loop unwinds, concluding nothing. */
  private stopped = false;
  private gaveUp = false;
  private squareSwap = true;
  private probeLevel = 0;
  private probeAfter = Infinity;
  private probeStamp = 0;
  private probed = new Int32Array(0);
  /** The first solution: the cell each cell is paired with. */
  private mate = new Int32Array(0);

  /**
   * The last solve's first solution as cell → partner cell (row-major). Only meaningful when
   * that solve found a solution; overwritten by the next. Lets a caller print the solution
   * without the Solution's lists (solve with `solution: false`).
   */
  get firstMate(): Int32Array {
    return this.mate;
  }

  /** Whether each cell is covered (non-zero) after the last deduction, by cell. */
  get cellDone(): Uint8Array {
    return this.done;
  }

  solve(board: Board, options: SolveOptions = {}): SolveResult {
    // The interrupt first: loading a large board is polled too.
    this.interrupt = options.interrupt;
    this.stopped = false;
    this.gaveUp = false;
    const loaded = this.load(board, options.rules ? ruleMask(options.rules) : ALL_RULES);
    this.cap = Math.max(1, options.cap ?? 2);
    this.maxNodes = options.maxNodes ?? Infinity;
    this.squareSwap = options.squareSwap ?? true;
    const probe = options.probe ?? 'auto';
    const after = options.probeAfter ?? (board.rows * board.cols >= PROBE_FROM_ROOT_CELLS ? 0 : 16);
    this.probeLevel = probe === 'all' || (probe === 'auto' && after <= 0) ? 2 : probe === 'root' ? 1 : 0;
    this.probeAfter = probe === 'auto' ? after : Infinity;
    this.nodes = 0;
    this.solutions = 0;
    this.workLeft = POLL_WORK;
    const f = this.firings;
    f.fill(0);

    if (loaded && this.propagate() && (this.probeLevel === 0 || this.probe())) this.search(0);
    else this.nodes = 1;

    const solutions = this.solutions;
    if (this.stopped) this.gaveUp = true;
    // A search stopped by the cap at one solution has not proved uniqueness.
    const status: SolveStatus =
      solutions >= 2
        ? 'multiple'
        : this.gaveUp || solutions >= this.cap
          ? 'gave-up'
          : solutions === 1
            ? 'unique'
            : 'none';
    const limit: SolveLimit | null =
      status !== 'gave-up' ? null : this.stopped ? 'time' : this.gaveUp ? 'nodes' : 'cap';
    return {
      status,
      solutions,
      nodes: this.nodes,
      solution: solutions > 0 && options.solution !== false ? this.firstSolution() : null,
      firings: { cellSingleton: f[0], pairSingleton: f[1], pairSharedCell: f[2], cellForcedPair: f[3], probe: f[4] },
      limit,
    };
  }

  /**
   * Propagate at the root only (no search) and report what is left: whether the board is
   * still consistent, how many cells are undecided, and the live placements as dominoes.
   * This is the cheap signal repair-based generation steers by.
   */
  deduce(
    board: Board,
    options: Pick<SolveOptions, 'rules' | 'probe' | 'interrupt'> & { live?: boolean } = {},
  ): RootState {
    this.interrupt = options.interrupt;
    this.stopped = false;
    this.firings.fill(0);
    if (!this.load(board, options.rules ? ruleMask(options.rules) : ALL_RULES)) {
      return { consistent: false, stopped: true, undecidedCells: board.rows * board.cols, live: NO_LIVE };
    }
    this.workLeft = POLL_WORK;
    const probe = options.probe ?? 'off';
    const consistent = this.propagate() && (probe === 'off' || probe === 'auto' || this.probe());
    const stopped = this.stopped;
    const { nCells, con, done } = this;
    let undecided = 0;
    for (let c = 0; c < nCells; c++) {
      done[c] = con[c] & DONE;
      if (done[c] === 0) undecided++;
    }
    // live: false skips building the list, so a loop of deductions (repair-based generation)
    // allocates nothing; the settled cells can still be read from cellDone.
    if (options.live === false) return { consistent, stopped, undecidedCells: undecided, live: NO_LIVE };
    const { cols, mask } = this;
    const live: Solution = [];
    for (let a = 0, r = 0; r < this.rows; r++) {
      for (let c = 0; c < cols; c++, a++) {
        if ((mask[a] & RIGHT) !== 0) live.push([r, c, r, c + 1]);
        if ((mask[a] & (RIGHT << 1)) !== 0) live.push([r, c, r + 1, c]);
      }
    }
    return { consistent, stopped, undecidedCells: undecided, live };
  }

  /**
   * Count `items` of setup work (cells, pairs, table entries) and poll the interrupt every
   * SETUP_POLL of them: a cold loop over a very large board is long before the compiler catches
   * up. True when it said stop.
   */
  private setupStopped(items: number): boolean {
    if ((this.setupLeft -= items) > 0) return false;
    this.setupLeft = SETUP_POLL;
    return this.poll();
  }

  /** Size the buffers for a grid shape (growing only) and note which placements it has; false if interrupted (no shape loaded). */
  private loadShape(rows: number, cols: number): boolean {
    const nCells = rows * cols;
    this.rows = rows;
    this.cols = cols;
    this.colsLess1 = cols - 1;
    this.nCells = nCells;
    const off = this.bitOffset;
    off[0] = 1 - 2 * cols; // up: the vertical placement of the cell above
    off[1] = -2; // left: the horizontal placement of the cell to the left
    off[2] = 0;
    off[3] = 1;
    if (this.shapeMask.length < nCells) {
      this.shapeMask = new Uint8Array(nCells);
      this.mask = new Uint8Array(nCells);
      this.done = new Uint8Array(nCells);
      this.mate = new Int32Array(nCells);
      this.plX = new Int32Array(2 * nCells);
      this.trail = new Int32Array(2 * nCells);
      this.probed = new Int32Array(2 * nCells);
      this.probeStamp = 0;
      this.options = new Int32Array(2 * nCells + 4);
    }
    const sm = this.shapeMask;
    for (let a = 0, r = 0; r < rows; r++) {
      if (this.setupStopped(cols)) {
        this.rows = 0;
        this.cols = 0;
        return false;
      }
      for (let c = 0; c < cols; c++, a++) {
        sm[a] = (r > 0 ? 1 : 0) | (c > 0 ? LEFT : 0) | (c + 1 < cols ? RIGHT : 0) | (r + 1 < rows ? RIGHT << 1 : 0);
      }
    }
    return true;
  }

  /** Size the pair tables for a set (growing only); false if interrupted (no set loaded). */
  private loadSet(m: number): boolean {
    const w = m + 1;
    const nPairs = (w * (w + 1)) >> 1;
    this.m = m;
    this.pairIndex = new Int32Array(w * w);
    for (let u = 0; u < w; u++) {
      if (this.setupStopped(w)) {
        this.m = -1;
        return false;
      }
      for (let v = 0; v < w; v++)
        this.pairIndex[u * w + v] = u <= v ? ((v * (v + 1)) >> 1) + u : ((u * (u + 1)) >> 1) + v;
    }
    if (this.pairStart.length < nPairs) {
      this.pairStart = new Int32Array(nPairs);
      this.pairEnd = new Int32Array(nPairs);
      this.pairWatch = new Uint8Array(nPairs + 1);
      this.chosen = new Int32Array(nPairs);
    }
    this.pairSlot = 0;
    this.slotted = false;
    return true;
  }

  /**
   * Give each pair a slot of `slot` spots (growing the list only). The list has room to spare
   * after the last slot for every placement, so a pair that overflows its slot, to be found
   * and loaded again, writes inside the list.
   */
  private loadSlots(slot: number, nPairs: number): void {
    this.pairSlot = slot;
    this.slotted = true;
    const size = slot * nPairs + 2 * this.nCells;
    if (this.pairPl.length < size) this.pairPl = new Int32Array(size);
    for (let q = 0; q < nPairs; q++) this.pairStart[q] = q * slot;
  }

  /**
   * Reset the state for a board: every placement live, every constraint a rule could act on
   * queued, growing buffers only when it is the largest yet. False when the interrupt stopped it
   * (the state is then no board's: solve and deduce give up).
   */
  private load(board: Board, rules: number, tight = false): boolean {
    const { rows, cols, m, cells } = board;
    if (rows !== this.rows || cols !== this.cols) {
      if (!this.loadShape(rows, cols)) return false;
    }
    if (m !== this.m && !this.loadSet(m)) return false;
    const nCells = this.nCells;
    const w = m + 1;
    const nPairs = (w * (w + 1)) >> 1;
    const n = nCells + nPairs;
    this.cells = cells;
    this.nPairs = nPairs;
    this.rules = rules;
    if (this.con.length < n) this.con = new Int32Array(n);
    // Every constraint once, and three entries for each of up to 2 × nCells placements.
    if (this.queue.length < n + 6 * nCells) this.queue = new Int32Array(n + 6 * nCells);
    // Spots per pair average under four; a first width of eight rarely needs widening.
    if (!tight && (!this.slotted || this.pairPl.length < this.pairSlot * nPairs + 2 * nCells)) {
      this.loadSlots(Math.max(8, this.pairSlot), nPairs);
    }
    const { plX, pairPl, pairStart, pairEnd, pairIndex, shapeMask: sm, mask, con, queue, pairWatch: pw } = this;
    const off = this.bitOffset;

    // One pass over the cells spells each cell's right and down placements (its up and left
    // ones were spelled at the cells above and to the left) and sets its watch level.
    //
    // Watch levels: a rule other than a singleton can only act on a cell whose live
    // placements all spell one pair, or a pair whose live spots all cover one cell: so never
    // while the constraint has more options than the most placements of the cell that spell
    // one pair, or the most spots of the pair on one cell. That many, at least one, is its
    // watch level, and a kill queues a constraint only at or below it. Two placements of a
    // cell spell one pair when their other cells hold equal numbers: all four compared at
    // once (absent neighbours get distinct dummies), with no loop.
    const cellRule = (rules & CELL_FORCED_PAIR) !== 0;
    const pairRule = (rules & PAIR_SHARED_CELL) !== 0;
    pairEnd.set(pairStart.subarray(0, nPairs));
    pw.fill(1, 0, nPairs + 1);
    let len = 0;
    for (let a = 0; a < nCells; a++) {
      if (this.setupStopped(1)) return false;
      const s = sm[a];
      mask[a] = s;
      const u = cells[a] * w;
      // Neighbour numbers, and the pair (as an index into pw, nPairs when absent) of each.
      let n0 = -1;
      let n1 = -2;
      let n2 = -3;
      let n3 = -4;
      let q0 = nPairs;
      let q1 = nPairs;
      let q2 = nPairs;
      let q3 = nPairs;
      if ((s & 1) !== 0) {
        n0 = cells[a - cols];
        q0 = plX[2 * a + off[0]] - nCells;
      }
      if ((s & LEFT) !== 0) {
        n1 = cells[a - 1];
        q1 = plX[2 * a - 2] - nCells;
      }
      if ((s & RIGHT) !== 0) {
        n2 = cells[a + 1];
        q2 = pairIndex[u + n2];
        plX[2 * a] = nCells + q2;
        pairPl[pairEnd[q2]++] = 2 * a;
      }
      if ((s & (RIGHT << 1)) !== 0) {
        n3 = cells[a + cols];
        q3 = pairIndex[u + n3];
        plX[2 * a + 1] = nCells + q3;
        pairPl[pairEnd[q3]++] = 2 * a + 1;
      }
      const e01 = n0 === n1 ? 1 : 0;
      const e02 = n0 === n2 ? 1 : 0;
      const e03 = n0 === n3 ? 1 : 0;
      const e12 = n1 === n2 ? 1 : 0;
      const e13 = n1 === n3 ? 1 : 0;
      const e23 = n2 === n3 ? 1 : 0;
      const s0 = 1 + e01 + e02 + e03;
      const s1 = 1 + e01 + e12 + e13;
      const s2 = 1 + e02 + e12 + e23;
      const s3 = 1 + e03 + e13 + e23;
      // Absent placements write to the spare slot pw[nPairs].
      pw[q0] = Math.max(pw[q0], s0);
      pw[q1] = Math.max(pw[q1], s1);
      pw[q2] = Math.max(pw[q2], s2);
      pw[q3] = Math.max(pw[q3], s3);
      const watch = cellRule ? Math.max(s0, s1, s2, s3) : 1;
      const cnt = POPCOUNT[s];
      // Every constraint a rule could act on is dirty at first.
      if (cnt <= watch) {
        con[a] = (cnt << COUNT_SHIFT) | (watch << 2) | QUEUED;
        queue[len++] = a;
      } else con[a] = (cnt << COUNT_SHIFT) | (watch << 2);
    }
    let most = 0;
    for (let q = 0; q < nPairs; q++) {
      if (this.setupStopped(1)) return false;
      const cnt = pairEnd[q] - pairStart[q];
      most = Math.max(most, cnt);
      const watch = pairRule ? pw[q] : 1;
      if (cnt <= watch) {
        con[nCells + q] = (cnt << COUNT_SHIFT) | (watch << 2) | QUEUED;
        queue[len++] = nCells + q;
      } else con[nCells + q] = (cnt << COUNT_SHIFT) | (watch << 2);
    }
    if (most > this.pairSlot && !tight) {
      // A pair overflowed into its neighbour's slot: start again, with slots that fit or with
      // each pair's room cut to its count.
      if (most * nPairs <= 16 * nCells) this.loadSlots(most, nPairs);
      else {
        let at = 0;
        for (let q = 0; q < nPairs; q++) {
          const cnt = pairEnd[q] - pairStart[q];
          pairStart[q] = at;
          at += cnt;
        }
        this.slotted = false;
      }
      return this.load(board, rules, !this.slotted);
    }
    this.queueHead = 0;
    this.queueTail = len;
    this.broken = false;
    this.trailLen = 0;
    this.chosenLen = 0;
    this.covered = 0;
    return true;
  }

  /** Is placement p live? */
  isLive(p: number): boolean {
    return (this.mask[p >> 1] & (RIGHT << (p & 1))) !== 0;
  }

  /**
   * Remove placement p from play: it is no longer an option of its two cells and its pair.
   * Settled constraints are never looked at again until undone, so only open ones queue, and
   * only at or below their watch level; one left with no option breaks the state. Written
   * without branches on those tests (a constraint always goes into the ring's free slot, and
   * the tail moves past it only when it is queued): mispredicted branches were most of a
   * kill's cost.
   */
  kill(p: number): void {
    const a = p >> 1;
    const dir = p & 1;
    const b = secondCell(p, this.colsLess1);
    this.mask[a] &= ~(RIGHT << dir);
    this.mask[b] &= ~(LEFT >> dir);
    this.trail[this.trailLen++] = p;
    this.queueTail = this.lower(this.plX[p], this.lower(b, this.lower(a, this.queueTail)));
  }

  /** One option fewer for constraint x; returns the queue's tail, past x if x was queued. */
  private lower(x: number, tail: number): number {
    const v = this.con[x] - ONE;
    // 1 when the count is at or below the watch level and the constraint is open and unqueued.
    const wake = (((((v >> 2) & 63) - (v >> COUNT_SHIFT)) >>> 31) ^ 1) & (((v & FLAGS) - 1) >>> 31);
    this.con[x] = v | wake;
    this.queue[tail] = x;
    if (v < ONE && (v & DONE) === 0) this.broken = true;
    return tail + wake;
  }

  /** Lay the domino p: its cells and its pair are settled, so every rival placement dies. */
  place(p: number): void {
    const { con, mask, pairPl, bitOffset: off } = this;
    const a = p >> 1;
    const dir = p & 1;
    const b = secondCell(p, this.colsLess1);
    const x = this.plX[p];
    con[a] |= DONE;
    con[b] |= DONE;
    con[x] |= DONE;
    this.chosen[this.chosenLen++] = p;
    this.covered += 2;
    // Rivals die at both cells in one loop (b's mask in the high four bits, highest bit first:
    // one loop exit to mispredict, not two), then along the pair's list from its end; the
    // pair walk stops once the rivals its count promised are dead.
    const step = b - a;
    for (let rest = (mask[a] & ~(RIGHT << dir)) | ((mask[b] & ~(LEFT >> dir)) << 4); rest !== 0;) {
      const j = HIGH_BIT8[rest];
      rest ^= 1 << j;
      this.kill(2 * (a + (j >> 2) * step) + off[j & 3]);
    }
    for (let k = this.pairEnd[x - this.nCells] - 1, left = (con[x] >> COUNT_SHIFT) - 1; left > 0; k--) {
      const r = pairPl[k];
      if (r !== p && (mask[r >> 1] & (RIGHT << (r & 1))) !== 0) {
        this.kill(r);
        left--;
      }
    }
  }

  /** Undo every kill and placement made since the marks were taken. */
  undo(trailMark: number, chosenMark: number): void {
    const { plX, con, trail, chosen, mask, colsLess1 } = this;
    let t = this.trailLen;
    while (t > trailMark) {
      const p = trail[--t];
      const a = p >> 1;
      const dir = p & 1;
      const b = secondCell(p, colsLess1);
      mask[a] |= RIGHT << dir;
      mask[b] |= LEFT >> dir;
      con[a] += ONE;
      con[b] += ONE;
      con[plX[p]] += ONE;
    }
    this.trailLen = t;
    let c = this.chosenLen;
    while (c > chosenMark) {
      const p = chosen[--c];
      const a = p >> 1;
      con[a] &= ~FLAGS;
      con[secondCell(p, colsLess1)] &= ~FLAGS;
      con[plX[p]] &= ~FLAGS;
    }
    this.covered -= 2 * (this.chosenLen - c);
    this.chosenLen = c;
  }

  /**
   * Run the enabled rules until nothing changes. Returns false on a contradiction: an open
   * cell with no placement left, or an unused pair with no spot left.
   */
  propagate(): boolean {
    const { con, queue, firings: f } = this;
    const nCells = this.nCells;
    const rules = this.rules;
    while (this.queueHead !== this.queueTail) {
      if (this.broken || (--this.workLeft <= 0 && this.poll())) return this.clearQueue();
      const x = queue[this.queueHead++];
      const v = con[x] & ~QUEUED;
      con[x] = v;
      if ((v & DONE) !== 0) continue;
      const n = v >> COUNT_SHIFT;
      if (n === 0) return this.clearQueue();
      if (x < nCells) {
        if (n === 1 && (rules & CELL_SINGLETON) !== 0) {
          cellSingleton(this, x);
          f[0]++;
        } else if ((rules & CELL_FORCED_PAIR) !== 0 && cellForcedPair(this, x)) f[3]++;
      } else if (n === 1 && (rules & PAIR_SINGLETON) !== 0) {
        pairSingleton(this, x);
        f[1]++;
      } else if ((rules & PAIR_SHARED_CELL) !== 0 && n <= 4 && pairSharedCell(this, x)) f[2]++;
    }
    this.queueHead = 0;
    this.queueTail = 0;
    return true;
  }

  /**
   * Probing: a placement that leads by propagation alone to a contradiction can be in no
   * solution, so it dies. Only options of two-way cells and pairs are tried — when one of
   * two fails the other is forced, which is where probing pays. Runs to a fixpoint; returns
   * false if the state itself is contradictory.
   */
  probe(): boolean {
    const { con, probed, mask, pairPl, pairStart, bitOffset: off } = this;
    const nCells = this.nCells;
    const n = nCells + this.nPairs;
    // Round and round the constraints until a whole round has found nothing. A placement is
    // an option of up to three two-way constraints (its cells and its pair): the stamp, new
    // at every change of state, has it probed once per state.
    this.probeStamp++;
    for (let x = 0, quiet = 0; quiet < n; x = x + 1 === n ? 0 : x + 1, quiet++) {
      if (--this.workLeft <= 0 && this.poll()) return false;
      const v = con[x];
      if ((v & FLAGS) !== 0 || v >> COUNT_SHIFT !== 2) continue;
      // The two live options in increasing number; both stay live while neither probe finds
      // anything.
      let rest = x < nCells ? mask[x] : 0;
      let k = x < nCells ? 0 : pairStart[x - nCells];
      for (let j = 0; j < 2; j++) {
        let opt: number;
        if (x < nCells) {
          const bit = LOW_BIT[rest];
          rest ^= 1 << bit;
          opt = 2 * x + off[bit];
        } else {
          while ((mask[pairPl[k] >> 1] & (RIGHT << (pairPl[k] & 1))) === 0) k++;
          opt = pairPl[k++];
        }
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

  /**
   * Ask the interrupt whether to stop (and start a new stretch of work). Once it has said yes,
   * every later poll says yes at once: propagation, probing and search all unwind, and their
   * failures are read as nothing (the solve reports 'gave-up', the deduction `stopped`).
   */
  private poll(): boolean {
    if (!this.stopped && this.interrupt?.() === true) {
      this.stopped = true;
      this.gaveUp = true;
    }
    this.workLeft = this.stopped ? 0 : POLL_WORK;
    return this.stopped;
  }

  private clearQueue(): false {
    const { con, queue } = this;
    for (let i = this.queueHead; i < this.queueTail; i++) con[queue[i]] &= ~QUEUED;
    this.queueHead = 0;
    this.queueTail = 0;
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
    const { con, mask } = this;
    const n = nCells + this.nPairs;
    for (let x = 0; x < n && bestN > 2; x++) {
      const v = con[x];
      if ((v & DONE) === 0 && v >> COUNT_SHIFT < bestN) {
        bestN = v >> COUNT_SHIFT;
        best = x;
      }
    }
    // Copy the options out in increasing placement number, so the branch order is the
    // board's alone.
    const opts = this.options;
    if (best < nCells) {
      for (let rest = mask[best], j = top; rest !== 0; j++) {
        const bit = LOW_BIT[rest];
        rest ^= 1 << bit;
        opts[j] = 2 * best + this.bitOffset[bit];
      }
    } else {
      const pairPl = this.pairPl;
      for (let k = this.pairStart[best - nCells], j = top; j < top + bestN; k++) {
        const r = pairPl[k];
        if ((mask[r >> 1] & (RIGHT << (r & 1))) !== 0) opts[j++] = r;
      }
    }
    for (let k = top; k < top + bestN; k++) {
      // The scan for the narrowest constraint is work too: a block of 64 constraints a unit.
      if (this.nodes >= this.maxNodes || ((this.workLeft -= 1 + (n >> 6)) <= 0 && this.poll())) {
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
    const { mate, chosen, cols } = this;
    for (let i = 0; i < this.chosenLen; i++) {
      const p = chosen[i];
      const a = p >> 1;
      const b = secondCell(p, this.colsLess1);
      mate[a] = b;
      mate[b] = a;
    }
    // Only when the cap is 2: the search stops at once, so the swapped solution cannot be
    // found again and counted twice. Two side-by-side dominoes whose 2×2 square has equal
    // numbers at opposite corners re-lay the other way with the same two pairs.
    if (this.squareSwap && this.cap === 2 && hasAmbiguousSquare(this.cells, mate, this.rows, cols)) this.solutions++;
  }

  /** The first solution, from `mate`: each domino at its first cell, in row-major order. */
  private firstSolution(): Solution {
    return tilingToSolution(this.mate, this.rows, this.cols);
  }
}

// ---------------------------------------------------------------------------------------
// The rules. Each is called on an open cell or an unused pair whose live placements changed
// and that has at least one left. Pair and cell rules come in dual pairs.

/** Cell singleton: a cell with only one placement left must be covered by that placement. */
function cellSingleton(s: Solver, c: number): void {
  s.place(2 * c + s.bitOffset[LOW_BIT[s.mask[c]]]);
}

/** Pair singleton: a pair with only one spot left must be laid on that spot. */
function pairSingleton(s: Solver, x: number): void {
  const { pairPl } = s;
  let k = s.pairStart[x - s.nCells];
  while (!s.isLive(pairPl[k])) k++;
  s.place(pairPl[k]);
}

/**
 * Pair → shared cell: if every remaining spot of a pair covers the same cell, that cell will
 * hold this pair, so the cell's placements that spell any other pair die.
 */
function pairSharedCell(s: Solver, x: number): boolean {
  const { pairPl, colsLess1 } = s;
  const q = x - s.nCells;
  const end = s.pairEnd[q];
  let k = s.pairStart[q];
  while (!s.isLive(pairPl[k])) k++;
  // The cells every live spot so far covers (-1: not all of them).
  let u = pairPl[k] >> 1;
  let w = secondCell(pairPl[k], colsLess1);
  for (k++; k < end; k++) {
    const p = pairPl[k];
    if (!s.isLive(p)) continue;
    const a = p >> 1;
    const b = secondCell(p, colsLess1);
    if (u !== a && u !== b) u = -1;
    if (w !== a && w !== b) w = -1;
    if (u < 0 && w < 0) return false;
  }
  let fired = false;
  if (u >= 0) fired = killOtherPairsAt(s, u, x) || fired;
  if (w >= 0) fired = killOtherPairsAt(s, w, x) || fired;
  return fired;
}

function killOtherPairsAt(s: Solver, c: number, x: number): boolean {
  const { plX, bitOffset: off } = s;
  let fired = false;
  for (let rest = s.mask[c]; rest !== 0;) {
    const j = HIGH_BIT[rest];
    rest ^= 1 << j;
    const p = 2 * c + off[j];
    if (plX[p] !== x) {
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
  const { plX, pairPl, bitOffset: off, colsLess1 } = s;
  let rest = s.mask[c];
  const x = plX[2 * c + off[LOW_BIT[rest]]];
  for (rest &= rest - 1; rest !== 0; rest &= rest - 1) if (plX[2 * c + off[LOW_BIT[rest]]] !== x) return false;
  const q = x - s.nCells;
  let fired = false;
  for (let k = s.pairEnd[q] - 1, start = s.pairStart[q]; k >= start; k--) {
    const p = pairPl[k];
    if (!s.isLive(p)) continue;
    const a = p >> 1;
    if (a !== c && secondCell(p, colsLess1) !== c) {
      s.kill(p);
      fired = true;
    }
  }
  return fired;
}
