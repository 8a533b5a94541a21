// The human-style grader: solve a board the way a person does, always with the easiest rule
// that makes progress, and grade it by the hardest rule it could not do without. The rules
// live in rules/, one file per level; this module holds the ladder (a list of them) and the loop.
// The loop restarts from the easiest rule after every deduction, so it stays cheap only because
// the rules look at what changed since they last looked (work lists, the state's change log).
import type { Board } from '../board.js';
import type { Solution } from '../solve/solution.js';
import { chainRepeatsPair, chainStarvesCell, pairInBothChains } from './rules/chains.js';
import { duplicateBetweenNeighbours, duplicateOfOwnPair, pairCrowdedOut } from './rules/duplicates.js';
import { cellForcedPair, pairSharedCell } from './rules/intersections.js';
import { lookaheadRefutes } from './rules/lookahead.js';
import { bridgeSplitsOdd, unbalancedRegion } from './rules/parity.js';
import { searchRefutes } from './rules/search.js';
import { cellsClaimPairs, cellsClaimPairsAndDouble, doubleStarvesCells, pairsClaimCells } from './rules/sets.js';
import { cellSingleton, pairSingleton } from './rules/singles.js';
import { dominoOf } from './coords.js';
import { GradeState } from './state.js';
import type { GradeRuleName, Step } from './step.js';

export type { Reason, GradeRuleName, Step } from './step.js';
export { explainSteps } from './explain.js';
export { replaySteps } from './replay.js';

export type LevelName =
  'singles' | 'intersections' | 'duplicates' | 'parity' | 'sets' | 'extreme' | 'lookahead' | 'search';

/** Simon Tatham's four difficulty levels for Dominosa, easiest first. */
export const TATHAM_LEVELS = ['Trivial', 'Basic', 'Hard', 'Extreme'] as const;
export type TathamLevel = (typeof TATHAM_LEVELS)[number];

/**
 * The levels of the ladder, easiest first. A board's grade is the name of its hardest level;
 * `tatham` is the level of Simon Tatham's that the same reasoning belongs to (null: beyond all
 * his rules). Levels 1–6 are his four: Trivial, Basic (three of ours), Hard and Extreme.
 */
export const LEVELS: readonly { level: number; name: LevelName; tatham: TathamLevel | null }[] = [
  { level: 1, name: 'singles', tatham: 'Trivial' },
  { level: 2, name: 'intersections', tatham: 'Basic' },
  { level: 3, name: 'duplicates', tatham: 'Basic' },
  { level: 4, name: 'parity', tatham: 'Basic' },
  { level: 5, name: 'sets', tatham: 'Hard' },
  { level: 6, name: 'extreme', tatham: 'Extreme' },
  { level: 7, name: 'lookahead', tatham: null },
  { level: 8, name: 'search', tatham: null },
];

/**
 * Names the grader's behaviour: bump whenever any board's grade, level or score could change
 * (a rule added, removed, reordered or made stronger, or the score formula), so a catalog's
 * stored grades can be told stale rather than wrong.
 */
export const GRADER_VERSION = 'grade-3';

/** The level of search, which is always on the ladder as the last resort. */
export const SEARCH_LEVEL = 8;

/**
 * A rule applies at most one deduction to the state and says whether it did. Rules are sound:
 * they only remove placements that no solution uses (search lays a guess only on boards with
 * several solutions).
 */
export type Rule = (g: GradeState) => boolean;

/**
 * The ladder as data: every rule with its level and name, easiest first. Levels 1–6 hold
 * Simon Tatham's rules and no more: parity at 4 is his (a domino that alone links two even
 * areas), set analysis at 5 the plain kind (the double counted once), and 6 his Extreme (set
 * analysis that counts the double, his forcing chains). Level 7 is reasoning beyond his:
 * following an assumption to a contradiction, and the parity of any cut-off region (last: it
 * rarely fires, and looking for it costs more than a lookahead).
 */
