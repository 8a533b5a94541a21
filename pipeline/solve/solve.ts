// `dominosa solve`: stream boards from a file or stdin, prove each one, print a result per
// board. Output for boards before a bad one is already written when the error is reported.
import type { Board } from '../../src/dominosa/board.js';
import { drawBoard } from '../../src/dominosa/formats/drawing.js';
import { boardName, sizeError, timeLimitMs } from '../../src/dominosa/solve/limits.js';
import { MateJson } from '../../src/dominosa/solve/solution.js';
import { Solver, type SolveResult } from '../../src/dominosa/solve/solver.js';
import { EXIT_OK, UserError } from '../runtime/errors.js';
import { forEachBoard, inputsOf, kindAndBlocks } from '../io/input.js';
import { withOutput } from '../io/output.js';
import { gaveUpBecause, type SolveCommand } from './command.js';

export type { SolveCommand };
import { deadlineAt } from '../runtime/faults.js';

export async function runSolve(cmd: SolveCommand, stdout: NodeJS.WritableStream): Promise<number> {
  const { kind, blocks } = await kindAndBlocks(cmd.input, cmd.inputFormat, cmd.kind);
  if (kind === 'sudomino') return (await import('./sudomino.js')).runSudominoSolve(cmd, blocks, stdout);
  return solveDominosa(cmd, blocks, stdout);
}

async function solveDominosa(
  cmd: SolveCommand,
  blocks: AsyncIterable<string>,
  stdout: NodeJS.WritableStream,
): Promise<number> {
  // The grader behind --explain is sixteen modules: only runs that explain load them.
  const walkthrough = cmd.explain ? (await import('../../src/dominosa/grade/walkthrough.js')).walkthrough : undefined;
  const solver = new Solver();
  const json = new MateJson();
  // The clock is read only under a time limit; the options object is reused.
  let deadline = Infinity;
  const clock = (): boolean => performance.now() > deadline;
  const options = {
    cap: cmd.maxSolutions,
    maxNodes: cmd.maxNodes,
    interrupt: undefined as (() => boolean) | undefined,
    // JSON lines print the solution from the solver's cell → partner array (firstMate).
    solution: cmd.format !== 'jsonl',
  };
  await withOutput(cmd.out, { force: cmd.force ?? false, inputs: inputsOf(cmd.input) }, stdout, (stream) =>
    forEachBoard(
      cmd.input,
      cmd.inputFormat,
      stream,
      (index, board) => {
        const tooLarge = sizeError(index, board);
        if (tooLarge !== null) throw new UserError(tooLarge);
        const limitMs = timeLimitMs(board, cmd.timeoutMs);
        options.interrupt = Number.isFinite(limitMs) ? clock : undefined;
        deadline = performance.now() + limitMs;
        if (deadlineAt(`board:${index}`)) deadline = -Infinity;
        const res = solver.solve(board, options);
        const told = walkthrough?.(board).lines;
        const budget = gaveUpBecause(res.limit, cmd, limitMs);
        return cmd.format === 'jsonl'
          ? jsonLine(index, board, res, json.write(solver.firstMate, board.rows, board.cols), budget, told)
          : textBlock(index, board, res, budget, told);
      },
      blocks,
    ),
  );
  return EXIT_OK;
}

function idOf(board: Board): unknown {
  return board.meta?.id ?? null;
}

function jsonLine(
  index: number,
  board: Board,
  res: SolveResult,
  mate: string,
  budget: string | null,
  explain?: string[],
): string {
  // Built by hand, head included (cheaper than JSON.stringify of an object): numbers and the
  // status word are their own JSON; only the id (any JSON value from the input) needs quoting.
  const told = explain ? `,"explain":${JSON.stringify(explain)}` : '';
  const solution = res.solutions > 0 ? mate : 'null';
  const limit = res.limit === null ? '' : `,"limit":"${res.limit}","budget":${JSON.stringify(budget)}`;
  const head = `{"index":${index},"id":${JSON.stringify(idOf(board))},"status":"${res.status}"${limit}`;
  return `${head},"solutions":${res.solutions},"nodes":${res.nodes},"solution":${solution}${told}}\n`;
}

function textBlock(index: number, board: Board, res: SolveResult, budget: string | null, explain?: string[]): string {
  const name = boardName(index, board);
  const count =
    res.status === 'multiple'
      ? `at least ${res.solutions} solutions`
      : `${res.solutions} solution${res.solutions === 1 ? '' : 's'} found`;
  const why = budget === null ? '' : ` (${budget})`;
  if (explain === undefined)
    return `${name}: ${res.status}${why}, ${count}, ${res.nodes} node${res.nodes === 1 ? '' : 's'}\n${drawBoard(board, res.solution)}\n\n`;
  // For a player: the steps first, the solved grid last (no spoiler above them), rows and
  // columns numbered as the steps name them; the search's node count stays in --format jsonl.
  const steps = explain.map((line, i) => `  ${i + 1}. ${line}`).join('\n');
  const grid = res.solution === null ? '' : `\nSolution:\n${drawBoard(board, res.solution, { numbered: true })}`;
  return `${name}: ${res.status}${why}, ${count}\n${steps}${grid}\n\n`;
}
