// A Sudomino board on a page of the booklet's PDF, in the geometry of puzzleSvg scaled to the
// slot: cell lines, blocked cells filled, walls, the border, and the numbers (givens bold).
import type { PdfPlace } from '../../formats/kind.js';
import { greyOf, INK, n, PT, type PdfCanvas } from '../../formats/pdf-canvas.js';
import { numberFontSize, SVG_PAD_CELLS } from '../../formats/svg.js';
import { drawingOf } from './drawing.js';
import type { SudominoPackPuzzle } from './row.js';
import { BOARD_INK, boardOfPuzzle } from './svg.js';

/** The thinnest wall and border (mm): what a 6.5 mm puzzle cell draws. */
const WALL_MIN_MM = { wall: 0.65, border: 0.78 } as const;

/** The puzzle drawn with its drawing's top-left at `at`: bare, or solved with every value. */
export function drawBoardPdf(out: PdfCanvas, at: PdfPlace, p: SudominoPackPuzzle, solved: boolean): void {
  const board = boardOfPuzzle(p);
  const d = drawingOf(board, solved ? p.solution.flat() : null);
  const cell = at.cell * PT;
  const left = out.px(at.x) + SVG_PAD_CELLS * cell;
  const top = out.py(at.y) - SVG_PAD_CELLS * cell;
  const X = (c: number): number => left + c * cell;
  const Y = (r: number): number => top - r * cell;
  let grid = '';
  for (let r = 1; r < d.rows; r++) grid += `${n(X(0))} ${n(Y(r))} m ${n(X(d.cols))} ${n(Y(r))} l `;
  for (let c = 1; c < d.cols; c++) grid += `${n(X(c))} ${n(Y(0))} m ${n(X(c))} ${n(Y(d.rows))} l `;
  if (grid) out.push(`q ${greyOf(BOARD_INK.gridGrey)} G ${n(cell * BOARD_INK.grid)} w ${grid}S Q`);
  if (d.blocked.length)
    out.push(
      `q ${greyOf(BOARD_INK.blocked)} g ${d.blocked.map(([r, c]) => `${n(X(c))} ${n(Y(r + 1))} ${n(cell)} ${n(cell)} re `).join('')}f Q`,
    );
  // Projecting caps (2 J) close the corners where walls meet, as the SVG's square caps do.
  // Walls and border keep a floor in absolute terms, so the small boards of the solutions still
  // show their dominoes as the puzzles do.
  const wall = Math.max(cell * BOARD_INK.wall, WALL_MIN_MM.wall * PT);
  const border = Math.max(cell * BOARD_INK.border, WALL_MIN_MM.border * PT);
  const walls = d.walls.map(([x1, y1, x2, y2]) => `${n(X(x1))} ${n(Y(y1))} m ${n(X(x2))} ${n(Y(y2))} l `).join('');
  if (walls) out.push(`q ${INK} G 2 J ${n(wall)} w ${walls}S Q`);
  out.push(`q ${INK} G ${n(border)} w ${n(X(0))} ${n(Y(d.rows))} ${n(d.cols * cell)} ${n(d.rows * cell)} re S Q`);
  const size = numberFontSize(cell, String(board.values).length);
  for (const given of [true, false]) {
    let s = `BT ${given ? INK : greyOf(BOARD_INK.found)} g ${out.font(given)} ${n(size)} Tf`;
    let any = false;
    for (const [r, c, v, g] of d.numbers) {
      if (g !== given) continue;
      const t = String(v);
      s += ` 1 0 0 1 ${n(X(c + 0.5) - out.width(t, size, given) / 2)} ${n(Y(r + 0.5) - size * 0.35)} Tm ${out.encode(t, given)} Tj`;
      any = true;
    }
    if (any) out.push(`${s} ET`);
  }
}
