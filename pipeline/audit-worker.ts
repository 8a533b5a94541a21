// The piscina worker of `dominosa audit`: one task is a batch of stored puzzles (each with its
// base row when a variant, its size's tier rule and its recorded solver and grader versions), answered with
// the failures src/catalog/check.ts finds, each puzzle's proofs within its budget (proof-budget.ts).
// Runs from dist/ only, as dist/pipeline/audit-worker.js.
import { checkPuzzle, type Failure, type PuzzleContext, type StoredPuzzle } from '../src/catalog/check.js';
import { Solver } from '../src/dominosa/solve/solver.js';
import { proofBudget } from './proof-budget.js';

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

// One solver per worker thread, so its buffers are reused across tasks.
const solver = new Solver();

export default function auditBatch(task: AuditTask): AuditAnswer {
  const failures: Failure[] = [];
  for (const it of task.items) {
    failures.push(...checkPuzzle(it.puzzle, it.base, { ...it, solver, ...proofBudget(it.puzzle.m, task.timeLimitMs) }));
  }
  return { checked: task.items.length, failures };
}
