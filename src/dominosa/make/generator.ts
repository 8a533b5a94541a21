// Generation of one catalog slot, by rejection (sample a uniform tiling, deal a shuffled set onto
// it, keep the first deal the solver proves unique) or by repair (repair.ts). Slot k of size M
// draws all its randomness from derive(seed, M, k), so its puzzle does not depend on who makes it.
import type { Board } from '../board.js';
import { dealOnto } from './deal.js';
import type { Target } from '../rank/aims.js';
import { inBand, type GradeBand } from '../rank/bands.js';
import type { NodeRange } from '../../rank/rule.js';
import { gradeBoard, LEVELS, type GradeResult, type LevelName } from '../grade/ladder.js';
import { referenceNodes, referenceNodesOfCanonical } from '../rank/reference.js';
import { pairCount } from '../pairs.js';
import { derive } from '../../rng.js';
import { Repairer } from './repair.js';
import { openCells, type RootLayer } from '../solve/layers.js';
import { checkSolution, tilingToSolution, type Solution } from '../solve/solution.js';
import { PINNED_PROBING, RULES, Solver, type SolveOptions } from '../solve/solver.js';
import { DealRefuter, REFUTE_MAX_M } from './refute.js';
import { tilingFor } from '../../tiling/tiling.js';
import { canonicalBoard, formHash, formOfCanonical } from '../transform.js';
import { STORED_GRADE_MAX_NODES } from '../rank/stored.js';

export interface GeneratedPuzzle {
  m: number;
  /** Wide: M+1 rows × M+2 columns. */
  board: Board;
  solution: Solution;
  /** Deals tried for this slot, the kept one included (≥ 1). */
  attempts: number;
  /** Repair mutations tried, kept or not (0 for rejection). */
  steps: number;
  /** Search nodes of the proof that kept the board (1 when settled at the root). */
  proofNodes: number;
  /** referenceNodes(board): the reference measure (nodes up to M = 9, the layered score above). */
  nodes: number;
  canonicalHash: string;
  /** canonicalBoard(board), taken once: the measure, the class and the stored grade are all taken on it. */
  canonical: Board;
  method: Method;
  /** Repair only: the root layer the slot aimed at, and the one whose proof settled it. */
  goal?: RootLayer;
  proof?: RootLayer;
  /** Graded generation only: the human grader's verdict, as the catalog stores it (rank/stored.ts). */
  grade?: LevelName;
  level?: number;
  score?: number;
}

/** How boards are made; 'auto' picks per size (methodFor). */
export type Method = 'rejection' | 'repair';
export type MethodChoice = Method | 'auto';
export const METHOD_CHOICES: readonly MethodChoice[] = ['auto', 'rejection', 'repair'];

/** `timedOut`: the deadline stopped the slot; it is a give-up, not a decision about the slot. */
export type SlotResult =
  { ok: true; puzzle: GeneratedPuzzle } | { ok: false; attempts: number; reason: string; timedOut?: boolean };

/** Largest M rejection handles: its exact tiling table grows as 2^(M+1). */
export const REJECTION_MAX_M = 14;
/** Largest M 'auto' makes by rejection. See methodFor. */
export const AUTO_REJECTION_MAX_M = 12;

/**
 * The method 'auto' uses for size m: rejection up to M=12, where it is the cheaper and its
 * tilings are exactly uniform; repair above, where it stays cheap (src/README.md, "Making boards").
 */
export function methodFor(m: number): Method {
  return m <= AUTO_REJECTION_MAX_M ? 'rejection' : 'repair';
}

export interface GenerateOptions {
  /** Deals to try before the slot is given up (default 100000). */
  maxAttempts?: number;
  /** Node budget of the uniqueness proof per deal; a deal that runs out is rejected (default 50000). */
  maxNodes?: number;
  /** Default 'auto' (methodFor). */
  method?: MethodChoice;
  /**
   * Polled between attempts (and inside proofs); true gives the slot up with timedOut, which
   * never yields a different board. The shell passes a clock check here.
   */
  interrupt?: () => boolean;
  /**
   * Keep only a puzzle whose grader level lies in this band (rank/bands.ts parses one from a
   * tier or level name); the slot tries on, within maxAttempts and the interrupt, until one
   * does. Without it the slot keeps its first unique puzzle, as it always has.
   */
  grade?: GradeBand;
  /** With grade: keep only a puzzle whose reference measure lies in this range too (a tier's range). */
  nodes?: NodeRange;
  /**
   * Instead of grade and nodes: keep the first puzzle that fits any of these (a build slot aims
   * at several tiers at once, each a band inside its range; rank/aims.ts).
   */
  targets?: readonly Target[];
}

