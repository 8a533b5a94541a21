// A Dominosa board and its domino tally on a page of the booklet's PDF, in the geometry of their SVG
// drawings (svg.ts) scaled to the slot: grid lines or domino tiles, the numbers or their pips.
import { faceDigits, faceText, PIP, pipCentres, type Faces } from '../../formats/faces.js';
import type { PdfPlace } from '../../formats/kind.js';
import { FRAME, GREY, INK, MIN_TEXT_PT, n, PT, type PdfCanvas } from '../../formats/pdf-canvas.js';
import { numberFontSize, SVG_PAD_CELLS } from '../../formats/svg.js';
import type { Solution } from '../solve/solution.js';
import { tallyBoxes, tallyHeader } from './tally.js';

const GRID = '0.7';
const DIVIDER = '0.6';
const TILE = '0.945';
// Bezier handle length for a quarter circle of radius 1.
const KAPPA = 0.5523;

/** A rounded rectangle path (points, PDF orientation: x, y is the lower-left corner). */
function roundedRect(x: number, y: number, w: number, h: number, r: number): string {
  const k = r * KAPPA;
  const x2 = x + w;
  const y2 = y + h;
  return (
    `${n(x + r)} ${n(y)} m ${n(x2 - r)} ${n(y)} l ${n(x2 - r + k)} ${n(y)} ${n(x2)} ${n(y + r - k)} ${n(x2)} ${n(y + r)} c ` +
    `${n(x2)} ${n(y2 - r)} l ${n(x2)} ${n(y2 - r + k)} ${n(x2 - r + k)} ${n(y2)} ${n(x2 - r)} ${n(y2)} c ` +
    `${n(x + r)} ${n(y2)} l ${n(x + r - k)} ${n(y2)} ${n(x)} ${n(y2 - r + k)} ${n(x)} ${n(y2 - r)} c ` +
    `${n(x)} ${n(y + r)} l ${n(x)} ${n(y + r - k)} ${n(x + r - k)} ${n(y)} ${n(x + r)} ${n(y)} c h `
  );
}

/** A full circle path (points). */
function circle(x: number, y: number, r: number): string {
  const k = r * KAPPA;
  return (
    `${n(x + r)} ${n(y)} m ${n(x + r)} ${n(y + k)} ${n(x + k)} ${n(y + r)} ${n(x)} ${n(y + r)} c ` +
    `${n(x - k)} ${n(y + r)} ${n(x - r)} ${n(y + k)} ${n(x - r)} ${n(y)} c ` +
    `${n(x - r)} ${n(y - k)} ${n(x - k)} ${n(y - r)} ${n(x)} ${n(y - r)} c ` +
    `${n(x + k)} ${n(y - r)} ${n(x + r)} ${n(y - k)} ${n(x + r)} ${n(y)} c h `
  );
}

