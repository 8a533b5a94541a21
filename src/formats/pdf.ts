// The booklet as a PDF, drawn from the same page plan as the HTML booklet: title page, tier
// sections with numbered puzzles, compact solutions at the back. Text is set in the Unicode
// font the caller hands in (subset-embedded, so only the glyphs used are stored); without one,
// in standard Helvetica (Latin-1 only). Characters no font has come back in `missing`.
// Each board and tally is drawn by its puzzle's kind, on the page's canvas (pdf-canvas.ts).
import { deflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import {
  bookletOf,
  captionSize,
  contentsRows,
  hasTally,
  idText,
  LABEL_MM,
  planBooklet,
  slotTechnique,
  STARS_MM,
  TIME_BOX_MM,
  type BookletOptions,
  type BookletPlan,
  type Geometry,
  type PagePlan,
  type SlotPlan,
} from './booklet.js';
import type { Faces } from './faces.js';
import { coverSubtitle, legendLines, starCorners } from './cover.js';
import { fitText } from './fit.js';
import { kindWords, type FormatsKind, type PackPuzzle } from './kind.js';
import { FRAME, GREY, INK, n, PT, type PdfCanvas } from './pdf-canvas.js';
import { SVG_PAD_CELLS } from './svg.js';

/** TrueType/OpenType files for the booklet's text: a regular and a bold face. */
export interface PdfFontFiles {
  regular: Uint8Array;
  bold: Uint8Array;
}

export interface PdfOptions extends BookletOptions {
  /** Embed these fonts (subset) instead of using standard Helvetica. */
  fonts?: PdfFontFiles;
  /** Awaited after each page: the shell yields to its event loop there, so Ctrl-C stops a long booklet. */
  pageDone?: (page: number, pages: number) => Promise<void>;
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  /** Code points the fonts can show; anything else is printed as '?' and noted in `missing`. */
  charset: Set<number>;
  missing: Set<string>;
  /** Encoded text and widths (at 1,000 pt) per font and string: numbers are drawn thousands of times. */
  encoded: Map<string, string>;
  widths: Map<string, number>;
}

/**
 * One page's content stream, written as PDF operators directly: pdf-lib's drawing calls build
 * objects per operator, which made large booklets slow.
 */
class Content implements PdfCanvas {
  readonly parts: string[] = [];
  constructor(
    readonly fonts: Fonts,
    readonly geom: Geometry,
    readonly regularKey: string,
    readonly boldKey: string,
  ) {}
  // Plan coordinates are mm from the content box's top-left, y downwards; PDF's are points
  // from the page's bottom-left, y upwards.
  px(x: number): number {
    return (this.geom.page.margin + x) * PT;
  }
  py(y: number): number {
    return (this.geom.page.height - this.geom.page.margin - y) * PT;
  }
  push(s: string): void {
    this.parts.push(s);
  }
  width(t: string, size: number, bold = false): number {
    return widthOf(this.fonts, bold ? this.fonts.bold : this.fonts.regular, t, size);
  }
  encode(t: string, bold = false): string {
    return encode(this.fonts, bold ? this.fonts.bold : this.fonts.regular, t);
  }
  font(bold = false): string {
    return bold ? this.boldKey : this.regularKey;
  }
}

function printable(fonts: Fonts, s: string): string {
  let out = '';
  for (const ch of s) {
    if (fonts.charset.has(ch.codePointAt(0) as number)) out += ch;
    else {
      fonts.missing.add(ch);
      out += '?';
    }
  }
  return out;
}

/** Width of text in points, measured once per font and text (a custom font lays text out each time). */
function widthOf(fonts: Fonts, font: PDFFont, t: string, size: number): number {
  const key = `${font === fonts.bold ? 'b' : 'r'}${t}`;
  let w = fonts.widths.get(key);
  if (w === undefined) fonts.widths.set(key, (w = font.widthOfTextAtSize(t, 1000)));
  return (w * size) / 1000;
}

function encode(fonts: Fonts, font: PDFFont, t: string): string {
  const key = `${font === fonts.bold ? 'b' : 'r'}${t}`;
  let e = fonts.encoded.get(key);
  if (e === undefined) fonts.encoded.set(key, (e = font.encodeText(t).toString()));
  return e;
}

/** The text, cut short with an ellipsis if needed to fit `width` mm at `size` points. */
function fitWidth(fonts: Fonts, s: string, size: number, width: number, font = fonts.regular): string {
  const measure = (t: string): number => widthOf(fonts, font, printable(fonts, t), size);
  return printable(fonts, fitText(s, width * PT, measure, measure));
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
  const w = widthOf(out.fonts, font, t, size);
  const shift = opts.align === 'center' ? w / 2 : opts.align === 'right' ? w : 0;
  const key = opts.bold ? out.boldKey : out.regularKey;
  out.push(
    `BT ${opts.grey ?? INK} g ${key} ${n(size)} Tf 1 0 0 1 ${n(out.px(x) - shift)} ${n(out.py(y))} Tm ${encode(out.fonts, font, t)} Tj ET`,
  );
}

interface Run {
  s: string;
  size: number;
  bold?: boolean;
  grey?: string;
}

/** Runs of text side by side, centred as one line on plan x, cut to `width` mm from the right. */
function centredRuns(out: Content, runs: Run[], x: number, y: number, width: number): void {
  const fontOf = (r: Run): PDFFont => (r.bold ? out.fonts.bold : out.fonts.regular);
  const ws = runs.map((r) => widthOf(out.fonts, fontOf(r), printable(out.fonts, r.s), r.size) / PT);
  let total = ws.reduce((a, b) => a + b, 0);
  while (total > width && runs.length > 1) {
    runs = runs.slice(0, -1);
    total -= ws.pop() as number;
  }
  let at = x - Math.min(total, width) / 2;
  for (const [i, r] of runs.entries()) {
    const t = i === runs.length - 1 && total > width ? fitWidth(out.fonts, r.s, r.size, width, fontOf(r)) : r.s;
    text(out, t, at, y, r.size, { bold: r.bold, grey: r.grey });
    at += ws[i];
  }
}

function line(out: Content, x1: number, y1: number, x2: number, y2: number, width: number, grey: string): void {
  out.push(`${grey} G ${n(width)} w ${n(out.px(x1))} ${n(out.py(y1))} m ${n(out.px(x2))} ${n(out.py(y2))} l S`);
}

/** The board of one slot, drawn by its kind, bare or solved. */
function drawBoard(out: Content, slot: SlotPlan, solved: boolean, faces: Faces): void {
  bookletOf(slot.kind).pdf(out, { x: slot.boardX, y: slot.boardY, cell: slot.cell }, slot.puzzle, solved, faces);
}

/** The tally beside a board (of a kind that has one), when the slot has room for it. */
function drawTally(out: Content, slot: SlotPlan, faces: Faces): void {
  const t = slot.tally;
  const tally = bookletOf(slot.kind).tally;
  if (t !== undefined && tally !== undefined) tally.pdf(out, t, slot.puzzle, faces);
}

/** Words wrapped to `width` mm at `size` points from plan y; returns the y after the last line. */
function paragraph(
  out: Content,
  words: string,
  x: number,
  y: number,
  width: number,
  size: number,
  lead: number,
): number {
  let line = '';
  for (const word of words.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && widthOf(out.fonts, out.fonts.regular, printable(out.fonts, next), size) > width * PT) {
      text(out, line, x, y, size);
      y += lead;
      line = word;
    } else line = next;
  }
  if (line) text(out, line, x, y, size);
  return y + lead;
}

