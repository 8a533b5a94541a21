// One deduction of the human-style grader, as logged: which rule, which placements it removed
// or laid, and the details a sentence needs. Positions are 0-based here; explain.ts turns them
// into 1-based words for people.
import type { Domino } from '../solve/solution.js';

/** A cell as [row, col]. */
export type Cell = [row: number, col: number];
/** A pair as [u, v], u ≤ v. */
export type PairUV = [u: number, v: number];

/** A tight set of one number: its cells and the pairs they hold (see rules/sets.ts). */
interface NumberSet {
  value: number;
  cells: Cell[];
  pairs: PairUV[];
}

/** The machine-readable grounds of each rule's steps, by rule name. */
export interface Reasons {
  /** The cell with one placement left. */
  cellSingleton: { cell: Cell };
  /** The pair with one spot left. */
  pairSingleton: { pair: PairUV };
  /** Every spot of the pair covers the cell. */
  pairSharedCell: { pair: PairUV; cell: Cell };
  /** The only pair the cell can spell. */
  cellForcedPair: { cell: Cell; pair: PairUV };
  /** The neighbour left with nothing but the same pair, or with nothing at all when `pair` is absent. */
  duplicateOfOwnPair: { placement: Domino; cell: Cell; pair?: PairUV };
  /** The two neighbours, and the pair both would need. */
  duplicateBetweenNeighbours: { placement: Domino; cells: Cell[]; pair: PairUV };
  /** The pair left with no spot. */
  pairCrowdedOut: { placement: Domino; pair: PairUV };
  /** The only link, and the smaller of the two even areas it links. */
  bridgeSplitsOdd: { placement: Domino; cells: Cell[] };
  /** The cut-off region and its checkerboard counts. */
  unbalancedRegion: { placement: Domino; cells: Cell[]; dark: number; light: number };
  /** As many cells as pairs, the double counting once and joining no two of the cells. */
  cellsClaimPairs: NumberSet;
  /** The tight set: as many cells as the pairs can fill, the double counting twice. */
  cellsClaimPairsAndDouble: NumberSet;
  /** The tight set, told by the pairs and the cells they fill. */
  pairsClaimCells: NumberSet;
  /** The double's spot, and the cells left with fewer pairs than cells. */
  doubleStarvesCells: NumberSet & { placement: Domino };
  /** The side that dies (all its placements), and the pair it would lay twice. */
  chainRepeatsPair: { chain: Domino[]; pair: PairUV };
  /** The side that dies, and the cell it would leave with no pair. */
  chainStarvesCell: { chain: Domino[]; cell: Cell };
  /** The pair, its two spots on the two sides, and the two sides. */
  pairInBothChains: { pair: PairUV; spots: Domino[]; chains: Domino[][] };
  /**
   * The assumption, the dominoes it forces in order, and the cell (or pair) that ran out of
   * places: exactly one of `cell` and `pair` is present.
   */
  lookaheadRefutes: { placement: Domino; chain: Domino[]; cell?: Cell; pair?: PairUV };
  /** The option refuted (or, when `guessed`, laid because every option had a solution), and the nodes it took. */
  searchRefutes: { placement: Domino; nodes: number; guessed?: boolean };
}

/** The name of a rule of the grader's ladder (the solver's rules are SolveRuleName). */
export type GradeRuleName = keyof Reasons;

/** The grounds of a step: a union keyed by the rule's name, so each rule's fields are typed. */
export type Reason = { [K in GradeRuleName]: { rule: K } & Reasons[K] }[GradeRuleName];

export interface Step {
  /** Ladder level of the rule (1 = singles … 8 = search). */
  level: number;
  /** Name of the rule function that made the deduction (the same as `reason.rule`). */
  rule: GradeRuleName;
  /** Placements ruled out by the step itself. */
  eliminated: Domino[];
  /**
   * Dominoes laid. Laying a domino also removes every other placement of its two cells and of
   * its pair; those removals are implied and not listed in `eliminated`.
   */
  placed: Domino[];
  reason: Reason;
}

/** Was the step a guess (search laid an option because every option had a solution)? */
export function isGuess(step: Step): boolean {
  return step.reason.rule === 'searchRefutes' && step.reason.guessed === true;
}
