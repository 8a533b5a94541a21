// `dominosa solve`: stream boards from a file or stdin, prove each one, print a result per
// board. The kind of the boards is looked up once (given, or told from the input's start); its
// reader reads them and its prover proves and words each one (src/solve/solving.ts) in a worker
// thread (worker.ts), under the board's clock. Output for boards before a bad one is already
// written when the error is reported.
import { EXIT_OK, UserError } from '../runtime/errors.js';
import { OffThread } from '../runtime/off-thread.js';
import { boardReader, forEachBoard, inputsOf, kindAndBlocks } from '../io/input.js';
import { withOutput } from '../io/output.js';
import type { SolveCommand } from './command.js';
import type { SolveTask } from './worker.js';

export type { SolveCommand };

export async function runSolve(cmd: SolveCommand, stdout: NodeJS.WritableStream): Promise<number> {
  const { kind, blocks } = await kindAndBlocks(cmd.input, cmd.inputFormat, cmd.kind);
  const { solving } = kind;
  if (cmd.explain === true && solving.explain === undefined)
    throw new UserError(`--explain: for ${kind.title}, use dominosa grade --kind ${kind.name} --explain`);
  const reader = boardReader(kind, cmd.inputFormat, cmd.values);
  const run = { cap: cmd.maxSolutions, maxNodes: cmd.maxNodes, format: cmd.format, explain: cmd.explain ?? false };
  // Each board is proved in a worker thread, so a signal is heard at once, even inside a proof.
  const thread = new OffThread<SolveTask, string>('solve/worker.js');
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
