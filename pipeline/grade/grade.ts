// `dominosa grade`: stream boards from a file or stdin, prove each one as `solve` does, and grade
// the valid puzzles among them as a person would solve them. The kind of the boards is looked up
// once; its reader reads them, its budgets (`solving`) bound each board, and its grader grades
// and words each one (src/grade/grading.ts) in a worker thread (worker.ts). Reading and error handling are those of `solve`: a
// bad board stops the run with one line, after the boards before it are printed.
import { EXIT_OK } from '../runtime/errors.js';
import { OffThread } from '../runtime/off-thread.js';
import { boardReader, forEachBoard, inputsOf, kindAndBlocks } from '../io/input.js';
import { withOutput } from '../io/output.js';
import type { GradeCommand } from './command.js';
import type { GradeTask } from './worker.js';

export type { GradeCommand };

export async function runGrade(cmd: GradeCommand, stdout: NodeJS.WritableStream): Promise<number> {
  const { kind, blocks } = await kindAndBlocks(cmd.input, cmd.inputFormat, cmd.kind);
  const reader = boardReader(kind, cmd.inputFormat, cmd.values);
  const run = { maxSearchNodes: cmd.maxSearchNodes, format: cmd.format, explain: cmd.explain ?? false };
  // Each board is graded in a worker thread, so a signal is heard at once, even inside a proof.
  const thread = new OffThread<GradeTask, string>('grade/worker.js');
  try {
    await withOutput(cmd.out, { force: cmd.force ?? false, inputs: inputsOf(cmd.input) }, stdout, (stream) =>
      forEachBoard(blocks, reader, stream, (index, board) =>
        thread.run({ kind: kind.name, run, timeoutMs: cmd.timeoutMs, index, board }),
      ),
    );
  } finally {
    await thread.close();
  }
  return EXIT_OK;
}
