// Where things are on a board being played: cells by row-major index, and a placement (a
// boundary between two neighbouring cells, where a domino may lie or a "no domino here" mark
// may go) by one number, 2c for cell c and its right neighbour, 2c + 1 for c and the cell below.
import type { Domino } from '../solve/solution.js';

export interface Shape {
  readonly rows: number;
  readonly cols: number;
}

/** The placement joining neighbouring cells a and b, or -1 when they are not neighbours. */
export function placementOf(s: Shape, a: number, b: number): number {
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  if (lo < 0 || hi >= s.rows * s.cols) return -1;
  if (hi === lo + 1 && hi % s.cols !== 0) return 2 * lo;
  if (hi === lo + s.cols) return 2 * lo + 1;
  return -1;
}

/** The two cells of placement p, first cell first. */
export function cellsOf(s: Shape, p: number): [number, number] {
  const a = p >> 1;
  return [a, p & 1 ? a + s.cols : a + 1];
}

/** Is p a placement of this shape? */
export function isPlacement(s: Shape, p: number): boolean {
  if (!Number.isInteger(p) || p < 0) return false;
  const a = p >> 1;
  if (a >= s.rows * s.cols) return false;
  return p & 1 ? a + s.cols < s.rows * s.cols : (a + 1) % s.cols !== 0;
}

/** Every placement of the shape, in increasing order. */
export function allPlacements(s: Shape): number[] {
  const out: number[] = [];
  for (let p = 0; p < 2 * s.rows * s.cols; p++) if (isPlacement(s, p)) out.push(p);
  return out;
}

/** The placements of cell c (two to four). */
export function placementsAt(s: Shape, c: number): number[] {
  const out: number[] = [];
  const r = Math.floor(c / s.cols);
  const col = c % s.cols;
  if (r > 0) out.push(2 * (c - s.cols) + 1);
  if (col > 0) out.push(2 * (c - 1));
  if (col + 1 < s.cols) out.push(2 * c);
  if (r + 1 < s.rows) out.push(2 * c + 1);
  return out;
}

export function dominoOf(s: Shape, p: number): Domino {
  const [a, b] = cellsOf(s, p);
  return [Math.floor(a / s.cols), a % s.cols, Math.floor(b / s.cols), b % s.cols];
}

/** The placement a domino [r1, c1, r2, c2] lies on, or -1 if it is not one. */
export function placementOfDomino(s: Shape, [r1, c1, r2, c2]: readonly number[]): number {
  if (![r1, r2].every((r) => r >= 0 && r < s.rows) || ![c1, c2].every((c) => c >= 0 && c < s.cols)) return -1;
  return placementOf(s, r1 * s.cols + c1, r2 * s.cols + c2);
}

/**
 * The boundary a point lies on, for a click between two numbers: (x, y) in cells from the
 * board's top-left corner, within `band` of a cell of the line between two cells and not near
 * a corner (where two lines meet and neither is meant). -1 inside a cell or on the frame.
 */
export function boundaryAt(s: Shape, x: number, y: number, band: number): number {
  const col = Math.floor(x);
  const row = Math.floor(y);
  if (row < 0 || row >= s.rows || col < 0 || col >= s.cols) return -1;
  const fx = x - col;
  const fy = y - row;
  const dx = fx < band ? -1 : fx > 1 - band ? 1 : 0;
  const dy = fy < band ? -1 : fy > 1 - band ? 1 : 0;
  if ((dx === 0) === (dy === 0)) return -1;
  const r2 = row + dy;
  const c2 = col + dx;
  if (r2 < 0 || r2 >= s.rows || c2 < 0 || c2 >= s.cols) return -1;
  return placementOf(s, row * s.cols + col, r2 * s.cols + c2);
}
