// A printable booklet of puzzles, A4 or US Letter: a cover, the puzzles numbered and filling
// pages (tiers easy to expert, one cell size a page), and compact solutions at the back.
// planBooklet does the page arithmetic (positions in mm) once; booklet-html.ts and pdf.ts draw it.
// What depends on a puzzle's kind (its names, its order, its numbers' size, its tally) its kind says.
import { TIERS } from '../rank/tiers.js';
import type { Faces } from './faces.js';
import { kindOf, kindsIn, partOf, type FormatsKind, type KindBooklet, type PackPuzzle } from './kind.js';
import { techniqueLine } from './pack.js';
import { MIN_TEXT_PT, PT } from './pdf-canvas.js';
import { numberFontSize, SVG_PAD_CELLS } from './svg.js';

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
    band: {
      headBaseline: 9,
      headRule: 12,
      bodyTop: 16,
      bodyBottom: content.height - 7,
      footBaseline: content.height - 1,
    },
  };
}

/**
 * The caption band above a puzzle (mm): number, difficulty stars, size and id on one line with
 * the time box at its right; with the technique option, the technique on a second line.
 */
export const LABEL_MM = { height: 7, withTechnique: 10.5, titleBaseline: 4.6, techniqueBaseline: 9.4 } as const;
/** The time box at the right of a caption (mm). */
export const TIME_BOX_MM = { width: 20, height: 5.6, top: 0.4 } as const;
/** The difficulty stars after the number (mm): one per tier up to the puzzle's. */
export const STARS_MM = { radius: 1.45, pitch: 3.3, centre: 3.2 } as const;
const GAP = 6; // between slots, both ways
/** The smallest cell (mm) the automatic layout accepts, so printed numbers stay ≥ 10 pt
 * (one digit at 0.56 of a cell; two at 0.48 read well a little under). */
export function minCellMm(digits: number): number {
  return digits <= 1 ? 6.5 : 7;
}
const MAX_CELL_MM = 12; // small boards would otherwise fill their slot with giant digits
/** Automatic puzzles-per-page choices, most first. */
const AUTO_PER_PAGE = [8, 6, 4, 2, 1];
/** The tally beside or below a puzzle: its cell against the board's, and the gap between (board cells). */
export const TALLY = { scale: 0.5, gap: 0.6 } as const;

/** Solutions: small boards packed in rows, in puzzle order (mm). */
export const SOLUTION_MM = { cell: 4.2, label: 4.5, gapX: 5, gapY: 3, minWidth: 14 } as const;

/** The smallest solution cell (mm) whose numbers of `digits` digits print at MIN_TEXT_PT.solution. */
export function minSolutionCellMm(digits: number): number {
  // A hair over, so rounding the size to two decimals never takes it under.
  return (MIN_TEXT_PT.solution + 0.01) / (PT * numberFontSize(1, digits));
}

export interface BookletOptions {
  title: string;
  /** Puzzles per page; default: as many as keep every cell on the page ≥ minCellMm. */
  perPage?: number;
  /** Paper size (default A4). */
  paper?: Paper;
  /** Print the tally beside or below each puzzle (of a kind that has one). */
  tally?: boolean;
  /** How numbers are shown (default digits). */
  faces?: Faces;
  /** Print the technique each puzzle needs under its caption. */
  technique?: boolean;
  /** Where the solutions go: at the back (default), in a separate answer booklet, or nowhere. */
  solutions?: SolutionsPlace;
  /** Add notes pages so the page count is a multiple of this (4 for saddle-stitching). */
  padTo?: number;
  /** A line on the cover and in every footer: author, copyright. */
  credit?: string;
}

export const SOLUTIONS_PLACES = ['back', 'separate', 'none'] as const;
export type SolutionsPlace = (typeof SOLUTIONS_PLACES)[number];

export interface SlotPlan {
  puzzle: PackPuzzle;
  /** The puzzle's kind. */
  kind: FormatsKind;
  /** The puzzle's number in the booklet, 1..n in page order. */
  number: number;
  /** The caption box (mm from the content box's top-left). */
  labelX: number;
  labelY: number;
  labelW: number;
  /** The slot's width and left edge (mm), which a caption may widen into rather than cut its text. */
  slotX?: number;
  slotW?: number;
  /** The board drawing, margins included (see SVG_PAD_CELLS). */
  boardX: number;
  boardY: number;
  boardW: number;
  boardH: number;
  /** Side of a cell (mm): the same for every puzzle of a page. */
  cell: number;
  /** Difficulty stars, 1 (easy) to 4 (expert); 0 for a tier the booklet does not know. */
  stars: number;
  /** The tally beside or below the board: its top-left corner and its cell side (mm). */
  tally?: { x: number; y: number; cell: number };
}

