// Tests for src/formats/pdf.ts: the PDF loads back with pdf-lib with the planned number of A4
// pages, its content streams draw one number per cell and one tile per domino, bytes are
// deterministic, any title can be printed, and 1,000 puzzles take well under 5 s.
import { inflateSync } from 'node:zlib';
import { describe, it, expect } from 'vitest';
import { PDFArray, PDFDocument, PDFRawStream, PDFRef, type PDFPage } from 'pdf-lib';
import { planBooklet } from '../../src/formats/booklet.js';
import { buildBookletPdf } from '../../src/formats/pdf.js';
import { pairCount } from '../../src/pairs.js';
import { packOf, packPuzzle } from '../helpers/packs.js';

/** The page's content streams, decompressed and joined. */
function contentOf(page: PDFPage): string {
  const ctx = page.doc.context;
  const contents = page.node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
  let text = '';
  for (const r of refs) {
    const stream = r instanceof PDFRef ? ctx.lookup(r) : r;
    if (!(stream instanceof PDFRawStream)) continue;
    const filtered = stream.dict.toString().includes('FlateDecode');
    text += Buffer.from(filtered ? inflateSync(stream.contents) : stream.contents).toString('latin1') + '\n';
  }
  return text;
}

describe('buildBookletPdf', () => {
  it('loads back with the planned number of A4 pages', async () => {
    const puzzles = [...packOf(13, [3, 6, 9, 10, 13]), packPuzzle(18, 1), packPuzzle(5, 2, { tall: true })];
    for (const perPage of [undefined, 1, 5]) {
      const { bytes, pages } = await buildBookletPdf(puzzles, { title: 'Test', perPage });
      expect(pages).toBe(planBooklet(puzzles, { title: 'Test', perPage }).pages.length);
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
    const { bytes, pages } = await buildBookletPdf([p], { title: 'One' });
    expect(pages).toBe(3);
    const doc = await PDFDocument.load(bytes);
    const puzzlePage = contentOf(doc.getPage(1));
    const solutionPage = contentOf(doc.getPage(2));
    const numbers = (s: string): number[] => [...s.matchAll(/Tm \((\d+)\) Tj/g)].map((m) => Number(m[1]));
    expect(numbers(puzzlePage)).toEqual(p.grid.flat());
    expect(numbers(solutionPage)).toEqual(p.grid.flat());
    // A tile is a closed path of four corner curves.
    const tiles = (s: string): number => (s.match(/ c h /g) ?? []).length;
    expect(tiles(puzzlePage)).toBe(0);
    expect(tiles(solutionPage)).toBe(pairCount(7));
  });

  it('is deterministic (no clock in the output)', async () => {
    const puzzles = packOf(6, [4, 8]);
    const a = await buildBookletPdf(puzzles, { title: 'Same' });
    const b = await buildBookletPdf(puzzles, { title: 'Same' });
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
  });

  it('prints titles and ids outside Helvetica\u2019s character set as "?"', async () => {
    const puzzles = [packPuzzle(3, 1, { id: 'näive \u2713 \u4e2d', tier: 'easy' }), packPuzzle(3, 2, { id: 'long'.repeat(100), tier: 'easy' })];
    const { bytes } = await buildBookletPdf(puzzles, { title: 'Dominó \u{1F3B2} \u2713' });
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe('Dominó ? ?');
    expect(doc.getPageCount()).toBe(3);
  });

  it('makes a title page alone for no puzzles', async () => {
    const { bytes, pages } = await buildBookletPdf([], { title: 'Empty' });
    expect(pages).toBe(1);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  });

  // Its speed is measured by npm run bench (scripts/bench-formats.ts).
  it('builds 1,000 puzzles into the planned pages', async () => {
    const puzzles = packOf(1000, [5, 6, 7, 8, 9, 10, 12]);
    const { bytes, pages } = await buildBookletPdf(puzzles, { title: 'Big' });
    expect(pages).toBe(planBooklet(puzzles, { title: 'Big' }).pages.length);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(pages);
  });
});
