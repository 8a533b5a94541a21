// Tests for src/formats/pdf.ts: the PDF loads back with pdf-lib with the planned number of A4
// or Letter pages (puzzles of every kind, mixed), its text (read back through the fonts' ToUnicode maps) numbers and names
// the puzzles, one number per cell and one tile per domino, bytes are deterministic, Unicode
// text is set in the embedded font (subset) and what no font has is reported, never dropped.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { PDFDocument, type PDFPage } from 'pdf-lib';
import { bookletFonts } from '../../pipeline/export/fonts.js';
import { planBooklet } from '../../src/formats/booklet.js';
import { buildBookletPdf } from '../../src/formats/pdf.js';
import { pairCount } from '../../src/dominosa/pairs.js';
import { TIERS } from '../../src/rank/tiers.js';
import { allKinds } from '../../src/kinds.js';
import { packOf, packPuzzle, sudominoPackPuzzle } from '../helpers/packs.js';
import { contentOf, textsOf } from '../helpers/pdf-text.js';

const FONTS = bookletFonts();
const KINDS = allKinds();

describe('buildBookletPdf', () => {
  it('loads back with the planned number of A4 pages', async () => {
    const puzzles = [...packOf(13, [3, 6, 9, 10, 13]), packPuzzle(18, 1), packPuzzle(5, 2, { tall: true })];
    for (const perPage of [undefined, 1, 5]) {
      const { bytes, pages } = await buildBookletPdf(puzzles, KINDS, { title: 'Test', perPage });
      expect(pages).toBe(planBooklet(puzzles, KINDS, { title: 'Test', perPage }).pages.length);
      const doc = await PDFDocument.load(bytes);
      expect(doc.getPageCount()).toBe(pages);
      for (const page of doc.getPages()) {
        expect(Math.round(page.getWidth())).toBe(595);
        expect(Math.round(page.getHeight())).toBe(842);
      }
      expect(doc.getTitle()).toBe('Test');
    }
  });

  it('draws every number on the puzzle page and every domino as a tile on the solution page', async () => {
    const p = packPuzzle(7, 4, { tier: 'hard' });
    for (const fonts of [undefined, FONTS]) {
      for (const faces of ['digits', 'one-based'] as const) {
        const { bytes, pages } = await buildBookletPdf([p], KINDS, { title: 'One', fonts, faces });
        expect(pages).toBe(3);
        const doc = await PDFDocument.load(bytes);
        const shift = faces === 'one-based' ? 1 : 0;
        const numbers = (page: PDFPage): number[] =>
          textsOf(page)
            .filter((t) => /^\d+$/.test(t))
            .map(Number);
        // The caption's number comes first; the footer's page count is not a bare number.
        expect(numbers(doc.getPage(1)).slice(1)).toEqual(p.grid.flat().map((v) => v + shift));
        expect(numbers(doc.getPage(2)).slice(1)).toEqual(p.grid.flat().map((v) => v + shift));
      }
    }
    const { bytes } = await buildBookletPdf([p], KINDS, { title: 'One' });
    const doc = await PDFDocument.load(bytes);
    const puzzlePage = contentOf(doc.getPage(1));
    const solutionPage = contentOf(doc.getPage(2));
    // A tile is a closed path of four corner curves.
    const tiles = (s: string): number => (s.match(/ c h /g) ?? []).length;
    expect(tiles(puzzlePage)).toBe(0);
    expect(tiles(solutionPage)).toBe(pairCount(7));
  });

  it('prints 24 puzzles of M = 6..9 on at most 9 A4 pages, with or without the tally', async () => {
    const pack = TIERS.flatMap((tier, t) =>
      [6, 7, 8, 9, 6 + ((2 * t) % 4), 7 + ((2 * t) % 4)]
        .sort()
        .map((m, k) => packPuzzle(m, 10 * t + k, { tier, id: 500 + 10 * t + k })),
    );
    for (const tally of [false, true]) {
      const { bytes } = await buildBookletPdf(pack, KINDS, { title: 'Dominosa', tally, fonts: FONTS });
      const pages = (await PDFDocument.load(bytes)).getPageCount();
      expect(pages).toBeLessThanOrEqual(tally ? 9 : 7);
    }
  });

  it('is deterministic (no clock in the output)', async () => {
    const puzzles = packOf(6, [4, 8]);
    const a = await buildBookletPdf(puzzles, KINDS, { title: 'Same' });
    const b = await buildBookletPdf(puzzles, KINDS, { title: 'Same' });
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
  });

  it('numbers the puzzles, with their size, the catalog id, a time box, and the technique on request', async () => {
    const puzzles = [
      packPuzzle(6, 1, { tier: 'hard', grade: 'sets', id: 1301 }),
      packPuzzle(4, 2, { tier: 'expert', grade: 'extreme', id: 88 }),
    ];
    const { bytes } = await buildBookletPdf(puzzles, KINDS, {
      title: 'Book',
      fonts: FONTS,
      technique: true,
      perPage: 4,
    });
    const doc = await PDFDocument.load(bytes);
    const texts = textsOf(doc.getPage(1));
    expect(texts).toEqual(expect.arrayContaining(['1', 'Double-6', '#1301', 'time', 'Hard: set analysis']));
    expect(texts).toEqual(
      expect.arrayContaining(['2', 'Double-4', '#88', 'Expert: set analysis with the double, forcing chains']),
    );
    expect(texts.join(' ')).not.toMatch(/M=\d/);
    const solutions = textsOf(doc.getPage(2));
    expect(solutions).toEqual(expect.arrayContaining(['Solutions 1\u20132', '1', '  #1301', '2', '  #88']));
    const plain = textsOf(
      (await PDFDocument.load((await buildBookletPdf(puzzles, KINDS, { title: 'Book', fonts: FONTS })).bytes)).getPage(
        1,
      ),
    );
    expect(plain).not.toContain('Hard: set analysis');
    // Stars: hard fills three of four, expert four; each star a closed ten-corner path.
    expect((contentOf(doc.getPage(1)).match(/ l h /g) ?? []).length).toBe(8);
  });

  it('sets Latin, Greek, Cyrillic and symbols in the embedded font, subset, and reports what no font has', async () => {
    const title = 'Dominó Ωμέγα Жук \u2713';
    const { bytes, missing } = await buildBookletPdf([packPuzzle(3, 1, { id: 'näive \u4e2d' })], KINDS, {
      title,
      fonts: FONTS,
    });
    expect(missing).toEqual(['\u4e2d']);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe(title);
    expect(textsOf(doc.getPage(0))).toContain(title);
    // The whole of DejaVu Sans is 740 KB; the glyphs used take a few.
    expect(bytes.length).toBeLessThan(150_000);
    // Property: any text made of the font's own characters comes back as it went in.
    const alphabet = [...'aàÉßœΩαβγδЖжЯяĞğŁł0123456789 .,-\u2713\u2013\u00d7'];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 20 }), async (chars) => {
        const t = chars.join('').trim() || 'x';
        const r = await buildBookletPdf([], KINDS, { title: t, fonts: FONTS });
        expect(r.missing).toEqual([]);
        expect(textsOf((await PDFDocument.load(r.bytes)).getPage(0))).toContain(t);
      }),
      { numRuns: 10 },
    );
  });

  it('without a font file, prints what Helvetica lacks as "?" and reports it', async () => {
    const { bytes, missing } = await buildBookletPdf([packPuzzle(3, 1, { id: 'x' })], KINDS, {
      title: 'Dominó \u{1F3B2} \u2713',
    });
    expect(missing.sort()).toEqual(['\u2713', '\u{1F3B2}'].sort());
    expect(textsOf((await PDFDocument.load(bytes)).getPage(0)).join(' ')).not.toContain('\u2713');
  });

  it('lays out US Letter pages when asked', async () => {
    const puzzles = packOf(8, [4, 9]);
    const { bytes, pages } = await buildBookletPdf(puzzles, KINDS, {
      title: 'L',
      paper: 'letter',
      tally: true,
      fonts: FONTS,
    });
    expect(pages).toBe(planBooklet(puzzles, KINDS, { title: 'L', paper: 'letter', tally: true }).pages.length);
    for (const page of (await PDFDocument.load(bytes)).getPages())
      expect([Math.round(page.getWidth()), Math.round(page.getHeight())]).toEqual([612, 792]);
  });

  it('draws a tally box per pair beside each puzzle, and pips instead of numbers when asked', async () => {
    const p = packPuzzle(5, 1, { tier: 'easy' });
    const page = async (opts: { tally?: boolean; faces?: 'pips' }): Promise<string> =>
      contentOf(
        (
          await PDFDocument.load((await buildBookletPdf([p], KINDS, { title: 't', fonts: FONTS, ...opts })).bytes)
        ).getPage(1),
      );
    const boxes = (s: string): number => (s.match(/ re /g) ?? []).length;
    expect(boxes(await page({ tally: true })) - boxes(await page({}))).toBe((6 * 7) / 2);
    const pips = await page({ faces: 'pips' });
    // A pip is a closed path of four curves; no number is written in a cell.
    expect((pips.match(/ c h /g) ?? []).length).toBe(p.grid.flat().reduce((a, b) => a + b, 0));
  });

  it('prints puzzles of every kind, mixed, with the pages the plan has and every glyph in the standard fonts', async () => {
    const shapes = ['5x5:4', '8x8:6', '6x7:5', '3x14:10'];
    const puzzles = [...shapes.map((s, k) => sudominoPackPuzzle(s, k)), ...packOf(3, [2, 5, 7])].map((p, k) => ({
      ...p,
      grade: p.kind === 'sudomino' ? 'chains' : undefined,
      id: k,
    }));
    expect(new Set(puzzles.map((p) => p.kind))).toEqual(new Set(KINDS.map((k) => k.name)));
    for (const paper of ['a4', 'letter'] as const) {
      const plan = planBooklet(puzzles, KINDS, { title: 'Mixed', paper, technique: true });
      const r = await buildBookletPdf(puzzles, KINDS, { title: 'Mixed', paper, technique: true });
      expect(r.missing).toEqual([]);
      expect(r.pages).toBe(plan.pages.length);
      const doc = await PDFDocument.load(r.bytes);
      expect(doc.getPageCount()).toBe(plan.pages.length);
      // The cover explains each kind, by name.
      const cover = textsOf(doc.getPage(0)).join(' ');
      for (const k of KINDS) expect(cover).toContain(`How to play ${k.title}`);
    }
  });

  it('makes a title page alone for no puzzles', async () => {
    const { bytes, pages } = await buildBookletPdf([], KINDS, { title: 'Empty' });
    expect(pages).toBe(1);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  });

  // Its speed is measured by npm run bench (scripts/bench/formats.ts).
  it('builds 1,000 puzzles into the planned pages', async () => {
    const puzzles = packOf(1000, [5, 6, 7, 8, 9, 10, 12]);
    const { bytes, pages } = await buildBookletPdf(puzzles, KINDS, { title: 'Big', fonts: FONTS });
    expect(pages).toBe(planBooklet(puzzles, KINDS, { title: 'Big' }).pages.length);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(pages);
  });
});
