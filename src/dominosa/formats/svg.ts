// A Dominosa board drawn as a self-contained SVG: numbers centred in cells over light grid lines,
// and with a solution each domino as a thick rounded tile; and the domino tally beside it.
import { faceDigits, faceText, PIP, pipCentres, type Faces } from '../../formats/faces.js';
import { escapeXml, num, numberFontSize, SVG_PAD_CELLS, TILE } from '../../formats/svg.js';
import { MIN_TEXT_PT, PT } from '../../formats/pdf-canvas.js';
import type { Solution } from '../solve/solution.js';
import { tallyBoxes, tallyHeader, tallyUnits } from './tally.js';

export interface SvgOptions {
  /** Draw these dominoes as tiles (cells in the grid's own orientation). */
  solution?: Solution;
  /** Side of a cell in SVG user units (default 32); the drawing scales freely via viewBox. */
  cellSize?: number;
  /** Accessible name, written as the SVG's <title>. */
  title?: string;
  /** How numbers are shown (default digits 0..M). */
  faces?: Faces;
}

/**
 * The SVG text of a grid (rows of numbers). Sized width×height in user units with a matching
 * viewBox, so a container can scale it to any size while keeping its proportions.
 */
export function puzzleSvg(grid: readonly (readonly number[])[], opts: SvgOptions = {}): string {
  const cell = opts.cellSize ?? 32;
  const rows = grid.length;
  const cols = rows ? grid[0].length : 0;
  const pad = cell * SVG_PAD_CELLS;
  const w = cols * cell + 2 * pad;
  const h = rows * cell + 2 * pad;
  let maxValue = 0;
  for (const row of grid) for (const v of row) if (v > maxValue) maxValue = v;
  const faces = opts.faces ?? 'digits';
  const fs = numberFontSize(cell, faceDigits(maxValue, faces));

  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(w)}" height="${num(h)}" viewBox="0 0 ${num(w)} ${num(h)}" role="img">`,
  );
  if (opts.title !== undefined) out.push(`<title>${escapeXml(opts.title)}</title>`);
  out.push(`<rect width="${num(w)}" height="${num(h)}" fill="#fff"/>`);
  const x0 = pad;
  const y0 = pad;

  if (opts.solution) {
    // Tiles: inset rounded rectangles, so neighbouring dominoes stay apart by a white gap,
    // with a faint divider across the middle as on a real domino.
    const inset = cell * TILE.inset;
    const tiles: string[] = [];
    let dividers = '';
    for (const [r1, c1, r2, c2] of opts.solution) {
      const r = Math.min(r1, r2);
      const c = Math.min(c1, c2);
      const across = r1 === r2;
      const tw = (across ? 2 : 1) * cell - 2 * inset;
      const th = (across ? 1 : 2) * cell - 2 * inset;
      const x = x0 + c * cell + inset;
      const y = y0 + r * cell + inset;
      tiles.push(
        `<rect x="${num(x)}" y="${num(y)}" width="${num(tw)}" height="${num(th)}" rx="${num(cell * TILE.radius)}"/>`,
      );
      if (across) {
        const mx = x0 + (c + 1) * cell;
        dividers += `M${num(mx)} ${num(y + cell * TILE.dividerEnd)}V${num(y + th - cell * TILE.dividerEnd)}`;
      } else {
        const my = y0 + (r + 1) * cell;
        dividers += `M${num(x + cell * TILE.dividerEnd)} ${num(my)}H${num(x + tw - cell * TILE.dividerEnd)}`;
      }
    }
    out.push(`<g fill="#f1f1f1" stroke="#111" stroke-width="${num(cell * TILE.stroke)}">${tiles.join('')}</g>`);
    if (dividers)
      out.push(`<path d="${dividers}" fill="none" stroke="#999" stroke-width="${num(cell * TILE.divider)}"/>`);
  } else {
    let lines = '';
    for (let r = 1; r < rows; r++) lines += `M${num(x0)} ${num(y0 + r * cell)}H${num(x0 + cols * cell)}`;
    for (let c = 1; c < cols; c++) lines += `M${num(x0 + c * cell)} ${num(y0)}V${num(y0 + rows * cell)}`;
    if (lines) out.push(`<path d="${lines}" fill="none" stroke="#b4b4b4" stroke-width="${num(cell * 0.03)}"/>`);
    out.push(
      `<rect x="${num(x0)}" y="${num(y0)}" width="${num(cols * cell)}" height="${num(rows * cell)}" fill="none" stroke="#222" stroke-width="${num(cell * 0.06)}"/>`,
    );
  }

  if (faces === 'pips') {
    let dots = '';
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        for (const [x, y] of pipCentres(grid[r][c]))
          dots += `<circle cx="${num(x0 + (c + x) * cell)}" cy="${num(y0 + (r + y) * cell)}" r="${num(PIP.radius * cell)}"/>`;
      }
    }
    out.push(`<g fill="#111">${dots}</g>`);
  } else {
    // Numbers: the baseline sits about 0.35 em below the centre, which centres the digits'
    // height without relying on dominant-baseline (not honoured by every renderer).
    const texts: string[] = [];
    const lift = fs * 0.35;
    for (let r = 0; r < rows; r++) {
      const row = grid[r];
      const y = num(y0 + (r + 0.5) * cell + lift);
      for (let c = 0; c < cols; c++)
        texts.push(`<text x="${num(x0 + (c + 0.5) * cell)}" y="${y}">${faceText(row[c], faces)}</text>`);
    }
    out.push(
      `<g font-family="sans-serif" font-size="${num(fs)}" text-anchor="middle" fill="#111">${texts.join('')}</g>`,
    );
  }
  out.push('</svg>');
  return out.join('');
}