/** Four difficulty stars from plan (x, y) (the first star's centre), `filled` of them solid. */
function drawStars(out: Content, x: number, y: number, filled: number): void {
  let solid = '';
  let hollow = '';
  for (let i = 0; i < 4; i++) {
    const pts = starCorners(x + i * STARS_MM.pitch, y, STARS_MM.radius);
    const path = `${pts.map(([px, py], k) => `${n(out.px(px))} ${n(out.py(py))} ${k === 0 ? 'm' : 'l'}`).join(' ')} h `;
    if (i < filled) solid += path;
    else hollow += path;
  }
  out.push(`q ${INK} g ${INK} G ${n(0.25 * PT)} w ${solid}B ${hollow ? `${hollow}S` : ''} Q`);
}

function drawTitlePage(out: Content, plan: BookletPlan, tally: boolean): void {
  const cw = out.geom.content.width;
  const mid = cw / 2;
  text(out, fitWidth(out.fonts, plan.title, 28, cw, out.fonts.bold), mid, 32, 28, { bold: true, align: 'center' });
  const sub = coverSubtitle(
    plan.title,
    plan.count,
    plan.sections.map((s) => s.tier),
    kindWords(plan.kinds),
  );
  text(out, fitWidth(out.fonts, sub, 13, cw), mid, 42, 13, { align: 'center', grey: GREY });
  // Contents: tier, puzzle numbers, sizes, page, solutions page (numbers right-aligned),
  // centred on the page whatever its width.
  const dx = (cw - 186) / 2;
  const cols: [number, 'left' | 'right'][] = [
    [24 + dx, 'left'],
    [76 + dx, 'right'],
    [84 + dx, 'left'],
    [140 + dx, 'right'],
    [166 + dx, 'right'],
  ];
  const heads = ['Tier', 'Puzzles', 'Sizes', 'Page', 'Solutions'];
  let y = 58;
  if (plan.sections.length) {
    heads.forEach((h, i) => text(out, h, cols[i][0], y, 11, { bold: true, align: cols[i][1] }));
    for (const row of contentsRows(plan)) {
      line(out, 20 + dx, y + 2.5, 168 + dx, y + 2.5, 0.5, GREY);
      y += 7.5;
      // The sizes of a section holding both kinds may run long: cut to their column.
      row.forEach((cellText, i) =>
        text(
          out,
          i === 2 ? fitWidth(out.fonts, cellText, 11, cols[3][0] - cols[2][0] - 12) : cellText,
          cols[i][0],
          y,
          11,
          { align: cols[i][1] },
        ),
      );
    }
    line(out, 20 + dx, y + 2.5, 168 + dx, y + 2.5, 0.5, GREY);
  }
  // How to play: each kind's rules and a worked example before and after, what the captions mean.
  const several = plan.kinds.length > 1;
  const pair = (
    kind: FormatsKind,
    p: PackPuzzle,
    cell: number,
    gap: number,
    captions: readonly [string, string],
  ): void => {
    const w = (p.cols + 2 * SVG_PAD_CELLS) * cell;
    const h = (p.rows + 2 * SVG_PAD_CELLS) * cell;
    const left = mid - w - gap / 2;
    const example = (x: number): SlotPlan => ({
      puzzle: p,
      kind,
      number: 0,
      labelX: x,
      labelY: y,
      labelW: w,
      boardX: x,
      boardY: y + 2,
      boardW: w,
      boardH: h,
      cell,
      stars: 0,
    });
    drawBoard(out, example(left), false, plan.faces);
    drawBoard(out, example(mid + gap / 2), true, plan.faces);
    text(out, captions[0], left + w / 2, y + h + 8, 9, { align: 'center', grey: GREY });
    text(out, captions[1], mid + gap / 2 + w / 2, y + h + 8, 9, { align: 'center', grey: GREY });
    y += h + 18;
  };
  y += 16;
  const legendLinesShown = legendLines(tally && hasTally(plan.kinds));
  for (const kind of plan.kinds) {
    const cover = bookletOf(kind).cover;
    text(out, `How to play${several ? ` ${kind.title}` : ''}`, 18, y, 13, { bold: true });
    y = paragraph(out, cover.rules(plan.faces), 18, y + 7, cw - 36, 10.5, 5.2);
    // What the legend leaves of the page: a kind's example may take it, up to a comfortable size.
    const room = out.geom.band.footBaseline - 8 - y - 18 - (legendLinesShown.length * 5 + 4);
    pair(kind, cover.example, cover.cell(room, several), cover.gap, cover.captions);
  }
  for (const l of legendLinesShown) y = paragraph(out, `\u2022 ${l}`, 18, y, cw - 36, 10, 5);
}

