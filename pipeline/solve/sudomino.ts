// `dominosa solve --kind sudomino`: stream Sudomino boards from a file or stdin, prove each one
// under the run's budgets, print a result per board (text or JSON lines). The first refused
// board stops the run with one line, after the results before it are written.
import type { SudominoBoard } from '../../src/sudomino/board.js';
import { answerRows, boardRows, formatAnswer } from '../../src/sudomino/formats/text.js';
import { SudominoSolver, type SudominoSolveResult } from '../../src/sudomino/solve/solver.js';
import { EXIT_OK, UserError } from '../runtime/errors.js';
import { inputsOf } from '../io/input.js';
import { withOutput } from '../io/output.js';
import { forEachSudominoBoard, sudominoBoardName } from '../io/sudomino-input.js';
import { gaveUpBecause, type SolveCommand } from './command.js';

export async function runSudominoSolve(
  cmd: SolveCommand,
  blocks: AsyncIterable<string>,
  stdout: NodeJS.WritableStream,
): Promise<number> {
  if (cmd.explain) throw new UserError('--explain: for Sudomino, use dominosa grade --kind sudomino --explain');
  if (cmd.inputFormat === 'tatham')
    throw new UserError('--input-format tatham reads Dominosa game IDs; Sudomino boards are text or JSON lines');
  const solver = new SudominoSolver();
  let deadline = Infinity;
  const limitMs = cmd.timeoutMs ?? Infinity;
  const options = {
    cap: cmd.maxSolutions,
    maxNodes: cmd.maxNodes,
    // The clock is read only under a time limit.
    interrupt: Number.isFinite(limitMs) ? (): boolean => performance.now() > deadline : undefined,
  };
  await withOutput(cmd.out, { force: cmd.force ?? false, inputs: inputsOf(cmd.input) }, stdout, (stream) =>
    forEachSudominoBoard(blocks, cmd.values, stream, (index, board) => {
      deadline = performance.now() + limitMs;
      const res = solver.solve(board, options);
      const budget = gaveUpBecause(res.limit, cmd, limitMs);
      return cmd.format === 'jsonl' ? jsonLine(index, board, res, budget) : textBlock(index, board, res, budget);
    }),
  );
  return EXIT_OK;
}

function idOf(board: SudominoBoard): unknown {
  return board.meta?.id ?? null;
}

function jsonLine(index: number, board: SudominoBoard, res: SudominoSolveResult, budget: string | null): string {
  const limit = res.limit === null ? {} : { limit: res.limit, budget };
  const solution = res.solution === null ? null : formatAnswer(board.cols, res.solution);
  return `${JSON.stringify({ index, id: idOf(board), kind: 'sudomino', status: res.status, ...limit, solutions: res.solutions, nodes: res.nodes, solution })}\n`;
}

function textBlock(index: number, board: SudominoBoard, res: SudominoSolveResult, budget: string | null): string {
  const name = sudominoBoardName(index, board);
  const count =
    res.status === 'multiple'
      ? `at least ${res.solutions} solutions`
      : `${res.solutions} solution${res.solutions === 1 ? '' : 's'} found`;
  const why = budget === null ? '' : ` (${budget})`;
  // The first solution found, or the board itself when there is none.
  const drawn = res.solution === null ? boardRows(board) : answerRows(board.cols, res.solution);
  return `${name}: ${res.status}${why}, ${count}, ${res.nodes} node${res.nodes === 1 ? '' : 's'}\n${drawn.join('\n')}\n\n`;
}
