// The words every kind's proof answers in, shared so the shell reports both kinds alike, and the
// time budget every verb that proves a board gives it: the user's, else its kind's default.

export type SolveStatus = 'unique' | 'multiple' | 'none' | 'gave-up';

/** Why a solve gave up: its node budget, its interrupt (the shell's clock), or a cap of one solution. */
export type SolveLimit = 'nodes' | 'time' | 'cap';

/** The time limit of one board, in ms: the user's, else its kind's default for it (Infinity: none). */
export function proofTimeLimitMs(userMs: number | undefined, kindDefaultMs: number): number {
  return userMs ?? kindDefaultMs;
}
