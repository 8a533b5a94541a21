// `dominosa grade`: stream boards from a file or stdin, prove each one as `solve` does, and grade
// the valid puzzles among them as a person would solve them. The kind of the boards is looked up
// once; its reader reads them, its budgets (`solving`) bound each board, and its grader grades
// and words each one (src/grade/grading.ts). Reading and error handling are those of `solve`: a
// bad board stops the run with one line, after the boards before it are printed.
import { timeLimitMs } from '../../src/solve/budget.js';
import { EXIT_OK, UserError } from '../runtime/errors.js';
import { deadlineAt } from '../runtime/faults.js';
import { boardReader, forEachBoard, inputsOf, kindAndBlocks } from '../io/input.js';
import { withOutput } from '../io/output.js';
import type { GradeCommand } from './command.js';

export type { GradeCommand };

export async function runGrade(cmd: GradeCommand, stdout: NodeJS.WritableStream): Promise<number> {
  const { kind, blocks } = await kindAndBlocks(cmd.input, cmd.inputFormat, cmd.kind);
  const { solving } = kind;
  const reader = boardReader(kind, cmd.inputFormat, cmd.values);
  const grader = kind.grading.grader({
    maxSearchNodes: cmd.maxSearchNodes,
    format: cmd.format,
    explain: cmd.explain ?? false,
  });
  // The clock is read only under a time limit (the user's, or the kind's default for the board).
  let deadline = Infinity;
  const clock = (): boolean => performance.now() > deadline;
  await withOutput(cmd.out, { force: cmd.force ?? false, inputs: inputsOf(cmd.input) }, stdout, (stream) =>
    forEachBoard(blocks, reader, stream, (index, board) => {
      const tooLarge = solving.refuse?.(index, board) ?? null;
      if (tooLarge !== null) throw new UserError(tooLarge);
      const limitMs = timeLimitMs(solving, board, cmd.timeoutMs);
      deadline = performance.now() + limitMs;
      if (deadlineAt(`board:${index}`)) deadline = -Infinity;
      return grader.grade(index, board, { limitMs, interrupt: Number.isFinite(limitMs) ? clock : undefined });
    }),
  );
  return EXIT_OK;
}
