// Repair-based generation for boards too large for rejection: deal onto a tiling, then change
// the deal where root propagation leaves cells undecided, keeping a change only when it leaves no
// more cells undecided, until a proof of uniqueness goes through.
import type { Board } from '../board.js';
import { dealOnto } from './deal.js';
import { generatorTiling } from './flipchain.js';
import { pairCount } from '../pairs.js';
import { inBand, type GradeBand } from '../rank/bands.js';
import type { Rng } from '../rng.js';
import { PINNED_PROBING, type RuleName, type Solver, type SolveResult } from '../solve/solver.js';
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
 * probing. So the hard goals start from fresh deals rather than half-repaired ones (except that
 * at large M the probing goal lets cheap rules steps do the first part: see PREREPAIR_MIN_M).
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
/**
 * Largest M at which a graded run whose band reaches level 5 (set analysis) first tries each
 * fresh deal as it is: most unique fresh deals there need set analysis, chains or search, and
 * they are the only source of level-7 boards (the walk's boards, one change from easy, almost
 * never need search), but grading them grows costly beyond this size.
 */
export const AS_DEALT_MAX_M = 30;
/**
 * Node budget of the uniqueness proof of a graded walk's board (one change from a board the
 * rules finish); a proof that runs out counts the board as not unique.
 */
export const WALK_NODES = 2000;
/**
 * Smallest M whose probing goal first repairs the deal by the four rules alone (steps ~6× cheaper
 * than probing ones), stopping at 2M open cells, and only then repairs by probing. Rules repair
 * collapses a deal's open cells in a cascade (M=50, 8 deals: from ~2,400 to 18–38), and probing
 * settled none of those the rules left, so this hands the probing repair a board a few steps from
 * done. At M=50 (48 slots, seed 2026) it cut the probing goal's median from 211 to 42 ms CPU,
 * with the same tiers (14 expert, all from that goal). Below this size the probing goal is cheap
 * and it stays as it was, so those sizes keep their boards.
 */
export const PREREPAIR_MIN_M = SEARCH_MAX_M + 1;
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

