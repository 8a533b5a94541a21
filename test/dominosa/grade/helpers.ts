// Boards and brute force for the grader's tests: unique boards as the catalog makes them, and
// every solution of a small board, to judge what a rule may remove.
import type { Board } from '../../../src/dominosa/board.js';
import { pairIndex } from '../../../src/dominosa/pairs.js';
import type { Solution } from '../../../src/dominosa/solve/solution.js';
import { Solver } from '../../../src/dominosa/solve/solver.js';
import { plantedBoard } from '../../helpers/boards.js';

const solver = new Solver();

/** `count` boards of size m with exactly one solution (deals filtered by the solver), both orientations. */
export function uniqueBoards(m: number, count: number, seed: number): { board: Board; solution: Solution }[] {
  const out: { board: Board; solution: Solution }[] = [];
  for (let k = 0; out.length < count && k < 50 * count; k++) {
    const { board } = plantedBoard(m, seed, k, { wide: k % 2 === 0, avoid: true });
    const r = solver.solve(board);
    if (r.status === 'unique') out.push({ board, solution: r.solution! });
  }
  return out;
}

/**
 * Every solution of a small board, as sets of placement keys a * n + b (cells a < b), by
 * plain depth-first search over the first uncovered cell: shares no code with the grader.
 */
export function allSolutions(board: Board, cap = 10_000): Set<number>[] {
  const { rows, cols, cells } = board;
  const n = rows * cols;
  const covered = new Uint8Array(n);
  const used = new Uint8Array(pairIndex(board.m, board.m) + 1);
  const chosen: number[] = [];
  const out: Set<number>[] = [];
  const go = (from: number): void => {
    if (out.length >= cap) return;
    let a = from;
    while (a < n && covered[a]) a++;
    if (a === n) {
      out.push(new Set(chosen));
      return;
    }
    for (const b of [(a % cols) + 1 < cols ? a + 1 : -1, a + cols < n ? a + cols : -1]) {
      if (b < 0 || covered[b]) continue;
      const q = pairIndex(cells[a], cells[b]);
      if (used[q]) continue;
      covered[a] = covered[b] = used[q] = 1;
      chosen.push(a * n + b);
      go(a + 1);
      chosen.pop();
      covered[a] = covered[b] = used[q] = 0;
    }
  };
  go(0);
  return out;
}
