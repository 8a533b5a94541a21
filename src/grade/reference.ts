// The reference measure of difficulty: search nodes of one fixed, weakened solver
// configuration, run on the board's canonical representative. Tiers (tiers.ts) cut these
// counts per size; SOLVER_VERSION names the measure so stored grades can be told apart.
import type { Board } from '../board.js';
import { Solver, type SolveOptions } from '../solver.js';
import { canonicalBoard } from '../transform.js';

/** Bump whenever a board's reference node count could change (options, solver, canonical form). */
export const SOLVER_VERSION = 'ref-1';

/**
 * Pair singleton only ("this pair fits in just one spot", the first deduction a person makes),
 * counting to 2 solutions (so the count includes the proof that no second solution exists),
 * with no node limit, no failed-placement probing and no 2×2-swap shortcut (the swap only
 * matters on boards with several solutions): the count is that of the plain search, whose
 * order is fixed by the board alone.
 *
 * Why this rule set: with all four rules most small boards solve in one node, so nothing is
 * left to rank. Measured on 1000 unique generated boards per size (canonical boards, probe off):
 * share of boards at the commonest node count / number of distinct counts:
 *
 *   rules              M=3       M=4       M=5       M=6       M=7       M=9
 *   all four         78% / 7   68% / 9   54% / 9   43% / 14  34% / 15  25% / 33
 *   cellSingleton    39% / 10  22% / 14  14% / 26   8% / 43   5% / 75   2% / 226
 *   cellForcedPair   28% / 12  16% / 26   9% / 50   4% / 87   2% / 157  1% / 455
 *   pairSingleton    36% / 15  19% / 27  10% / 46   5% / 77   3% / 122  2% / 278
 *   none             12% / 32   4% / 88   2% / 184  1% / 393  1% / 633  0% / 944
 *
 * No rules spreads best, but the bare search explodes with M (M=9: mean ≈ 4100 nodes, max
 * 32 000, ≈ 1.2 ms a board, over the whole per-puzzle budget). Of the single rules,
 * pairSingleton is cheapest (M=9: mean 95 nodes, 0.09 ms), and at M=3, the coarsest size, its
 * 40/70/90th-percentile cuts come nearest 40/30/20/10 (43/25/23/9; cellForcedPair gives
 * 49/27/13/12, cellSingleton 55/28/12/4). Counts depend on the solver's branching order, so any
 * change there must bump SOLVER_VERSION and re-derive data/tiers.json.
 */
export const REFERENCE_OPTIONS: SolveOptions = Object.freeze({
  rules: Object.freeze(['pairSingleton'] as const),
  cap: 2,
  maxNodes: Infinity,
  squareSwap: false,
  probe: 'off', // probeAfter only applies to probe 'auto'
  solution: false,
});

let shared: Solver | null = null;

/**
 * Reference search nodes of a board. Computed on canonicalBoard(board), so every mirror,
 * rotation and relabelling of a board gets exactly the same count (the raw solver's branching
 * order depends on cell and pair numbering). Pass a solver to reuse its buffers.
 */
export function referenceNodes(board: Board, solver?: Solver): number {
  const s = solver ?? (shared ??= new Solver());
  return s.solve(canonicalBoard(board), REFERENCE_OPTIONS).nodes;
}
