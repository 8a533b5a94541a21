// Repair-based generation for boards too large for rejection: deal onto a tiling, then change
// the deal where root propagation leaves cells undecided, keeping a change only when it leaves no
// more cells undecided, until a proof of uniqueness goes through.
import type { Board } from '../board.js';
import { dealOnto } from './deal.js';
import { generatorTiling } from '../../tiling/flipchain.js';
import { pairCount } from '../pairs.js';
import { inBand, type GradeBand } from '../rank/bands.js';
import type { Rng } from '../../rng.js';
import { deduceLayer, weaker, type DeductionLayer, type RootLayer } from '../solve/layers.js';
import { PINNED_PROBING, type Solver, type SolveResult } from '../solve/solver.js';
import type { TilingSource } from '../../tiling/tiling.js';

// A slot aims at a root layer (solve/layers.ts): the one that should settle its board. The hard
// goals start from fresh deals, since boards part-way through a repair are rarely unique
// (src/README.md, "Making boards"; scripts/bench/README.md, "Repair's constants", measures them).

/** Largest M that tries the search goal: its proofs grow fast with M. */
export const SEARCH_MAX_M = 35;
/** Largest M that tries the probing goal: root probing is costly per step beyond. */
export const PROBE_MAX_M = 60;
/** Deals the search goal tries before falling back to the probe goal. */
export const SEARCH_DEALS = 64;
/** Node budget of one search proof (probing at every node). */
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
 * Smallest M whose probing goal first repairs the deal by the four rules alone (much cheaper
 * steps), down to 2M open cells, and only then by probing; smaller sizes keep their boards.
 */
export const PREREPAIR_MIN_M = SEARCH_MAX_M + 1;
/** Deals the probing goal tries (each repaired up to the step budget) before falling back. */
export const PROBE_DEALS = 4;
/** Deals the singles goal tries (each repaired up to the step budget) before falling back. */
export const SINGLES_DEALS = 4;

/** Mutations one deal may try before it is dropped for a fresh one (a few times the median need). */
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
  /** Whether a board the rules finish (level 1 or 2) has its reference measure in range (default: any is). */
  inRange?: (board: Board) => boolean;
}

