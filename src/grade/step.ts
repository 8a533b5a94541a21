// One deduction of the human-style grader, as logged: which rule, which placements it removed
// or laid, and the details a sentence needs. Positions are 0-based here; explain.ts turns them
// into 1-based words for people.
import type { Domino } from '../solve/solution.js';

/** A cell as [row, col]. */
export type Cell = [row: number, col: number];
/** A pair as [u, v], u ≤ v. */
export type PairUV = [u: number, v: number];

/**
 * The machine-readable grounds of a step. Which fields are present depends on the rule:
 * - cellSingleton: cell; pairSingleton: pair.
 * - pairSharedCell: pair, cell (the cell every spot of the pair covers).
 * - cellForcedPair: cell, pair (the only pair the cell can spell).
 * - duplicateOfOwnPair: placement, cell (the neighbour left with nothing but the same pair, or
 *   with nothing at all when `pair` is absent), pair.
 * - duplicateBetweenNeighbours: placement, cells (the two neighbours), pair (what both need).
 * - pairCrowdedOut: placement, pair (the pair left with no spot).
 * - bridgeSplitsOdd: placement (the only link), cells (the smaller of the two even areas it links).
 * - unbalancedRegion: placement, cells (the cut-off region), dark, light (its checkerboard counts).
 * - cellsClaimPairs: value, cells, pairs (as many cells as pairs, the double counting once and
 *   joining no two of the cells).
 * - cellsClaimPairsAndDouble / pairsClaimCells: value, cells, pairs (the tight set: as many cells
 *   as the pairs can fill, the double counting twice).
 * - doubleStarvesCells: value, placement (the double's spot), cells, pairs (fewer pairs than cells).
 * - forcingChain: placement (the assumption), chain (the dominoes it forces, in order), and the
 *   cell or pair that ran out of places.
 * - searchRefutes: placement, nodes; guessed when it was laid because every option had a solution.
 */
export interface Reason {
  cell?: Cell;
  pair?: PairUV;
  placement?: Domino;
  cells?: Cell[];
  pairs?: PairUV[];
  value?: number;
  dark?: number;
  light?: number;
  chain?: Domino[];
  nodes?: number;
  guessed?: boolean;
}

export interface Step {
  /** Ladder level of the rule (1 = singles … 7 = search). */
  level: number;
  /** Name of the rule function that made the deduction. */
  rule: string;
  /** Placements ruled out by the step itself. */
  eliminated: Domino[];
  /**
   * Dominoes laid. Laying a domino also removes every other placement of its two cells and of
   * its pair; those removals are implied and not listed in `eliminated`.
   */
  placed: Domino[];
  reason: Reason;
}
