// A Sudomino puzzle as a web pack carries it to its page: the board's text rows, the solution as
// one value per domino and the grader's steps packed (steps.ts), and the page's way back from it
// to a board, a solution and steps ready for the hint logic.
import type { WebEntry } from '../../play/pack.js';
import type { Board } from '../board.js';
import { formatBoardError } from '../board.js';
import { boardFromRows } from '../parse.js';
import { unpackStep, type HintStep, type PackedStep, type RuleEntry } from './steps.js';

export interface WebPuzzle extends WebEntry {
  kind: 'sudomino';
  /** RxC:N. */
  shape: string;
  /** N: every open cell holds 1..N. */
  values: number;
  /** The board's text rows (letter or numbered form). */
  board: string[];
  /** The solution: one value per domino, dominoes numbered as the board's reader numbers them. */
  solution: number[];
  steps: PackedStep[];
}

/** What a pack holds for its Sudomino puzzles beside them: the rules their steps index into (absent when it holds none). */
export interface PackRules {
  sudominoRules?: RuleEntry[];
}

/** Whether a web pack's puzzle is Sudomino's. */
export function isWebPuzzle(p: WebEntry): p is WebPuzzle {
  return p.kind === 'sudomino';
}

/** A Sudomino puzzle ready to play. */
export interface PlayPuzzle {
  puzzle: WebPuzzle;
  board: Board;
  solution: number[];
  steps: HintStep[];
}

/** The board a pack's rows spell; a pack the exporter wrote always reads, so a failure is a bug. */
export function webBoard(p: Pick<WebPuzzle, 'board' | 'values' | 'id'>): Board {
  const parsed = boardFromRows(p.board, p.values, 0, p.id);
  if (!parsed.ok) throw new RangeError(formatBoardError(parsed.error));
  return parsed.board;
}

export function playPuzzle(rules: readonly RuleEntry[], puzzle: WebPuzzle): PlayPuzzle {
  return {
    puzzle,
    board: webBoard(puzzle),
    solution: puzzle.solution,
    steps: puzzle.steps.map((s) => unpackStep(rules, s)),
  };
}
