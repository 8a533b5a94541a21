// `dominosa solve`: stream boards from a file or stdin, prove each one, print a result per
// board. The kind of the boards is looked up once (given, or told from the input's start); its
// reader reads them and its prover proves and words each one (src/solve/solving.ts), under a
// clock kept here. Output for boards before a bad one is already written when the error is
// reported.
import { timeLimitMs } from '../../src/solve/budget.js';
import { EXIT_OK, UserError } from '../runtime/errors.js';
import { deadlineAt } from '../runtime/faults.js';
import { boardReader, forEachBoard, inputsOf, kindAndBlocks } from '../io/input.js';
import { withOutput } from '../io/output.js';
import type { SolveCommand } from './command.js';

export type { SolveCommand };

export async function runSolve(cmd: SolveCommand, stdout: NodeJS.WritableStream): Promise<number> {
  const { kind, blocks } = await kindAndBlocks(cmd.input, cmd.inputFormat, cmd.kind);
  const { solving } = kind;
  if (cmd.explain === true && solving.explain === undefined)
    throw new UserError(`--explain: for ${kind.title}, use dominosa grade --kind ${kind.name} --explain`);
  const reader = boardReader(kind, cmd.inputFormat, cmd.values);
  const prover = solving.prover({
    cap: cmd.maxSolutions,
    maxNodes: cmd.maxNodes,
    format: cmd.format,
    explain: cmd.explain ?? false,
  });
  // The clock is read only under a time limit.
  let deadline = Infinity;
  const clock = (): boolean => performance.now() > deadline;
  await withOutput(cmd.out, { force: cmd.force ?? false, inputs: inputsOf(cmd.input) }, stdout, (stream) =>
    forEachBoard(blocks, reader, stream, (index, board) => {
      const tooLarge = solving.refuse?.(index, board) ?? null;
      if (tooLarge !== null) throw new UserError(tooLarge);
      const limitMs = timeLimitMs(solving, board, cmd.timeoutMs);
      deadline = performance.now() + limitMs;
      if (deadlineAt(`board:${index}`)) deadline = -Infinity;
      return prover.prove(index, board, { limitMs, interrupt: Number.isFinite(limitMs) ? clock : undefined });
    }),
  );
  return EXIT_OK;
}
