// The limits every verb that proves or grades a board from the user applies: the largest size it
// takes on, and the default budgets of large boards (above LARGE_M a proof or a grading can run
// for minutes, so one gets a time limit unless the user sets one).
import { proofTimeLimitMs } from '../../proof.js';
import { boardName } from '../../solve/board-name.js';
import type { Board } from '../board.js';

/** Largest M solve and grade take: up to here every time budget is honoured promptly (npm run bench checks how promptly). */
export const MAX_M = 400;
/** Above this M a board gets DEFAULT_LARGE_TIME_MS unless a time limit is given. */
export const LARGE_M = 30;
/** The default time limit per board above LARGE_M, in milliseconds. */
export const DEFAULT_LARGE_TIME_MS = 10_000;

/** Why a board is refused for its size, or null when it is within MAX_M. */
export function sizeError(index: number, board: Board): string | null {
  if (board.m <= MAX_M) return null;
  return `${boardName(index, board)}: M=${board.m} is above the largest size supported, M=${MAX_M}`;
}

/** The default time limit of one board: DEFAULT_LARGE_TIME_MS above LARGE_M, else none (Infinity). */
export function defaultTimeLimitMs(board: Pick<Board, 'm'>): number {
  return board.m > LARGE_M ? DEFAULT_LARGE_TIME_MS : Infinity;
}

/** The time limit of one board: the user's, else the large-board default above LARGE_M, else none. */
export function timeLimitMs(board: Pick<Board, 'm'>, userMs: number | undefined): number {
  return proofTimeLimitMs(userMs, defaultTimeLimitMs(board));
}
