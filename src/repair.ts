// Repair-based generation for boards too large for rejection: deal onto a tiling, then change
// the deal where root propagation leaves cells undecided, keeping a change only when it leaves no
// more cells undecided, until a proof of uniqueness goes through.
import type { Board } from './board.js';
import { dealOnto } from './deal.js';
import { generatorTiling } from './flipchain.js';
import { pairCount } from './pairs.js';
import type { Rng } from './rng.js';
import type { RuleName, Solver } from './solver.js';
import type { TilingSource } from './tiling.js';

/**
 * What a slot aims for, i.e. which root reasoning should be the one that settles it (the levels
 * of grade/layered.ts, one per tier at the sizes repair makes):
 * - singles: the two singleton rules decide every cell;
 * - rules: the four rules do (and, mostly, the singletons alone do not);
 * - probing: the rules leave cells open, root probing decides them all;
 * - search: root probing leaves cells open too; search (probing at every node) proves the board
 *   unique within a node budget.
 *
 * Measured on fresh deals onto random tilings (avoiding ambiguous 2×2 squares), M = 12/20/30/50
 * (300/200/100/20 deals): 11/2/0/0% are settled by propagation, 42/36/14/0% by root probing,
 * 2/16/46/5% are unique with cells open after probing (proved by search within 5000 nodes; at
 * M=50 the other 19 searches gave up), the rest have several solutions. Boards part-way through
 * a propagation repair are another matter: stopped at 4–26 open cells, 18 of 18 at M=20 and 30
 * had several solutions, and no intermediate board of 36 repairs (M=20, 30) was settled by root
 * probing. So the hard goals start from fresh deals rather than half-repaired ones.
 */
export type RepairGoal = 'singles' | 'rules' | 'probing' | 'search';

const SINGLES: readonly RuleName[] = ['cellSingleton', 'pairSingleton'];

/**
 * Largest M that tries the search goal: the proofs grow fast with M. Search-goal slots took a
 * median of 0.06 s at M=30, 0.35 s at M=35 (largest of 8: 2.5 s) and 3.9 s at M=40 (largest of
 * 11: 14 s; one slot spent 28 s on 64 deals before falling back); at M=50, 19 of 20 proofs gave up.
 */
export const SEARCH_MAX_M = 35;
/** Largest M that tries the probing goal: root probing costs ~6 ms a step at M=50. */
export const PROBE_MAX_M = 60;
/** Deals the search goal tries before falling back to the probe goal. */
export const SEARCH_DEALS = 64;
/** Node budget of one search proof (probing at every node). M=30: median 21, p90 169. */
export const SEARCH_NODES = 256;
/** Deals the probing goal tries (each repaired up to the step budget) before falling back. */
export const PROBE_DEALS = 4;
/** Deals the singles goal tries (each repaired up to the step budget) before falling back. */
export const SINGLES_DEALS = 4;

/**
 * Mutations one deal may try before it is dropped for a fresh one. Propagation repair took a
 * median of 14 / 73 / 156 / 646 steps at M = 12 / 30 / 50 / 100 (p90 34 / 100 / 199 / 800).
 */
export function stepBudget(m: number): number {
  return 20 * m + ((m * m) >> 2);
}

export interface RepairOptions {
  /** Deals to try before the slot is given up (all goals together). */
  maxAttempts: number;
  /**
   * Polled between deals, between mutations and inside search proofs; true stops the slot with
   * timedOut (a give-up, never a different board). The shell passes a clock check here, so the
   * core never reads the time.
   */
  interrupt?: () => boolean;
}

export type RepairResult =
  | {
      ok: true;
      /** The goal drawn for the slot, and the proof that settled it (fallbacks can differ). */
      goal: RepairGoal;
      proof: RepairGoal;
      deals: number;
      /** Mutations tried, kept or not. */
      steps: number;
      /** Nodes of the proof that settled the board (1 for a root proof). */
      proofNodes: number;
    }
  | { ok: false; deals: number; steps: number; reason: string; timedOut: boolean };

/** Per-size buffers. */
interface Shape {
  m: number;
  rows: number;
  cols: number;
  n: number;
  tiles: number;
  source: TilingSource;
  mate: Int32Array;
  cells: Uint16Array;
  board: Board;
  /** Tile k covers cells tileA[k] < tileB[k]; tileOf[c] is the tile covering cell c. */
  tileA: Int32Array;
  tileB: Int32Array;
  tileOf: Int32Array;
  /** Cells left undecided by the last accepted deduction: open[0 .. openCount). */
  open: Int32Array;
}

const SINGLES_LEVEL = 0;
const RULES_LEVEL = 1;
const PROBING_LEVEL = 2;
const SEARCH_LEVEL = 3;
const LEVELS: readonly RepairGoal[] = ['singles', 'rules', 'probing', 'search'];
const NEXT = -1;
const OUT_OF_DEALS = -2;
const TIMED_OUT = -3;

/**
 * Makes one slot's board at a time in reused buffers: after a successful run, `board` holds the
 * board and `mate` its unique solution (the tiling it was dealt on). Not re-entrant.
 */
