// A board's budgets as every verb that proves boards applies them: its time limit (the user's,
// else the one its kind gives a board of its size) and the words for a budget a proof ran into.
import { proofTimeLimitMs, type SolveLimit } from '../proof.js';

/** What a kind says of a board's budgets before any work on it. */
export interface BoardBudgets<B = unknown> {
  /** Why a board is refused for its size (one line naming it), or null; absent: every board is taken. */
  refuse?(index: number, board: B): string | null;
  /** The time limit of a board the user gives none for, in milliseconds (Infinity: none). */
  defaultTimeMs(board: B): number;
  /** Those defaults in words, for --help ("no limit up to M=30, 10 s above; ..."). */
  readonly defaultsInWords: string;
}

/** The time limit of one board, in milliseconds: the user's, else its kind's default for it. */
export function timeLimitMs<B>(budgets: BoardBudgets<B>, board: B, userMs: number | undefined): number {
  return proofTimeLimitMs(userMs, budgets.defaultTimeMs(board));
}

/** The budgets a proof ran under: its time limit, its node limit and its solution cap. */
export interface ProofBudget {
  limitMs: number;
  maxNodes: number;
  cap: number;
}

/** Which budget a board that gave up ran into, in words ("time limit 10 s"), or null. */
export function gaveUpBecause(limit: SolveLimit | null, budget: ProofBudget): string | null {
  if (limit === 'time') return `time limit ${budget.limitMs / 1000} s`;
  if (limit === 'nodes') return `node limit ${budget.maxNodes}`;
  if (limit === 'cap') return `solution cap ${budget.cap}`;
  return null;
}