export const LADDER: readonly { level: number; name: GradeRuleName; apply: Rule }[] = [
  { level: 1, name: 'cellSingleton', apply: cellSingleton },
  { level: 1, name: 'pairSingleton', apply: pairSingleton },
  { level: 2, name: 'pairSharedCell', apply: pairSharedCell },
  { level: 2, name: 'cellForcedPair', apply: cellForcedPair },
  { level: 3, name: 'duplicateOfOwnPair', apply: duplicateOfOwnPair },
  { level: 3, name: 'duplicateBetweenNeighbours', apply: duplicateBetweenNeighbours },
  { level: 3, name: 'pairCrowdedOut', apply: pairCrowdedOut },
  { level: 4, name: 'bridgeSplitsOdd', apply: bridgeSplitsOdd },
  { level: 5, name: 'cellsClaimPairs', apply: cellsClaimPairs },
  { level: 6, name: 'cellsClaimPairsAndDouble', apply: cellsClaimPairsAndDouble },
  { level: 6, name: 'pairsClaimCells', apply: pairsClaimCells },
  { level: 6, name: 'doubleStarvesCells', apply: doubleStarvesCells },
  { level: 6, name: 'chainRepeatsPair', apply: chainRepeatsPair },
  { level: 6, name: 'chainStarvesCell', apply: chainStarvesCell },
  { level: 6, name: 'pairInBothChains', apply: pairInBothChains },
  { level: 7, name: 'lookaheadRefutes', apply: lookaheadRefutes },
  { level: 7, name: 'unbalancedRegion', apply: unbalancedRegion },
  { level: 8, name: 'searchRefutes', apply: searchRefutes },
];

export interface GradeOptions {
  /** Keep the steps in `log` (default false). */
  log?: boolean;
  /**
   * Use rules up to this level only (1–8, default 8; below 1 counts as 1); search stays
   * available as the last resort, so a board that needs more than the cap grades as search.
   */
  maxLevel?: number;
  /**
   * Search nodes allowed in all (default 100,000); when they run out the board is left
   * unsolved (solved false, level 8).
   */
  maxSearchNodes?: number;
  /**
   * Polled before every rule is tried and every 16 search nodes; true stops the grading, the
   * board left unsolved (limit 'time'). The shell passes a clock check, so the core reads no time.
   */
  interrupt?: () => boolean;
  /**
   * Dominoes laid in trials (the lookahead's, probing's and search's) allowed in all (default
   * DEFAULT_MAX_TRIAL_WORK): what bounds grading on large boards. When they run out the board
   * is left unsolved at level 8, as when the search nodes do.
   */
  maxTrialWork?: number;
}

export interface GradeResult {
  /** The name of the hardest level the board needed. */
  grade: LevelName;
  /** Its number, 1 (singles) to 8 (search). */
  level: number;
  /** Orders boards within and across grades; floor(score) === level. See scoreOf. */
  score: number;
  /** Search nodes used (0 if the board never needed search). */
  nodes: number;
  /** Rule name → deductions made with it (every rule listed, zeros included). */
  steps: Record<string, number>;
  solved: boolean;
  /** The budget that left the board unsolved, if one did: search nodes or the interrupt's time. */
  limit: 'nodes' | 'time' | null;
  solution: Solution | null;
  log?: Step[];
}

export const DEFAULT_MAX_SEARCH_NODES = 100_000;
/** Well above what boards of M ≤ 9 need (scripts/bench/README.md); binds only on large boards. */
export const DEFAULT_MAX_TRIAL_WORK = 50_000;

/**
 * The score of a graded board: its level, plus a fraction in [0, 1) that grows with the uses
 * of the level's own rules, so the boards of one grade can be ordered and a harder grade always
 * scores higher:
 *
 *   s     = log2(1 + u[L])
 *   score = L + s / (s + 4)
 *
 * where L is the level and u[L] the deductions made at that level (for search, the search
 * nodes, the effort a guess costs). Needing the top technique at all is what makes a board
 * hard, and each further use adds less, hence the logarithm; s / (s + 4) maps 0 … ∞ onto 0 … 1
 * (one use gives 0.2, fifteen give 0.5), so scores never spill into the next grade. Only the
 * top level counts: the work below it ordered boards no better than chance (src/README.md, "Grading").
 */
export function scoreOf(level: number, usesPerLevel: ArrayLike<number>, nodes: number): number {
  const u = level === SEARCH_LEVEL ? nodes : usesPerLevel[level];
  const s = Math.log2(1 + u);
  return level + s / (s + 4);
}