export type RepairResult =
  | {
      ok: true;
      /** The goal drawn for the slot, and the layer whose proof settled it (fallbacks can differ). */
      goal: RootLayer;
      proof: RootLayer;
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

/**
 * How a goal's try ended: its board is settled (proven unique) at a layer; or its own budget ran
 * out and the caller falls back (next); or the slot stops, out of deals or out of time.
 */
type Outcome = { kind: 'settled'; layer: RootLayer } | { kind: 'next' } | Stop;
type Stop = { kind: 'out-of-deals' } | { kind: 'timed-out' };

const NEXT: Outcome = Object.freeze({ kind: 'next' });
const OUT_OF_DEALS: Stop = Object.freeze({ kind: 'out-of-deals' });
const TIMED_OUT: Stop = Object.freeze({ kind: 'timed-out' });
const SETTLED: Readonly<Record<RootLayer, Outcome>> = {
  singles: Object.freeze({ kind: 'settled', layer: 'singles' }),
  rules: Object.freeze({ kind: 'settled', layer: 'rules' }),
  probing: Object.freeze({ kind: 'settled', layer: 'probing' }),
  search: Object.freeze({ kind: 'settled', layer: 'search' }),
};

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
  /**
   * The interrupt has answered true in this run. From then on a tiling may be unmixed and a
   * deduction partial, so whatever the run reaches is a give-up, never a board (see result).
   */
  private stopped = false;
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
  static drawGoal(m: number, rng: Rng): RootLayer {
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
    if (r === NEXT && goal === 'singles') r = this.repairTo('singles', rng, SINGLES_DEALS);
    if (r === NEXT) r = this.repairTo('rules', rng, Infinity);
    return this.result(r, goal, 'unique board', 'search');
  }

  /** Reset the counters and budgets for a run at size m. */
  private begin(m: number, options: RepairOptions): void {
    this.shapeFor(m);
    this.deals = 0;
    this.steps = 0;
    this.proofNodes = 0;
    this.maxAttempts = options.maxAttempts;
    this.stopped = false;
    // Sticky: once it says stop, every later poll says so too, whatever the caller's clock does.
    const user = options.interrupt;
    this.interrupt = user === undefined ? undefined : () => this.stopped || (this.stopped = user() === true);
  }

  /**
   * A run's result from how its last try ended (a board not settled means the deals ran out: no
   * `what` found). A proof at a layer weaker than `searchedFrom` took no search: one node.
   */
  private result(r: Outcome, goal: RootLayer, what: string, searchedFrom: RootLayer): RepairResult {
    if (r.kind === 'timed-out' || this.stopped) return this.fail('the time budget ran out', true);
    if (r.kind !== 'settled') {
      const k = this.maxAttempts;
      return this.fail(`no ${what} in ${k} deal${k === 1 ? '' : 's'}`, false);
    }
    if (weaker(r.layer, searchedFrom)) this.proofNodes = 1;
    return { ok: true, goal, proof: r.layer, deals: this.deals, steps: this.steps, proofNodes: this.proofNodes };
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
   * away: boards part-way through a repair are never unique, and fresh deals are rarely hard.
   * A band reaching level 5 tries each fresh deal as it is first, up to AS_DEALT_MAX_M.
   */
  runGraded(m: number, rng: Rng, options: GradedRepairOptions): RepairResult {
    this.begin(m, options);
    const { maxLevel } = options;
    const base: DeductionLayer = maxLevel <= 1 ? 'singles' : 'rules';
    const goal: RootLayer = maxLevel <= 2 ? base : 'search';
    const asDealt = maxLevel >= 5 && m <= AS_DEALT_MAX_M;
    for (;;) {
      let r: Outcome = this.newDeal(rng) ?? (asDealt ? this.dealFits(options.fits) : NEXT);
      if (r === NEXT) r = this.repairDeal(base, rng);
      if (r.kind === 'settled' && weaker(r.layer, 'probing')) r = this.walkInto(options, rng);
      if (r !== NEXT) return this.result(r, goal, 'board of the wanted grade', 'probing');
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
   * settled by probing if root probing settled it, else by search; NEXT otherwise.
   */
  private dealFits(fits: (board: Board) => boolean): Outcome {
    if (this.open('rules') === 0) return NEXT;
    const board = this.use(this.shape).board;
    const res = this.searchProof(board);
    if (res.status !== 'unique' || !fits(board)) return NEXT;
    this.proofNodes = res.nodes;
    return SETTLED[res.nodes === 1 ? 'probing' : 'search'];
  }

  /**
   * From a board the rules finish, mutate within the step budget until its grade is in
   * [minLevel, maxLevel]: the board is then settled by singles, by the rules, or (a board the
   * rules leave open) by search; NEXT when the budget runs out, TIMED_OUT on the interrupt.
   */
  private walkInto(band: GradedRepairOptions, rng: Rng): Outcome {
    const s = this.use(this.shape);
    const { fits, inRange } = band;
    // A board the rules finish is level 1 or 2, told by the singletons: settled by that layer
    // when its level is in the band and its measure in range (only asked when the band holds
    // one of them), else NEXT.
    const easyFit = (): Outcome => {
      if (band.minLevel > 2) return NEXT;
      const singles = this.open('singles') === 0;
      if (!inBand(band, singles ? 1 : 2) || !(inRange?.(s.board) ?? true)) return NEXT;
      return SETTLED[singles ? 'singles' : 'rules'];
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
      if (this.open('rules') === 0) {
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
          return SETTLED.search;
        }
      }
      this.undo();
    }
    return NEXT;
  }

  private fail(reason: string, timedOut: boolean): RepairResult {
    return { ok: false, deals: this.deals, steps: this.steps, reason, timedOut };
  }

  /**
   * Repair toward zero cells left open by the rules of `level` (singles or all four), on up to
   * maxDeals deals of stepBudget mutations each.
   */
  private repairTo(level: 'singles' | 'rules', rng: Rng, maxDeals: number): Outcome {
    for (let tries = 0; tries < maxDeals; tries++) {
      const d = this.newDeal(rng);
      if (d !== null) return d;
      const r = this.repairDeal(level, rng);
      if (r !== NEXT) return r;
    }
    return NEXT;
  }

  /**
   * Repair the current deal toward at most `stopAt` cells left open by the rules of `level`:
   * settled at that layer once none are, NEXT when the step budget runs out first.
   */
  private repairDeal(level: 'singles' | 'rules', rng: Rng, stopAt = 0): Outcome {
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
    return open === 0 ? SETTLED[level] : NEXT;
  }

  /**
   * Boards the rules cannot finish but root probing can: take the deal as it is if probing
   * settles it, else repair toward zero cells open after probing, refusing any change that would
   * let the rules alone finish (that board would be easy). A deal the rules settle is kept too:
   * it is unique, and fresh deals rarely are (M ≥ 20). From PREREPAIR_MIN_M on, the deal is
   * first repaired by the rules alone, down to 2M open cells, before probing steers.
   */
  private probeGoal(rng: Rng): Outcome {
    const m = this.use(this.shape).m;
    const budget = stepBudget(m);
    for (let tries = 0; tries < PROBE_DEALS; tries++) {
      const d = this.newDeal(rng);
      if (d !== null) return d;
      if (m >= PREREPAIR_MIN_M) {
        const pre = this.repairDeal('rules', rng, 2 * m);
        if (pre === TIMED_OUT) return pre;
      }
      if (this.open('rules') === 0) return SETTLED.rules;
      let open = this.open('probing');
      this.collectOpen();
      for (let k = 0; open > 0 && k < budget; k++) {
        if (this.interrupt?.() === true) return TIMED_OUT;
        this.mutate(rng);
        // Cells open after probing are open after the rules too, so only a change that lets
        // probing finish needs the second deduction, to refuse it if the rules alone finish.
        const after = this.open('probing');
        if (after > open) this.undo();
        else if (after > 0) {
          open = after;
          this.collectOpen();
        } else if (this.open('rules') > 0) open = 0;
        else this.undo();
      }
      if (open === 0) return SETTLED.probing;
    }
    return NEXT;
  }

  /** Fresh deals that leave cells open after probing, until search proves one unique. */
  private searchGoal(rng: Rng): Outcome {
    for (let tries = 0; tries < SEARCH_DEALS; tries++) {
      const d = this.newDeal(rng);
      if (d !== null) return d;
      // Open after probing implies open after the rules: one deduction tells both.
      if (this.open('probing') === 0) continue;
      const res = this.searchProof(this.use(this.shape).board);
      // 'gave-up' counts as not unique: no better than a board with several solutions.
      if (res.status === 'unique') {
        this.proofNodes = res.nodes;
        return SETTLED.search;
      }
    }
    return NEXT;
  }

  /** A fresh tiling with a fresh deal on it (null); OUT_OF_DEALS or TIMED_OUT when none is allowed. */
  private newDeal(rng: Rng): Stop | null {
    if (this.deals >= this.maxAttempts) return OUT_OF_DEALS;
    if (this.interrupt?.() === true) return TIMED_OUT;
    this.deals++;
    const s = this.use(this.shape);
    s.source.sample(rng, s.mate, this.interrupt);
    // An unmixed tiling is all squares, which the deal would spend long avoiding: give up first.
    if (this.stopped) return TIMED_OUT;
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
    return null;
  }

  /** Cells left undecided at the root by a layer's deduction (its cells then read from cellDone). */
  private open(layer: DeductionLayer): number {
    const s = this.use(this.shape);
    const st = deduceLayer(this.solver, s.board, layer, this.interrupt);
    // Stopped by the interrupt, nothing is settled; the caller stops at its next poll, and the run gives up (result).
    if (st.stopped) return s.n;
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
