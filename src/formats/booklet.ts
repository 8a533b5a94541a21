// A printable A4 booklet of puzzles: a title page, one section per tier with several puzzles per
// page, and the solutions at the back in the same layout. planBooklet does the page arithmetic
// (positions in mm) once; the HTML here and the PDF in pdf.ts both draw that same plan.
import { TIERS } from '../rank/tiers.js';
import type { PackPuzzle } from './pack.js';
import { escapeXml, puzzleSvg, SVG_PAD_CELLS } from './svg.js';

/** A4 in mm, and the margin the print CSS and the PDF both leave around the content. */
export const PAGE_MM = { width: 210, height: 297, margin: 12 } as const;
/** The content box every page is laid out in (mm). A hair under the printable height, so
 * rounding in a browser can never spill a page onto a blank one. */
export const CONTENT_MM = { width: 186, height: 272 } as const;
/** Page furniture (mm, from the content box's top): heading band, body, footer line. */
export const BAND_MM = { headBaseline: 9, headRule: 12, bodyTop: 16, bodyBottom: 265, footBaseline: 271 } as const;

const BODY_H = BAND_MM.bodyBottom - BAND_MM.bodyTop;
const LABEL_H = 6; // the caption line above each board
const GAP = 6; // between slots, both ways
/** The smallest cell (mm) the automatic layout accepts: numbers at ~half a cell stay ≥ 10 pt. */
export const MIN_CELL_MM = 7;
const MAX_CELL_MM = 12; // small boards would otherwise fill their slot with giant digits
/** Automatic puzzles-per-page choices, most first. */
const AUTO_PER_PAGE = [6, 4, 2, 1];

export interface BookletOptions {
  title: string;
  /** Puzzles per page for every size; default: chosen per board so cells stay ≥ MIN_CELL_MM. */
  perPage?: number;
}

export interface SlotPlan {
  puzzle: PackPuzzle;
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
}

export interface PagePlan {
  /** 1-based page number. */
  number: number;
  kind: 'title' | 'puzzles' | 'solutions';
  tier: string | null;
  heading: string;
  slots: SlotPlan[];
}

export interface SectionSummary {
  tier: string;
  count: number;
  minM: number;
  maxM: number;
  firstPage: number;
  solutionsPage: number;
}