/** The grader's top level, search: the only one that spends search nodes. */
const TOP_LEVEL = LEVELS[LEVELS.length - 1].level;

/** Deals a slot tries before it is given up (build and generate default to it). */
export const DEFAULT_MAX_ATTEMPTS = 100_000;
const DEFAULT_MAX_NODES = 50_000;

/** Per-size buffers: the tiling, the dealt values and a board view over them. */
interface SizeState {
  m: number;
  rows: number;
  cols: number;
  mate: Int32Array;
  cells: Uint16Array;
  board: Board;
  /** Small sizes only: finds most deals' second tiling before the proof is tried. */
  refuter: DealRefuter | null;
}

/**
 * Makes slots one after another with one solver and one set of buffers per size, so a stream of
 * attempts allocates little beyond what the deal itself needs. Not re-entrant.
 */
export class Generator {
  readonly solver: Solver;
  private state: SizeState | null = null;
  private repairer: Repairer | null = null;

  constructor(solver: Solver = new Solver()) {
    this.solver = solver;
  }

  generateSlot(seed: number, m: number, slot: number, options: GenerateOptions = {}): SlotResult {
    if (!Number.isSafeInteger(m) || m < 1)
      return { ok: false, attempts: 0, reason: `M=${m} is not a whole number ≥ 1` };
    if (!Number.isSafeInteger(seed) || !Number.isSafeInteger(slot) || slot < 0) {
      return { ok: false, attempts: 0, reason: `seed ${seed} / slot ${slot} must be safe integers, slot ≥ 0` };
    }
    const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    const method = options.method === undefined || options.method === 'auto' ? methodFor(m) : options.method;
    if (options.targets !== undefined && (options.grade !== undefined || options.nodes !== undefined)) {
      return { ok: false, attempts: 0, reason: 'give targets, or a grade band and node range, not both' };
    }
    if (options.nodes !== undefined && options.grade === undefined) {
      return {
        ok: false,
        attempts: 0,
        reason: `a node range needs a grade band (got ${options.nodes.min}..${options.nodes.max})`,
      };
    }
    const targets =
      options.targets ?? (options.grade === undefined ? undefined : [{ band: options.grade, nodes: options.nodes }]);
    if (targets !== undefined) {
      if (targets.length === 0) return { ok: false, attempts: 0, reason: 'no target to keep a puzzle in' };
      for (const { band, nodes: range } of targets) {
        if (!(band.minLevel <= band.maxLevel && band.maxLevel >= 1 && band.minLevel <= TOP_LEVEL)) {
          return {
            ok: false,
            attempts: 0,
            reason: `grade levels ${band.minLevel}–${band.maxLevel} hold no level of 1–${TOP_LEVEL}`,
          };
        }
        if (range !== undefined && !(range.min <= range.max)) {
          return { ok: false, attempts: 0, reason: `a node range needs min ≤ max (got ${range.min}..${range.max})` };
        }
      }
    }
    if (method === 'repair') return this.repairSlot(seed, m, slot, maxAttempts, options.interrupt, targets);
    const rows = m + 1;
    const cols = m + 2;
    // The flip chain is only approximately uniform, and rejection is the path whose tilings are
    // exactly uniform; larger sizes are repair's.
    if (m > REJECTION_MAX_M) {
      return {
        ok: false,
        attempts: 0,
        reason: `M=${m}: rejection supports M ≤ ${REJECTION_MAX_M} (use the repair method)`,
      };
    }
    const source = tilingFor(rows, cols);
    const interrupt = options.interrupt;
    const st = this.sizeState(m);
    const prove: SolveOptions = {
      ...PINNED_PROBING,
      rules: RULES,
      cap: 2,
      maxNodes: options.maxNodes ?? DEFAULT_MAX_NODES,
      squareSwap: true,
      solution: false,
      interrupt,
    };
    const rng = derive(seed, m, slot);
    for (let attempts = 1; attempts <= maxAttempts; attempts++) {
      if (interrupt?.() === true)
        return { ok: false, attempts: attempts - 1, reason: 'the time budget ran out', timedOut: true };
      source.sample(rng, st.mate);
      dealOnto(st.mate, rows, cols, m, rng, { avoidSquares: true }, st.cells);
      // A second tiling that spells every pair is what the proof would find: the same rejection, cheaper.
      if (st.refuter?.refutes(st.board, st.mate) === true) continue;
      // 'gave-up' counts as a rejection: it is not proven unique.
      const res = this.solver.solve(st.board, prove);
      if (res.status !== 'unique') continue;
      let grade: GradeResult | null = null;
      let nodes = -1;
      if (targets !== undefined) {
        const fit = this.fitOf(st.board, targets, res.nodes === 1);
        if (fit === null) continue;
        ({ grade, nodes } = fit);
      }
      // A unique board's only solution is the tiling it was dealt on, so no need to rebuild it.
      const board: Board = { rows, cols, m, cells: st.cells.slice() };
      const canonical = canonicalBoard(board);
      const puzzle: GeneratedPuzzle = {
        m,
        board,
        solution: tilingToSolution(st.mate, rows, cols),
        attempts,
        steps: 0,
        proofNodes: res.nodes,
        nodes: nodes >= 0 ? nodes : referenceNodesOfCanonical(canonical, this.solver),
        canonicalHash: formHash(formOfCanonical(canonical)),
        canonical,
        method: 'rejection',
      };
      if (grade !== null) withGrade(puzzle, grade);
      return { ok: true, puzzle };
    }
    // An interrupted last proof is a give-up too, not a verdict on the slot.
    if (interrupt?.() === true)
      return { ok: false, attempts: maxAttempts, reason: 'the time budget ran out', timedOut: true };
    const what = targets === undefined ? 'unique deal' : 'unique deal of the wanted grade';
    return {
      ok: false,
      attempts: maxAttempts,
      reason: `no ${what} in ${maxAttempts} attempt${maxAttempts === 1 ? '' : 's'}`,
    };
  }

