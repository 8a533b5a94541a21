// The --grade option of graded generation (generate, build): its text read as a grade target.
// Apart from the board-input options (input.ts) because it needs the grader's ladder, which
// verbs that only read boards should not pay to load.
import { parseGradeTarget, type GradeTarget } from '../../src/dominosa/rank/bands.js';
import type { OptionSpec } from './options.js';

export function gradeTarget(describe: string): OptionSpec<GradeTarget | undefined> {
  return {
    yargs: { type: 'string', describe, requiresArg: true },
    check(v, flag) {
      const g = parseGradeTarget(String(v));
      return g.ok ? { ok: true, value: g.target } : { ok: false, error: `${flag}: ${g.error}` };
    },
  };
}
