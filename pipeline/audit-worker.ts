// The piscina worker of `dominosa audit`: one task is a batch of stored puzzles (each with its
// base row when a variant, its size's tier rule and its recorded solver and grader versions), answered with
// the failures its kind's checks find (item-check.ts), each puzzle's proofs within its budget. Runs from dist/ only, as dist/pipeline/audit-worker.js.
import type { Failure, PuzzleContext, StoredPuzzle } from '../src/catalog/check.js';
import { ItemChecker } from './item-check.js';

export interface AuditItem extends Omit<PuzzleContext, 'solver' | 'interrupt' | 'budget'> {
  puzzle: StoredPuzzle;
  base: StoredPuzzle | null;
}

export interface AuditTask {
  items: AuditItem[];
  /** --time-limit per board in milliseconds; undefined: solve's default for the board's size. */
  timeLimitMs: number | undefined;
}

export interface AuditAnswer {
  checked: number;
  failures: Failure[];
}

// One checker per worker thread, so its solvers' buffers are reused across tasks.
const checker = new ItemChecker();

export default function auditBatch(task: AuditTask): AuditAnswer {
  const failures: Failure[] = [];
  for (const it of task.items) failures.push(...checker.check(it, task.timeLimitMs));
  return { checked: task.items.length, failures };
}
