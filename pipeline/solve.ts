// `dominosa solve`: stream boards from a file or stdin, prove each one, print a result per
// board. Output for boards before a bad one is already written when the error is reported.
import type { Board, BoardFormat } from '../src/board.js';
import { drawBoard } from '../src/formats/drawing.js';
import { mateJson } from '../src/solve/solution.js';
import { Solver, type SolveResult } from '../src/solve/solver.js';
import { EXIT_OK } from './errors.js';
import { forEachBoard, withOutput } from './io.js';

export interface SolveCommand {
  input: string;
  inputFormat: BoardFormat;
  format: 'text' | 'jsonl';
  /** A file to write (whole or not at all), or '-' / absent for stdout. */
  out?: string;
  /** Replace an existing out file. */
  force?: boolean;
  maxSolutions: number;
  maxNodes: number;
  /** Per-board time limit in milliseconds (Infinity: none). */
  timeoutMs: number;
  /** Follow each result with the grader's deductions in words (see src/grade/walkthrough.ts). */
  explain?: boolean;
}

export async function runSolve(cmd: SolveCommand, stdout: NodeJS.WritableStream): Promise<number> {
  // The grader behind --explain is sixteen modules: only runs that explain load them.
  const walkthrough = cmd.explain ? (await import('../src/grade/walkthrough.js')).walkthrough : undefined;
  const solver = new Solver();
  // The clock is read per board only under a time limit; the options object is reused.
  let deadline = Infinity;
  const timed = Number.isFinite(cmd.timeoutMs);
  const options = {
    cap: cmd.maxSolutions,
    maxNodes: cmd.maxNodes,
    interrupt: timed ? () => performance.now() > deadline : undefined,
    // JSON lines print the solution from the solver's cell → partner array (firstMate).
    solution: cmd.format !== 'jsonl',
  };
  await withOutput(cmd.out, cmd.force ?? false, stdout, (stream) =>
    forEachBoard(cmd.input, cmd.inputFormat, stream, (index, board) => {
      if (timed) deadline = performance.now() + cmd.timeoutMs;
      const res = solver.solve(board, options);
      const told = walkthrough?.(board).lines;
      return cmd.format === 'jsonl' ? jsonLine(index, board, res, solver.firstMate, told) : textBlock(index, board, res, told);
    }),
  );
  return EXIT_OK;
}

function idOf(board: Board): unknown {
  return board.meta?.id ?? null;
}

function jsonLine(index: number, board: Board, res: SolveResult, mate: Int32Array, explain?: string[]): string {
  // Built by hand, head included (cheaper than JSON.stringify of an object): numbers and the
  // status word are their own JSON; only the id (any JSON value from the input) needs quoting.
  const told = explain ? `,"explain":${JSON.stringify(explain)}` : '';
  const solution = res.solutions > 0 ? mateJson(mate, board.rows, board.cols) : 'null';
  const head = `{"index":${index},"id":${JSON.stringify(idOf(board))},"status":"${res.status}"`;
  return `${head},"solutions":${res.solutions},"nodes":${res.nodes},"solution":${solution}${told}}\n`;
}

function textBlock(index: number, board: Board, res: SolveResult, explain?: string[]): string {
  const id = idOf(board);
  const name = `board ${index + 1}${id === null ? '' : ` (id ${JSON.stringify(id)})`}`;
  const count = res.status === 'multiple' ? `at least ${res.solutions} solutions` : `${res.solutions} solution${res.solutions === 1 ? '' : 's'} found`;
  // The explanation: numbered, indented steps under the drawing.
  const told = explain ? `\n${explain.map((line, i) => `  ${i + 1}. ${line}`).join('\n')}` : '';
  return `${name}: ${res.status}, ${count}, ${res.nodes} node${res.nodes === 1 ? '' : 's'}\n${drawBoard(board, res.solution)}${told}\n\n`;
}