/** The ladder's rules up to each level (search always last), made once per level asked for. */
const rulesUpTo: (readonly (typeof LADDER)[number][])[] = [];

/**
 * A grader: the ladder run on a GradeState it owns, reused from board to board (the state and
 * its rules' scratch grow to the largest board seen and are never shared). Make one per caller
 * that grades many boards; gradeBoard is the same through one shared grader.
 */
export class Grader {
  readonly state = new GradeState();

  /**
   * Grade a board by solving it as a person would: repeatedly apply the first rule of the
   * ladder that makes a deduction, starting again from the easiest after each one.
   */
  grade(board: Board, options: GradeOptions = {}): GradeResult {
    // The interrupt is polled while the board loads too; a load it stopped leaves g out of time.
    const g = this.state.load(board, options.interrupt);
    const logging = options.log ?? false;
    g.logging = logging;
    g.budget.maxNodes = options.maxSearchNodes ?? DEFAULT_MAX_SEARCH_NODES;
    g.budget.maxTrialWork = options.maxTrialWork ?? DEFAULT_MAX_TRIAL_WORK;
    const maxLevel = Math.min(SEARCH_LEVEL, Math.max(1, Math.floor(options.maxLevel ?? SEARCH_LEVEL)));
    const rules = (rulesUpTo[maxLevel] ??= LADDER.filter((r) => r.level <= maxLevel || r.level === SEARCH_LEVEL));
    const counts = new Array<number>(rules.length).fill(0);
    const perLevel = new Float64Array(SEARCH_LEVEL + 1);
    const log: Step[] = [];
    let level = 0;
    while (!g.budget.outOfTime && !g.solved && !g.broken) {
      if (g.budget.spent()) {
        g.budget.gaveUp = true;
        break;
      }
      let fired = -1;
      for (let i = 0; i < rules.length; i++) {
        const placedMark = g.placedLen;
        if (logging) {
          g.eliminatedNow.length = 0;
          g.reason = null;
        }
        if (g.budget.interrupt !== undefined && g.budget.timeUp()) break;
        if (rules[i].apply(g)) {
          fired = i;
          if (logging) log.push(this.step(rules[i], placedMark));
          break;
        }
        if (g.budget.gaveUp) break;
      }
      if (fired < 0) break;
      counts[fired]++;
      perLevel[rules[fired].level]++;
      if (rules[fired].level > level) level = rules[fired].level;
    }
    // Out of time, the board is unsolved (after a stopped load, g holds no board at all).
    const solved = !g.budget.outOfTime && g.solved;
    // A board left unsolved for want of search nodes needed search.
    if (g.budget.gaveUp) level = SEARCH_LEVEL;
    level = Math.max(1, level);
    const steps: Record<string, number> = {};
    for (const r of LADDER) steps[r.name] = 0;
    for (let i = 0; i < rules.length; i++) steps[rules[i].name] = counts[i];
    const result: GradeResult = {
      grade: LEVELS[level - 1].name,
      level,
      score: scoreOf(level, perLevel, g.budget.nodes),
      nodes: g.budget.nodes,
      steps,
      solved,
      limit: g.budget.outOfTime ? 'time' : g.budget.gaveUp ? 'nodes' : null,
      solution: solved ? g.solution() : null,
    };
    if (logging) result.log = log;
    return result;
  }

  /** The step the rule just made, as logged: what it removed and laid, and its reason. */
  private step(rule: (typeof LADDER)[number], placedMark: number): Step {
    const g = this.state;
    const reason = g.reason;
    if (reason === null || reason.rule !== rule.name) throw new Error(`grader: ${rule.name} fired without its reason`);
    const placed = [];
    for (let k = placedMark; k < g.placedLen; k++) placed.push(dominoOf(g.model, g.placed[k]));
    return {
      level: rule.level,
      rule: rule.name,
      eliminated: g.eliminatedNow.map((p) => dominoOf(g.model, p)),
      placed,
      reason,
    };
  }
}

let shared: Grader | null = null;

/** Grade a board with one grader shared by every call (see Grader). */
export function gradeBoard(board: Board, options: GradeOptions = {}): GradeResult {
  return (shared ??= new Grader()).grade(board, options);
}