  /**
   * The grade and reference measure of a unique board that fits one of the targets, else null.
   * Cheapest first: whether its level can lie in a target's band, told by at most one
   * propagation (the rules finish exactly the boards of levels 1–2, `rulesSettle`, known from
   * the proof; the singletons alone those of level 1; unknown: left to the grade); then the
   * reference measure, taken once and only when some target has a range; then a grade, in the
   * first target that admits both.
   */
  private fitOf(
    board: Board,
    targets: readonly Target[],
    rulesSettle?: boolean,
  ): { grade: GradeResult; nodes: number } | null {
    let level = 0; // 1 or 2 once told, for a board the rules settle
    const may = (band: GradeBand): boolean => {
      if (rulesSettle === undefined) return true;
      if (!rulesSettle) return band.maxLevel > 2;
      if (band.minLevel > 2 || band.maxLevel < 1) return false;
      if (level === 0) level = openCells(this.solver, board, 'singles') === 0 ? 1 : 2;
      return inBand(band, level);
    };
    let nodes = -1;
    for (const t of targets) {
      if (!may(t.band)) continue;
      if (t.nodes !== undefined) {
        if (nodes < 0) nodes = referenceNodes(board, this.solver);
        if (!(nodes >= t.nodes.min && nodes <= t.nodes.max)) continue;
      }
      const grade = this.gradeWithin(board, t.band);
      if (grade !== null) return { grade, nodes };
    }
    return null;
  }

  /**
   * The grade of a unique board when its level lies in the band, else null, grading no more
   * than the band needs. The grader's levels 1–2 are exactly the solver's four rules (an
   * order-independent fixpoint), so a board they finish is level ≤ 2, and level 1 when the
   * singletons alone finish it: such boards are told apart by two cheap deductions and graded
   * only when inside the band. Other boards are graded with the ladder capped at the band's top
   * and no search nodes, which fails fast on a board that needs more; a board solved within the
   * cap gets exactly the grade the full ladder gives (the same deductions in the same order).
   * Grading is on the canonical board with the stored grade's budget, so the grade is the one
   * the catalog stores (rank/stored.ts) and need not be taken again.
   */
  gradeWithin(board: Board, band: GradeBand): GradeResult | null {
    let g: GradeResult;
    if (openCells(this.solver, board, 'rules') === 0) {
      const level = openCells(this.solver, board, 'singles') === 0 ? 1 : 2;
      if (!inBand(band, level)) return null;
      g = gradeBoard(canonicalBoard(board), { maxLevel: 2, maxSearchNodes: 0 });
    } else {
      if (band.maxLevel <= 2) return null;
      const capped =
        band.maxLevel < TOP_LEVEL
          ? { maxLevel: band.maxLevel, maxSearchNodes: 0 }
          : { maxSearchNodes: STORED_GRADE_MAX_NODES };
      g = gradeBoard(canonicalBoard(board), capped);
    }
    // Unsolved means the grader ran out of search nodes: no grade to keep.
    return g.solved && inBand(band, g.level) ? g : null;
  }

