// A Dominosa board and its solution as the catalog stores them: the grid as JSON rows of numbers,
// the solution as JSON [[r1, c1, r2, c2], ...], written directly since a build's workers write
// one per row (src/sudomino/stored.ts is Sudomino's).
import type { Board } from './board.js';
import type { Solution } from './solve/solution.js';

/**
 * The grid column's text, JSON.stringify(boardToGrid(board)) written directly: a build's
 * workers write one per row, and the nested arrays cost more than the text (a property test
 * holds the two equal).
 */
export function gridText(board: Board): string {
  const { rows, cols, cells } = board;
  let s = '[';
  for (let r = 0; r < rows; r++) {
    s += r === 0 ? '[' : ',[';
    for (let c = 0; c < cols; c++) s += c === 0 ? `${cells[r * cols + c]}` : `,${cells[r * cols + c]}`;
    s += ']';
  }
  return s + ']';
}

/** The solution column's text, JSON.stringify(solution) written directly (cells are integers). */
export function solutionText(solution: Solution): string {
  let s = '[';
  for (let i = 0; i < solution.length; i++) {
    const d = solution[i];
    s += `${i === 0 ? '' : ','}[${d[0]},${d[1]},${d[2]},${d[3]}]`;
  }
  return s + ']';
}