/**
 * The domino tally of a double-m set as SVG (see tally.ts): headers in grey, one box per pair.
 * Square, `tallyUnits(m)` cells of side `cellSize` each way. Printed with cells of
 * `printedCellMm` mm, its headers never go under the booklet's smallest type, as in the pdf.
 */
export function tallySvg(m: number, opts: { cellSize?: number; faces?: Faces; printedCellMm?: number } = {}): string {
  const cell = opts.cellSize ?? 16;
  const side = tallyUnits(m) * cell;
  // A hair over, so rounding the size never takes it under.
  const least = opts.printedCellMm === undefined ? 0 : ((MIN_TEXT_PT.any + 0.01) * cell) / (PT * opts.printedCellMm);
  const fs = Math.max(least, numberFontSize(cell, faceDigits(m, opts.faces === 'pips' ? 'digits' : opts.faces)) * 0.9);
  const lift = fs * 0.35;
  const heads: string[] = [];
  for (let v = 0; v <= m; v++) {
    const t = tallyHeader(v, opts.faces);
    heads.push(
      `<text x="${num((v + 1.5) * cell)}" y="${num(0.5 * cell + lift)}">${t}</text>`,
      `<text x="${num(0.5 * cell)}" y="${num((v + 1.5) * cell + lift)}">${t}</text>`,
    );
  }
  const inset = cell * 0.1;
  const boxes = tallyBoxes(m)
    .map(
      (b) =>
        `<rect x="${num(b.x * cell + inset)}" y="${num(b.y * cell + inset)}" width="${num(cell - 2 * inset)}" height="${num(cell - 2 * inset)}"/>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(side)}" height="${num(side)}" viewBox="0 0 ${num(side)} ${num(side)}" role="img">` +
    `<title>Domino tally: one box per pair</title>` +
    `<g fill="none" stroke="#777" stroke-width="${num(cell * 0.05)}">${boxes}</g>` +
    `<g font-family="sans-serif" font-size="${num(fs)}" text-anchor="middle" fill="#555">${heads.join('')}</g></svg>`
  );
}
