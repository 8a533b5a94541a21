// Dominosa's part of `solve` (src/solve/solving.ts): its boards' budgets (solve/limits.ts), and a
// prover that proves each board with one Solver and words the result: a text block with the
// solution drawn, or a JSON line built by hand (the solution straight from the solver's mates).
// With --explain, the grader's walkthrough follows each result.
import { boardName } from '../../solve/board-name.js';
import { gaveUpBecause } from '../../solve/budget.js';
import type { BoardClock, BoardProver, KindSolving, SolveRun } from '../../solve/solving.js';
import type { Board } from '../board.js';
import { drawBoard } from '../formats/drawing.js';
import { walkthrough } from '../grade/walkthrough.js';
import { DEFAULT_LARGE_TIME_MS, defaultTimeLimitMs, LARGE_M, MAX_M, sizeError } from './limits.js';
import { MateJson } from './solution.js';
import { Solver, type SolveResult } from './solver.js';

/** The deductions that solve a board, in words: the grader's walkthrough. */
function explain(board: Board): string[] {
  return walkthrough(board).lines;
}

function prover(run: SolveRun): BoardProver<Board> {
  const solver = new Solver();
  const json = new MateJson();
  // The options object is reused from board to board; only the clock changes.
  const options = {
    cap: run.cap,
    maxNodes: run.maxNodes,
    interrupt: undefined as (() => boolean) | undefined,
    // JSON lines print the solution from the solver's cell → partner array (firstMate).
    solution: run.format !== 'jsonl',
  };
  return {
    prove(index: number, board: Board, clock: BoardClock): string {
      options.interrupt = clock.interrupt;
      const res = solver.solve(board, options);
      const told = run.explain ? explain(board) : undefined;
      const budget = gaveUpBecause(res.limit, { limitMs: clock.limitMs, maxNodes: run.maxNodes, cap: run.cap });
      return run.format === 'jsonl'
        ? jsonLine(index, board, res, json.write(solver.firstMate, board.rows, board.cols), budget, told)
        : textBlock(index, board, res, budget, told);
    },
  };
}

export const solving: KindSolving<Board> = {
  refuse: sizeError,
  defaultTimeMs: defaultTimeLimitMs,
  defaultsInWords: `no limit up to M=${LARGE_M}, ${DEFAULT_LARGE_TIME_MS / 1000} s above; boards above M=${MAX_M} are refused`,
  prover,
  explain,
};

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