  private repairSlot(
    seed: number,
    m: number,
    slot: number,
    maxAttempts: number,
    interrupt?: () => boolean,
    targets?: readonly Target[],
  ): SlotResult {
    if (m < 2)
      return { ok: false, attempts: 0, reason: `M=${m}: repair needs M ≥ 2 (a board with more than one tile)` };
    this.repairer ??= new Repairer(this.solver);
    const rep = this.repairer;
    // The walk asks about boards the rules leave open; the last grade it accepted is the board's.
    // Several targets steer it by the span of their bands and accept a fit to any of them.
    const kept: { grade: GradeResult | null } = { grade: null };
    const nodesIn = (nodes: number, t: Target): boolean =>
      t.nodes === undefined || (nodes >= t.nodes.min && nodes <= t.nodes.max);
    const inRange = (b: Board): boolean => {
      if (targets!.some((t) => t.nodes === undefined)) return true;
      const nodes = referenceNodes(b, this.solver);
      return targets!.some((t) => nodesIn(nodes, t));
    };
    const gradeIn = (b: Board): GradeResult | null => this.fitOf(b, targets!)?.grade ?? null;
    const fits = (b: Board): boolean => (kept.grade = gradeIn(b)) !== null;
    const res =
      targets === undefined
        ? rep.run(m, derive(seed, m, slot), { maxAttempts, interrupt })
        : rep.runGraded(m, derive(seed, m, slot), {
            maxAttempts,
            interrupt,
            minLevel: Math.min(...targets.map((t) => t.band.minLevel)),
            maxLevel: Math.max(...targets.map((t) => t.band.maxLevel)),
            fits,
            inRange,
          });
    if (!res.ok) return { ok: false, attempts: res.deals, reason: res.reason, timedOut: res.timedOut };
    const src = rep.board;
    const board: Board = { rows: src.rows, cols: src.cols, m, cells: src.cells.slice() };
    const solution = tilingToSolution(rep.mate, board.rows, board.cols);
    // Every proof is sound and the dealt tiling is a solution, so it is the solution: cheap to confirm.
    const why = checkSolution(board, solution);
    if (why !== null) throw new Error(`repair: M=${m} slot ${slot}: the dealt tiling fails: ${why}`);
    const canonical = canonicalBoard(board);
    const puzzle: GeneratedPuzzle = {
      m,
      board,
      solution,
      attempts: res.deals,
      steps: res.steps,
      proofNodes: res.proofNodes,
      nodes: referenceNodesOfCanonical(canonical, this.solver),
      canonicalHash: formHash(formOfCanonical(canonical)),
      canonical,
      method: 'repair',
      goal: res.goal,
      proof: res.proof,
    };
    if (targets !== undefined) {
      const grade = kept.grade ?? gradeIn(board);
      if (grade === null)
        throw new Error(`repair: M=${m} slot ${slot}: the kept board fits no target (grade band and range)`);
      withGrade(puzzle, grade);
    }
    return { ok: true, puzzle };
  }

  private sizeState(m: number): SizeState {
    if (this.state?.m === m) return this.state;
    const rows = m + 1;
    const cols = m + 2;
    const n = 2 * pairCount(m);
    const mate = new Int32Array(n);
    const cells = new Uint16Array(n);
    this.state = {
      m,
      rows,
      cols,
      mate,
      cells,
      board: { rows, cols, m, cells },
      refuter: m <= REFUTE_MAX_M ? new DealRefuter(m) : null,
    };
    return this.state;
  }
}

function withGrade(p: GeneratedPuzzle, g: GradeResult): void {
  p.grade = g.grade;
  p.level = g.level;
  p.score = g.score;
}
