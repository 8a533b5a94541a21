// A printable booklet of puzzles, A4 or US Letter: a title page, one section per tier with
// several numbered puzzles per page, and compact solutions at the back. planBooklet does the
// page arithmetic (positions in mm) once; the HTML here and the PDF in pdf.ts both draw it.
import { techniqueOf } from '../dominosa/rank/bands.js';
import { TIERS } from '../rank/tiers.js';
import { faceDigits, type Faces } from './faces.js';
import type { PackPuzzle } from './pack.js';
import { escapeXml, puzzleSvg, SVG_PAD_CELLS, tallySvg } from './svg.js';
import { tallyUnits } from './tally.js';

/** Paper sizes (mm) the booklet is laid out for. */
export const PAPERS = {
  a4: { label: 'A4', width: 210, height: 297 },
  letter: { label: 'US Letter', width: 215.9, height: 279.4 },
} as const;
export type Paper = keyof typeof PAPERS;
export const PAPER_NAMES = Object.keys(PAPERS) as Paper[];
export const DEFAULT_PAPER: Paper = 'a4';
/** The margin the print CSS and the PDF both leave around the content (mm). */
export const MARGIN_MM = 12;

export interface Geometry {
  paper: Paper;
  page: { width: number; height: number; margin: number };
  /** The content box every page is laid out in (mm). */
  content: { width: number; height: number };
  /** Page furniture (mm, from the content box's top): heading band, body, footer line. */
  band: { headBaseline: number; headRule: number; bodyTop: number; bodyBottom: number; footBaseline: number };
}

/** A paper's page geometry. The content box is a hair under the printable height, so rounding
 * in a browser can never spill a page onto a blank one. */
export function geometryOf(paper: Paper = DEFAULT_PAPER): Geometry {
  const { width, height } = PAPERS[paper];
  const content = { width: width - 2 * MARGIN_MM, height: Math.round((height - 2 * MARGIN_MM - 1) * 10) / 10 };
  return {
    paper,
    page: { width, height, margin: MARGIN_MM },
    content,
    band: { headBaseline: 9, headRule: 12, bodyTop: 16, bodyBottom: content.height - 7, footBaseline: content.height - 1 },
  };
}

/** The caption above a puzzle: number and title on one line, the technique below. */
export const LABEL_MM = { height: 9, titleBaseline: 3.4, techniqueBaseline: 7.8 } as const;
const GAP = 6; // between slots, both ways
/** The smallest cell (mm) the automatic layout accepts, so printed numbers stay ≥ 10 pt
 * (one digit at 0.56 of a cell; two at 0.48 read well a little under). */
export function minCellMm(digits: number): number {
  return digits <= 1 ? 6.5 : 7;
}
const MAX_CELL_MM = 12; // small boards would otherwise fill their slot with giant digits
/** Automatic puzzles-per-page choices, most first. */
const AUTO_PER_PAGE = [6, 4, 2, 1];
/** The tally beside a puzzle: its cell against the board's, and the gap between (board cells). */
export const TALLY = { scale: 0.6, gap: 0.6 } as const;

/** Solutions: small boards packed in rows, in puzzle order (mm). */
export const SOLUTION_MM = { cell: 4.2, label: 4.5, gapX: 5, gapY: 3, minWidth: 14 } as const;

export interface BookletOptions {
  title: string;
  /** Puzzles per page for every size; default: chosen per board so cells stay ≥ minCellMm. */
  perPage?: number;
  /** Paper size (default A4). */
  paper?: Paper;
  /** Print the domino tally beside each puzzle. */
  tally?: boolean;
  /** How numbers are shown (default digits 0..M). */
  faces?: Faces;
}

export interface SlotPlan {
  puzzle: PackPuzzle;
  /** The puzzle's number in the booklet, 1..n in page order. */
  number: number;
  /** The caption box (mm from the content box's top-left). */
  labelX: number;
  labelY: number;
  labelW: number;
  /** The board drawing, margins included (see SVG_PAD_CELLS). */
  boardX: number;
  boardY: number;
  boardW: number;
  boardH: number;
  /** Side of a cell (mm). */
  cell: number;
  /** The tally beside the board: its top-left corner and its cell side (mm). */
  tally?: { x: number; y: number; cell: number };
}

export interface PagePlan {
  /** 1-based page number. */
  number: number;
  kind: 'title' | 'puzzles' | 'solutions';
  /** The tier of a puzzle page (solution pages run on across tiers: null). */
  tier: string | null;
  heading: string;
  slots: SlotPlan[];
}