export interface PagePlan {
  /** 1-based page number. */
  number: number;
  kind: 'title' | 'puzzles' | 'solutions' | 'notes';
  /** The tier of a puzzle page's first puzzle (solution pages run on across tiers: null). */
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
  /** The sizes it holds, each kind's in words ("Double-3 to 6, Sudomino 8×8"). */
  sizes: string;
  firstPage: number;
  solutionsPage: number;
}

export interface BookletPlan {
  title: string;
  count: number;
  geometry: Geometry;
  faces: Faces;
  /** Whether captions carry the technique line. */
  technique: boolean;
  pages: PagePlan[];
  sections: SectionSummary[];
  /** The kinds the booklet holds, in the registry's order: the cover explains each one. */
  kinds: FormatsKind[];
  /** Where the solutions are. */
  solutions: SolutionsPlace;
  /** With the solutions separate: the answer booklet's pages, numbered from 1. */
  answers: PagePlan[];
  /** The credit line, '' for none. */
  credit: string;
}

/** The heading of a notes page. */
export const NOTES_HEADING = 'Notes';

/** Notes pages after `pages` until their count is a multiple of `padTo`. */
function padded(pages: PagePlan[], padTo: number | undefined): PagePlan[] {
  const out = pages.slice();
  while (padTo !== undefined && padTo > 1 && out.length % padTo !== 0)
    out.push({ number: out.length + 1, kind: 'notes', tier: null, heading: NOTES_HEADING, slots: [] });
  return out;
}

/** The plan of the answer booklet alone: its pages as the plan's pages (for drawing it as a booklet of its own). */
export function answersPlan(plan: BookletPlan): BookletPlan {
  return { ...plan, pages: plan.answers, answers: [] };
}

interface Grid {
  perPage: number;
  cols: number;
  rows: number;
  slotW: number;
  slotH: number;
}

const grids = new Map<string, Grid>();

/** Slot arrangement for k per page under captions `labelH` high: the columns that give the largest square slot. */
export function slotGrid(k: number, geom: Geometry = geometryOf(), labelH: number = LABEL_MM.height): Grid {
  const key = `${geom.paper}/${k}/${labelH}`;
  let g = grids.get(key);
  if (g === undefined) {
    const bodyH = geom.band.bodyBottom - geom.band.bodyTop;
    let best: Grid | undefined;
    let bestSide = -1;
    for (let cols = 1; cols <= k; cols++) {
      const rows = Math.ceil(k / cols);
      const slotW = (geom.content.width - (cols - 1) * GAP) / cols;
      const slotH = (bodyH - (rows - 1) * GAP) / rows;
      const side = Math.min(slotW, slotH - labelH);
      if (side > bestSide) {
        bestSide = side;
        best = { perPage: k, cols, rows, slotW, slotH };
      }
    }
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- needed: it narrows g for the lines below
    g = best as Grid;
    grids.set(key, g);
  }
  return g;
}

type Tally = 'none' | 'beside' | 'below';

/** The booklet part of a kind; the verb refused the kinds without one first. */
export function bookletOf(kind: FormatsKind): KindBooklet {
  return partOf(kind, kind.formats.booklet, 'booklet');
}

/** Whether any of the kinds prints a tally (the cover then says what it is for). */
export function hasTally(kinds: readonly FormatsKind[]): boolean {
  return kinds.some((k) => bookletOf(k).tally !== undefined);
}

/** A puzzle and its kind's booklet part, as the layout takes them. */
interface Sized {
  p: PackPuzzle;
  b: KindBooklet;
}

/** What a slot holds, in board cells: the board with its margins, and the tally beside or below it (of a kind that has one). */
function slotUnits({ p, b }: Sized, tally: Tally): { w: number; h: number; board: number } {
  const pad = 2 * SVG_PAD_CELLS;
  const board = p.cols + pad;
  if (b.tally === undefined) return { w: board, h: p.rows + pad, board };
  const t = TALLY.scale * b.tally.units(p);
  if (tally === 'beside') return { w: board + TALLY.gap + t, h: Math.max(p.rows + pad, t + pad), board };
  if (tally === 'below') return { w: Math.max(board, t + pad), h: p.rows + pad + TALLY.gap + t, board };
  return { w: board, h: p.rows + pad, board };
}

/** Cell side (mm) for a board (and its tally) in a slot of grid g. */
function fitCell(g: Grid, s: Sized, tally: Tally, labelH: number): number {
  const u = slotUnits(s, tally);
  return Math.min(g.slotW / u.w, (g.slotH - labelH) / u.h, MAX_CELL_MM);
}

