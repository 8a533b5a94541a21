// `dominosa grade`: stream boards from a file or stdin, prove each one as `solve` does, and grade
// the valid puzzles among them as a person would solve them. The kind of the boards is looked up
// once; its reader reads them, its budgets (`solving`) bound each board, and its grader grades
// and words each one (src/grade/grading.ts) in a worker thread (../boards/). Reading and error
// handling are those of `solve`: a bad board stops the run with one line, after the boards before
// it are printed.
import { EXIT_OK } from '../runtime/errors.js';
import { runBoards } from '../boards/work.js';
import type { GradeCommand } from './command.js';

export type { GradeCommand };

export async function runGrade(cmd: GradeCommand, stdout: NodeJS.WritableStream): Promise<number> {
  const run = { maxSearchNodes: cmd.maxSearchNodes, format: cmd.format, explain: cmd.explain ?? false };
  await runBoards(cmd, { verb: 'grade', run }, stdout);
  return EXIT_OK;
}
