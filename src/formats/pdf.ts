// The booklet as a PDF, drawn from the same page plan as the HTML booklet: title page, tier
// sections with numbered puzzles, compact solutions at the back. Text is set in the Unicode
// font the caller hands in (subset-embedded, so only the glyphs used are stored), with a CJK
// font already cut to the characters used for what it lacks; without one, in standard Helvetica
// (Latin-1 only). Characters no font has, or that need shaping, come back in `missing`.
// Each board and tally is drawn by its puzzle's kind, on the page's canvas (pdf-canvas.ts).
import { deflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import {
  answersPlan,
  bookletOf,
  captionFit,
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
import { coverSubtitle, footerText, legendLines, starCorners } from './cover.js';
import { fitText } from './fit.js';
import { kindWords, type FormatsKind, type PackPuzzle } from './kind.js';
import { FRAME, GREY, INK, MIN_TEXT_PT, n, PT, type PdfCanvas } from './pdf-canvas.js';
import { numberFontSize, SVG_PAD_CELLS } from './svg.js';

/** TrueType/OpenType files of one family: a regular and a bold face. */
export interface PdfFontPair {
  regular: Uint8Array;
  bold: Uint8Array;
}

/** The booklet's text fonts, and for Chinese, Japanese or Korean text a second family. */
export interface PdfFontFiles extends PdfFontPair {
  /**
   * Already cut to the characters used, so embedded whole: pdf-lib's own subsetting (with
   * @pdf-lib/fontkit 1.1) drops CJK outlines silently (pdf-lib issue 1232).
   */
  cjk?: PdfFontPair;
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
  /** The CJK family for what the main one lacks, and the code points it shows. */
  cjk: { regular: PDFFont; bold: PDFFont; charset: Set<number> } | null;
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
    /** The page's resource names of the CJK faces, when the booklet has them. */
    readonly cjkKeys: { regular: string; bold: string } | null = null,
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
    return widthOf(this.fonts, bold, t, size);
  }
  encode(t: string, bold = false): string {
    return encode(this.fonts, bold, t);
  }
  font(bold = false): string {
    return bold ? this.boldKey : this.regularKey;
  }
}

/**
 * Scripts whose letters join or reorder (Hebrew, Arabic, Syriac, Thaana, the Indic scripts,
 * Thai, Lao, Tibetan, Myanmar, Khmer...): drawn glyph by glyph they read wrong, so they are
 * printed as '?' and warned about, even where a font has their glyphs.
 */
function needsShaping(c: number): boolean {
  return (
    (c >= 0x0590 && c <= 0x08ff) ||
    (c >= 0x0900 && c <= 0x0dff) ||
    (c >= 0x0e00 && c <= 0x0fff) ||
    (c >= 0x1000 && c <= 0x109f) ||
    (c >= 0x1780 && c <= 0x17ff) ||
    (c >= 0xfb1d && c <= 0xfdff) ||
    (c >= 0xfe70 && c <= 0xfeff)
  );
}

function printable(fonts: Fonts, s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0) as number;
    if (!needsShaping(c) && (fonts.charset.has(c) || fonts.cjk?.charset.has(c))) out += ch;
    else {
      fonts.missing.add(ch);
      out += '?';
    }
  }
  return out;
}

/** A printable text cut into runs by the family that draws them: the main one, or the CJK one. */
function runsOf(fonts: Fonts, t: string): { cjk: boolean; s: string }[] {
  const cjk = fonts.cjk;
  if (cjk === null) return [{ cjk: false, s: t }];
  const runs: { cjk: boolean; s: string }[] = [];
  for (const ch of t) {
    const c = ch.codePointAt(0) as number;
    const own = !fonts.charset.has(c) && cjk.charset.has(c);
    const last = runs[runs.length - 1];
    if (last !== undefined && last.cjk === own) last.s += ch;
    else runs.push({ cjk: own, s: ch });
  }
  return runs;
}

function faceOf(fonts: Fonts, bold: boolean, cjk: boolean): PDFFont {
  const family = cjk && fonts.cjk !== null ? fonts.cjk : fonts;
  return bold ? family.bold : family.regular;
}

/** Width of a printable text in points, measured once per face and text (a custom font lays text out each time). */
function widthOf(fonts: Fonts, bold: boolean, t: string, size: number): number {
  const key = `${bold ? 'b' : 'r'}${t}`;
  let w = fonts.widths.get(key);
  if (w === undefined) {
    w = 0;
    for (const r of runsOf(fonts, t)) w += faceOf(fonts, bold, r.cjk).widthOfTextAtSize(r.s, 1000);
    fonts.widths.set(key, w);
  }
  return (w * size) / 1000;
}

