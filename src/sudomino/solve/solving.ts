// Sudomino's part of `solve` (src/solve/solving.ts): no default time limit, and a prover that
// proves each board with one Solver and words the result: a text block with the first
// solution (or the board) drawn, or a JSON line of the answer form. It has no --explain: its
// steps are grade's (grade --explain).
import { boardName } from '../../solve/board-name.js';
import { gaveUpBecause } from '../../solve/budget.js';
import type { BoardClock, BoardProver, KindSolving, SolveRun } from '../../solve/solving.js';
import type { Board } from '../board.js';
import { answerRows, boardRows, formatAnswer } from '../formats/text.js';
import { Solver, type SolveResult } from './solver.js';

function prover(run: SolveRun): BoardProver<Board> {
  const solver = new Solver();
  return {
    prove(index: number, board: Board, clock: BoardClock): string {
      const res = solver.solve(board, { cap: run.cap, maxNodes: run.maxNodes, interrupt: clock.interrupt });
      const budget = gaveUpBecause(res.limit, { limitMs: clock.limitMs, maxNodes: run.maxNodes, cap: run.cap });
      return run.format === 'jsonl' ? jsonLine(index, board, res, budget) : textBlock(index, board, res, budget);
    },
  };
}

export const solving: KindSolving<Board> = {
  defaultTimeMs: () => Infinity,
  defaultsInWords: 'no limit',
  prover,
};

function idOf(board: Board): unknown {
  return board.meta?.id ?? null;
}

function jsonLine(index: number, board: Board, res: SolveResult, budget: string | null): string {
  const limit = res.limit === null ? {} : { limit: res.limit, budget };
  const solution = res.solution === null ? null : formatAnswer(board.cols, res.solution);
  return `${JSON.stringify({ index, id: idOf(board), kind: 'sudomino', status: res.status, ...limit, solutions: res.solutions, nodes: res.nodes, solution })}\n`;
}

function textBlock(index: number, board: Board, res: SolveResult, budget: string | null): string {
  const name = boardName(index, board);
  const count =
    res.status === 'multiple'
      ? `at least ${res.solutions} solutions`
      : `${res.solutions} solution${res.solutions === 1 ? '' : 's'} found`;
  const why = budget === null ? '' : ` (${budget})`;
  // The first solution found, or the board itself when there is none.
  const drawn = res.solution === null ? boardRows(board) : answerRows(board.cols, res.solution);
  return `${name}: ${res.status}${why}, ${count}, ${res.nodes} node${res.nodes === 1 ? '' : 's'}\n${drawn.join('\n')}\n\n`;
}
