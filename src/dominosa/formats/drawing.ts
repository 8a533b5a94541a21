// Plain-text drawing of a board with its dominoes outlined, for terminals and text packs.
// Borders are drawn only between cells of different dominoes, so each tile reads at a glance.
import type { Board } from '../board.js';
import type { Solution } from '../solve/solution.js';

/**
 * Draw the grid. With a solution, a border separates cells that lie on different dominoes;
 * without one, every cell is boxed. `numbered` puts row numbers on the left and column numbers
 * on top, counted from 1 as the explanations count them.
 */
export function drawBoard(board: Board, solution: Solution | null, opts: { numbered?: boolean } = {}): string {
  const { rows, cols, m, cells } = board;
  const mate = new Int32Array(rows * cols).fill(-1);
  if (solution) {
    for (const [r1, c1, r2, c2] of solution) {
      mate[r1 * cols + c1] = r2 * cols + c2;
      mate[r2 * cols + c2] = r1 * cols + c1;
    }
  }
  const w = String(m).length + 2;
  const joined = (a: number, b: number) => mate[a] === b;
  const lines: string[] = [];
  for (let r = 0; r <= rows; r++) {
    // The border line above row r (r = rows: the bottom edge).
    let line = '+';
    for (let c = 0; c < cols; c++) {
      const open = r > 0 && r < rows && joined((r - 1) * cols + c, r * cols + c);
      line += (open ? ' ' : '-').repeat(w) + '+';
    }
    lines.push(line);
    if (r === rows) break;
    let row = '|';
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      row += String(cells[i])
        .padStart(w - 1)
        .padEnd(w);
      row += c + 1 < cols && joined(i, i + 1) ? ' ' : '|';
    }
    lines.push(row);
  }
  return opts.numbered ? numberedLines(lines, cols, w).join('\n') : lines.join('\n');
}

/** The drawing's lines with a column-number line on top and row numbers beside the cell lines. */
function numberedLines(lines: readonly string[], cols: number, w: number): string[] {
  const rows = (lines.length - 1) / 2;
  const lw = String(rows).length;
  let head = ' '.repeat(lw + 2);
  for (let c = 0; c < cols; c++) {
    const n = String(c + 1);
    const left = Math.floor((w - n.length + 1) / 2);
    head += `${' '.repeat(left)}${n}${' '.repeat(w - left - n.length)} `;
  }
  const body = lines.map((l, i) => `${i % 2 === 1 ? String((i + 1) / 2).padStart(lw) : ' '.repeat(lw)} ${l}`);
  return [head.trimEnd(), ...body];
}
