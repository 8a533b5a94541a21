// Sudomino in the booklets: how a puzzle is named and ordered, how large its numbers print, its
// drawings (SVG and PDF, the givens alone or every value), and what the cover says: the rules and
// the source document's board as the worked example. Sudomino prints no tally.
import type { KindBooklet, PackPuzzle } from '../../formats/kind.js';
import { drawBoardPdf } from './pdf.js';
import type { SudominoPackPuzzle } from './row.js';
import { puzzleSvg } from './svg.js';
import { SVG_PAD_CELLS } from '../../formats/svg.js';

/** The example: the source document's board, 8×8 with numbers 1–6, and its one solution. */
export const EXAMPLE: SudominoPackPuzzle = {
  kind: 'sudomino',
  id: 'example',
  shape: '8x8:6',
  rows: 8,
  cols: 8,
  values: 6,
  tier: 'easy',
  nodes: 0,
  board: ['aabbccdd', '22eff6gh', 'i!e!j6gh', 'i4kkjl33', '!4mm!l!n', 'oo!pqr6n', '!sspqr61', 'ttuu!vv1'],
  solution: [
    [6, 6, 1, 1, 3, 3, 2, 2],
    [2, 2, 3, 5, 5, 6, 1, 4],
    [5, 0, 3, 0, 2, 6, 1, 4],
    [5, 4, 6, 6, 2, 1, 3, 3],
    [0, 4, 2, 2, 0, 1, 0, 5],
    [1, 1, 0, 3, 4, 2, 6, 5],
    [0, 5, 5, 3, 4, 2, 6, 1],
    [3, 3, 4, 4, 0, 5, 5, 1],
  ],
};

/** Sudomino's rules, as printed on the cover. */
export function rulesText(): string {
  return (
    'Fill every white cell with a number from 1 to N (each puzzle\u2019s title gives N). ' +
    'The two cells of an outlined domino hold the same number, and no number appears on two different dominoes of one row or one column. ' +
    'Grey cells stay empty; the printed numbers are given. Every puzzle has one solution, reached by reasoning alone.'
  );
}

/** The cover's example, and a tighter cover where it explains another kind too (so it fits US Letter). */
const CSS = `
.title .example.sudomino svg { width: 46mm; }
.title.both h1 { margin-top: 12mm; }
.title.both .sub { margin-bottom: 6mm; }
.title.both h2 { margin-top: 6mm; }
.title.both .example svg { width: 30mm; }
.title.both .example.sudomino svg { width: 38mm; }
.title .example figure { margin: 0; }
.title .example figcaption { text-align: center; font-size: 9pt; color: #555; margin-top: 1mm; }
`;

const own = (p: PackPuzzle): SudominoPackPuzzle => p as SudominoPackPuzzle;

/** A board's size for people: "8×8". */
function boardSize(p: Pick<PackPuzzle, 'rows' | 'cols'>): string {
  return `${p.rows}\u00d7${p.cols}`;
}

function title(p: SudominoPackPuzzle): string {
  return `Sudomino ${boardSize(p)}, numbers 1\u2013${p.values}`;
}

const figure = (svg: string, caption: string): string => `<figure>${svg}<figcaption>${caption}</figcaption></figure>`;

export const booklet: KindBooklet = {
  title: (p) => title(own(p)),
  caption(q, width) {
    const p = own(q);
    return width >= 90 ? title(p) : width >= 70 ? `Sudomino ${boardSize(p)}, 1\u2013${p.values}` : '';
  },
  sizes(ps) {
    const shapes = [...new Set(ps.map(boardSize))];
    return `Sudomino ${shapes.length === 1 ? shapes[0] : `${shapes[0]} to ${shapes[shapes.length - 1]}`}`;
  },
  // By cells, then N.
  compare: (a, b) => a.rows * a.cols - b.rows * b.cols || own(a).values - own(b).values,
  // Its values 1..N print as digits, whatever the faces.
  digits: (p) => String(own(p).values).length,
  svg: (p, { title, solved }) => puzzleSvg(own(p), { title, solved }),
  pdf: (page, at, p, solved) => drawBoardPdf(page, at, own(p), solved),
  cover: {
    rules: rulesText,
    exampleHtml: () =>
      `<div class="example sudomino">${figure(puzzleSvg(EXAMPLE, { title: 'An example: Sudomino 8×8, numbers 1–6' }), 'The puzzle (N = 6)')}` +
      `${figure(puzzleSvg(EXAMPLE, { title: 'The example solved', solved: true }), 'Solved')}</div>`,
    example: EXAMPLE,
    captions: ['The puzzle (N = 6)', 'Solved'],
    gap: 12,
    // What the page leaves it, up to a comfortable size.
    cell: (room) => Math.max(3, Math.min(5.5, room / (EXAMPLE.rows + 2 * SVG_PAD_CELLS))),
    css: CSS,
  },
};
