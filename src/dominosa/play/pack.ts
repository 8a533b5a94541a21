// A Dominosa puzzle as a web pack carries it to its page: the board's numbers, the solution as
// placements and the grader's steps packed (steps.ts) against the pack's table of rules, and the
// page's way back from it to a board, a solution and steps ready for the hint logic.
import type { WebEntry } from '../../play/pack.js';
import type { PlayBoard } from './game.js';
import { unpackStep, type HintStep, type PackedStep, type RuleEntry } from './steps.js';

export interface WebPuzzle extends WebEntry {
  /** Absent: packs written before Sudomino have none. */
  kind?: 'dominosa';
  m: number;
  /** Row-major numbers. */
  values: number[];
  /** The solution as placements (see geometry.ts), increasing. */
  solution: number[];
  steps: PackedStep[];
}

/** What a pack holds for its Dominosa puzzles beside them: the rules their steps index into. */
export interface PackRules {
  rules: RuleEntry[];
}

/** A puzzle ready to play: its board, solution and steps as the hint logic takes them. */
export interface PlayPuzzle {
  puzzle: WebPuzzle;
  board: PlayBoard;
  solution: number[];
  steps: HintStep[];
}

export function playPuzzle(pack: PackRules, puzzle: WebPuzzle): PlayPuzzle {
  const board: PlayBoard = { rows: puzzle.rows, cols: puzzle.cols, m: puzzle.m, values: puzzle.values };
  return { puzzle, board, solution: puzzle.solution, steps: puzzle.steps.map((s) => unpackStep(board, pack.rules, s)) };
}
