// One stored puzzle checked as its kind's audit checks it, within its proof budget, for audit's
// workers and for export's check before writing: the solvers (and Sudomino's grader) are held
// here, one of each per thread, so their buffers are reused across puzzles.
import {
  checkPuzzle,
  checkStoredRow,
  type Failure,
  type PuzzleContext,
  type StoredPuzzle,
} from '../../src/catalog/check.js';
import { checkSudominoPuzzle, checkSudominoRow } from '../../src/sudomino/check.js';
import { Solver } from '../../src/dominosa/solve/solver.js';
import { SudominoGrader } from '../../src/sudomino/grade/ladder.js';
import { SudominoSolver } from '../../src/sudomino/solve/solver.js';
import { proofBudget } from './proof-budget.js';

/** A stored puzzle as a check needs it: its row, its base's row when a variant, its size's rule and its recorded versions. */
export interface AuditItem extends Omit<PuzzleContext, 'solver' | 'interrupt' | 'budget'> {
  puzzle: StoredPuzzle;
  base: StoredPuzzle | null;
}

export class ItemChecker {
  private readonly solver = new Solver();
  private readonly sudominoSolver = new SudominoSolver();
  private readonly sudominoGrader = new SudominoGrader();

  /** Every check of the puzzle, its proofs within --time-limit (undefined: solve's default for its size). */
  check(it: AuditItem, timeLimitMs: number | undefined): Failure[] {
    // A Sudomino row's m is N (at most 30): no default limit, as solve gives its boards none.
    const budget = proofBudget(it.puzzle.m, timeLimitMs);
    return it.puzzle.kind === 'sudomino'
      ? checkSudominoPuzzle(it.puzzle, it.base, {
          rule: it.rule,
          solver: this.sudominoSolver,
          grader: this.sudominoGrader,
          ...budget,
        })
      : checkPuzzle(it.puzzle, it.base, { ...it, solver: this.solver, ...budget });
  }

  /** The checks that need no proof, for a puzzle whose recorded verdict still holds. */
  checkRow(it: AuditItem): Failure[] {
    return it.puzzle.kind === 'sudomino'
      ? checkSudominoRow(it.puzzle, it.base, it.rule)
      : checkStoredRow(it.puzzle, it.base, it.rule);
  }
}