/** A graded run's band (grader levels wanted, both inclusive) and judge (see Repairer.runGraded). */
export interface GradedRepairOptions extends RepairOptions, GradeBand {
  /**
   * Whether a board the four rules leave open, already proven unique, grades inside the band.
   * Boards the rules finish never reach it: their level (1 or 2) is told here by the singletons.
   */
  fits: (board: Board) => boolean;
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
    this.begin(m, options);
    const goal = Repairer.drawGoal(m, rng);
    let r = goal === 'search' ? this.searchGoal(rng) : NEXT;
    if (r === NEXT && (goal === 'search' || goal === 'probing')) r = this.probeGoal(rng);
    if (r === NEXT && goal === 'singles') r = this.repairTo(SINGLES_LEVEL, rng, SINGLES_DEALS);
    if (r === NEXT) r = this.repairTo(RULES_LEVEL, rng, Infinity);
    return this.result(r, goal, 'unique board', SEARCH_LEVEL);
  }

  /** Reset the counters and budgets for a run at size m. */
  private begin(m: number, options: RepairOptions): void {
    this.shapeFor(m);
    this.deals = 0;
    this.steps = 0;
    this.proofNodes = 0;
    this.maxAttempts = options.maxAttempts;
    this.interrupt = options.interrupt;
  }

  /**
   * A run's result from the level r its board was proven at (or TIMED_OUT, or < 0 when the
   * deals ran out: no `what` found). A proof below `searchedFrom` took no search: one node.
   */
  private result(r: number, goal: RepairGoal, what: string, searchedFrom: number): RepairResult {
    if (r === TIMED_OUT) return this.fail('the time budget ran out', true);
    if (r < 0) {
      const k = this.maxAttempts;
      return this.fail(`no ${what} in ${k} deal${k === 1 ? '' : 's'}`, false);
    }
    if (r < searchedFrom) this.proofNodes = 1;
    return { ok: true, goal, proof: LEVELS[r], deals: this.deals, steps: this.steps, proofNodes: this.proofNodes };
  }

  /**
   * Make a unique board of size m whose grader level lies in [minLevel, maxLevel]. The grader's
   * levels 1 and 2 are exactly the solver's singleton rules and its four rules, so a board the
   * rules finish is level 1 when the singletons alone do and level 2 otherwise, with no grading.
   * Each deal is first repaired until the rules finish it (the singletons, for a band of level 1
   * only); then, while the board is outside the band, a walk mutates it anywhere: a change the
   * rules still finish is kept (a unique board, easier than wanted, to walk on from); a change
   * that leaves cells open is kept only if search proves the board unique and `fits` says its
   * grade is in the band, which ends the run. So hard boards come from easy ones one change
   * away: boards part-way through a repair are never unique, and fresh deals are rarely hard
   * (at M=20, 0 of 150). Walking 10 repaired boards 400 changes each at M = 15/20/30/50, 20/23/
   * 25/30% of the changes left a unique board with cells open, and 27/24/20/27% of those graded
   * hard, nearly all the rest set analysis or beyond. A band reaching level 5 tries each fresh
   * deal as it is first, up to AS_DEALT_MAX_M.
   */
  runGraded(m: number, rng: Rng, options: GradedRepairOptions): RepairResult {
    this.begin(m, options);
    const { maxLevel } = options;
    const base = maxLevel <= 1 ? SINGLES_LEVEL : RULES_LEVEL;
    const goal = LEVELS[maxLevel <= 2 ? base : SEARCH_LEVEL];
    const asDealt = maxLevel >= 5 && m <= AS_DEALT_MAX_M;
    for (;;) {
      let r = this.newDeal(rng);
      if (r >= 0) r = asDealt ? this.dealFits(options.fits) : NEXT;
      if (r === NEXT) r = this.repairDeal(base, rng);
      if (r >= 0 && r < PROBING_LEVEL) r = this.walkInto(options, options.fits, rng);
      if (r !== NEXT) return this.result(r, goal, 'board of the wanted grade', PROBING_LEVEL);
    }
  }

  /** The search goal's proof: count to 2 with probing at every node, within SEARCH_NODES. */
  private searchProof(board: Board): SolveResult {
    return this.solver.solve(board, {
      cap: 2,
      maxNodes: SEARCH_NODES,
      probe: 'all',
      squareSwap: true,
      solution: false,
      interrupt: this.interrupt,
    });
  }

  /**
   * The fresh deal itself, when the rules leave it open, search proves it unique and it fits:
   * PROBING_LEVEL if root probing settled it, else SEARCH_LEVEL; NEXT otherwise.
   */
  private dealFits(fits: (board: Board) => boolean): number {
    if (this.open(RULES_LEVEL) === 0) return NEXT;
    const board = this.use(this.shape).board;
    const res = this.searchProof(board);
    if (res.status !== 'unique' || !fits(board)) return NEXT;
    this.proofNodes = res.nodes;
    return res.nodes === 1 ? PROBING_LEVEL : SEARCH_LEVEL;
  }

  /**
   * From a board the rules finish, mutate within the step budget until its grade is in
   * [minLevel, maxLevel]: return the proof level (SINGLES_LEVEL, RULES_LEVEL, or SEARCH_LEVEL for
   * a board the rules leave open), NEXT when the budget runs out, TIMED_OUT on the interrupt.
   */
  private walkInto(band: GradeBand, fits: (board: Board) => boolean, rng: Rng): number {
    const s = this.use(this.shape);
    // A board the rules finish is level 1 or 2, told by the singletons: its proof level when
    // that is in the band (only asked when the band holds one of them), else NEXT.
    const easyFit = (): number => {
      if (band.minLevel > 2) return NEXT;
      const level = this.open(SINGLES_LEVEL) === 0 ? 1 : 2;
      return inBand(band, level) ? level - 1 : NEXT;
    };
    const easy = easyFit();
    if (easy !== NEXT) return easy;
    // Every cell is settled, so the walk may change any tile.
    for (let c = 0; c < s.n; c++) s.open[c] = c;
    this.openCount = s.n;
    const budget = stepBudget(s.m);
    for (let k = 0; k < budget; k++) {
      if (this.interrupt?.() === true) return TIMED_OUT;
      this.mutate(rng);
      if (this.open(RULES_LEVEL) === 0) {
        const r = easyFit();
        if (r !== NEXT) return r;
        continue;
      }
      if (band.maxLevel > 2) {
        const res = this.solver.solve(s.board, {
          ...PINNED_PROBING,
          cap: 2,
          maxNodes: WALK_NODES,
          squareSwap: true,
          solution: false,
          interrupt: this.interrupt,
        });
        if (res.status === 'unique' && fits(s.board)) {
          this.proofNodes = res.nodes;
          return SEARCH_LEVEL;
        }
      }
      this.undo();
    }
    return NEXT;
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
    for (let tries = 0; tries < maxDeals; tries++) {
      const d = this.newDeal(rng);
      if (d < 0) return d;
      const r = this.repairDeal(level, rng);
      if (r !== NEXT) return r;
    }
    return NEXT;
  }

  /** Repair the current deal toward zero cells left open by the rules of `level`, as repairTo. */
  private repairDeal(level: number, rng: Rng, stopAt = 0): number {
    const budget = stepBudget(this.use(this.shape).m);
    let open = this.open(level);
    this.collectOpen();
    for (let k = 0; open > stopAt && k < budget; k++) {
      if (this.interrupt?.() === true) return TIMED_OUT;
      this.mutate(rng);
      const after = this.open(level);
      if (after <= open) {
        open = after;
        this.collectOpen();
      } else this.undo();
    }
    return open === 0 ? level : NEXT;
  }

  /**
   * Boards the rules cannot finish but root probing can: take the deal as it is if probing
   * settles it, else repair toward zero cells open after probing, refusing any change that would
   * let the rules alone finish (that board would be easy). A deal the rules settle is kept too:
   * it is unique, and fresh deals rarely are (M ≥ 20). From PREREPAIR_MIN_M on, the deal is
   * first repaired by the rules alone, down to 2M open cells, before probing steers.
   */
  private probeGoal(rng: Rng): number {
    const m = this.use(this.shape).m;
    const budget = stepBudget(m);
    for (let tries = 0; tries < PROBE_DEALS; tries++) {
      const d = this.newDeal(rng);
      if (d < 0) return d;
      if (m >= PREREPAIR_MIN_M) {
        const pre = this.repairDeal(RULES_LEVEL, rng, 2 * m);
        if (pre === TIMED_OUT) return pre;
      }
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
      const res = this.searchProof(this.use(this.shape).board);
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
