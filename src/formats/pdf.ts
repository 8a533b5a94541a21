// The booklet as a PDF, drawn from the same page plan as the HTML booklet: title page, tier
// sections, several puzzles per A4 page, solutions at the back as thick tiles. Only standard
// Helvetica is used, which PDF readers supply, so no font file is embedded.
import { deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Solution } from '../solve/solution.js';
import {
  BAND_MM,
  CONTENT_MM,
  PAGE_MM,
  RULES,
  contentsRows,
  planBooklet,
  slotLabel,
  type BookletOptions,
  type BookletPlan,
  type PagePlan,
  type SlotPlan,
} from './booklet.js';
import type { PackPuzzle } from './pack.js';
import { SVG_PAD_CELLS, numberFontSize } from './svg.js';

const PT = 72 / 25.4; // points per mm
const PAGE_W = PAGE_MM.width * PT;
const PAGE_H = PAGE_MM.height * PT;

// Colours as PDF operands (grey levels).
const INK = '0.07';
const GREY = '0.33';
const GRID = '0.7';
const DIVIDER = '0.6';
const TILE = '0.945';
// Bezier handle length for a quarter circle of radius 1.
const KAPPA = 0.5523;

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  /** Code points Helvetica can show (WinAnsi); anything else is printed as '?'. */
  charset: Set<number>;
}

/**
 * One page's content stream, written as PDF operators directly: pdf-lib's drawing calls build
 * objects per operator, which made a 1,000-puzzle booklet take ~11 s.
 */
class Content {
  readonly parts: string[] = [];
  constructor(
    readonly fonts: Fonts,
    readonly regularKey: string,
    readonly boldKey: string,
  ) {}
  push(s: string): void {
    this.parts.push(s);
  }
}

// Two decimals of a point are far below a printer dot.
function n(x: number): string {
  return String(Math.round(x * 100) / 100);
}

// Plan coordinates are mm from the content box's top-left, y downwards; PDF's are points from
// the page's bottom-left, y upwards.
const px = (x: number): number => (PAGE_MM.margin + x) * PT;
const py = (y: number): number => PAGE_H - (PAGE_MM.margin + y) * PT;

function printable(fonts: Fonts, s: string): string {
  let out = '';
  for (const ch of s) out += fonts.charset.has(ch.codePointAt(0) as number) ? ch : '?';
  return out;
}

/** The text, cut short with an ellipsis if needed to fit `width` mm at `size` points. */
function fitWidth(fonts: Fonts, s: string, size: number, width: number, font = fonts.regular): string {
  const t = printable(fonts, s);
  const max = width * PT;
  if (font.widthOfTextAtSize(t, size) <= max) return t;
  let cut = t.length;
  while (cut > 0 && font.widthOfTextAtSize(`${t.slice(0, cut)}\u2026`, size) > max) cut--;
  return `${t.slice(0, cut)}\u2026`;
}

/** Text with its baseline at plan y (mm); `align` is relative to plan x. */
function text(
  out: Content,
  s: string,
  x: number,
  y: number,
  size: number,
  opts: { bold?: boolean; align?: 'left' | 'center' | 'right'; grey?: string } = {},
): void {
  const font = opts.bold ? out.fonts.bold : out.fonts.regular;
  const t = printable(out.fonts, s);
  const w = font.widthOfTextAtSize(t, size);
  const shift = opts.align === 'center' ? w / 2 : opts.align === 'right' ? w : 0;
  const key = opts.bold ? out.boldKey : out.regularKey;
  out.push(
    `BT ${opts.grey ?? INK} g ${key} ${n(size)} Tf 1 0 0 1 ${n(px(x) - shift)} ${n(py(y))} Tm ${font.encodeText(t).toString()} Tj ET`,
  );
}

function line(out: Content, x1: number, y1: number, x2: number, y2: number, width: number, grey: string): void {
  out.push(`${grey} G ${n(width)} w ${n(px(x1))} ${n(py(y1))} m ${n(px(x2))} ${n(py(y2))} l S`);
}

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

/** The board of one slot, in the geometry of puzzleSvg scaled to the slot's cell size. */
function drawBoard(out: Content, slot: SlotPlan, solution: Solution | null): void {
  const p: PackPuzzle = slot.puzzle;
  const cell = slot.cell * PT;
  const { rows, cols } = p;
  const left = px(slot.boardX) + SVG_PAD_CELLS * cell; // the grid's top-left corner, in points
  const top = py(slot.boardY) - SVG_PAD_CELLS * cell;
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
  for (const row of p.grid) for (const v of row) if (v > maxValue) maxValue = v;
  const size = numberFontSize(cell, String(maxValue).length);
  const font = out.fonts.regular;
  // Few distinct numbers per board: measure each once. Digits are ASCII, so a literal string
  // is their WinAnsi encoding.
  const widths = new Map<number, number>();
  let s = `BT ${INK} g ${out.regularKey} ${n(size)} Tf`;
  for (let r = 0; r < rows; r++) {
    const y = n(Y(r + 0.5) - size * 0.35);
    for (let c = 0; c < cols; c++) {
      const v = p.grid[r][c];
      let w = widths.get(v);
      if (w === undefined) widths.set(v, (w = font.widthOfTextAtSize(String(v), size)));
      s += ` 1 0 0 1 ${n(X(c + 0.5) - w / 2)} ${y} Tm (${v}) Tj`;
    }
  }
  out.push(`${s} ET`);
}