/** A text in the main family as a Tj operand (what a kind's drawing writes: numbers). */
function encode(fonts: Fonts, bold: boolean, t: string): string {
  const key = `${bold ? 'b' : 'r'}${t}`;
  let e = fonts.encoded.get(key);
  if (e === undefined) fonts.encoded.set(key, (e = (bold ? fonts.bold : fonts.regular).encodeText(t).toString()));
  return e;
}

/** Text operators showing a printable text at `size`, each run in its family's face. */
function shown(out: Content, t: string, size: number, bold: boolean): string {
  const main = bold ? out.boldKey : out.regularKey;
  const fonts = out.fonts;
  if (fonts.cjk === null) return `${main} ${n(size)} Tf ${encode(fonts, bold, t)} Tj`;
  return runsOf(fonts, t)
    .map((r) =>
      r.cjk
        ? `${bold ? out.cjkKeys?.bold : out.cjkKeys?.regular} ${n(size)} Tf ${faceOf(fonts, bold, true).encodeText(r.s).toString()} Tj`
        : `${main} ${n(size)} Tf ${encode(fonts, bold, r.s)} Tj`,
    )
    .join(' ');
}

/** The text, cut short with an ellipsis if needed to fit `width` mm at `size` points. */
function fitWidth(fonts: Fonts, s: string, size: number, width: number, bold = false): string {
  const measure = (t: string): number => widthOf(fonts, bold, printable(fonts, t), size);
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
  const bold = opts.bold ?? false;
  const t = printable(out.fonts, s);
  const w = widthOf(out.fonts, bold, t, size);
  const shift = opts.align === 'center' ? w / 2 : opts.align === 'right' ? w : 0;
  out.push(
    `BT ${opts.grey ?? INK} g 1 0 0 1 ${n(out.px(x) - shift)} ${n(out.py(y))} Tm ${shown(out, t, size, bold)} ET`,
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
  const ws = runs.map((r) => widthOf(out.fonts, r.bold ?? false, printable(out.fonts, r.s), r.size) / PT);
  let total = ws.reduce((a, b) => a + b, 0);
  while (total > width && runs.length > 1) {
    runs = runs.slice(0, -1);
    total -= ws.pop() as number;
  }
  let at = x - Math.min(total, width) / 2;
  for (const [i, r] of runs.entries()) {
    const t = i === runs.length - 1 && total > width ? fitWidth(out.fonts, r.s, r.size, width, r.bold) : r.s;
    text(out, t, at, y, r.size, { bold: r.bold, grey: r.grey });
    at += ws[i];
  }
}

/** A notes page's ruled lines (mm): the first below the heading rule, then one every `pitch`. */
const NOTES_MM = { first: 8, pitch: 9 } as const;

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

/** Lines of words, each as wide as `width` mm at `size` points (a word wider than that alone on its line). */
function wrapped(out: Content, words: string, width: number, size: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of words.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && widthOf(out.fonts, false, printable(out.fonts, next), size) > width * PT) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  return [...lines, line];
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
    if (line && widthOf(out.fonts, false, printable(out.fonts, next), size) > width * PT) {
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
  text(out, fitWidth(out.fonts, plan.title, 28, cw, true), mid, 32, 28, { bold: true, align: 'center' });
  const sub = coverSubtitle(
    plan.title,
    plan.count,
    plan.sections.map((s) => s.tier),
    kindWords(plan.kinds),
  );
  text(out, fitWidth(out.fonts, sub, 13, cw), mid, 42, 13, { align: 'center', grey: GREY });
  if (plan.credit) text(out, fitWidth(out.fonts, plan.credit, 10, cw), mid, 49, 10, { align: 'center', grey: GREY });
  // Contents: tier, puzzle numbers, sizes, page, solutions page (numbers right-aligned),
  // centred on the page whatever its width.
  const dx = (cw - 186) / 2;
  const cols: [number, 'left' | 'right'][] = [
    [22 + dx, 'left'],
    [64 + dx, 'right'],
    [72 + dx, 'left'],
    [150 + dx, 'right'],
    [174 + dx, 'right'],
  ];
  const heads = ['Tier', 'Puzzles', 'Sizes', 'Page', 'Solutions'];
  let y = 58;
  if (plan.sections.length) {
    heads.forEach((h, i) => text(out, h, cols[i][0], y, 11, { bold: true, align: cols[i][1] }));
    for (const row of contentsRows(plan)) {
      line(out, 18 + dx, y + 2.5, 178 + dx, y + 2.5, 0.5, GREY);
      y += 7.5;
      // The sizes of a section holding both kinds may run long: wrapped in their column, whole.
      const sizes = row[2].split(/(?<=,) /).flatMap((part) => wrapped(out, part, cols[3][0] - cols[2][0] - 8, 11));
      row.forEach((cellText, i) => {
        if (i !== 2) text(out, cellText, cols[i][0], y, 11, { align: cols[i][1] });
      });
      sizes.forEach((l, k) => text(out, l, cols[2][0], y + k * 4.6, 11));
      y += (sizes.length - 1) * 4.6;
    }
    line(out, 18 + dx, y + 2.5, 178 + dx, y + 2.5, 0.5, GREY);
  }
  // How to play: each kind's rules and a worked example before and after, what the captions mean.
  // Where the cover explains several kinds they stand in columns side by side, so that every
  // example keeps its numbers at the booklet's smallest type and the legend stays above the footer.
  const several = plan.kinds.length > 1;
  const legendShown = legendLines(tally && hasTally(plan.kinds), plan.solutions);
  const legendH = legendShown.reduce((h, l) => h + wrapped(out, `\u2022 ${l}`, cw - 36, 10).length * 5, 0) + 4;
  const pair = (
    kind: FormatsKind,
    p: PackPuzzle,
    centre: number,
    top: number,
    cell: number,
    gap: number,
    captions: readonly [string, string],
  ): number => {
    const w = (p.cols + 2 * SVG_PAD_CELLS) * cell;
    const h = (p.rows + 2 * SVG_PAD_CELLS) * cell;
    const left = centre - w - gap / 2;
    const example = (x: number): SlotPlan => ({
      puzzle: p,
      kind,
      number: 0,
      labelX: x,
      labelY: top,
      labelW: w,
      boardX: x,
      boardY: top + 2,
      boardW: w,
      boardH: h,
      cell,
      stars: 0,
    });
    drawBoard(out, example(left), false, plan.faces);
    drawBoard(out, example(centre + gap / 2), true, plan.faces);
    text(out, captions[0], left + w / 2, top + h + 8, 9, { align: 'center', grey: GREY });
    text(out, captions[1], centre + gap / 2 + w / 2, top + h + 8, 9, { align: 'center', grey: GREY });
    return top + h + (several ? 13 : 18);
  };
  // Less air under the contents when the cover explains several kinds.
  y += several ? 9 : 16;
  const colGap = 10;
  const [x0, x1] = several ? [4, cw - 4] : [18, cw - 18];
  const colW = (x1 - x0 - colGap * (plan.kinds.length - 1)) / plan.kinds.length;
  let bottom = y;
  plan.kinds.forEach((kind, i) => {
    const cover = bookletOf(kind).cover;
    const ex = cover.example;
    const left = x0 + i * (colW + colGap);
    text(out, `How to play${several ? ` ${kind.title}` : ''}`, left, y, 13, { bold: true });
    const after = paragraph(out, cover.rules(plan.faces), left, y + 7, colW, 10.5, 5.2);
    // What the legend leaves of the page: the example may take it, up to a comfortable size, as
    // wide as its column allows, and never so small that its numbers print under the smallest type.
    const room = out.geom.band.footBaseline - 8 - after - 18 - legendH;
    const least = (MIN_TEXT_PT.any + 0.01) / (PT * numberFontSize(1, bookletOf(kind).digits(ex, plan.faces)));
    const widest = (colW - 6) / (2 * (ex.cols + 2 * SVG_PAD_CELLS));
    const cell = Math.max(least, Math.min(cover.cell(room, several), widest));
    const gap = Math.min(cover.gap, colW - 2 * (ex.cols + 2 * SVG_PAD_CELLS) * cell);
    bottom = Math.max(bottom, pair(kind, ex, left + colW / 2, after, cell, gap, cover.captions));
  });
  y = bottom;
  for (const l of legendShown) y = paragraph(out, `\u2022 ${l}`, 18, y, cw - 36, 10, 5);
}

function drawLabel(out: Content, slot: SlotPlan, solutions: boolean, technique: boolean): void {
  const p = slot.puzzle;
  if (solutions) {
    const mid = slot.labelX + slot.labelW / 2;
    centredRuns(
      out,
      [
        { s: String(slot.number), size: MIN_TEXT_PT.solution, bold: true },
        { s: `  ${idText(p)}`, size: MIN_TEXT_PT.any, grey: GREY },
      ],
      mid,
      slot.labelY + 2.9,
      slot.labelW,
    );
    return;
  }
  const base = slot.labelY + LABEL_MM.titleBaseline;
  const num = String(slot.number);
  const mm = (t: string, size: number, bold = false): number =>
    widthOf(out.fonts, bold, printable(out.fonts, t), size) / PT;
  const id = idText(p);
  const { size: pick, labelX, labelW } = captionFit(slot, mm);
  text(out, num, labelX, base, 11, { bold: true });
  let x = labelX + mm(num, 11, true) + 1.6;
  if (slot.stars > 0) {
    drawStars(out, x + STARS_MM.radius, slot.labelY + STARS_MM.centre, slot.stars);
    x += 4 * STARS_MM.pitch + 1;
  }
  if (pick !== undefined) {
    text(out, pick.text, x, base, pick.pt);
    x += mm(pick.text, pick.pt) + 1.5;
  }
  const room = labelX + labelW - TIME_BOX_MM.width - 1 - x;
  text(out, fitWidth(out.fonts, id, MIN_TEXT_PT.any, room), x, base, MIN_TEXT_PT.any, { grey: GREY });
  const bx = labelX + labelW - TIME_BOX_MM.width;
  const by = slot.labelY + TIME_BOX_MM.top;
  out.push(
    `q ${FRAME} G ${n(0.25 * PT)} w ${n(out.px(bx))} ${n(out.py(by + TIME_BOX_MM.height))} ${n(TIME_BOX_MM.width * PT)} ${n(TIME_BOX_MM.height * PT)} re S Q`,
  );
  text(out, 'time', bx + 1, by + 3.7, MIN_TEXT_PT.any, { grey: GREY });
  const tech = technique ? slotTechnique(slot) : '';
  if (tech)
    text(out, fitWidth(out.fonts, tech, 7.5, labelW), labelX, slot.labelY + LABEL_MM.techniqueBaseline, 7.5, {
      grey: GREY,
    });
}

function drawPage(doc: PDFDocument, fonts: Fonts, plan: BookletPlan, spec: PagePlan, tally: boolean): void {
  const geom = plan.geometry;
  const page: PDFPage = doc.addPage([geom.page.width * PT, geom.page.height * PT]);
  const regularKey = page.node.newFontDictionary('F1', fonts.regular.ref).toString();
  const boldKey = page.node.newFontDictionary('F2', fonts.bold.ref).toString();
  const cjkKeys =
    fonts.cjk === null
      ? null
      : {
          regular: page.node.newFontDictionary('F3', fonts.cjk.regular.ref).toString(),
          bold: page.node.newFontDictionary('F4', fonts.cjk.bold.ref).toString(),
        };
  const out = new Content(fonts, geom, regularKey, boldKey, cjkKeys);
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
    if (spec.kind === 'notes')
      for (let y = band.bodyTop + NOTES_MM.first; y <= band.bodyBottom - 2; y += NOTES_MM.pitch)
        line(out, 0, y, content.width, y, 0.3 * PT, FRAME);
    const solutions = spec.kind === 'solutions';
    for (const slot of spec.slots) {
      drawLabel(out, slot, solutions, plan.technique);
      drawBoard(out, slot, solutions, plan.faces);
      drawTally(out, slot, plan.faces);
    }
  }
  text(
    out,
    fitWidth(fonts, footerText(spec.number, plan.pages.length, plan.credit), 9, content.width),
    content.width / 2,
    band.footBaseline,
    9,
    { align: 'center', grey: GREY },
  );
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
): Promise<{ bytes: Uint8Array; pages: number; missing: string[]; answers?: { bytes: Uint8Array; pages: number } }> {
  const plan = planBooklet(puzzles, kinds, opts);
  const main = await renderPdf(plan, opts);
  if (plan.solutions !== 'separate') return main;
  const answers = await renderPdf(answersPlan(plan), { ...opts, title: `${opts.title}: solutions` });
  const missing = [...new Set([...main.missing, ...answers.missing])];
  return { ...main, missing, answers: { bytes: answers.bytes, pages: answers.pages } };
}

/** One pdf document of a plan's pages. */
async function renderPdf(
  plan: BookletPlan,
  opts: PdfOptions,
): Promise<{ bytes: Uint8Array; pages: number; missing: string[] }> {
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
  const both = (r: PDFFont, b: PDFFont): Set<number> => {
    const inBold = new Set(b.getCharacterSet());
    return new Set(r.getCharacterSet().filter((c) => inBold.has(c)));
  };
  let cjk: Fonts['cjk'] = null;
  if (opts.fonts?.cjk) {
    // Whole: the files are cut already (see PdfFontFiles).
    const r = await doc.embedFont(opts.fonts.cjk.regular, { subset: false });
    const b = await doc.embedFont(opts.fonts.cjk.bold, { subset: false });
    cjk = { regular: r, bold: b, charset: both(r, b) };
  }
  const fonts: Fonts = {
    regular,
    bold,
    charset: both(regular, bold),
    cjk,
    missing: new Set(),
    encoded: new Map(),
    widths: new Map(),
  };
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
