// The thread that grades `dominosa grade`'s boards (runtime/off-thread.ts), one board a task,
// under the board's clock; the main thread reads the input and writes the grades.
// Runs from dist/ only, as dist/pipeline/grade/worker.js.
import { kindNamed } from '../../src/kinds.js';
import type { BoardGrader, GradeRun } from '../../src/grade/grading.js';
import { timeLimitMs } from '../../src/solve/budget.js';
import { UserError } from '../runtime/errors.js';
import { deadlineAt, stallWorkerAt } from '../runtime/faults.js';
import { served } from '../runtime/off-thread.js';

export interface GradeTask {
  kind: string;
  run: GradeRun;
  /** The user's time limit per board in ms; undefined: the kind's default for the board. */
  timeoutMs: number | undefined;
  index: number;
  board: unknown;
}

// The grader of the run, kept from board to board.
let grader: { key: string; grader: BoardGrader } | null = null;

function graderFor(t: GradeTask): BoardGrader {
  const key = JSON.stringify([t.kind, t.run]);
  if (grader?.key !== key) grader = { key, grader: kindNamed(t.kind).grading.grader(t.run) };
  return grader.grader;
}

export default served((t: GradeTask): string => {
  const { solving } = kindNamed(t.kind);
  const tooLarge = solving.refuse?.(t.index, t.board) ?? null;
  if (tooLarge !== null) throw new UserError(tooLarge);
  stallWorkerAt(`grade:board:${t.index}`);
  // The clock is read only under a time limit (the user's, or the kind's default for the board).
  const limitMs = timeLimitMs(solving, t.board, t.timeoutMs);
  const deadline = deadlineAt(`board:${t.index}`) ? -Infinity : performance.now() + limitMs;
  const clock = (): boolean => performance.now() > deadline;
  return graderFor(t).grade(t.index, t.board, { limitMs, interrupt: Number.isFinite(limitMs) ? clock : undefined });
});
