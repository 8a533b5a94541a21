// The reference measure of difficulty: search nodes of one fixed, weakened solver
// configuration, run on the board's canonical representative (M ≤ 9), or the layered score of
// layered.ts (M ≥ 10). Tiers (tiers.ts) cut these counts per size; REFERENCE_VERSION names the
// measure so stored grades can be told apart.
import type { Board } from '../board.js';
import type { Solver, SolveOptions } from '../solve/solver.js';
import { canonicalBoard } from '../transform.js';
import { layeredScore } from './layered.js';

/**
 * Bump whenever a board's reference node count could change (options, solver, canonical form).
 * ref-2: sizes from LAYERED_FROM_M up are measured by the layered score; smaller sizes count
 * exactly as in ref-1 (see sameCounts).
 */
export const REFERENCE_VERSION = 'ref-2';

/**
 * The first size measured by layeredScore instead of search nodes: from here the pair-singleton
 * search grows with the board's size more than with its difficulty (src/README.md, "Tiers").
 */
export const LAYERED_FROM_M = 10;

/**
 * Pair singleton only ("this pair fits in just one spot", the first deduction a person makes),
 * counting to 2 solutions (so the count includes the proof that no second solution exists),
 * with no node limit, no failed-placement probing and no 2×2-swap shortcut: the count is that
 * of the plain search, whose order is fixed by the board alone. Of the rule sets measured, this
 * one spreads small boards' counts widely and stays cheap (src/README.md, "Tiers"). Counts depend on the
 * solver's branching order, so any change there must bump REFERENCE_VERSION and re-derive
 * data/tiers.json.
 */
export const REFERENCE_OPTIONS: SolveOptions = Object.freeze({
  rules: Object.freeze(['pairSingleton'] as const),
  cap: 2,
  maxNodes: Infinity,
  squareSwap: false,
  probe: 'off', // probeAfter only applies to probe 'auto'
  solution: false,
});

/**
 * Reference search nodes of a board (the layered score from LAYERED_FROM_M up), measured with
 * the caller's solver. Computed on canonicalBoard(board), so every mirror, rotation and
 * relabelling of a board gets exactly the same count (the raw solver's branching order depends
 * on cell and pair numbering). A caller's interrupt that fires leaves the count meaningless.
 */
export function referenceNodes(board: Board, solver: Solver, interrupt?: () => boolean): number {
  return referenceNodesOfCanonical(canonicalBoard(board), solver, interrupt);
}

/** referenceNodes of a board already canonical (canonicalBoard's), for a caller that has it. */
export function referenceNodesOfCanonical(canonical: Board, solver: Solver, interrupt?: () => boolean): number {
  if (canonical.m >= LAYERED_FROM_M) return layeredScore(canonical, solver, interrupt);
  return solver.solve(canonical, interrupt === undefined ? REFERENCE_OPTIONS : { ...REFERENCE_OPTIONS, interrupt })
    .nodes;
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

/** The reference measure at size m, named for people: node counts up to M = 9, the layered score above. */
export function guardrailName(m: number): string {
  return m >= LAYERED_FROM_M ? 'layered score' : 'reference nodes';
}
