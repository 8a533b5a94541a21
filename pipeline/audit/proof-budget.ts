// The budget of each board's proofs in audit and export: the user's --time-limit, else its kind's
// default for the board (what solve gives it: Dominosa's large boards get one), as a clock check
// the core polls, so a board that would prove for hours fails as 'gave-up' instead.
import type { KindChecks, StoredSize } from '../../src/catalog/check.js';
import { proofTimeLimitMs } from '../../src/proof.js';
import { UserError } from '../runtime/errors.js';
import { exhausted } from '../runtime/faults.js';

export interface ProofBudget {
  /** True once the board's time is up; undefined: no limit. */
  interrupt: (() => boolean) | undefined;
  /** The limit in words, for the failure it causes. */
  budget: string | undefined;
}

/** The budget of one stored board of a kind, starting now; userMs is --time-limit in milliseconds. */
export function proofBudget(
  kind: Pick<KindChecks, 'defaultTimeLimitMs'>,
  p: StoredSize,
  userMs: number | undefined,
): ProofBudget {
  const ms = proofTimeLimitMs(userMs, kind.defaultTimeLimitMs(p));
  const budget = Number.isFinite(ms) ? `time limit ${ms / 1000} s` : undefined;
  if (exhausted('proof')) return { interrupt: () => true, budget };
  if (budget === undefined) return { interrupt: undefined, budget };
  const deadline = performance.now() + ms;
  return { interrupt: () => performance.now() > deadline, budget };
}

/** A --time-limit must be a positive number of milliseconds, or absent. */
export function checkTimeLimit(ms: number | undefined): void {
  if (ms !== undefined && !(ms > 0 && Number.isFinite(ms)))
    throw new UserError(`--time-limit must be a number of seconds > 0 (got ${ms / 1000})`);
}
