// A board's solution told step by step for a person: the grader's log in words, cut where the
// grader had to guess (a board with several solutions) and closed with a sentence saying why
// the story stops there. `solve --explain` prints it.
import type { Board } from '../board.js';
import { explainSteps } from './explain.js';
import { DEFAULT_MAX_SEARCH_NODES, gradeBoard } from './ladder.js';
import { isGuess, type Step } from './step.js';

export interface Walkthrough {
  /** The steps told, in order: the grader's log up to (not including) its first guess. */
  steps: Step[];
  /** One sentence per step, then a closing sentence unless the steps solve the board. */
  lines: string[];
  /** How the telling ends. */
  ending: 'solved' | 'guess' | 'no-solution' | 'gave-up';
}

/**
 * Grade the board with its log kept and explain the log. Only deductions are told: when search
 * lays a guess (every option has a solution below it), the board has more than one solution,
 * so the walkthrough stops there and says so.
 */
export function walkthrough(board: Board, options: { maxSearchNodes?: number } = {}): Walkthrough {
  const budget = options.maxSearchNodes ?? DEFAULT_MAX_SEARCH_NODES;
  const res = gradeBoard(board, { log: true, maxSearchNodes: budget });
  const log = res.log ?? [];
  const guess = log.findIndex(isGuess);
  const steps = guess < 0 ? log : log.slice(0, guess);
  const lines = explainSteps(board, steps);
  let ending: Walkthrough['ending'];
  if (guess >= 0) {
    ending = 'guess';
    lines.push(
      'Here no deduction decides between the options left: the board has more than one solution, so the explanation stops.',
    );
  } else if (res.solved) {
    ending = 'solved';
  } else if (res.nodes >= budget) {
    // The grader stops searching exactly at its budget; a contradiction found on the very last
    // node would read as a budget stop too, which is rare and errs on the side of saying less.
    ending = 'gave-up';
    lines.push('Here the search ran out of its node budget, so the explanation stops.');
  } else {
    ending = 'no-solution';
    lines.push('That leaves a cell or a domino with nowhere to go: the board has no solution.');
  }
  return { steps, lines, ending };
}