function drawLabel(out: Content, slot: SlotPlan, solutions: boolean, technique: boolean): void {
  const p = slot.puzzle;
  if (solutions) {
    const mid = slot.labelX + slot.labelW / 2;
    centredRuns(
      out,
      [
        { s: String(slot.number), size: 7.5, bold: true },
        { s: `  ${idText(p)}`, size: 6, grey: GREY },
      ],
      mid,
      slot.labelY + 2.9,
      slot.labelW,
    );
    return;
  }
  const base = slot.labelY + LABEL_MM.titleBaseline;
  const num = String(slot.number);
  text(out, num, slot.labelX, base, 11, { bold: true });
  let x = slot.labelX + widthOf(out.fonts, out.fonts.bold, num, 11) / PT + 1.6;
  if (slot.stars > 0) {
    drawStars(out, x + STARS_MM.radius, slot.labelY + STARS_MM.centre, slot.stars);
    x += 4 * STARS_MM.pitch + 1;
  }
  // Size and id share what the time box leaves; the id is cut first.
  const room = slot.labelX + slot.labelW - TIME_BOX_MM.width - 1 - x;
  const size = captionSize(slot);
  if (size) text(out, size, x, base, 8);
  const sizeW = size ? widthOf(out.fonts, out.fonts.regular, size, 8) / PT + 1.5 : 0;
  if (room - sizeW > 2)
    text(out, fitWidth(out.fonts, idText(p), 6.5, room - sizeW), x + sizeW, base, 6.5, { grey: GREY });
  const bx = slot.labelX + slot.labelW - TIME_BOX_MM.width;
  const by = slot.labelY + TIME_BOX_MM.top;
  out.push(
    `q ${FRAME} G ${n(0.25 * PT)} w ${n(out.px(bx))} ${n(out.py(by + TIME_BOX_MM.height))} ${n(TIME_BOX_MM.width * PT)} ${n(TIME_BOX_MM.height * PT)} re S Q`,
  );
  text(out, 'time', bx + 1, by + 3.7, 6, { grey: GREY });
  const tech = technique ? slotTechnique(slot) : '';
  if (tech)
    text(out, fitWidth(out.fonts, tech, 7.5, slot.labelW), slot.labelX, slot.labelY + LABEL_MM.techniqueBaseline, 7.5, {
      grey: GREY,
    });
}

