// The Sudomino grader: solve a board as a person would, always with the easiest technique that
// makes progress, and grade it by the hardest one it could not do without. Techniques live in
// rules/, one file each; this module holds the ladder (data), the levels, their tiers and the loop.
import { cellValues, type Board } from '../board.js';
import type { Tier } from '../../rank/tiers.js';
import { checkInterrupt } from '../../interrupted.js';
import { contradictionChain, DEFAULT_CHAIN_LIMIT } from './rules/contradiction-chain.js';
import { hiddenSingle } from './rules/hidden-single.js';
import { hiddenPair, hiddenTriple } from './rules/hidden-subset.js';
import { lineIntersection } from './rules/line-intersection.js';
import { lineStarvation } from './rules/line-starvation.js';
import { nakedSingle } from './rules/naked-single.js';
import { nakedPair, nakedTriple } from './rules/naked-subset.js';
import { valueOf } from './bits.js';
import { GradeState } from './state.js';
import { TECHNIQUES, type Step, type Technique } from './step.js';

export type { Step, Technique, Reason } from './step.js';

export type LevelName = 'singles' | 'pairs' | 'subsets' | 'chains';

/**
 * The levels, easiest first, and the tier each one makes; a solved board's tier is its
 * hardest level's, and a board the ladder cannot finish has no tier:
 *   1 singles  (naked and hidden singles)                     → easy
 *   2 pairs    (line intersections, naked and hidden pairs)    → normal
 *   3 subsets  (naked and hidden triples, line starvation)     → hard
 *   4 chains   (contradiction chains, a few rounds of singles) → expert
 */
export const LEVELS: readonly { level: number; name: LevelName; tier: Tier }[] = [
  { level: 1, name: 'singles', tier: 'easy' },
  { level: 2, name: 'pairs', tier: 'normal' },
  { level: 3, name: 'subsets', tier: 'hard' },
  { level: 4, name: 'chains', tier: 'expert' },
];

export const TOP_LEVEL = 4;

/** The tier a level makes (see LEVELS). */
export function tierOfLevel(level: number): Tier {
  return LEVELS[Math.min(TOP_LEVEL, Math.max(1, level)) - 1].tier;
}

/** Names the grader's behaviour: bump when any board's level, steps or score could change. */
export const GRADER_VERSION = 'sudomino-grade-2';

export type Rule = (g: GradeState) => boolean;

/** The ladder as data: every technique with its level, easiest first (the order the loop tries them). */
export const LADDER: readonly { level: number; technique: Technique; apply: Rule }[] = [
  { level: 1, technique: 'nakedSingle', apply: nakedSingle },
  { level: 1, technique: 'hiddenSingle', apply: hiddenSingle },
  { level: 2, technique: 'lineIntersection', apply: lineIntersection },
  { level: 2, technique: 'nakedPair', apply: nakedPair },
  { level: 2, technique: 'hiddenPair', apply: hiddenPair },
  { level: 3, technique: 'nakedTriple', apply: nakedTriple },
  { level: 3, technique: 'hiddenTriple', apply: hiddenTriple },
  { level: 3, technique: 'lineStarvation', apply: lineStarvation },
  { level: 4, technique: 'contradictionChain', apply: contradictionChain },
];

export interface GradeOptions {
  /** Use techniques up to this level only (1–4, default 4). */
  maxLevel?: number;
  /** Keep the steps (default true). */
  log?: boolean;
  /** Polled before every step; true throws Interrupted (src/interrupted.ts). */
  interrupt?: () => boolean;
  /** Rounds of singles a contradiction chain may follow after its assumption (default DEFAULT_CHAIN_LIMIT). */
  chainLimit?: number;
}

export interface GradeResult {
  /** solved: every domino has its value; stuck: no technique of the ladder (up to maxLevel) moves on. */
  status: 'solved' | 'stuck';
  /** The hardest level used (1 when nothing was needed); on a stuck board, the hardest used before it stuck. */
  level: number;
  levelName: LevelName;
  /** The tier of a solved board (see LEVELS); null when stuck. */
  tier: Tier | null;
  /** Orders boards within and across levels, floor(score) === level; see scoreOf. */
  score: number;
  /** Uses of each technique (all listed, zeros included). */
  uses: Record<Technique, number>;
  /** The steps in order (empty when options.log is false). */
  steps: Step[];
  /** The solution of a solved board, one value per cell (0 where blocked), as the solver gives it. */
  solution: Uint8Array | null;
}

/**
 * The score: the level, plus a fraction in [0, 1) that grows with the uses of the level's own
 * techniques, as Dominosa's score does: s = log2(1 + uses), score = level + s / (s + 4).
 */
export function scoreOf(level: number, usesAtLevel: number): number {
  const s = Math.log2(1 + usesAtLevel);
  return level + s / (s + 4);
}

/** A grader owning its state, reused from board to board. */
export class Grader {
  readonly state = new GradeState();

  grade(board: Board, options: GradeOptions = {}): GradeResult {
    const g = this.state.load(board);
    const logging = options.log ?? true;
    g.logging = logging;
    g.chainLimit = Math.max(0, Math.floor(options.chainLimit ?? DEFAULT_CHAIN_LIMIT));
    const maxLevel = Math.min(TOP_LEVEL, Math.max(1, Math.floor(options.maxLevel ?? TOP_LEVEL)));
    const rules = LADDER.filter((r) => r.level <= maxLevel);
    const uses = Object.fromEntries(TECHNIQUES.map((t) => [t, 0])) as Record<Technique, number>;
    const perLevel = new Int32Array(TOP_LEVEL + 1);
    const steps: Step[] = [];
    let level = 1;
    // Every step removes a candidate or places a domino, so the loop ends within D·(N + 1) steps.
    while (!g.solved && g.contradiction() < 0) {
      checkInterrupt(options.interrupt);
      if (logging) {
        g.snapshot();
        g.reason = null;
      }
      const rule = rules.find((r) => r.apply(g));
      if (rule === undefined) break;
      uses[rule.technique]++;
      perLevel[rule.level]++;
      if (rule.level > level) level = rule.level;
      if (logging) steps.push(this.step(rule.technique, rule.level));
    }
    const solved = g.solved && g.contradiction() < 0;
    return {
      status: solved ? 'solved' : 'stuck',
      level,
      levelName: LEVELS[level - 1].name,
      tier: solved ? tierOfLevel(level) : null,
      score: scoreOf(level, perLevel[level]),
      uses,
      steps,
      solution: solved ? cellValues(board, g.values()) : null,
    };
  }

  /** The step just made: its reason and what changed since the snapshot. */
  private step(technique: Technique, level: number): Step {
    const g = this.state;
    if (g.reason === null) throw new Error(`sudomino grader: ${technique} fired without its reason`);
    const placed: [number, number][] = [];
    const eliminated: [number, number][] = [];
    for (let d = 0; d < g.nDom; d++) {
      if (g.placed[d] === 1 && g.beforePlaced[d] === 0) placed.push([d, valueOf(g.mask[d])]);
      for (let gone = g.before[d] & ~g.mask[d], v = 1; gone !== 0; gone >>>= 1, v++)
        if ((gone & 1) !== 0) eliminated.push([d, v]);
    }
    return { technique, level, reason: g.reason, placed, eliminated };
  }
}

let shared: Grader | null = null;

/** Grade a Sudomino board with one grader shared by every call. */
export function gradeBoard(board: Board, options: GradeOptions = {}): GradeResult {
  return (shared ??= new Grader()).grade(board, options);
}