/** A board, bare or with its solution's dominoes as tiles, in the geometry of puzzleSvg. */
export function drawBoardPdf(
  out: PdfCanvas,
  at: PdfPlace,
  grid: readonly (readonly number[])[],
  solution: Solution | null,
  faces: Faces,
): void {
  const cell = at.cell * PT;
  const rows = grid.length;
  const cols = rows ? grid[0].length : 0;
  const left = out.px(at.x) + SVG_PAD_CELLS * cell; // the grid's top-left corner, in points
  const top = out.py(at.y) - SVG_PAD_CELLS * cell;
  const X = (c: number): number => left + c * cell;
  const Y = (r: number): number => top - r * cell;
  if (solution) {
    const inset = cell * 0.07;
    let tiles = '';
    let dividers = '';
    for (const [r1, c1, r2, c2] of solution) {
      const r = Math.min(r1, r2);
      const c = Math.min(c1, c2);
      const across = r1 === r2;
      const w = (across ? 2 : 1) * cell - 2 * inset;
      const h = (across ? 1 : 2) * cell - 2 * inset;
      const x = X(c) + inset;
      const y = Y(r) - inset - h; // lower-left corner
      tiles += roundedRect(x, y, w, h, cell * 0.2);
      const d = cell * 0.14;
      if (across) dividers += `${n(X(c + 1))} ${n(y + d)} m ${n(X(c + 1))} ${n(y + h - d)} l `;
      else dividers += `${n(x + d)} ${n(Y(r + 1))} m ${n(x + w - d)} ${n(Y(r + 1))} l `;
    }
    out.push(`q ${TILE} g ${INK} G ${n(cell * 0.08)} w ${tiles}B Q`);
    if (dividers) out.push(`q ${DIVIDER} G ${n(cell * 0.03)} w ${dividers}S Q`);
  } else {
    let lines = '';
    for (let r = 1; r < rows; r++) lines += `${n(X(0))} ${n(Y(r))} m ${n(X(cols))} ${n(Y(r))} l `;
    for (let c = 1; c < cols; c++) lines += `${n(X(c))} ${n(Y(0))} m ${n(X(c))} ${n(Y(rows))} l `;
    if (lines) out.push(`q ${GRID} G ${n(cell * 0.03)} w ${lines}S Q`);
    out.push(`q ${INK} G ${n(cell * 0.06)} w ${n(X(0))} ${n(Y(rows))} ${n(cols * cell)} ${n(rows * cell)} re S Q`);
  }
  let maxValue = 0;
  for (const row of grid) for (const v of row) if (v > maxValue) maxValue = v;
  if (faces === 'pips') {
    const r = PIP.radius * cell;
    let dots = '';
    for (let row = 0; row < rows; row++) {
      for (let c = 0; c < cols; c++)
        for (const [x, y] of pipCentres(grid[row][c])) dots += circle(X(c + x), Y(row + y), r);
    }
    if (dots) out.push(`q ${INK} g ${dots}f Q`);
    return;
  }
  const size = numberFontSize(cell, faceDigits(maxValue, faces));
  // Few distinct numbers per board: measure and encode each once.
  const widths = new Map<number, number>();
  let s = `BT ${INK} g ${out.font()} ${n(size)} Tf`;
  for (let r = 0; r < rows; r++) {
    const y = n(Y(r + 0.5) - size * 0.35);
    for (let c = 0; c < cols; c++) {
      const v = grid[r][c];
      const t = faceText(v, faces);
      let w = widths.get(v);
      if (w === undefined) widths.set(v, (w = out.width(t, size)));
      s += ` 1 0 0 1 ${n(X(c + 0.5) - w / 2)} ${y} Tm ${out.encode(t)} Tj`;
    }
  }
  out.push(`${s} ET`);
}

/** The domino tally of a double-m set (see tally.ts), its top-left at `at`, in the geometry of tallySvg. */
export function drawTallyPdf(out: PdfCanvas, at: PdfPlace, m: number, faces: Faces): void {
  const cell = at.cell * PT;
  const left = out.px(at.x);
  const top = out.py(at.y);
  const inset = cell * 0.1;
  let boxes = '';
  for (const b of tallyBoxes(m))
    boxes += `${n(left + b.x * cell + inset)} ${n(top - (b.y + 1) * cell + inset)} ${n(cell - 2 * inset)} ${n(cell - 2 * inset)} re `;
  out.push(`q ${FRAME} G ${n(cell * 0.05)} w ${boxes}S Q`);
  // Never under the booklet's smallest type: the labels stand in a tally cell's middle, which holds them.
  const size = Math.max(
    MIN_TEXT_PT.any,
    numberFontSize(cell, faceDigits(m, faces === 'pips' ? 'digits' : faces)) * 0.9,
  );
  let s = `BT ${GREY} g ${out.font()} ${n(size)} Tf`;
  for (let v = 0; v <= m; v++) {
    const label = tallyHeader(v, faces);
    const w = out.width(label, size);
    const e = out.encode(label);
    s += ` 1 0 0 1 ${n(left + (v + 1.5) * cell - w / 2)} ${n(top - 0.5 * cell - size * 0.35)} Tm ${e} Tj`;
    s += ` 1 0 0 1 ${n(left + 0.5 * cell - w / 2)} ${n(top - (v + 1.5) * cell - size * 0.35)} Tm ${e} Tj`;
  }
  out.push(`${s} ET`);
}