export interface SectionSummary {
  tier: string;
  count: number;
  /** The section's puzzle numbers, first and last. */
  first: number;
  last: number;
  minM: number;
  maxM: number;
  firstPage: number;
  solutionsPage: number;
}

export interface BookletPlan {
  title: string;
  count: number;
  geometry: Geometry;
  faces: Faces;
  pages: PagePlan[];
  sections: SectionSummary[];
}

interface Grid {
  perPage: number;
  cols: number;
  rows: number;
  slotW: number;
  slotH: number;
}

const grids = new Map<string, Grid>();

/** Slot arrangement for k per page: the columns that give the largest square slot. */
export function slotGrid(k: number, geom: Geometry = geometryOf()): Grid {
  const key = `${geom.paper}/${k}`;
  let g = grids.get(key);
  if (g === undefined) {
    const bodyH = geom.band.bodyBottom - geom.band.bodyTop;
    let best: Grid | undefined;
    let bestSide = -1;
    for (let cols = 1; cols <= k; cols++) {
      const rows = Math.ceil(k / cols);
      const slotW = (geom.content.width - (cols - 1) * GAP) / cols;
      const slotH = (bodyH - (rows - 1) * GAP) / rows;
      const side = Math.min(slotW, slotH - LABEL_MM.height);
      if (side > bestSide) {
        bestSide = side;
        best = { perPage: k, cols, rows, slotW, slotH };
      }
    }
    g = best as Grid;
    grids.set(key, g);
  }
  return g;
}

/** What a slot holds, in board cells: the board with its margins, and the tally beside it. */
function slotUnits(p: Pick<PackPuzzle, 'rows' | 'cols' | 'm'>, tally: boolean): { w: number; h: number; board: number } {
  const pad = 2 * SVG_PAD_CELLS;
  const t = tally ? TALLY.scale * tallyUnits(p.m) : 0;
  return { w: p.cols + pad + (tally ? TALLY.gap + t : 0), h: Math.max(p.rows + pad, t + pad), board: p.cols + pad };
}

/** Cell side (mm) for a board (and its tally) in a slot of grid g. */
function fitCell(g: Grid, p: Pick<PackPuzzle, 'rows' | 'cols' | 'm'>, tally: boolean): number {
  const u = slotUnits(p, tally);
  return Math.min(g.slotW / u.w, (g.slotH - LABEL_MM.height) / u.h, MAX_CELL_MM);
}

export interface LayoutOptions {
  paper?: Paper;
  tally?: boolean;
  faces?: Faces;
}

/** Puzzles per page for one board under automatic layout. */
export function autoPerPage(p: Pick<PackPuzzle, 'rows' | 'cols' | 'm'>, opts: LayoutOptions = {}): number {
  const geom = geometryOf(opts.paper);
  const min = minCellMm(opts.faces === 'pips' ? 1 : faceDigits(p.m, opts.faces));
  for (const k of AUTO_PER_PAGE) if (fitCell(slotGrid(k, geom), p, opts.tally ?? false) >= min) return k;
  return 1;
}

