// A printable booklet of puzzles, A4 or US Letter: a cover, the puzzles numbered and filling
// pages (tiers easy to expert, one cell size a page), and compact solutions at the back.
// planBooklet does the page arithmetic (positions in mm) once; booklet-html.ts and pdf.ts draw it.
import { TIERS } from '../rank/tiers.js';
import { faceDigits, type Faces } from './faces.js';
import {
  isSudomino,
  kindsOf,
  techniqueLine,
  type AnyPackPuzzle,
  type KindsPresent,
  type PackPuzzle,
  type SudominoPackPuzzle,
} from './pack.js';
import { SVG_PAD_CELLS } from './svg.js';
import { tallyUnits } from './tally.js';

// Where the web pack and older callers look for it.
export { techniqueLine } from './pack.js';

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

export interface BookletOptions {
  title: string;
  /** Puzzles per page; default: as many as keep every cell on the page ≥ minCellMm. */
  perPage?: number;
  /** Paper size (default A4). */
  paper?: Paper;
  /** Print the domino tally beside or below each puzzle. */
  tally?: boolean;
  /** How numbers are shown (default digits 0..M). */
  faces?: Faces;
  /** Print the technique each puzzle needs under its caption. */
  technique?: boolean;
}

export interface SlotPlan {
  puzzle: AnyPackPuzzle;
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
  kind: 'title' | 'puzzles' | 'solutions';
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
  /** The section's Dominosa sizes, smallest and largest; null when it holds none. */
  minM: number | null;
  maxM: number | null;
  /** The section's Sudomino board sizes ("8×8"), smallest first. */
  shapes: string[];
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
  /** The kinds the booklet holds: the cover explains each one present. */
  kinds: KindsPresent;
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

/** What the layout needs of a puzzle of either kind: its board's size and how wide its numbers are. */
export type Sized =
  Pick<PackPuzzle, 'rows' | 'cols' | 'm'> | Pick<SudominoPackPuzzle, 'kind' | 'rows' | 'cols' | 'values'>;

function isSudominoSized(p: Sized): p is Pick<SudominoPackPuzzle, 'kind' | 'rows' | 'cols' | 'values'> {
  return 'kind' in p && p.kind === 'sudomino';
}

/** What a slot holds, in board cells: the board with its margins, and the tally beside or below it (Dominosa's alone). */
function slotUnits(p: Sized, tally: Tally): { w: number; h: number; board: number } {
  const pad = 2 * SVG_PAD_CELLS;
  const board = p.cols + pad;
  if (isSudominoSized(p)) return { w: board, h: p.rows + pad, board };
  const t = TALLY.scale * tallyUnits(p.m);
  if (tally === 'beside') return { w: board + TALLY.gap + t, h: Math.max(p.rows + pad, t + pad), board };
  if (tally === 'below') return { w: Math.max(board, t + pad), h: p.rows + pad + TALLY.gap + t, board };
  return { w: board, h: p.rows + pad, board };
}

/** Cell side (mm) for a board (and its tally) in a slot of grid g. */
function fitCell(g: Grid, p: Sized, tally: Tally, labelH: number): number {
  const u = slotUnits(p, tally);
  return Math.min(g.slotW / u.w, (g.slotH - labelH) / u.h, MAX_CELL_MM);
}

/** One cell side for a whole page, and where its tallies go: the placement that gives the larger cell. */
function pageFit(g: Grid, ps: readonly Sized[], tally: boolean, labelH: number): { cell: number; tally: Tally } {
  const cellFor = (t: Tally): number => Math.min(...ps.map((p) => fitCell(g, p, t, labelH)));
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

/** The smallest cell a board's numbers read at (mm); Sudomino prints its values 1..N as digits. */
function minCellOf(p: Sized, faces?: Faces): number {
  if (isSudominoSized(p)) return minCellMm(String(p.values).length);
  return minCellMm(faces === 'pips' ? 1 : faceDigits(p.m, faces));
}

/** Puzzles per page for a page of boards like this one under automatic layout. */
export function autoPerPage(p: Sized, opts: LayoutOptions = {}): number {
  const geom = geometryOf(opts.paper);
  const labelH = opts.technique ? LABEL_MM.withTechnique : LABEL_MM.height;
  for (const k of AUTO_PER_PAGE)
    if (pageFit(slotGrid(k, geom, labelH), [p], opts.tally ?? false, labelH).cell >= minCellOf(p, opts.faces)) return k;
  return 1;
}

function titleCase(s: string): string {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/** Tiers in difficulty order; unknown tiers follow in order of first appearance. */
function tierOrder(puzzles: readonly AnyPackPuzzle[]): string[] {
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
  chunk: readonly AnyPackPuzzle[],
  firstNumber: number,
  g: Grid,
  geom: Geometry,
  fit: { cell: number; tally: Tally },
  labelH: number,
): SlotPlan[] {
  const { cell } = fit;
  return chunk.map((puzzle, i) => {
    const col = i % g.cols;
    const row = Math.floor(i / g.cols);
    const sx = col * (g.slotW + GAP);
    const sy = geom.band.bodyTop + row * (g.slotH + GAP);
    const u = slotUnits(puzzle, fit.tally);
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
      number: firstNumber + i,
      labelX: sx + (g.slotW - labelW) / 2,
      labelY: sy,
      labelW,
      boardX: left,
      boardY: top,
      boardW,
      boardH,
      cell,
      stars: starsOf(puzzle.tier),
      ...(fit.tally === 'none' || isSudomino(puzzle) ? {} : { tally: { ...tallyAt, cell: TALLY.scale * cell } }),
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
    const slot: SlotPlan = {
      puzzle: p,
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

/** Within a tier: Dominosa first, by M and rows; then Sudomino, by cells, then N. */
function bySize(a: AnyPackPuzzle, b: AnyPackPuzzle): number {
  if (isSudomino(a)) return isSudomino(b) ? a.rows * a.cols - b.rows * b.cols || a.values - b.values : 1;
  return isSudomino(b) ? -1 : a.m - b.m || a.rows - b.rows;
}

/** A Sudomino board's size for people: "8×8". */
function boardSize(p: Pick<SudominoPackPuzzle, 'rows' | 'cols'>): string {
  return `${p.rows}\u00d7${p.cols}`;
}

/**
 * Lay the booklet out. Pages: 1 title page; then the puzzles, tiers easy → expert (others
 * after), Dominosa before Sudomino and sizes small → large within a tier, numbered 1..n,
 * filling pages across tiers: each page takes as many as fit with its cells ≥ minCellMm, one
 * cell size for the whole page; then the solutions of all of them, in number order, packed
 * several rows to a page.
 * Throws RangeError unless perPage is an integer from 1 to 64 (callers validate user input).
 */
export function planBooklet(puzzles: readonly AnyPackPuzzle[], opts: BookletOptions): BookletPlan {
  if (opts.perPage !== undefined && !(Number.isInteger(opts.perPage) && opts.perPage >= 1 && opts.perPage <= 64)) {
    throw new RangeError(`perPage must be an integer from 1 to 64, got ${opts.perPage}`);
  }
  const geom = geometryOf(opts.paper);
  const tally = opts.tally ?? false;
  const faces = opts.faces ?? 'digits';
  const technique = opts.technique ?? false;
  const labelH = technique ? LABEL_MM.withTechnique : LABEL_MM.height;
  const pages: PagePlan[] = [{ number: 1, kind: 'title', tier: null, heading: opts.title, slots: [] }];
  // Stable: equal boards keep the order they came in.
  const order = tierOrder(puzzles);
  const list = puzzles.slice().sort((a, b) => order.indexOf(a.tier) - order.indexOf(b.tier) || bySize(a, b));
  const choices = opts.perPage === undefined ? AUTO_PER_PAGE : [opts.perPage];
  for (let i = 0; i < list.length;) {
    let chunk: AnyPackPuzzle[] = [];
    let g = slotGrid(1, geom, labelH);
    let fit = { cell: 0, tally: 'none' as Tally };
    for (const k of choices) {
      chunk = list.slice(i, i + k);
      g = slotGrid(k, geom, labelH);
      fit = pageFit(g, chunk, tally, labelH);
      if (fit.cell >= Math.max(...chunk.map((p) => minCellOf(p, faces))) || k === choices[choices.length - 1]) break;
    }
    const tiers = order.filter((t) => chunk.some((p) => p.tier === t));
    const continued = list.slice(0, i).some((p) => p.tier === tiers[0]);
    const heading = tiers.map(titleCase).join(' \u00b7 ') + (continued && tiers.length === 1 ? ' (continued)' : '');
    pages.push({
      number: pages.length + 1,
      kind: 'puzzles',
      tier: chunk[0].tier,
      heading,
      slots: slotsFor(chunk, i + 1, g, geom, fit, labelH),
    });
    i += chunk.length;
  }
  const placed = pages.flatMap((p) => p.slots);
  const sections: SectionSummary[] = order.map((tier) => {
    const own = placed.filter((s) => s.puzzle.tier === tier);
    const ms = own.flatMap((s) => (isSudomino(s.puzzle) ? [] : [s.puzzle.m]));
    const shapes = [...new Set(own.flatMap((s) => (isSudomino(s.puzzle) ? [boardSize(s.puzzle)] : [])))];
    const firstPage = pages.findIndex((p) => p.slots.includes(own[0])) + 1;
    const [minM, maxM] = ms.length ? [Math.min(...ms), Math.max(...ms)] : [null, null];
    return {
      tier,
      count: own.length,
      first: own[0].number,
      last: own[own.length - 1].number,
      minM,
      maxM,
      shapes,
      firstPage,
      solutionsPage: 0,
    };
  });
  for (const slots of solutionPages(placed, geom)) {
    const number = pages.length + 1;
    for (const s of sections)
      if (s.solutionsPage === 0 && slots.some((x) => x.number === s.first)) s.solutionsPage = number;
    const heading = `Solutions ${numberRange(slots[0].number, slots[slots.length - 1].number)}`;
    pages.push({ number, kind: 'solutions', tier: null, heading, slots });
  }
  return {
    title: opts.title,
    count: puzzles.length,
    geometry: geom,
    faces,
    technique,
    pages,
    sections,
    kinds: kindsOf(puzzles),
  };
}

/** A puzzle's plain title: its set and its grid ("Double-6, 7 × 8"; "Sudomino 8×8, numbers 1–6"). */
export function puzzleTitle(p: Sized): string {
  if (isSudominoSized(p)) return `Sudomino ${boardSize(p)}, numbers 1\u2013${p.values}`;
  return `Double-${p.m}, ${p.rows} \u00d7 ${p.cols}`;
}

/** The size in a caption ("Double-6", "Sudomino 8×8, 1–6"), or '' where the caption is too narrow for it beside the id. */
export function captionSize(s: Pick<SlotPlan, 'puzzle' | 'labelW'>): string {
  const p = s.puzzle;
  if (isSudomino(p))
    return s.labelW >= 90 ? puzzleTitle(p) : s.labelW >= 70 ? `Sudomino ${boardSize(p)}, 1\u2013${p.values}` : '';
  return s.labelW >= 70 ? `Double-${p.m}` : '';
}

/** The catalog id, printed small beside the number. */
export function idText(p: Pick<AnyPackPuzzle, 'id'>): string {
  return `#${p.id}`;
}

/** The caption above a board, as one line (the accessible name of its drawing). */
export function slotLabel(s: Pick<SlotPlan, 'puzzle' | 'number'>): string {
  const tech = techniqueLine(s.puzzle);
  return `${s.number}. ${puzzleTitle(s.puzzle)} (${idText(s.puzzle)})${tech ? `: ${tech}` : ''}`;
}

/** A section's sizes: "Double-3 to 6", "Sudomino 8×8", or both. */
function sizesText(s: SectionSummary): string {
  const parts: string[] = [];
  if (s.minM !== null) parts.push(s.minM === s.maxM ? `Double-${s.minM}` : `Double-${s.minM} to ${s.maxM}`);
  if (s.shapes.length)
    parts.push(
      `Sudomino ${s.shapes.length === 1 ? s.shapes[0] : `${s.shapes[0]} to ${s.shapes[s.shapes.length - 1]}`}`,
    );
  return parts.join(', ');
}

/** Title page lines shared by HTML and PDF: [tier, puzzle numbers, sizes, page, solutions]. */
export function contentsRows(plan: BookletPlan): string[][] {
  return plan.sections.map((s) => [
    titleCase(s.tier),
    numberRange(s.first, s.last),
    sizesText(s),
    String(s.firstPage),
    String(s.solutionsPage),
  ]);
}
