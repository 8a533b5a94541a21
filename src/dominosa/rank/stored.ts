// The grade the catalog stores with a puzzle: the human-technique grader run on the board's
// canonical representative, so a puzzle and all its mirrors and relabellings share one grade
// and score (the grader's counts depend on cell and pair numbering), within a search budget.
import type { Board } from '../board.js';
import { canonicalBoard } from '../transform.js';
import { GRADER_VERSION, gradeBoard, type GradeOptions, type GradeResult, type LevelName } from '../grade/ladder.js';

export { GRADER_VERSION };

/**
 * Search nodes the stored grade may spend. A board that needs more stops there and grades as
 * search, scored by the nodes spent: a budget so a rare board cannot stall a worker.
 */
export const STORED_GRADE_MAX_NODES = 2_000;

export interface StoredGrade {
  grade: LevelName;
  level: number;
  score: number;
}

/**
 * The grader's full result on the board's canonical representative, as the catalog grades it:
 * with the default budget, exactly the catalog's stored grade and score for this puzzle and
 * every mirror and relabelling of it. Steps and nodes are counted on the canonical board.
 */
export function canonicalGrade(
  board: Board,
  options: Pick<GradeOptions, 'maxSearchNodes' | 'interrupt'> = {},
): GradeResult {
  return gradeOfCanonical(canonicalBoard(board), options);
}

/** canonicalGrade of a board already canonical (canonicalBoard's), for a caller that has it. */
export function gradeOfCanonical(
  canonical: Board,
  options: Pick<GradeOptions, 'maxSearchNodes' | 'interrupt'> = {},
): GradeResult {
  return gradeBoard(canonical, {
    maxSearchNodes: options.maxSearchNodes ?? STORED_GRADE_MAX_NODES,
    interrupt: options.interrupt,
  });
}

/** Grade a board as the catalog stores it (see the module comment); an interrupt that fires leaves it ungraded. */
export function storedGrade(board: Board, interrupt?: () => boolean): StoredGrade {
  const r = canonicalGrade(board, { interrupt });
  return { grade: r.grade, level: r.level, score: r.score };
}
