// What `grade` asks of a kind (src/kind.ts, `grading`): a grader that proves each board unique as
// solve does (under the kind's budgets, `solving`), grades the puzzles as a person would solve
// them, and words the result as grade prints it, --explain's steps included.
import type { BoardClock } from '../solve/solving.js';

/** What one grade run asks of every board. */
export interface GradeRun {
  /** Search nodes the grader may spend per board, where the kind's grader searches. */
  maxSearchNodes: number;
  format: 'text' | 'jsonl';
  /** Follow each grade with the steps a person takes, in words. */
  explain: boolean;
}

/** A grader for one run, reused from board to board. */
export interface BoardGrader<B = unknown> {
  /** Grade one board: its line (and --explain's steps), or its JSON line, ending in a newline. */
  grade(index: number, board: B, clock: BoardClock): string;
}

export interface KindGrading<B = unknown> {
  grader(run: GradeRun): BoardGrader<B>;
  /** The search budget the catalog grades with (grade's default --max-nodes); absent: the grader never searches. */
  readonly maxSearchNodes?: number;
}
