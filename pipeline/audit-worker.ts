// The piscina worker of `dominosa audit`: one task is a batch of stored puzzles (each with its
// base row when a variant, its size's tier rule and its recorded solver and grader versions), answered with
// the failures src/catalog/check.ts finds. Runs from dist/ only, as dist/pipeline/audit-worker.js.
import { checkPuzzle, type Failure, type PuzzleContext, type StoredPuzzle } from '../src/catalog/check.js';
import { Solver } from '../src/dominosa/solve/solver.js';

export interface AuditItem extends Omit<PuzzleContext, 'solver'> {
  puzzle: StoredPuzzle;
  base: StoredPuzzle | null;
}

export interface AuditAnswer {
  checked: number;
  failures: Failure[];
}

// One solver per worker thread, so its buffers are reused across tasks.
const solver = new Solver();

export default function auditBatch(items: AuditItem[]): AuditAnswer {
  const failures: Failure[] = [];
  for (const it of items) {
    failures.push(...checkPuzzle(it.puzzle, it.base, { ...it, solver }));
  }
  return { checked: items.length, failures };
}