function titleCase(s: string): string {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/** Tiers in difficulty order; unknown tiers follow in order of first appearance. */
function tierOrder(puzzles: readonly PackPuzzle[]): string[] {
  const seen = new Set(puzzles.map((p) => p.tier));
  const known = TIERS.filter((t) => seen.has(t));
  const rest = [...seen].filter((t) => !(TIERS as readonly string[]).includes(t));
  return [...known, ...rest];
}

function slotsFor(chunk: readonly PackPuzzle[], firstNumber: number, g: Grid, geom: Geometry, tally: boolean): SlotPlan[] {
  return chunk.map((puzzle, i) => {
    const col = i % g.cols;
    const row = Math.floor(i / g.cols);
    const sx = col * (g.slotW + GAP);
    const sy = geom.band.bodyTop + row * (g.slotH + GAP);
    const cell = fitCell(g, puzzle, tally);
    const u = slotUnits(puzzle, tally);
    const boardW = u.board * cell;
    const boardH = (puzzle.rows + 2 * SVG_PAD_CELLS) * cell;
    const left = sx + (g.slotW - u.w * cell) / 2;
    const top = sy + LABEL_MM.height;
    return {
      puzzle,
      number: firstNumber + i,
      labelX: sx,
      labelY: sy,
      labelW: g.slotW,
      boardX: left,
      boardY: top,
      boardW,
      boardH,
      cell,
      ...(tally ? { tally: { x: left + boardW + TALLY.gap * cell, y: top + SVG_PAD_CELLS * cell, cell: TALLY.scale * cell } } : {}),
    };
  });
}

/**
 * Solution pages: every puzzle's solution, in number order, packed left to right in rows of
 * small boards (cells of SOLUTION_MM.cell, less for boards wider than the page), rows centred.
 */
function solutionPages(slots: readonly SlotPlan[], geom: Geometry): SlotPlan[][] {
  const pad = 2 * SVG_PAD_CELLS;
  const cw = geom.content.width;
  const bodyH = geom.band.bodyBottom - geom.band.bodyTop;
  const pages: SlotPlan[][] = [];
  let page: SlotPlan[] = [];
  let row: SlotPlan[] = [];
  let x = 0;
  let y = geom.band.bodyTop;
  let rowH = 0;
  const endRow = (): void => {
    const used = x - SOLUTION_MM.gapX;
    for (const s of row) {
      const shift = (cw - used) / 2;
      s.labelX += shift;
      s.boardX += shift;
    }
    row = [];
  };
  for (const src of slots) {
    const p = src.puzzle;
    const cell = Math.min(SOLUTION_MM.cell, cw / (p.cols + pad), (bodyH - SOLUTION_MM.label) / (p.rows + pad));
    const boardW = (p.cols + pad) * cell;
    const boardH = (p.rows + pad) * cell;
    const w = Math.max(boardW, SOLUTION_MM.minWidth);
    const h = SOLUTION_MM.label + boardH;
    if (x > 0 && x + w > cw + 1e-9) {
      endRow();
      y += rowH + SOLUTION_MM.gapY;
      x = 0;
      rowH = 0;
    }
    if (page.length > 0 && y + h > geom.band.bodyBottom + 1e-9) {
      endRow();
      pages.push(page);
      page = [];
      x = 0;
      y = geom.band.bodyTop;
      rowH = 0;
    }
    const slot: SlotPlan = { puzzle: p, number: src.number, labelX: x, labelY: y, labelW: w, boardX: x + (w - boardW) / 2, boardY: y + SOLUTION_MM.label, boardW, boardH, cell };
    page.push(slot);
    row.push(slot);
    x += w + SOLUTION_MM.gapX;
    rowH = Math.max(rowH, h);
  }
  if (page.length > 0) {
    endRow();
    pages.push(page);
  }
  return pages;
}

function numberRange(a: number, b: number): string {
  return a === b ? String(a) : `${a}\u2013${b}`;
}

/**
 * Lay the booklet out. Pages: 1 title page; per tier (easy → expert, then others), the tier's
 * puzzles grouped by puzzles-per-page, each group filling pages, numbered 1..n in that order;
 * then the solutions of all of them, in number order, packed several rows to a page.
 * Throws RangeError unless perPage is an integer from 1 to 64 (callers validate user input).
 */
export function planBooklet(puzzles: readonly PackPuzzle[], opts: BookletOptions): BookletPlan {
  if (opts.perPage !== undefined && !(Number.isInteger(opts.perPage) && opts.perPage >= 1 && opts.perPage <= 64)) {
    throw new RangeError(`perPage must be an integer from 1 to 64, got ${opts.perPage}`);
  }
  const geom = geometryOf(opts.paper);
  const tally = opts.tally ?? false;
  const faces = opts.faces ?? 'digits';
  const pages: PagePlan[] = [{ number: 1, kind: 'title', tier: null, heading: opts.title, slots: [] }];
  const sections: SectionSummary[] = [];
  let next = 1;
  for (const tier of tierOrder(puzzles)) {
    // Most per page first, then by size; stable, so equal boards keep their order. Each
    // per-page count is then one run of pages.
    const perPage = (p: PackPuzzle): number => opts.perPage ?? autoPerPage(p, { paper: geom.paper, tally, faces });
    const list = puzzles
      .filter((p) => p.tier === tier)
      .map((p) => ({ p, k: perPage(p) }))
      .sort((a, b) => b.k - a.k || a.p.m - b.p.m || a.p.rows - b.p.rows);
    const first = next;
    const firstPage = pages.length + 1;
    for (let i = 0; i < list.length; ) {
      const k = list[i].k;
      let j = i + 1;
      while (j < list.length && j - i < k && list[j].k === k) j++;
      const heading = i === 0 ? titleCase(tier) : `${titleCase(tier)} (continued)`;
      pages.push({ number: pages.length + 1, kind: 'puzzles', tier, heading, slots: slotsFor(list.slice(i, j).map((x) => x.p), next, slotGrid(k, geom), geom, tally) });
      next += j - i;
      i = j;
    }
    const ms = list.map((x) => x.p.m);
    sections.push({ tier, count: list.length, first, last: next - 1, minM: Math.min(...ms), maxM: Math.max(...ms), firstPage, solutionsPage: 0 });
  }
  const placed = pages.flatMap((p) => p.slots);
  for (const slots of solutionPages(placed, geom)) {
    const number = pages.length + 1;
    for (const s of sections) if (s.solutionsPage === 0 && slots.some((x) => x.number === s.first)) s.solutionsPage = number;
    const heading = `Solutions ${numberRange(slots[0].number, slots[slots.length - 1].number)}`;
    pages.push({ number, kind: 'solutions', tier: null, heading, slots });
  }
  return { title: opts.title, count: puzzles.length, geometry: geom, faces, pages, sections };
}

/** A puzzle's plain title: its set and its grid ("Double-6, 7 × 8"). */
export function puzzleTitle(p: Pick<PackPuzzle, 'm' | 'rows' | 'cols'>): string {
  return `Double-${p.m}, ${p.rows} \u00d7 ${p.cols}`;
}

/** The catalog id, printed small beside the number. */
export function idText(p: Pick<PackPuzzle, 'id'>): string {
  return `#${p.id}`;
}

/** The technique a puzzle needs ("Hard: set analysis"), from its grade; '' when not graded. */
export function techniqueLine(p: Pick<PackPuzzle, 'grade'>): string {
  return p.grade === undefined ? '' : (techniqueOf(p.grade) ?? p.grade);
}

/** The caption above a board, as one line (the accessible name of its drawing). */
export function slotLabel(s: Pick<SlotPlan, 'puzzle' | 'number'>): string {
  const tech = techniqueLine(s.puzzle);
  return `${s.number}. ${puzzleTitle(s.puzzle)} (${idText(s.puzzle)})${tech ? `: ${tech}` : ''}`;
}

/** The rules, as printed on the title page. */
export function rulesText(faces: Faces = 'digits'): string {
  const set = faces === 'one-based' ? '1-1 to (M+1)-(M+1)' : faces === 'pips' ? 'blank-blank to the double of the most pips' : '0-0 to M-M';
  return (
    `Each grid hides a complete set of dominoes, one of every pair from ${set}. ` +
    'Divide the grid into dominoes (two neighbouring cells each) so that every pair appears exactly once.'
  );
}
export const RULES = rulesText();

/** Title page lines shared by HTML and PDF: [tier, puzzle numbers, sizes, page, solutions]. */
export function contentsRows(plan: BookletPlan): string[][] {
  return plan.sections.map((s) => [
    titleCase(s.tier),
    numberRange(s.first, s.last),
    s.minM === s.maxM ? `Double-${s.minM}` : `Double-${s.minM} to ${s.maxM}`,
    String(s.firstPage),
    String(s.solutionsPage),
  ]);
}

const mm = (x: number): string => `${Math.round(x * 100) / 100}mm`;

function css(geom: Geometry): string {
  const { page, content, band } = geom;
  const size = geom.paper === 'letter' ? 'letter' : 'A4';
  return `
@page { size: ${size}; margin: ${page.margin}mm; }
html, body { margin: 0; padding: 0; }
body { font-family: sans-serif; color: #111; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.page { position: relative; width: ${mm(content.width)}; height: ${mm(content.height)}; overflow: hidden;
  break-after: page; page-break-after: always; }
.page:last-child { break-after: auto; page-break-after: auto; }
.head { position: absolute; left: 0; top: 0; width: 100%; height: ${band.headRule}mm; box-sizing: border-box;
  border-bottom: 0.4mm solid #333; font-size: 15pt; font-weight: bold; line-height: 1; padding-top: ${band.headBaseline - 5.5}mm; }
.head .book { float: right; max-width: 50%; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; font-size: 9pt; line-height: 1.3; font-weight: normal; color: #555; padding-top: 1mm; }
.foot { position: absolute; left: 0; width: 100%; top: ${mm(band.footBaseline - 3)}; text-align: center; font-size: 9pt; color: #555; line-height: 1; }
.label { position: absolute; text-align: center; white-space: nowrap; overflow: hidden; }
.label div { overflow: hidden; text-overflow: ellipsis; }
.label .t { height: 4.6mm; line-height: 4.6mm; font-size: 9pt; }
.label .tech { height: 4.4mm; line-height: 4.4mm; font-size: 7.5pt; color: #444; }
.label .n { font-weight: bold; font-size: 10pt; }
.label .id { font-size: 7pt; color: #666; }
.label.sol { height: ${SOLUTION_MM.label}mm; line-height: ${SOLUTION_MM.label - 0.8}mm; font-size: 7pt; }
.label.sol .n { font-size: 7.5pt; }
.label.sol .id { font-size: 6pt; }
.board, .tally { position: absolute; }
.board svg, .tally svg { display: block; width: 100%; height: 100%; }
.title h1 { font-size: 28pt; margin: 40mm 0 4mm; text-align: center; overflow-wrap: anywhere; }
.title .sub { text-align: center; font-size: 13pt; color: #444; margin-bottom: 16mm; }
.title table { margin: 0 auto; border-collapse: collapse; font-size: 11pt; }
.title th, .title td { padding: 1.5mm 5mm; border-bottom: 0.2mm solid #999; text-align: left; }
.title td.n { text-align: right; }
.title .rules { margin: 16mm 18mm 0; font-size: 11pt; line-height: 1.45; }
@media screen {
  body { background: #777; }
  /* A white border, not padding: the page's absolutely placed parts start inside the border. */
  .page { background: #fff; margin: 8mm auto; border: ${page.margin}mm solid #fff; }
}
`;
}

function titlePageHtml(plan: BookletPlan): string {
  const rows = contentsRows(plan)
    .map(([tier, numbers, sizes, page, sol]) => `<tr><td>${escapeXml(tier)}</td><td class="n">${numbers}</td><td>${sizes}</td><td class="n">${page}</td><td class="n">${sol}</td></tr>`)
    .join('');
  const table = plan.sections.length
    ? `<table><thead><tr><th>Tier</th><th>Puzzles</th><th>Sizes</th><th>Page</th><th>Solutions</th></tr></thead><tbody>${rows}</tbody></table>`
    : '';
  const count = plan.count === 1 ? '1 puzzle' : `${plan.count} puzzles`;
  return `<div class="title"><h1>${escapeXml(plan.title)}</h1><div class="sub">Dominosa \u00b7 ${count}</div>${table}<p class="rules">${escapeXml(rulesText(plan.faces))}</p></div>`;
}

function pageHtml(plan: BookletPlan, page: PagePlan): string {
  const total = plan.pages.length;
  const parts: string[] = [`<section class="page">`];
  if (page.kind === 'title') {
    parts.push(titlePageHtml(plan));
  } else {
    parts.push(`<div class="head">${escapeXml(page.heading)}<span class="book">${escapeXml(plan.title)}</span></div>`);
    const solutions = page.kind === 'solutions';
    for (const s of page.slots) {
      const p = s.puzzle;
      const box = `left:${mm(s.labelX)};top:${mm(s.labelY)};width:${mm(s.labelW)}`;
      const n = `<span class="n">${s.number}</span>`;
      const id = `<span class="id">${escapeXml(idText(p))}</span>`;
      if (solutions) parts.push(`<div class="label sol" style="${box}">${n} ${id}</div>`);
      else {
        const tech = techniqueLine(p);
        parts.push(`<div class="label" style="${box};height:${LABEL_MM.height}mm"><div class="t">${n}&#160; ${escapeXml(puzzleTitle(p))}&#160; ${id}</div>${tech ? `<div class="tech">${escapeXml(tech)}</div>` : ''}</div>`);
      }
      parts.push(
        `<div class="board" style="left:${mm(s.boardX)};top:${mm(s.boardY)};width:${mm(s.boardW)};height:${mm(s.boardH)}">`,
        puzzleSvg(p.grid, { title: slotLabel(s), solution: solutions ? p.solution : undefined, faces: plan.faces }),
        `</div>`,
      );
      if (s.tally) {
        const side = mm(tallyUnits(p.m) * s.tally.cell);
        parts.push(`<div class="tally" style="left:${mm(s.tally.x)};top:${mm(s.tally.y)};width:${side};height:${side}">${tallySvg(p.m, { faces: plan.faces })}</div>`);
      }
    }
  }
  parts.push(`<div class="foot">${page.number} / ${total}</div></section>`);
  return parts.join('');
}

/**
 * The booklet as one self-contained HTML document (inline CSS and SVG; no scripts, fonts or
 * other requests). `pages` is the number of pages it prints to on its paper.
 */
export function buildBookletHtml(puzzles: readonly PackPuzzle[], opts: BookletOptions): { html: string; pages: number } {
  const plan = planBooklet(puzzles, opts);
  const body = plan.pages.map((p) => pageHtml(plan, p)).join('\n');
  const html =
    `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeXml(opts.title)}</title><style>${css(plan.geometry)}</style></head>\n<body>\n${body}\n</body></html>\n`;
  return { html, pages: plan.pages.length };
}
