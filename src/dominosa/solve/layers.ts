// The root layers of reasoning, weakest first: the two singleton rules, all four rules, the four
// rules plus failed-placement probing, and search. Which layer settles a board at the root is
// what the layered score ranks (rank/layered.ts) and what repair aims a slot at (make/repair.ts).
import type { Board } from '../board.js';
import type { RootState, SolveRuleName, Solver } from './solver.js';

/** A root layer, weakest first (see ROOT_LAYERS). */
export type RootLayer = 'singles' | 'rules' | 'probing' | 'search';

/** The layers in order: each settles every board a weaker one settles. */
export const ROOT_LAYERS: readonly RootLayer[] = Object.freeze([
  'singles',
  'rules',
  'probing',
  'search',
] as RootLayer[]);

/** The layers that are a root deduction; search is what is left when none of them settles a board. */
export type DeductionLayer = Exclude<RootLayer, 'search'>;

/** The two singleton rules: "this cell has one place left", "this pair has one spot left". */
export const SINGLES: readonly SolveRuleName[] = Object.freeze(['cellSingleton', 'pairSingleton'] as SolveRuleName[]);

/** The position of a layer in ROOT_LAYERS (0 for singles … 3 for search). */
export function layerRank(layer: RootLayer): number {
  return ROOT_LAYERS.indexOf(layer);
}

/** Whether layer a is weaker than layer b. */
export function weaker(a: RootLayer, b: RootLayer): boolean {
  return layerRank(a) < layerRank(b);
}

/**
 * The root deduction of a layer on `board`, to a fixpoint (which for sound kill rules does not
 * depend on the order they fire in). The solver's cellDone then shows what it left open.
 */
export function deduceLayer(solver: Solver, board: Board, layer: DeductionLayer, interrupt?: () => boolean): RootState {
  if (layer === 'singles') return solver.deduce(board, { rules: SINGLES, live: false, interrupt });
  return solver.deduce(board, { probe: layer === 'probing' ? 'root' : 'off', live: false, interrupt });
}

/** Cells the root deduction of a layer leaves undecided. */
export function openCells(solver: Solver, board: Board, layer: DeductionLayer, interrupt?: () => boolean): number {
  return deduceLayer(solver, board, layer, interrupt).undecidedCells;
}