function drawTitlePage(out: Content, plan: BookletPlan): void {
  const mid = CONTENT_MM.width / 2;
  text(out, fitWidth(out.fonts, plan.title, 28, CONTENT_MM.width, out.fonts.bold), mid, 50, 28, { bold: true, align: 'center' });
  const count = plan.count === 1 ? '1 puzzle' : `${plan.count} puzzles`;
  text(out, `Dominosa \u00b7 ${count}`, mid, 60, 13, { align: 'center', grey: GREY });
  // Contents: tier, count, sizes, page, solutions page (numbers right-aligned).
  const cols: [number, 'left' | 'right'][] = [
    [32, 'left'],
    [84, 'right'],
    [92, 'left'],
    [134, 'right'],
    [156, 'right'],
  ];
  const heads = ['Tier', 'Puzzles', 'Sizes', 'Page', 'Solutions'];
  let y = 84;
  if (plan.sections.length) {
    heads.forEach((h, i) => text(out, h, cols[i][0], y, 11, { bold: true, align: cols[i][1] }));
    for (const row of contentsRows(plan)) {
      line(out, 28, y + 2.5, 160, y + 2.5, 0.5, GREY);
      y += 8;
      row.forEach((cellText, i) => text(out, cellText, cols[i][0], y, 11, { align: cols[i][1] }));
    }
    line(out, 28, y + 2.5, 160, y + 2.5, 0.5, GREY);
  }
  // The rules, wrapped to the text width.
  y += 20;
  const width = (CONTENT_MM.width - 36) * PT;
  let words = '';
  for (const word of RULES.split(' ')) {
    const next = words ? `${words} ${word}` : word;
    if (out.fonts.regular.widthOfTextAtSize(next, 11) > width && words) {
      text(out, words, 18, y, 11);
      y += 5.6;
      words = word;
    } else words = next;
  }
  if (words) text(out, words, 18, y, 11);
}

function drawPage(doc: PDFDocument, fonts: Fonts, plan: BookletPlan, spec: PagePlan): void {
  const page: PDFPage = doc.addPage([PAGE_W, PAGE_H]);
  const regularKey = page.node.newFontDictionary('Helv', fonts.regular.ref).toString();
  const boldKey = page.node.newFontDictionary('HelvB', fonts.bold.ref).toString();
  const out = new Content(fonts, regularKey, boldKey);
  if (spec.kind === 'title') {
    drawTitlePage(out, plan);
  } else {
    text(out, spec.heading, 0, BAND_MM.headBaseline, 15, { bold: true });
    text(out, fitWidth(fonts, plan.title, 9, CONTENT_MM.width / 2), CONTENT_MM.width, BAND_MM.headBaseline, 9, { align: 'right', grey: GREY });
    line(out, 0, BAND_MM.headRule, CONTENT_MM.width, BAND_MM.headRule, 0.4 * PT, INK);
    for (const slot of spec.slots) {
      const label = fitWidth(fonts, slotLabel(slot.puzzle), 9, slot.labelW);
      text(out, label, slot.labelX + slot.labelW / 2, slot.labelY + 3.2, 9, { align: 'center' });
      drawBoard(out, slot, spec.kind === 'solutions' ? slot.puzzle.solution : null);
    }
  }
  text(out, `${spec.number} / ${plan.pages.length}`, CONTENT_MM.width / 2, BAND_MM.footBaseline, 9, {
    align: 'center',
    grey: GREY,
  });
  // All ASCII (text goes in as hex strings), so the default UTF-8 encoding is byte for byte.
  const bytes = deflateSync(out.parts.join('\n'));
  const stream = doc.context.stream(bytes, { Filter: 'FlateDecode' });
  page.node.addContentStream(doc.context.register(stream));
}

/**
 * The booklet as PDF bytes, page for page the layout of buildBookletHtml. Deterministic: no
 * creation date or other clock-dependent metadata is written.
 */
export async function buildBookletPdf(
  puzzles: readonly PackPuzzle[],
  opts: BookletOptions,
): Promise<{ bytes: Uint8Array; pages: number }> {
  const plan = planBooklet(puzzles, opts);
  const doc = await PDFDocument.create({ updateMetadata: false });
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const fonts: Fonts = { regular, bold, charset: new Set(regular.getCharacterSet()) };
  doc.setTitle(printable(fonts, opts.title));
  doc.setCreator('dominosa-catalog');
  doc.setProducer('dominosa-catalog (pdf-lib)');
  for (const page of plan.pages) drawPage(doc, fonts, plan, page);
  // One tick for the whole save: yielding to the event loop between objects only slows it.
  const bytes = await doc.save({ objectsPerTick: Number.POSITIVE_INFINITY });
  return { bytes, pages: plan.pages.length };
}
