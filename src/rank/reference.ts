// The reference measure of difficulty: search nodes of one fixed, weakened solver
// configuration, run on the board's canonical representative (M ≤ 9), or the layered score of
// layered.ts (M ≥ 10). Tiers (tiers.ts) cut these counts per size; REFERENCE_VERSION names the
// measure so stored grades can be told apart.
import type { Board } from '../board.js';
import { Solver, type SolveOptions } from '../solve/solver.js';
import { canonicalBoard } from '../transform.js';
import { layeredScore } from './layered.js';

/**
 * Bump whenever a board's reference node count could change (options, solver, canonical form).
 * ref-2: sizes from LAYERED_FROM_M up are measured by the layered score; smaller sizes count
 * exactly as in ref-1 (see sameCounts).
 */
export const REFERENCE_VERSION = 'ref-2';

/**
 * The first size measured by layeredScore instead of search nodes. Measured on boards the repair
 * generator makes: the pairSingleton-only search takes up to 165,594 nodes (0.25 s) at M=20 and
 * gave up at 2,000,000 nodes (3–6 s) on 4 of 6 boards at M=30 — boards all four rules settle at
 * the root. The count grows with the board's size more than with its difficulty, and costs more
 * than making the board. Sizes up to 9 keep their ref-1 counts (and data/tiers.json cuts).
 */
export const LAYERED_FROM_M = 10;

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
 * change there must bump REFERENCE_VERSION and re-derive data/tiers.json.
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
 * Reference search nodes of a board (the layered score from LAYERED_FROM_M up). Computed on
 * canonicalBoard(board), so every mirror, rotation and relabelling of a board gets exactly the
 * same count (the raw solver's branching order depends on cell and pair numbering). Pass a
 * solver to reuse its buffers.
 */
export function referenceNodes(board: Board, solver?: Solver): number {
  const s = solver ?? (shared ??= new Solver());
  const canonical = canonicalBoard(board);
  if (board.m >= LAYERED_FROM_M) return layeredScore(canonical, s);
  return s.solve(canonical, REFERENCE_OPTIONS).nodes;
}

/**
 * Whether counts measured under solver versions a and b agree for size m: the same version, or
 * ref-1 and ref-2 below LAYERED_FROM_M (ref-2 only changed the larger sizes). For readers of
 * stored counts (audit, tune) that must not call a ref-1 catalog of small boards stale.
 */
export function sameCounts(a: string, b: string, m: number): boolean {
  if (a === b) return true;
  const pair = new Set([a, b]);
  return pair.has('ref-1') && pair.has('ref-2') && m < LAYERED_FROM_M;
}