export class Repairer {
  private shape: Shape | null = null;
  private openCount = 0;
  private deals = 0;
  private steps = 0;
  private proofNodes = 0;
  private maxAttempts = 0;
  private interrupt: (() => boolean) | undefined = undefined;
  // The last mutation, for undo: the two tiles' cells and their old values.
  private ua = 0;
  private ub = 0;
  private uc = 0;
  private ud = 0;
  private va = 0;
  private vb = 0;
  private vc = 0;
  private vd = 0;

  constructor(readonly solver: Solver) {}

  get board(): Board {
    return this.use(this.shape).board;
  }

  get mate(): Int32Array {
    return this.use(this.shape).mate;
  }

  /**
   * The goal a slot of size m aims for: each of the four a quarter of the time, except that
   * sizes too large for the probing or search goal aim for the four rules instead (the tiers of
   * those sizes then cut the rules level by its score).
   */
  static drawGoal(m: number, rng: Rng): RepairGoal {
    const r = rng.int(0, 3);
    if (r === 3 && m <= SEARCH_MAX_M) return 'search';
    if (r === 2 && m <= PROBE_MAX_M) return 'probing';
    return r === 0 ? 'singles' : 'rules';
  }

  /**
   * Make a unique board of size m from `rng`: draw the goal, then try it, falling back from
   * search to probing to the four rules, and from singles to the four rules, when a goal's own
   * budget runs out; so a slot fails only when all maxAttempts deals are spent (or the interrupt
   * fires).
   */
  run(m: number, rng: Rng, options: RepairOptions): RepairResult {
    this.shapeFor(m);
    this.deals = 0;
    this.steps = 0;
    this.proofNodes = 0;
    this.maxAttempts = options.maxAttempts;
    this.interrupt = options.interrupt;
    const goal = Repairer.drawGoal(m, rng);
    let r = goal === 'search' ? this.searchGoal(rng) : NEXT;
    if (r === NEXT && (goal === 'search' || goal === 'probing')) r = this.probeGoal(rng);
    if (r === NEXT && goal === 'singles') r = this.repairTo(SINGLES_LEVEL, rng, SINGLES_DEALS);
    if (r === NEXT) r = this.repairTo(RULES_LEVEL, rng, Infinity);
    if (r === TIMED_OUT) return this.fail('the time budget ran out', true);
    if (r < 0) {
      const k = this.maxAttempts;
      return this.fail(`no unique board in ${k} deal${k === 1 ? '' : 's'}`, false);
    }
    if (r < SEARCH_LEVEL) this.proofNodes = 1;
    return { ok: true, goal, proof: LEVELS[r], deals: this.deals, steps: this.steps, proofNodes: this.proofNodes };
  }

  private fail(reason: string, timedOut: boolean): RepairResult {
    return { ok: false, deals: this.deals, steps: this.steps, reason, timedOut };
  }

  // The goals return the level that settled the board (SINGLES_LEVEL .. SEARCH_LEVEL), NEXT when
  // their own budget ran out, or OUT_OF_DEALS / TIMED_OUT to stop the slot.

  /**
   * Repair toward zero cells left open by the rules of `level` (singles or all four), on up to
   * maxDeals deals of stepBudget mutations each.
   */
  private repairTo(level: number, rng: Rng, maxDeals: number): number {
    const budget = stepBudget(this.use(this.shape).m);
    for (let tries = 0; tries < maxDeals; tries++) {
      const d = this.newDeal(rng);
      if (d < 0) return d;
      let open = this.open(level);
      this.collectOpen();
      for (let k = 0; open > 0 && k < budget; k++) {
        if (this.interrupt?.() === true) return TIMED_OUT;
        this.mutate(rng);
        const after = this.open(level);
        if (after <= open) {
          open = after;
          this.collectOpen();
        } else this.undo();
      }
      if (open === 0) return level;
    }
    return NEXT;
  }

  /**
   * Boards the rules cannot finish but root probing can: take the deal as it is if probing
   * settles it, else repair toward zero cells open after probing, refusing any change that would
   * let the rules alone finish (that board would be easy). A deal the rules settle is kept too:
   * it is unique, and fresh deals rarely are (M ≥ 20).
   */
  private probeGoal(rng: Rng): number {
    const budget = stepBudget(this.use(this.shape).m);
    for (let tries = 0; tries < PROBE_DEALS; tries++) {
      const d = this.newDeal(rng);
      if (d < 0) return d;
      if (this.open(RULES_LEVEL) === 0) return RULES_LEVEL;
      let open = this.open(PROBING_LEVEL);
      this.collectOpen();
      for (let k = 0; open > 0 && k < budget; k++) {
        if (this.interrupt?.() === true) return TIMED_OUT;
        this.mutate(rng);
        // Cells open after probing are open after the rules too, so only a change that lets
        // probing finish needs the second deduction, to refuse it if the rules alone finish.
        const after = this.open(PROBING_LEVEL);
        if (after > open) this.undo();
        else if (after > 0) {
          open = after;
          this.collectOpen();
        } else if (this.open(RULES_LEVEL) > 0) open = 0;
        else this.undo();
      }
      if (open === 0) return PROBING_LEVEL;
    }
    return NEXT;
  }

