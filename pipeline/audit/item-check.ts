// One stored puzzle, or a task's batch of them, checked as its kind's audit checks it, within its
// proof budget, for audit's workers and main thread and for export's check before writing. Each
// kind's checker (its solvers and grader) is made on first use and kept, one per kind per thread,
// so their buffers are reused across puzzles.
import type { CheckContext, Failure, PuzzleChecker, StoredPuzzle } from '../../src/catalog/check.js';
import { kindNamed, type KindName } from '../../src/kinds.js';
import { proofBudget } from './proof-budget.js';

/** A stored puzzle as a check needs it: its row, its base's row when a variant, its size's rule and its recorded versions. */
export interface AuditItem extends Pick<CheckContext, 'rule' | 'solverVersion' | 'graderVersion'> {
  puzzle: StoredPuzzle;
  base: StoredPuzzle | null;
}

export class ItemChecker {
  private readonly checkers = new Map<KindName, PuzzleChecker>();

  /**
   * Every check of the puzzle, its proofs within --time-limit (undefined: its kind's default for
   * its board); `baseProven`: a variant's base passed every check of this audit (CheckContext).
   */
  check(it: AuditItem, timeLimitMs: number | undefined, baseProven = false): Failure[] {
    const kind = kindNamed(it.puzzle.kind);
    let checker = this.checkers.get(kind.name);
    if (checker === undefined) {
      checker = kind.checks.checker();
      this.checkers.set(kind.name, checker);
    }
    const { rule, solverVersion, graderVersion } = it;
    const budget = proofBudget(kind.checks, it.puzzle, timeLimitMs);
    return checker.check(it.puzzle, it.base, { rule, solverVersion, graderVersion, ...budget, baseProven });
  }

  /** The checks that need no proof, for a puzzle whose recorded verdict still holds. */
  checkRow(it: AuditItem): Failure[] {
    return kindNamed(it.puzzle.kind).checkRow(it.puzzle, it.base, it.rule);
  }
}

/** A batch of stored puzzles to check in order, as audit cuts them (audit.ts costBatches). */
export interface AuditTask {
  items: AuditItem[];
  /** --time-limit per board in milliseconds; undefined: solve's default for the board's size. */
  timeLimitMs: number | undefined;
}

export interface AuditAnswer {
  checked: number;
  failures: Failure[];
}

/**
 * A task's puzzles in order, on whichever thread runs it (`before` runs before each puzzle). A
 * base that passes every check proves its variants later in the same task by their image
 * (CheckContext.baseProven), so audit sends a base and its variants together.
 */
export function checkBatch(checker: ItemChecker, task: AuditTask, before?: () => void): AuditAnswer {
  const failures: Failure[] = [];
  const proven = new Set<number>();
  for (const it of task.items) {
    before?.();
    const { id, base_id } = it.puzzle;
    const own = checker.check(it, task.timeLimitMs, base_id !== null && proven.has(base_id));
    if (base_id === null && own.length === 0) proven.add(id);
    for (const f of own) failures.push(f);
  }
  return { checked: task.items.length, failures };
}
