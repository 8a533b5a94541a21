// `dominosa solve`: stream boards from a file or stdin, prove each one, print a result per
// board. The kind of the boards is looked up once (given, or told from the input's start); its
// reader reads them and its prover proves and words each one (src/solve/solving.ts) in a worker
// thread, under the board's clock (../boards/). Output for boards before a bad one is already
// written when the error is reported.
import { EXIT_OK, UserError } from '../runtime/errors.js';
import { runBoards } from '../boards/work.js';
import type { SolveCommand } from './command.js';

export type { SolveCommand };

export async function runSolve(cmd: SolveCommand, stdout: NodeJS.WritableStream): Promise<number> {
  const run = { cap: cmd.maxSolutions, maxNodes: cmd.maxNodes, format: cmd.format, explain: cmd.explain ?? false };
  await runBoards(cmd, { verb: 'solve', run }, stdout, (kind) => {
    if (cmd.explain === true && kind.solving.explain === undefined)
      throw new UserError(`--explain: for ${kind.title}, use dominosa grade --kind ${kind.name} --explain`);
  });
  return EXIT_OK;
}
