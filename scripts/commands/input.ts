// Options shared by several verbs: the board file and formats (solve, grade), and the grade
// target of graded generation (generate, build).
import type { Argv } from 'yargs';
import { UserError } from '../../pipeline/errors.js';
import { parseGradeTarget, type GradeTarget } from '../../src/grade/bands.js';

/** --grade's value as a target, or a one-line error naming the option. */
export function gradeTargetOption(text: string): GradeTarget {
  const g = parseGradeTarget(text);
  if (!g.ok) throw new UserError(`--grade: ${g.error}`);
  return g.target;
}

export function boardInputOptions(a: Argv) {
  return a
    .positional('file', { type: 'string', default: '-', describe: 'board file (text or JSON lines); - for stdin' })
    .option('format', { choices: ['text', 'jsonl'] as const, default: 'text' as const, describe: 'output format' })
    .option('input-format', {
      choices: ['auto', 'text', 'jsonl'] as const,
      default: 'auto' as const,
      describe: 'input format (auto: JSON lines if the first line starts with {)',
    });
}
