// The reference difficulty of large boards (M ≥ 10): which level of reasoning settles the board
// at the root, and how much the level below it leaves open. Bounded (at most 3·cells + 1) and
// cheap (three root deductions), where the search-node count of small boards explodes with M.
import type { Board } from '../board.js';
import type { RuleName, Solver } from '../solve/solver.js';

/** The two singleton rules: "this cell has one place left", "this pair has one spot left". */
export const SINGLES: readonly RuleName[] = Object.freeze(['cellSingleton', 'pairSingleton'] as RuleName[]);

/** Which root reasoning settles a board: the levels of layeredScore, from easiest. */
export type Layer = 'singles' | 'rules' | 'probing' | 'search';

/**
 * With n cells, s / p / q the cells left undecided at the root by the singleton rules, by all
 * four rules, and by all four rules plus probing:
 *
 *   singles settle it (s = 0)                       1
 *   the four rules settle it (p = 0)                1 + s          (2 .. n+1)
 *   probing settles it (p > 0, q = 0)               n + 1 + p      (n+2 .. 2n+1)
 *   search is needed (q > 0)                        2n + 1 + q     (2n+2 .. 3n+1)
 *
 * So every board of a harder level scores above every board of an easier one, and within a level
 * a board scores higher the more the next weaker reasoning leaves open. Thresholds t2 = n + 1 and
 * t3 = 2n + 1 make "hard" exactly the boards propagation cannot finish and "expert" exactly those
 * root probing cannot finish either. Deductions run to a fixpoint, which for sound kill rules does
 * not depend on the order they fire in, so the score does not depend on how the board is drawn.
 */
export function layeredScore(board: Board, solver: Solver): number {
  const n = board.rows * board.cols;
  const p = solver.deduce(board, { live: false }).undecidedCells;
  if (p === 0) return 1 + solver.deduce(board, { rules: SINGLES, live: false }).undecidedCells;
  const q = solver.deduce(board, { probe: 'root', live: false }).undecidedCells;
  return q === 0 ? n + 1 + p : 2 * n + 1 + q;
}

/** The level a layered score belongs to, for a board of `cells` cells. */
export function layerOf(score: number, cells: number): Layer {
  if (score <= 1) return 'singles';
  if (score <= cells + 1) return 'rules';
  if (score <= 2 * cells + 1) return 'probing';
  return 'search';
}
