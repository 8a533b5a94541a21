// The piscina worker of `dominosa audit`: one task is a batch of stored puzzles (each with its
// base row when a variant, its size's tier rule and its recorded solver and grader versions), answered with
// the failures its kind's checks find (src/catalog/check.ts, sudomino-check.ts), each puzzle's
// proofs within its budget (proof-budget.ts). Runs from dist/ only, as dist/pipeline/audit-worker.js.
import { checkPuzzle, type Failure, type PuzzleContext, type StoredPuzzle } from '../src/catalog/check.js';
import { checkSudominoPuzzle } from '../src/catalog/sudomino-check.js';
import { Solver } from '../src/dominosa/solve/solver.js';
import { SudominoGrader } from '../src/sudomino/grade/ladder.js';
import { SudominoSolver } from '../src/sudomino/solve/solver.js';
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

// One solver (and grader) per kind per worker thread, so their buffers are reused across tasks.
const solver = new Solver();
const sudominoSolver = new SudominoSolver();
const sudominoGrader = new SudominoGrader();

export default function auditBatch(task: AuditTask): AuditAnswer {
  const failures: Failure[] = [];
  for (const it of task.items) {
    // A Sudomino row's m is N (at most 30): no default limit, as solve gives its boards none.
    const budget = proofBudget(it.puzzle.m, task.timeLimitMs);
    failures.push(
      ...(it.puzzle.kind === 'sudomino'
        ? checkSudominoPuzzle(it.puzzle, it.base, { rule: it.rule, solver: sudominoSolver, grader: sudominoGrader, ...budget })
        : checkPuzzle(it.puzzle, it.base, { ...it, solver, ...budget })),
    );
  }
  return { checked: task.items.length, failures };
}
