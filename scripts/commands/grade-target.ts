// The --grade option of graded generation (generate, build): its text read as a grade target.
// Apart from the board-input options (input.ts) because it needs the grader's ladder, which
// verbs that only read boards should not pay to load.
import { UserError } from '../../pipeline/errors.js';
import { parseGradeTarget, type GradeTarget } from '../../src/rank/bands.js';

/** --grade's value as a target, or a one-line error naming the option. */
export function gradeTargetOption(text: string): GradeTarget {
  const g = parseGradeTarget(text);
  if (!g.ok) throw new UserError(`--grade: ${g.error}`);
  return g.target;
}
