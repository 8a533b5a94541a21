// The rules of Sudomino checked on a filled grid, straight from their statement: what both proofs
// (solver.ts, satcount.ts) and the tests trust a solution by. Shares no code with either.
import { cellName, type Board } from '../board.js';

/** Why `values` (one per cell, 0 where blocked) is no solution of the board, or null when it is. */
export function checkAnswer(board: Board, values: ArrayLike<number>): string | null {
  const { rows, cols, domino, cells, given } = board;
  if (values.length !== rows * cols) return `the answer has ${values.length} cells, the board ${rows * cols}`;
  for (let i = 0; i < rows * cols; i++) {
    const blocked = domino[i] < 0;
    if (blocked !== (values[i] === 0))
      return `${cellName(cols, i)} is ${blocked ? 'blocked but holds a value' : 'open but empty'}`;
    if (!blocked && values[i] > board.values) return `${cellName(cols, i)} holds ${values[i]}, above N=${board.values}`;
  }
  for (let d = 0; d < given.length; d++) {
    const [a, b] = [cells[2 * d], cells[2 * d + 1]];
    if (values[a] !== values[b]) return `the domino at ${cellName(cols, a)} holds two values`;
    if (given[d] !== 0 && values[a] !== given[d])
      return `the domino at ${cellName(cols, a)} is given ${given[d]} but holds ${values[a]}`;
  }
  // Two cells of a line with one value must be one domino.
  const lines: number[][] = [];
  for (let r = 0; r < rows; r++) lines.push(Array.from({ length: cols }, (_, c) => r * cols + c));
  for (let c = 0; c < cols; c++) lines.push(Array.from({ length: rows }, (_, r) => r * cols + c));
  for (const line of lines) {
    const holder = new Map<number, number>();
    for (const i of line) {
      if (values[i] === 0) continue;
      const other = holder.get(values[i]);
      if (other !== undefined && domino[other] !== domino[i])
        return `${cellName(cols, other)} and ${cellName(cols, i)} share a line and the value ${values[i]}`;
      holder.set(values[i], i);
    }
  }
  return null;
}
