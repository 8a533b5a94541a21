// A Sudomino board drawn as a self-contained SVG, as a printed page shows it: thin cell lines,
// thick walls around every domino, blocked cells filled grey, and the givens in both halves of
// their domino; the solution drawing fills in every value, the found ones lighter than the givens.
import { drawingOf } from './drawing.js';
import { boardOf } from './read-back.js';
import type { Board } from '../board.js';
import type { SudominoPackPuzzle } from './row.js';
import { escapeXml, numberFontSize, SVG_PAD_CELLS } from '../../formats/svg.js';

/** Line weights and greys of the drawing, in cells and CSS colours; pdf.ts draws with the same. */
export const BOARD_INK = {
  grid: 0.03,
  wall: 0.1,
  border: 0.12,
  gridGrey: '#b4b4b4',
  blocked: '#6b6b6b',
  found: '#4a4a4a',
} as const;

/** The board of a pack puzzle (exporters receive checked puzzles: a broken one is a bug). */
export function boardOfPuzzle(p: Pick<SudominoPackPuzzle, 'board' | 'values' | 'id'>): Board {
  const res = boardOf(p.board, p.values, p.id);
  if (!res.ok) throw new Error(`puzzle ${String(p.id)}: ${res.error}`);
  return res.value;
}

function num(x: number): string {
  return String(Math.round(x * 100) / 100);
}

export interface SvgOptions {
  /** Fill in every value from the puzzle's solution. */
  solved?: boolean;
  /** Side of a cell in SVG user units (default 32). */
  cellSize?: number;
  /** Accessible name, written as the SVG's <title>. */
  title?: string;
}

/** The SVG text of a Sudomino puzzle, sized in user units with a matching viewBox, margins as puzzleSvg's. */
export function puzzleSvg(
  p: Pick<SudominoPackPuzzle, 'board' | 'values' | 'id' | 'solution'>,
  opts: SvgOptions = {},
): string {
  const board = boardOfPuzzle(p);
  const d = drawingOf(board, opts.solved ? p.solution.flat() : null);
  const cell = opts.cellSize ?? 32;
  const pad = cell * SVG_PAD_CELLS;
  const w = d.cols * cell + 2 * pad;
  const h = d.rows * cell + 2 * pad;
  const X = (c: number): string => num(pad + c * cell);
  const Y = (r: number): string => num(pad + r * cell);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(w)}" height="${num(h)}" viewBox="0 0 ${num(w)} ${num(h)}" role="img">`,
  ];
  if (opts.title !== undefined) out.push(`<title>${escapeXml(opts.title)}</title>`);
  out.push(`<rect width="${num(w)}" height="${num(h)}" fill="#fff"/>`);
  let grid = '';
  for (let r = 1; r < d.rows; r++) grid += `M${X(0)} ${Y(r)}H${X(d.cols)}`;
  for (let c = 1; c < d.cols; c++) grid += `M${X(c)} ${Y(0)}V${Y(d.rows)}`;
  if (grid)
    out.push(
      `<path d="${grid}" fill="none" stroke="${BOARD_INK.gridGrey}" stroke-width="${num(cell * BOARD_INK.grid)}"/>`,
    );
  // Over the cell lines: a run of blocked cells reads as one solid block.
  if (d.blocked.length)
    out.push(
      `<g fill="${BOARD_INK.blocked}">${d.blocked.map(([r, c]) => `<rect x="${X(c)}" y="${Y(r)}" width="${num(cell)}" height="${num(cell)}"/>`).join('')}</g>`,
    );
  const walls = d.walls.map(([x1, y1, x2, y2]) => `M${X(x1)} ${Y(y1)}L${X(x2)} ${Y(y2)}`).join('');
  if (walls)
    out.push(
      `<path d="${walls}" fill="none" stroke="#111" stroke-width="${num(cell * BOARD_INK.wall)}" stroke-linecap="square"/>`,
    );
  out.push(
    `<rect x="${X(0)}" y="${Y(0)}" width="${num(d.cols * cell)}" height="${num(d.rows * cell)}" fill="none" stroke="#111" stroke-width="${num(cell * BOARD_INK.border)}"/>`,
  );
  const fs = numberFontSize(cell, String(board.values).length);
  // The baseline about 0.35 em below the centre, as puzzleSvg sets its numbers.
  const text = (r: number, c: number, v: number): string =>
    `<text x="${num(pad + (c + 0.5) * cell)}" y="${num(pad + (r + 0.5) * cell + fs * 0.35)}">${v}</text>`;
  const given = d.numbers.filter((n) => n[3]).map(([r, c, v]) => text(r, c, v));
  const found = d.numbers.filter((n) => !n[3]).map(([r, c, v]) => text(r, c, v));
  if (given.length)
    out.push(
      `<g font-family="sans-serif" font-size="${num(fs)}" font-weight="bold" text-anchor="middle" fill="#111">${given.join('')}</g>`,
    );
  if (found.length)
    out.push(
      `<g font-family="sans-serif" font-size="${num(fs)}" text-anchor="middle" fill="${BOARD_INK.found}">${found.join('')}</g>`,
    );
  out.push('</svg>');
  return out.join('');
}