  /** Fresh deals that leave cells open after probing, until search proves one unique. */
  private searchGoal(rng: Rng): number {
    for (let tries = 0; tries < SEARCH_DEALS; tries++) {
      const d = this.newDeal(rng);
      if (d < 0) return d;
      // Open after probing implies open after the rules: one deduction tells both.
      if (this.open(PROBING_LEVEL) === 0) continue;
      const res = this.solver.solve(this.use(this.shape).board, {
        cap: 2,
        maxNodes: SEARCH_NODES,
        probe: 'all',
        squareSwap: true,
        solution: false,
        interrupt: this.interrupt,
      });
      // 'gave-up' counts as not unique: no better than a board with several solutions.
      if (res.status === 'unique') {
        this.proofNodes = res.nodes;
        return SEARCH_LEVEL;
      }
    }
    return NEXT;
  }

  /** A fresh tiling with a fresh deal on it; OUT_OF_DEALS or TIMED_OUT when none is allowed. */
  private newDeal(rng: Rng): number {
    if (this.deals >= this.maxAttempts) return OUT_OF_DEALS;
    if (this.interrupt?.() === true) return TIMED_OUT;
    this.deals++;
    const s = this.use(this.shape);
    s.source.sample(rng, s.mate);
    dealOnto(s.mate, s.rows, s.cols, s.m, rng, { avoidSquares: true }, s.cells);
    const { mate, tileA, tileB, tileOf } = s;
    let k = 0;
    for (let a = 0; a < s.n; a++) {
      const b = mate[a];
      if (b < a) continue;
      tileA[k] = a;
      tileB[k] = b;
      tileOf[a] = k;
      tileOf[b] = k;
      k++;
    }
    return 0;
  }

  /** Cells left undecided at the root by the singletons, the four rules, or those and probing. */
  private open(level: number): number {
    const board = this.use(this.shape).board;
    const st =
      level === SINGLES_LEVEL
        ? this.solver.deduce(board, { rules: SINGLES, live: false })
        : this.solver.deduce(board, { probe: level === PROBING_LEVEL ? 'root' : 'off', live: false });
    // The dealt tiling is a solution, so sound rules can never find a contradiction.
    if (!st.consistent) throw new Error('repair: a board with a known solution was found contradictory');
    return st.undecidedCells;
  }

  /** Record the cells the solver's last deduction left undecided. */
  private collectOpen(): void {
    const s = this.use(this.shape);
    const done = this.solver.cellDone;
    let k = 0;
    for (let c = 0; c < s.n; c++) if (done[c] === 0) s.open[k++] = c;
    this.openCount = k;
  }

  /**
   * Change the deal at an open cell: its tile is turned round, or swaps pairs (in either
   * orientation) with a random other tile. Every change keeps a complete set on the same
   * tiling, so the tiling stays a solution.
   */
  private mutate(rng: Rng): void {
    this.steps++;
    const s = this.use(this.shape);
    const { cells, tileA, tileB } = s;
    const k = s.tileOf[s.open[rng.int(0, this.openCount - 1)]];
    let j = rng.int(0, s.tiles - 2);
    if (j >= k) j++;
    const kind = rng.int(0, 2);
    const a = tileA[k];
    const b = tileB[k];
    const c = tileA[j];
    const d = tileB[j];
    this.ua = a;
    this.ub = b;
    this.uc = c;
    this.ud = d;
    const va = (this.va = cells[a]);
    const vb = (this.vb = cells[b]);
    const vc = (this.vc = cells[c]);
    const vd = (this.vd = cells[d]);
    if (kind === 0) {
      cells[a] = vb;
      cells[b] = va;
    } else if (kind === 1) {
      cells[a] = vc;
      cells[b] = vd;
      cells[c] = va;
      cells[d] = vb;
    } else {
      cells[a] = vd;
      cells[b] = vc;
      cells[c] = vb;
      cells[d] = va;
    }
  }

  private undo(): void {
    const cells = this.use(this.shape).cells;
    cells[this.ua] = this.va;
    cells[this.ub] = this.vb;
    cells[this.uc] = this.vc;
    cells[this.ud] = this.vd;
  }

  private shapeFor(m: number): void {
    if (this.shape?.m === m) return;
    const rows = m + 1;
    const cols = m + 2;
    const n = rows * cols;
    const tiles = pairCount(m);
    const cells = new Uint16Array(n);
    this.shape = {
      m,
      rows,
      cols,
      n,
      tiles,
      source: generatorTiling(rows, cols),
      mate: new Int32Array(n),
      cells,
      board: { rows, cols, m, cells },
      tileA: new Int32Array(tiles),
      tileB: new Int32Array(tiles),
      tileOf: new Int32Array(n),
      open: new Int32Array(n),
    };
  }

  private use(s: Shape | null): Shape {
    if (s === null) throw new Error('repair: no board made yet');
    return s;
  }
}