function drawPage(doc: PDFDocument, fonts: Fonts, plan: BookletPlan, spec: PagePlan, tally: boolean): void {
  const geom = plan.geometry;
  const page: PDFPage = doc.addPage([geom.page.width * PT, geom.page.height * PT]);
  const regularKey = page.node.newFontDictionary('F1', fonts.regular.ref).toString();
  const boldKey = page.node.newFontDictionary('F2', fonts.bold.ref).toString();
  const out = new Content(fonts, geom, regularKey, boldKey);
  const { content, band } = geom;
  if (spec.kind === 'title') {
    drawTitlePage(out, plan, tally);
  } else {
    text(out, spec.heading, 0, band.headBaseline, 15, { bold: true });
    text(out, fitWidth(fonts, plan.title, 9, content.width / 2), content.width, band.headBaseline, 9, {
      align: 'right',
      grey: GREY,
    });
    line(out, 0, band.headRule, content.width, band.headRule, 0.4 * PT, INK);
    const solutions = spec.kind === 'solutions';
    for (const slot of spec.slots) {
      drawLabel(out, slot, solutions, plan.technique);
      drawBoard(out, slot, solutions, plan.faces);
      drawTally(out, slot, plan.faces);
    }
  }
  text(out, `${spec.number} / ${plan.pages.length}`, content.width / 2, band.footBaseline, 9, {
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
 * creation date or other clock-dependent metadata is written. `missing` lists the characters
 * of the text that no font had (printed as '?'), for the caller to warn about.
 */
export async function buildBookletPdf(
  puzzles: readonly PackPuzzle[],
  kinds: readonly FormatsKind[],
  opts: PdfOptions,
): Promise<{ bytes: Uint8Array; pages: number; missing: string[] }> {
  const plan = planBooklet(puzzles, kinds, opts);
  const doc = await PDFDocument.create({ updateMetadata: false });
  let regular: PDFFont;
  let bold: PDFFont;
  if (opts.fonts) {
    doc.registerFontkit(fontkit);
    regular = await doc.embedFont(opts.fonts.regular, { subset: true });
    bold = await doc.embedFont(opts.fonts.bold, { subset: true });
  } else {
    regular = await doc.embedFont(StandardFonts.Helvetica);
    bold = await doc.embedFont(StandardFonts.HelveticaBold);
  }
  const boldSet = new Set(bold.getCharacterSet());
  const charset = new Set(regular.getCharacterSet().filter((c) => boldSet.has(c)));
  const fonts: Fonts = { regular, bold, charset, missing: new Set(), encoded: new Map(), widths: new Map() };
  // The document title is metadata (UTF-16), not drawn: any text goes, but it is checked too.
  printable(fonts, opts.title);
  doc.setTitle(opts.title);
  doc.setCreator('dominosa-catalog');
  doc.setProducer('dominosa-catalog (pdf-lib)');
  for (const page of plan.pages) {
    drawPage(doc, fonts, plan, page, opts.tally ?? false);
    await opts.pageDone?.(page.number, plan.pages.length);
  }
  // One tick for the whole save: yielding to the event loop between objects only slows it.
  const bytes = await doc.save({ objectsPerTick: Number.POSITIVE_INFINITY });
  return { bytes, pages: plan.pages.length, missing: [...fonts.missing] };
}
