// A Sudomino board as a printed page shows it, in cell units for any renderer (svg.ts, pdf.ts):
// blocked cells filled, thick walls between different dominoes, thin lines inside a domino, and
// the numbers: the givens on a puzzle, every value on a solution.
import type { Board } from '../board.js';

export interface Drawing {
  rows: number;
  cols: number;
  /** Blocked cells, as [row, col]. */
  blocked: [number, number][];
  /** Thick wall segments inside the grid, [x1, y1, x2, y2] in cells, merged along their line. */
  walls: [number, number, number, number][];
  /** The numbers shown: [row, col, value, given]. */
  numbers: [number, number, number, boolean][];
}

/**
 * The drawing of a board, with its solution's values (one per cell, 0 where blocked) or, without
 * one, the givens only. A wall runs along every edge whose two cells are not one domino, unless
 * both are blocked: the fill already says so.
 */
export function drawingOf(board: Board, solution: ArrayLike<number> | null): Drawing {
  const { rows, cols, domino, given } = board;
  const blocked: [number, number][] = [];
  const numbers: [number, number, number, boolean][] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const d = domino[r * cols + c];
      if (d < 0) blocked.push([r, c]);
      else if (given[d] !== 0) numbers.push([r, c, given[d], true]);
      else if (solution !== null) numbers.push([r, c, solution[r * cols + c], false]);
    }
  }
  // Two blocked cells share the number -1, so no wall runs between them.
  const wall = (a: number, b: number): boolean => domino[a] !== domino[b];
  const walls: [number, number, number, number][] = [];
  // Horizontal walls below row r, then vertical walls right of column c, each run merged.
  for (let r = 0; r + 1 < rows; r++) {
    let start = -1;
    for (let c = 0; c <= cols; c++) {
      const on = c < cols && wall(r * cols + c, (r + 1) * cols + c);
      if (on && start < 0) start = c;
      if (!on && start >= 0) {
        walls.push([start, r + 1, c, r + 1]);
        start = -1;
      }
    }
  }
  for (let c = 0; c + 1 < cols; c++) {
    let start = -1;
    for (let r = 0; r <= rows; r++) {
      const on = r < rows && wall(r * cols + c, r * cols + c + 1);
      if (on && start < 0) start = r;
      if (!on && start >= 0) {
        walls.push([c + 1, start, c + 1, r]);
        start = -1;
      }
    }
  }
  return { rows, cols, blocked, walls, numbers };
}
