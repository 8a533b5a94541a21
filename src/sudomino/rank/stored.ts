// The measures the catalog stores with a Sudomino puzzle, taken on its class's representative
// (canonical.ts), so a puzzle and every mirror, rotation and relabelling of it share them
// exactly: the grader's steps (so its score, not its level) and the solver's nodes depend on how
// dominoes are numbered.
import type { Tier } from '../../rank/tiers.js';
import { canonicalBoard } from '../canonical.js';
import { type LevelName, Grader } from '../grade/ladder.js';
import { Solver } from '../solve/solver.js';
import type { Board } from '../board.js';

export interface StoredGrade {
  level: number;
  levelName: LevelName;
  score: number;
  /** The level's tier; null when the ladder cannot finish the board (no catalog puzzle). */
  tier: Tier | null;
}

/** The grade as the catalog stores it: the full ladder on the representative. */
export function storedGrade(board: Board, grader = new Grader()): StoredGrade {
  const g = grader.grade(canonicalBoard(board), { log: false });
  return { level: g.level, levelName: g.levelName, score: g.score, tier: g.tier };
}

/** Names how reference nodes are counted: bump when any board's count could change. */
export const REFERENCE_VERSION = 'sudomino-ref-1';

/**
 * The reference node measure: the solver's nodes proving the representative (the tiers'
 * guardrail). An interrupt (audit's budget) may stop it early, leaving the count short.
 */
export function referenceNodes(board: Board, solver = new Solver(), interrupt?: () => boolean): number {
  return solver.solve(canonicalBoard(board), { solution: false, interrupt }).nodes;
}