/** One cell side for a whole page, and where its tallies go: the placement that gives the larger cell. */
function pageFit(g: Grid, ps: readonly Sized[], tally: boolean, labelH: number): { cell: number; tally: Tally } {
  const cellFor = (t: Tally): number => Math.min(...ps.map((s) => fitCell(g, s, t, labelH)));
  if (!tally) return { cell: cellFor('none'), tally: 'none' };
  const beside = cellFor('beside');
  const below = cellFor('below');
  return below > beside ? { cell: below, tally: 'below' } : { cell: beside, tally: 'beside' };
}

export interface LayoutOptions {
  paper?: Paper;
  tally?: boolean;
  faces?: Faces;
  technique?: boolean;
}

/** The smallest cell a board's numbers read at (mm). */
function minCellOf({ p, b }: Sized, faces: Faces): number {
  return minCellMm(b.digits(p, faces));
}

/** Puzzles per page for a page of boards like this one (of one of `kinds`) under automatic layout. */
export function autoPerPage(p: PackPuzzle, kinds: readonly FormatsKind[], opts: LayoutOptions = {}): number {
  const geom = geometryOf(opts.paper);
  const labelH = opts.technique ? LABEL_MM.withTechnique : LABEL_MM.height;
  const s = { p, b: bookletOf(kindOf(kinds, p)) };
  for (const k of AUTO_PER_PAGE)
    if (
      pageFit(slotGrid(k, geom, labelH), [s], opts.tally ?? false, labelH).cell >= minCellOf(s, opts.faces ?? 'digits')
    )
      return k;
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

/** A tier's stars: 1 for easy to 4 for expert, 0 for a tier not known. */
export function starsOf(tier: string): number {
  return (TIERS as readonly string[]).indexOf(tier) + 1;
}

function slotsFor(
  chunk: readonly Sized[],
  kinds: readonly FormatsKind[],
  firstNumber: number,
  g: Grid,
  geom: Geometry,
  fit: { cell: number; tally: Tally },
  labelH: number,
): SlotPlan[] {
  const { cell } = fit;
  return chunk.map((s, i) => {
    const puzzle = s.p;
    const col = i % g.cols;
    const row = Math.floor(i / g.cols);
    const sx = col * (g.slotW + GAP);
    const sy = geom.band.bodyTop + row * (g.slotH + GAP);
    const u = slotUnits(s, fit.tally);
    const boardW = u.board * cell;
    const boardH = (puzzle.rows + 2 * SVG_PAD_CELLS) * cell;
    const left = sx + (g.slotW - u.w * cell) / 2;
    const top = sy + labelH;
    // The caption spans the board and tally, and at least room for its parts, within the slot.
    const labelW = Math.min(g.slotW, Math.max(u.w * cell, 74));
    const tallyAt =
      fit.tally === 'beside'
        ? { x: left + boardW + TALLY.gap * cell, y: top + SVG_PAD_CELLS * cell }
        : { x: left + SVG_PAD_CELLS * cell, y: top + boardH + TALLY.gap * cell };
    return {
      puzzle,
      kind: kindOf(kinds, puzzle),
      number: firstNumber + i,
      labelX: sx + (g.slotW - labelW) / 2,
      labelY: sy,
      labelW,
      slotX: sx,
      slotW: g.slotW,
      boardX: left,
      boardY: top,
      boardW,
      boardH,
      cell,
      stars: starsOf(puzzle.tier),
      ...(fit.tally === 'none' || s.b.tally === undefined ? {} : { tally: { ...tallyAt, cell: TALLY.scale * cell } }),
    };
  });
}
/**
 * Solution pages: every puzzle's solution, in number order, packed left to right in rows of
 * small boards (cells of SOLUTION_MM.cell, less for boards wider than the page), rows centred.
 */
function solutionPages(slots: readonly SlotPlan[], geom: Geometry, faces: Faces): SlotPlan[][] {
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
    // Large enough for its numbers to read (MIN_TEXT_PT), unless the page is too narrow for that.
    const least = Math.max(SOLUTION_MM.cell, minSolutionCellMm(bookletOf(src.kind).digits(p, faces)));
    const cell = Math.min(least, cw / (p.cols + pad), (bodyH - SOLUTION_MM.label) / (p.rows + pad));
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
    const slot: SlotPlan = {
      puzzle: p,
      kind: src.kind,
      number: src.number,
      labelX: x,
      labelY: y,
      labelW: w,
      boardX: x + (w - boardW) / 2,
      boardY: y + SOLUTION_MM.label,
      boardW,
      boardH,
      cell,
      stars: src.stars,
    };
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

/** Within a tier: the kinds in the registry's order, each kind's puzzles in its own order. */
function bySize(kinds: readonly FormatsKind[], a: PackPuzzle, b: PackPuzzle): number {
  const [ka, kb] = [kindOf(kinds, a), kindOf(kinds, b)];
  return ka === kb ? bookletOf(ka).compare(a, b) : kinds.indexOf(ka) - kinds.indexOf(kb);
}

/**
 * Lay the booklet out. Pages: 1 title page; then the puzzles, tiers easy → expert (others
 * after), the kinds in the order of `kinds` (the registry's) and sizes small → large within a
 * tier, numbered 1..n,
 * filling pages across tiers: each page takes as many as fit with its cells ≥ minCellMm, one
 * cell size for the whole page; then the solutions of all of them, in number order, packed
 * several rows to a page.
 * Throws RangeError unless perPage is an integer from 1 to 64 (callers validate user input).
 */
export function planBooklet(
  puzzles: readonly PackPuzzle[],
  kinds: readonly FormatsKind[],
  opts: BookletOptions,
): BookletPlan {
  if (opts.perPage !== undefined && !(Number.isInteger(opts.perPage) && opts.perPage >= 1 && opts.perPage <= 64)) {
    throw new RangeError(`perPage must be an integer from 1 to 64, got ${opts.perPage}`);
  }
  if (opts.padTo !== undefined && !(Number.isInteger(opts.padTo) && opts.padTo >= 1 && opts.padTo <= 64)) {
    throw new RangeError(`padTo must be an integer from 1 to 64, got ${opts.padTo}`);
  }
  const place = opts.solutions ?? 'back';
  const geom = geometryOf(opts.paper);
  const tally = opts.tally ?? false;
  const faces = opts.faces ?? 'digits';
  const technique = opts.technique ?? false;
  const labelH = technique ? LABEL_MM.withTechnique : LABEL_MM.height;
  const pages: PagePlan[] = [{ number: 1, kind: 'title', tier: null, heading: opts.title, slots: [] }];
  // Stable: equal boards keep the order they came in.
  const order = tierOrder(puzzles);
  const list = puzzles
    .slice()
    .sort((a, b) => order.indexOf(a.tier) - order.indexOf(b.tier) || bySize(kinds, a, b))
    .map((p): Sized => ({ p, b: bookletOf(kindOf(kinds, p)) }));
  const choices = opts.perPage === undefined ? AUTO_PER_PAGE : [opts.perPage];
  for (let i = 0; i < list.length;) {
    let chunk: Sized[] = [];
    let g = slotGrid(1, geom, labelH);
    let fit = { cell: 0, tally: 'none' as Tally };
    for (const k of choices) {
      chunk = list.slice(i, i + k);
      g = slotGrid(k, geom, labelH);
      fit = pageFit(g, chunk, tally, labelH);
      if (fit.cell >= Math.max(...chunk.map((s) => minCellOf(s, faces))) || k === choices[choices.length - 1]) break;
    }
    const tiers = order.filter((t) => chunk.some((s) => s.p.tier === t));
    const continued = list.slice(0, i).some((s) => s.p.tier === tiers[0]);
    const heading = tiers.map(titleCase).join(' \u00b7 ') + (continued && tiers.length === 1 ? ' (continued)' : '');
    pages.push({
      number: pages.length + 1,
      kind: 'puzzles',
      tier: chunk[0].p.tier,
      heading,
      slots: slotsFor(chunk, kinds, i + 1, g, geom, fit, labelH),
    });
    i += chunk.length;
  }
  const placed = pages.flatMap((p) => p.slots);
  const sections: SectionSummary[] = order.map((tier) => {
    const own = placed.filter((s) => s.puzzle.tier === tier);
    const sizes = kinds.flatMap((k) => {
      const ps = own.filter((s) => s.kind === k).map((s) => s.puzzle);
      return ps.length ? [bookletOf(k).sizes(ps)] : [];
    });
    const firstPage = pages.findIndex((p) => p.slots.includes(own[0])) + 1;
    return {
      tier,
      count: own.length,
      first: own[0].number,
      last: own[own.length - 1].number,
      sizes: sizes.join(', '),
      firstPage,
      solutionsPage: 0,
    };
  });
  // At the back they follow the puzzles; separate, they start an answer booklet at page 1.
  const answers: PagePlan[] = [];
  const into = place === 'back' ? pages : answers;
  if (place !== 'none')
    for (const slots of solutionPages(placed, geom, faces)) {
      const number = into.length + 1;
      for (const s of sections)
        if (s.solutionsPage === 0 && slots.some((x) => x.number === s.first)) s.solutionsPage = number;
      const heading = `Solutions ${numberRange(slots[0].number, slots[slots.length - 1].number)}`;
      into.push({ number, kind: 'solutions', tier: null, heading, slots });
    }
  return {
    solutions: place,
    answers: padded(answers, opts.padTo),
    credit: opts.credit ?? '',
    title: opts.title,
    count: puzzles.length,
    geometry: geom,
    faces,
    technique,
    pages: padded(pages, opts.padTo),
    sections,
    kinds: kindsIn(kinds, puzzles),
  };
}

/** A puzzle's plain title: its set and its grid ("Double-6, 7 × 8"; "Sudomino 8×8, numbers 1–6"). */
export function puzzleTitle(s: Pick<SlotPlan, 'puzzle' | 'kind'>): string {
  return bookletOf(s.kind).title(s.puzzle);
}

/** The size in a caption ("Double-6", "Sudomino 8×8, 1–6"), or '' where the caption is too narrow for it beside the id. */
export function captionSize(s: Pick<SlotPlan, 'puzzle' | 'kind' | 'labelW'>): string {
  return bookletOf(s.kind).caption(s.puzzle, s.labelW);
}

/** A caption's line as it prints whole: the size's form and type size (none: the id alone), and the label's span. */
export interface CaptionFit {
  size?: { text: string; pt: number };
  labelX: number;
  labelW: number;
}

/**
 * The caption's size in the longest form that fits whole beside the whole id, in 8 pt, then in
 * the type scale's 7 pt, widening the label into its slot if need be; at worst the id alone.
 * `mm` measures a text at a type size (bold or not) in mm: the pdf's font metrics, or the html's
 * wider estimate of a browser's sans-serif.
 */
export function captionFit(slot: SlotPlan, mm: (t: string, pt: number, bold?: boolean) => number): CaptionFit {
  const lead = mm(String(slot.number), 11, true) + 1.6 + (slot.stars > 0 ? 4 * STARS_MM.pitch + 1 : 0);
  const idW = mm(idText(slot.puzzle), MIN_TEXT_PT.any);
  const slotX = slot.slotX ?? slot.labelX;
  const slotW = slot.slotW ?? slot.labelW;
  const forms = [
    ...new Set([captionSize({ ...slot, labelW: Infinity }), captionSize(slot), captionSize({ ...slot, labelW: 70 })]),
  ];
  const choices = [8, MIN_TEXT_PT.any].flatMap((pt) => forms.filter((f) => f !== '').map((text) => ({ text, pt })));
  const need = (c: { text: string; pt: number } | undefined): number =>
    // A quarter millimetre spare, so the id's own fit never cuts it by a rounding.
    lead + (c === undefined ? 0 : mm(c.text, c.pt) + 1.5) + idW + 1.25 + TIME_BOX_MM.width;
  const size = choices.find((c) => need(c) <= slotW);
  let labelX = slot.labelX;
  let labelW = slot.labelW;
  const wanted = need(size);
  if (wanted > labelW) {
    labelW = Math.min(slotW, wanted);
    labelX = Math.min(Math.max(slot.labelX + (slot.labelW - labelW) / 2, slotX), slotX + slotW - labelW);
  }
  return { ...(size === undefined ? {} : { size }), labelX, labelW };
}

/** The catalog id, printed small beside the number. */
export function idText(p: Pick<PackPuzzle, 'id'>): string {
  return `#${p.id}`;
}

/** The technique a slot's puzzle needs, in words; '' when not graded. */
export function slotTechnique(s: Pick<SlotPlan, 'puzzle' | 'kind'>): string {
  return techniqueLine(s.puzzle, [s.kind]);
}

/** The caption above a board, as one line (the accessible name of its drawing). */
export function slotLabel(s: Pick<SlotPlan, 'puzzle' | 'kind' | 'number'>): string {
  const tech = slotTechnique(s);
  return `${s.number}. ${puzzleTitle(s)} (${idText(s.puzzle)})${tech ? `: ${tech}` : ''}`;
}

/** Title page lines shared by HTML and PDF: [tier, puzzle numbers, sizes, page, solutions]. */
export function contentsRows(plan: BookletPlan): string[][] {
  return plan.sections.map((s) => [
    titleCase(s.tier),
    numberRange(s.first, s.last),
    s.sizes,
    String(s.firstPage),
    plan.solutions === 'none'
      ? '\u2013'
      : plan.solutions === 'separate'
        ? `${s.solutionsPage} (answers)`
        : String(s.solutionsPage),
  ]);
}
