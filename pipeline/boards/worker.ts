// The thread in which solve proves and grade grades their boards (runtime/off-thread.ts), one
// board a task, under the board's clock: its time limit (the user's, or the kind's default for
// the board), polled inside the work. The main thread reads the input and writes the results.
// Runs from dist/ only, as dist/pipeline/boards/worker.js.
import type { GradeRun } from '../../src/grade/grading.js';
import type { BoardClock, SolveRun } from '../../src/solve/solving.js';
import { kindNamed } from '../../src/kinds.js';
import { timeLimitMs } from '../../src/solve/budget.js';
import { UserError } from '../runtime/errors.js';
import { deadlineAt, stallWorkerAt } from '../runtime/faults.js';
import { served } from '../runtime/off-thread.js';
import { loadPluginKinds } from '../runtime/plugin-kinds.js';

// A thread has a registry of its own: the plugin kinds the command line loaded, loaded again here.
await loadPluginKinds();

/** What each board gets: solve's proof, or grade's grade. */
export type BoardWork = { verb: 'solve'; run: SolveRun } | { verb: 'grade'; run: GradeRun };

export interface BoardTask {
  kind: string;
  work: BoardWork;
  /** The user's time limit per board in ms; undefined: the kind's default for the board. */
  timeoutMs: number | undefined;
  index: number;
  board: unknown;
}

type Doer = (index: number, board: unknown, clock: BoardClock) => string;

// The run's prover or grader, kept from board to board (its scratch space reused).
let kept: { key: string; doer: Doer } | null = null;

function doerFor(t: BoardTask): Doer {
  const key = JSON.stringify([t.kind, t.work]);
  if (kept?.key !== key) kept = { key, doer: doerOf(t.kind, t.work) };
  return kept.doer;
}

function doerOf(kindName: string, work: BoardWork): Doer {
  const kind = kindNamed(kindName);
  if (work.verb === 'solve') {
    const prover = kind.solving.prover(work.run);
    return (index, board, clock) => prover.prove(index, board, clock);
  }
  const grader = kind.grading.grader(work.run);
  return (index, board, clock) => grader.grade(index, board, clock);
}

export default served((t: BoardTask): string => {
  const { solving } = kindNamed(t.kind);
  const tooLarge = solving.refuse?.(t.index, t.board) ?? null;
  if (tooLarge !== null) throw new UserError(tooLarge);
  stallWorkerAt(`${t.work.verb}:board:${t.index}`);
  const limitMs = timeLimitMs(solving, t.board, t.timeoutMs);
  // The clock is read only under a time limit.
  const deadline = deadlineAt(`board:${t.index}`) ? -Infinity : performance.now() + limitMs;
  const clock = (): boolean => performance.now() > deadline;
  return doerFor(t)(t.index, t.board, { limitMs, interrupt: Number.isFinite(limitMs) ? clock : undefined });
});
