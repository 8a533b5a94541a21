// The reference difficulty of large boards (M ≥ 10): which root layer of reasoning settles the
// board (solve/layers.ts), and how much the layer below it leaves open. Bounded (at most
// 3·cells + 1) and cheap (three root deductions), where the search-node count of small boards
// explodes with M.
import type { Board } from '../board.js';
import { openCells, type RootLayer } from '../solve/layers.js';
import type { Solver } from '../solve/solver.js';

/**
 * With n cells, s / p / q the cells left undecided at the root by the singleton rules, by all
 * four rules, and by all four rules plus probing:
 *
 *   singles settle it (s = 0)                       1
 *   the four rules settle it (p = 0)                1 + s          (2 .. n+1)
 *   probing settles it (p > 0, q = 0)               n + 1 + p      (n+2 .. 2n+1)
 *   search is needed (q > 0)                        2n + 1 + q     (2n+2 .. 3n+1)
 *
 * So every board of a harder layer scores above every board of an easier one, and within a layer
 * a board scores higher the more the next weaker reasoning leaves open. Deductions run to a
 * fixpoint, so the score does not depend on how the board is drawn. An interrupt that stops a
 * deduction leaves the score meaningless: the caller that passes one checks whether it fired.
 */
export function layeredScore(board: Board, solver: Solver, interrupt?: () => boolean): number {
  const n = board.rows * board.cols;
  const p = openCells(solver, board, 'rules', interrupt);
  if (p === 0) return 1 + openCells(solver, board, 'singles', interrupt);
  const q = openCells(solver, board, 'probing', interrupt);
  return q === 0 ? n + 1 + p : 2 * n + 1 + q;
}

/** The root layer a layered score belongs to, for a board of `cells` cells. */
export function layerOf(score: number, cells: number): RootLayer {
  if (score <= 1) return 'singles';
  if (score <= cells + 1) return 'rules';
  if (score <= 2 * cells + 1) return 'probing';
  return 'search';
}
