// The thread that proves `dominosa solve`'s boards (runtime/off-thread.ts), one board a task,
// under the board's clock; the main thread reads the input and writes the results.
// Runs from dist/ only, as dist/pipeline/solve/worker.js.
import { kindNamed } from '../../src/kinds.js';
import type { BoardProver, SolveRun } from '../../src/solve/solving.js';
import { timeLimitMs } from '../../src/solve/budget.js';
import { UserError } from '../runtime/errors.js';
import { deadlineAt, stallWorkerAt } from '../runtime/faults.js';
import { served } from '../runtime/off-thread.js';

export interface SolveTask {
  kind: string;
  run: SolveRun;
  /** The user's time limit per board in ms; undefined: the kind's default for the board. */
  timeoutMs: number | undefined;
  index: number;
  board: unknown;
}

// The prover of the run, kept from board to board (its scratch space reused).
let prover: { key: string; prover: BoardProver } | null = null;

function proverFor(t: SolveTask): BoardProver {
  const key = JSON.stringify([t.kind, t.run]);
  if (prover?.key !== key) prover = { key, prover: kindNamed(t.kind).solving.prover(t.run) };
  return prover.prover;
}

export default served((t: SolveTask): string => {
  const { solving } = kindNamed(t.kind);
  const tooLarge = solving.refuse?.(t.index, t.board) ?? null;
  if (tooLarge !== null) throw new UserError(tooLarge);
  stallWorkerAt(`solve:board:${t.index}`);
  const limitMs = timeLimitMs(solving, t.board, t.timeoutMs);
  // The clock is read only under a time limit.
  const deadline = deadlineAt(`board:${t.index}`) ? -Infinity : performance.now() + limitMs;
  const clock = (): boolean => performance.now() > deadline;
  return proverFor(t).prove(t.index, t.board, { limitMs, interrupt: Number.isFinite(limitMs) ? clock : undefined });
});
