// Dominosa in the booklets: how a puzzle is named and ordered, how large its numbers print, its
// drawings (SVG and PDF, bare or tiled) and the tally beside it, and what the cover says: the rules
// and a double-2 worked example.
import type { Faces } from '../../formats/faces.js';
import { faceDigits } from '../../formats/faces.js';
import type { KindBooklet, PackPuzzle } from '../../formats/kind.js';
import type { DominosaPackPuzzle } from './pack.js';
import { drawBoardPdf, drawTallyPdf } from './pdf.js';
import { puzzleSvg, tallySvg } from './svg.js';
import { tallyUnits } from './tally.js';

/** The worked example: a double-2 set on 3 × 4 cells, one solution, found by singles alone. */
export const EXAMPLE: DominosaPackPuzzle = {
  kind: 'dominosa',
  id: 'example',
  m: 2,
  rows: 3,
  cols: 4,
  tier: 'easy',
  nodes: 0,
  grid: [
    [0, 1, 1, 2],
    [2, 0, 0, 2],
    [1, 0, 2, 1],
  ],
  solution: [
    [0, 0, 1, 0],
    [0, 1, 0, 2],
    [0, 3, 1, 3],
    [1, 1, 1, 2],
    [2, 0, 2, 1],
    [2, 2, 2, 3],
  ],
};

/** The rules, as printed on the cover. */
export function rulesText(faces: Faces = 'digits'): string {
  const set =
    faces === 'one-based'
      ? '1-1 to (M+1)-(M+1)'
      : faces === 'pips'
        ? 'blank-blank to the double of the most pips'
        : '0-0 to M-M';
  return (
    `Each grid hides a complete set of dominoes, one of every pair from ${set}. ` +
    'Divide the grid into dominoes (two neighbouring cells each) so that every pair appears exactly once. ' +
    'Every puzzle has one solution, reached by reasoning alone.'
  );
}

const own = (p: PackPuzzle): DominosaPackPuzzle => p as DominosaPackPuzzle;

export const booklet: KindBooklet = {
  title: (q) => {
    const p = own(q);
    return `Double-${p.m}, ${p.rows} \u00d7 ${p.cols}`;
  },
  caption: (p, width) => (width >= 70 ? `Double-${own(p).m}` : ''),
  sizes(ps) {
    const ms = ps.map((p) => own(p).m);
    const [min, max] = [Math.min(...ms), Math.max(...ms)];
    return min === max ? `Double-${min}` : `Double-${min} to ${max}`;
  },
  compare: (a, b) => own(a).m - own(b).m || a.rows - b.rows,
  digits: (p, faces) => (faces === 'pips' ? 1 : faceDigits(own(p).m, faces)),
  svg: (q, { title, solved, faces }) => {
    const p = own(q);
    return puzzleSvg(p.grid, { title, solution: solved ? p.solution : undefined, faces });
  },
  pdf: (page, at, q, solved, faces) => {
    const p = own(q);
    drawBoardPdf(page, at, p.grid, solved ? p.solution : null, faces);
  },
  tally: {
    units: (p) => tallyUnits(own(p).m),
    svg: (p, faces, cellMm) => tallySvg(own(p).m, { faces, printedCellMm: cellMm }),
    pdf: (page, at, p, faces) => drawTallyPdf(page, at, own(p).m, faces),
  },
  cover: {
    rules: rulesText,
    exampleHtml: (faces) =>
      `<div class="example">${puzzleSvg(EXAMPLE.grid, { title: 'An example: a double-2 set', faces })}` +
      `${puzzleSvg(EXAMPLE.grid, { title: 'The example solved', solution: EXAMPLE.solution, faces })}</div>`,
    example: EXAMPLE,
    captions: ['The puzzle', 'Solved'],
    gap: 16,
    cell: (_room, shared) => (shared ? 7 : 9),
  },
};