export interface BookletPlan {
  title: string;
  count: number;
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

const grids = new Map<number, Grid>();

/** Slot arrangement for k per page: the columns that give the largest square slot. */
export function slotGrid(k: number): Grid {
  let g = grids.get(k);
  if (g === undefined) {
    let best: Grid | undefined;
    let bestSide = -1;
    for (let cols = 1; cols <= k; cols++) {
      const rows = Math.ceil(k / cols);
      const slotW = (CONTENT_MM.width - (cols - 1) * GAP) / cols;
      const slotH = (BODY_H - (rows - 1) * GAP) / rows;
      const side = Math.min(slotW, slotH - LABEL_H);
      if (side > bestSide) {
        bestSide = side;
        best = { perPage: k, cols, rows, slotW, slotH };
      }
    }
    g = best as Grid;
    grids.set(k, g);
  }
  return g;
}

/** Cell side (mm) for a rows×cols board in a slot of grid g. */
function fitCell(g: Grid, rows: number, cols: number): number {
  const pad = 2 * SVG_PAD_CELLS;
  return Math.min(g.slotW / (cols + pad), (g.slotH - LABEL_H) / (rows + pad), MAX_CELL_MM);
}

/** Puzzles per page for one board under automatic layout. */
export function autoPerPage(rows: number, cols: number): number {
  for (const k of AUTO_PER_PAGE) if (fitCell(slotGrid(k), rows, cols) >= MIN_CELL_MM) return k;
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

function slotsFor(chunk: readonly PackPuzzle[], g: Grid): SlotPlan[] {
  return chunk.map((puzzle, i) => {
    const col = i % g.cols;
    const row = Math.floor(i / g.cols);
    const sx = col * (g.slotW + GAP);
    const sy = BAND_MM.bodyTop + row * (g.slotH + GAP);
    const cell = fitCell(g, puzzle.rows, puzzle.cols);
    const boardW = (puzzle.cols + 2 * SVG_PAD_CELLS) * cell;
    const boardH = (puzzle.rows + 2 * SVG_PAD_CELLS) * cell;
    return {
      puzzle,
      labelX: sx,
      labelY: sy,
      labelW: g.slotW,
      boardX: sx + (g.slotW - boardW) / 2,
      boardY: sy + LABEL_H,
      boardW,
      boardH,
      cell,
    };
  });
}

/**
 * Lay the booklet out. Pages: 1 title page; per tier (easy → expert, then others), the tier's
 * puzzles grouped by puzzles-per-page, each group filling pages; then the same pages again for
 * the solutions. So pages = 1 + 2 · Σ over tiers and per-page counts k of ceil(count / k).
 * Throws RangeError unless perPage is an integer from 1 to 64 (callers validate user input).
 */
export function planBooklet(puzzles: readonly PackPuzzle[], opts: BookletOptions): BookletPlan {
  if (opts.perPage !== undefined && !(Number.isInteger(opts.perPage) && opts.perPage >= 1 && opts.perPage <= 64)) {
    throw new RangeError(`perPage must be an integer from 1 to 64, got ${opts.perPage}`);
  }
  const pages: PagePlan[] = [{ number: 1, kind: 'title', tier: null, heading: opts.title, slots: [] }];
  const sections: SectionSummary[] = [];
  const bodies: { tier: string; slots: SlotPlan[]; first: boolean }[] = [];
  for (const tier of tierOrder(puzzles)) {
    // Most per page first, then by size; stable, so equal boards keep their order. Each
    // per-page count is then one run of pages.
    const perPage = (p: PackPuzzle): number => opts.perPage ?? autoPerPage(p.rows, p.cols);
    const list = puzzles
      .filter((p) => p.tier === tier)
      .map((p) => ({ p, k: perPage(p) }))
      .sort((a, b) => b.k - a.k || a.p.m - b.p.m || a.p.rows - b.p.rows);
    let first = true;
    for (let i = 0; i < list.length; ) {
      const k = list[i].k;
      let j = i + 1;
      while (j < list.length && j - i < k && list[j].k === k) j++;
      bodies.push({ tier, slots: slotsFor(list.slice(i, j).map((x) => x.p), slotGrid(k)), first });
      first = false;
      i = j;
    }
    const ms = list.map((x) => x.p.m);
    sections.push({
      tier,
      count: list.length,
      minM: ms.reduce((a, b) => Math.min(a, b)),
      maxM: ms.reduce((a, b) => Math.max(a, b)),
      firstPage: 0,
      solutionsPage: 0,
    });
  }
  for (const kind of ['puzzles', 'solutions'] as const) {
    for (const b of bodies) {
      const number = pages.length + 1;
      const s = sections.find((x) => x.tier === b.tier) as SectionSummary;
      if (b.first) {
        if (kind === 'puzzles') s.firstPage = number;
        else s.solutionsPage = number;
      }
      const name = titleCase(b.tier);
      const heading = kind === 'puzzles' ? name : `Solutions: ${name}`;
      pages.push({ number, kind, tier: b.tier, heading: b.first ? heading : `${heading} (continued)`, slots: b.slots });
    }
  }
  return { title: opts.title, count: puzzles.length, pages, sections };
}

/** The caption above a board. */
export function slotLabel(p: PackPuzzle): string {
  return `#${p.id} \u00b7 M=${p.m} (${p.rows}\u00d7${p.cols}) \u00b7 ${p.tier}`;
}

/** The rules, as printed on the title page. */
export const RULES =
  'Each grid hides a complete set of dominoes, one of every pair from 0-0 to M-M. ' +
  'Divide the grid into dominoes (two neighbouring cells each) so that every pair appears exactly once.';

/** Title page lines shared by HTML and PDF: [tier, puzzles, sizes, page, solutions]. */
export function contentsRows(plan: BookletPlan): string[][] {
  return plan.sections.map((s) => [
    titleCase(s.tier),
    String(s.count),
    s.minM === s.maxM ? `M=${s.minM}` : `M=${s.minM}\u2013${s.maxM}`,
    String(s.firstPage),
    String(s.solutionsPage),
  ]);
}

const mm = (x: number): string => `${Math.round(x * 100) / 100}mm`;

const CSS = `
@page { size: A4; margin: ${PAGE_MM.margin}mm; }
html, body { margin: 0; padding: 0; }
body { font-family: sans-serif; color: #111; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.page { position: relative; width: ${CONTENT_MM.width}mm; height: ${CONTENT_MM.height}mm; overflow: hidden;
  break-after: page; page-break-after: always; }
.page:last-child { break-after: auto; page-break-after: auto; }
.head { position: absolute; left: 0; top: 0; width: 100%; height: ${BAND_MM.headRule}mm; box-sizing: border-box;
  border-bottom: 0.4mm solid #333; font-size: 15pt; font-weight: bold; line-height: 1; padding-top: ${BAND_MM.headBaseline - 5.5}mm; }
.head .book { float: right; max-width: 50%; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; font-size: 9pt; line-height: 1.3; font-weight: normal; color: #555; padding-top: 1mm; }
.foot { position: absolute; left: 0; width: 100%; top: ${BAND_MM.footBaseline - 3}mm; text-align: center; font-size: 9pt; color: #555; line-height: 1; }
.label { position: absolute; height: ${LABEL_H}mm; font-size: 9pt; line-height: 1; text-align: center; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.board { position: absolute; }
.board svg { display: block; width: 100%; height: 100%; }
.title h1 { font-size: 28pt; margin: 40mm 0 4mm; text-align: center; overflow-wrap: anywhere; }
.title .sub { text-align: center; font-size: 13pt; color: #444; margin-bottom: 16mm; }
.title table { margin: 0 auto; border-collapse: collapse; font-size: 11pt; }
.title th, .title td { padding: 1.5mm 5mm; border-bottom: 0.2mm solid #999; text-align: left; }
.title td.n { text-align: right; }
.title .rules { margin: 16mm 18mm 0; font-size: 11pt; line-height: 1.45; }
@media screen {
  body { background: #777; }
  /* A white border, not padding: the page's absolutely placed parts start inside the border. */
  .page { background: #fff; margin: 8mm auto; border: ${PAGE_MM.margin}mm solid #fff; }
}
`;

function titlePageHtml(plan: BookletPlan): string {
  const rows = contentsRows(plan)
    .map(([tier, count, sizes, page, sol]) => `<tr><td>${escapeXml(tier)}</td><td class="n">${count}</td><td>${sizes}</td><td class="n">${page}</td><td class="n">${sol}</td></tr>`)
    .join('');
  const table = plan.sections.length
    ? `<table><thead><tr><th>Tier</th><th>Puzzles</th><th>Sizes</th><th>Page</th><th>Solutions</th></tr></thead><tbody>${rows}</tbody></table>`
    : '';
  const count = plan.count === 1 ? '1 puzzle' : `${plan.count} puzzles`;
  return `<div class="title"><h1>${escapeXml(plan.title)}</h1><div class="sub">Dominosa \u00b7 ${count}</div>${table}<p class="rules">${escapeXml(RULES)}</p></div>`;
}

function pageHtml(plan: BookletPlan, page: PagePlan): string {
  const total = plan.pages.length;
  const parts: string[] = [`<section class="page">`];
  if (page.kind === 'title') {
    parts.push(titlePageHtml(plan));
  } else {
    parts.push(`<div class="head">${escapeXml(page.heading)}<span class="book">${escapeXml(plan.title)}</span></div>`);
    for (const s of page.slots) {
      const p = s.puzzle;
      const label = slotLabel(p);
      parts.push(
        `<div class="label" style="left:${mm(s.labelX)};top:${mm(s.labelY)};width:${mm(s.labelW)}">${escapeXml(label)}</div>`,
        `<div class="board" style="left:${mm(s.boardX)};top:${mm(s.boardY)};width:${mm(s.boardW)};height:${mm(s.boardH)}">`,
        puzzleSvg(p.grid, { title: label, solution: page.kind === 'solutions' ? p.solution : undefined }),
        `</div>`,
      );
    }
  }
  parts.push(`<div class="foot">${page.number} / ${total}</div></section>`);
  return parts.join('');
}

/**
 * The booklet as one self-contained HTML document (inline CSS and SVG; no scripts, fonts or
 * other requests). `pages` is the number of A4 pages it prints to.
 */
export function buildBookletHtml(puzzles: readonly PackPuzzle[], opts: BookletOptions): { html: string; pages: number } {
  const plan = planBooklet(puzzles, opts);
  const body = plan.pages.map((p) => pageHtml(plan, p)).join('\n');
  const html =
    `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeXml(opts.title)}</title><style>${CSS}</style></head>\n<body>\n${body}\n</body></html>\n`;
  return { html, pages: plan.pages.length };
}
