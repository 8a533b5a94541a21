// Tests for src/formats/booklet.ts and booklet-html.ts: the page arithmetic (pages filled, one
// cell size a page, 24 puzzles on at most 9 A4 pages), slots that stay on their page and apart,
// a self-contained document; and a real print to PDF in Chromium whose page count must equal the
// one the layout promises, with no errors and no requests (required under CI=true).
import { existsSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { PDFDocument } from 'pdf-lib';
import { chromium } from 'playwright-core';
import { buildBookletHtml } from '../../src/formats/booklet-html.js';
import {
  autoPerPage,
  geometryOf,
  minCellMm,
  PAPER_NAMES,
  planBooklet,
  type BookletPlan,
} from '../../src/formats/booklet.js';
import { faceDigits } from '../../src/formats/faces.js';
import type { PackPuzzle } from '../../src/formats/pack.js';
import { TIERS } from '../../src/rank/tiers.js';
import { packOf, packPuzzle } from '../helpers/packs.js';

const CHROMIUM = '/usr/bin/chromium';
// Under CI a missing browser fails the print test (it launches and reports why); elsewhere the
// test is skipped, and says so in one line rather than silently.
const PRINT = existsSync(CHROMIUM) || process.env.CI === 'true';
if (!PRINT)
  console.warn(
    `booklet.test: the Chromium print test is skipped: no browser at ${CHROMIUM} (apt-get install chromium; required when CI=true)`,
  );

/** Every drawn box of a page: captions, boards and tallies (mm). */
function boxesOf(page: BookletPlan['pages'][number]): { x1: number; y1: number; x2: number; y2: number }[] {
  return page.slots.flatMap((s) => {
    const side = s.tally ? ((s.puzzle as PackPuzzle).m + 2) * s.tally.cell : 0;
    const main = {
      x1: Math.min(s.labelX, s.boardX),
      y1: s.labelY,
      x2: Math.max(s.labelX + s.labelW, s.boardX + s.boardW, s.tally ? s.tally.x + side : 0),
      y2: Math.max(s.boardY + s.boardH, s.tally ? s.tally.y + side : 0),
    };
    return [main];
  });
}

// Layout looks at size and tier only, so a pool of boards (dealt once) re-tiered will do.
// Sizes 1..16 both ways round and two large ones (dealing big boards is the slow part).
const POOL = [
  ...Array.from({ length: 32 }, (_, i) => packPuzzle(1 + (i % 16), i, { tall: i >= 16 })),
  packPuzzle(20, 1),
  packPuzzle(30, 2),
];
const arbPuzzles: fc.Arbitrary<PackPuzzle[]> = fc.array(
  fc
    .record({ i: fc.nat(POOL.length - 1), id: fc.nat(), tier: fc.constantFrom(...TIERS, 'bonus') })
    .map(({ i, id, tier }) => ({ ...POOL[i], id, tier })),
  { maxLength: 30 },
);

describe('planBooklet', () => {
  it('chooses 8, 6, 4, 2 or 1 per page by board size, fewer for larger boards', () => {
    const kOf = (m: number, tally = false): number => autoPerPage({ m, rows: m + 1, cols: m + 2 }, { tally });
    expect([3, 5, 6, 9].map((m) => kOf(m))).toEqual([8, 8, 8, 6]);
    expect(kOf(9, true)).toBe(4);
    expect([15, 30, 60].map((m) => kOf(m))).toEqual([1, 1, 1]);
    for (let m = 1; m < 60; m++) expect(kOf(m + 1)).toBeLessThanOrEqual(kOf(m));
  });

  it('fills pages in number order, one cell size a page, and packs solutions several to a page', () => {
    fc.assert(
      fc.property(
        arbPuzzles,
        fc.option(fc.integer({ min: 1, max: 9 }), { nil: undefined }),
        fc.constantFrom(...PAPER_NAMES),
        fc.boolean(),
        (puzzles, perPage, paper, tally) => {
          const plan = planBooklet(puzzles, { title: 't', perPage, paper, tally });
          const puzzlePages = plan.pages.filter((p) => p.kind === 'puzzles');
          // A given count fills every page but the last.
          if (perPage !== undefined) expect(puzzlePages.length).toBe(Math.ceil(puzzles.length / perPage));
          for (const page of puzzlePages) expect(new Set(page.slots.map((s) => s.cell)).size).toBe(1);
          expect(plan.pages.map((p) => p.number)).toEqual(plan.pages.map((_, i) => i + 1));
          const numbers = puzzlePages.flatMap((p) => p.slots.map((s) => s.number));
          expect(numbers).toEqual(puzzles.map((_, i) => i + 1));
          // Solutions: the same numbers in the same order, never more pages than the puzzles' when laid out automatically.
          const solutions = plan.pages.filter((p) => p.kind === 'solutions');
          expect(solutions.flatMap((p) => p.slots.map((s) => s.number))).toEqual(numbers);
          if (perPage === undefined) expect(solutions.length).toBeLessThanOrEqual(puzzlePages.length);
          for (const s of solutions)
            expect(s.heading).toBe(
              `Solutions ${s.slots[0].number}${s.slots.length > 1 ? `\u2013${s.slots[s.slots.length - 1].number}` : ''}`,
            );
        },
      ),
      { numRuns: 100 },
    );
  });

  /** A pack as export makes it: 6 of each tier over M = 6..9, two sizes twice, rotating. */
  const PACK24 = TIERS.flatMap((tier, t) =>
    [6, 7, 8, 9, 6 + ((2 * t) % 4), 7 + ((2 * t) % 4)]
      .sort()
      .map((m, k) => packPuzzle(m, 10 * t + k, { tier, id: 100 + 10 * t + k })),
  );

  it('puts 24 puzzles of M = 6..9 on at most 9 A4 pages with or without the tally or the technique (was 8 and 17)', () => {
    for (const technique of [false, true]) {
      const plain = planBooklet(PACK24, { title: 't', technique });
      const tally = planBooklet(PACK24, { title: 't', technique, tally: true });
      expect(plain.pages.length).toBeLessThanOrEqual(7);
      expect(tally.pages.length).toBeLessThanOrEqual(9);
      for (const plan of [plain, tally])
        expect(plan.pages.filter((p) => p.kind === 'solutions').flatMap((p) => p.slots)).toHaveLength(24);
    }
  });

  it('puts 24 puzzles of M = 3..9 on a title page, 4 puzzle pages and 2 solution pages', () => {
    const plan = planBooklet(packOf(24, [3, 4, 5, 6, 7, 8, 9]), { title: 't' });
    expect(plan.pages.filter((p) => p.kind === 'solutions').length).toBeLessThanOrEqual(2);
    expect(plan.pages.length).toBeLessThanOrEqual(1 + 4 + 2);
  });

  it('reports the plan page count from buildBookletHtml, one <section> per page', () => {
    fc.assert(
      fc.property(arbPuzzles, (puzzles) => {
        const { html, pages } = buildBookletHtml(puzzles, { title: 't' });
        expect(pages).toBe(planBooklet(puzzles, { title: 't' }).pages.length);
        expect(html.split('<section class="page">').length - 1).toBe(pages);
      }),
      { numRuns: 10 },
    );
  });

  it('places every puzzle once among the puzzles and once among the solutions, tiers in order', () => {
    fc.assert(
      fc.property(arbPuzzles, (puzzles) => {
        const plan = planBooklet(puzzles, { title: 't' });
        for (const kind of ['puzzles', 'solutions'] as const) {
          const pages = plan.pages.filter((p) => p.kind === kind);
          const placed = pages.flatMap((p) => p.slots.map((s) => s.puzzle));
          expect(new Set(placed)).toEqual(new Set(puzzles));
          expect(placed.length).toBe(puzzles.length);
          const rank = (t: string | null): number =>
            (TIERS as readonly string[]).includes(t ?? '') ? TIERS.indexOf(t as never) : 9;
          const ranks = placed.map((p) => rank(p.tier));
          expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
          if (kind === 'puzzles') for (const p of pages) expect(p.slots[0].puzzle.tier).toBe(p.tier);
        }
        // Puzzles come before all solutions; the title page is first.
        const kinds = plan.pages.map((p) => p.kind).join(' ');
        expect(kinds).toMatch(/^title( puzzles)*( solutions)*$/);
        // The contents point at the first page of each section.
        for (const s of plan.sections) {
          expect(plan.pages[s.firstPage - 1]).toMatchObject({
            kind: 'puzzles',
            heading: expect.stringContaining(s.tier[0].toUpperCase() + s.tier.slice(1)),
          });
          expect(plan.pages[s.firstPage - 1].slots.map((x) => x.number)).toContain(s.first);
          expect(plan.pages[s.solutionsPage - 1].slots.map((x) => x.number)).toContain(s.first);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('keeps slots (captions, boards, tallies) inside the body and apart, with cells at least the minimum under auto layout', () => {
    fc.assert(
      fc.property(
        arbPuzzles,
        fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
        fc.constantFrom(...PAPER_NAMES),
        fc.boolean(),
        (puzzles, perPage, paper, tally) => {
          const plan = planBooklet(puzzles, { title: 't', perPage, paper, tally });
          const { content: CONTENT_MM, band: BAND_MM } = geometryOf(paper);
          const eps = 1e-6;
          for (const page of plan.pages) {
            const boxes = boxesOf(page);
            for (const [i, b] of boxes.entries()) {
              expect(b.x1).toBeGreaterThanOrEqual(-eps);
              expect(b.x2).toBeLessThanOrEqual(CONTENT_MM.width + eps);
              expect(b.y1).toBeGreaterThanOrEqual(BAND_MM.bodyTop - eps);
              expect(b.y2).toBeLessThanOrEqual(BAND_MM.bodyBottom + eps);
              for (const o of boxes.slice(i + 1)) {
                const apart = b.x2 <= o.x1 + eps || o.x2 <= b.x1 + eps || b.y2 <= o.y1 + eps || o.y2 <= b.y1 + eps;
                expect(apart).toBe(true);
              }
            }
            if (page.kind === 'puzzles' && perPage === undefined && page.slots.length > 1) {
              for (const s of page.slots)
                expect(s.cell).toBeGreaterThanOrEqual(minCellMm(faceDigits((s.puzzle as PackPuzzle).m)) - eps);
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('refuses a per-page count that is not a positive integer', () => {
    for (const perPage of [0, -1, 2.5, 65, Number.NaN])
      expect(() => planBooklet([], { title: 't', perPage })).toThrow(RangeError);
  });
});

describe('buildBookletHtml', () => {
  it('is self-contained: no scripts, links, external fonts or URLs beyond the SVG namespace', () => {
    const { html } = buildBookletHtml(packOf(12, [3, 8, 12, 20]), { title: 'T <&> "x"' });
    expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|@font-face|url\(|src=|href=/i);
    const urls = [...html.matchAll(/https?:\/\/[^"'\s)]+/g)].map((m) => m[0]);
    expect(new Set(urls)).toEqual(new Set(['http://www.w3.org/2000/svg']));
    expect(html).toContain('@page { size: A4;');
    expect(html).toContain('<title>T &#60;&#38;&#62; &#34;x&#34;</title>');
  });

  it('draws puzzle pages bare and solution pages with tiles', () => {
    const puzzles = Array.from({ length: 5 }, (_, k) => packPuzzle(4, k, { tier: 'hard', grade: 'sets' }));
    const { html } = buildBookletHtml(puzzles, { title: 't' });
    const pages = html.split('<section class="page">').slice(1);
    expect(pages.length).toBe(3);
    const tiles = (s: string): number => (s.match(/<rect [^>]*rx=/g) ?? []).length;
    expect(tiles(pages[1])).toBe(0);
    expect(tiles(pages[2])).toBe(5 * 15);
    expect((pages[1].match(/<text /g) ?? []).length).toBe(5 * 30);
  });

  it('captions each puzzle with its number, its stars, its size, the catalog id small and a time box; the technique on request', () => {
    const puzzles = [
      packPuzzle(6, 1, { tier: 'hard', grade: 'sets', id: 1301 }),
      packPuzzle(3, 2, { tier: 'easy', grade: 'singles', id: 7 }),
    ];
    const { html } = buildBookletHtml(puzzles, { title: 't', perPage: 4 });
    // Easy comes first, so the double-3 is puzzle 1.
    expect(html).toMatch(
      /<span class="n">1<\/span><svg class="stars"[^]*?<title>\u2605\u2606\u2606\u2606<\/title>[^]*?<\/svg>Double-3&#160; <span class="id">#7<\/span><\/div><div class="time">time<\/div><\/div>/,
    );
    expect(html).toMatch(
      /<span class="n">2<\/span><svg class="stars"[^]*?<title>\u2605\u2605\u2605\u2606<\/title>[^]*?Double-6&#160; <span class="id">#1301<\/span>/,
    );
    expect(html).not.toContain('class="tech"');
    const told = buildBookletHtml(puzzles, { title: 't', technique: true }).html;
    // Eight to a page, three across: the caption keeps the id and leaves out the size.
    expect(told).toContain('&#160; <span class="id">#7</span>');
    expect(told).not.toContain('Double-3&#160;');
    expect(told).toContain('<div class="tech">Trivial: singles</div>');
    expect(told).toContain('<div class="tech">Hard: set analysis</div>');
    expect(html).not.toMatch(/M=\d/);
    // The contents name puzzle numbers and plain sizes; the cover has the rules and the example.
    expect(html).toContain('<td>Easy</td><td class="n">1</td><td>Double-3</td>');
    expect(html).toContain('<h2>How to play</h2>');
    expect(html).toContain('<title>The example solved</title>');
  });

  it('gives the cover a subtitle that does not repeat the title', () => {
    const title = (name: string): string =>
      (
        buildBookletHtml(packOf(4, [4]), { title: name }).html.match(
          /<div class="sub">([^<]*)<\/div>/,
        ) as RegExpMatchArray
      )[1];
    expect(title('Dominosa')).toBe('4 puzzles, from easy to expert');
    expect(title('Summer book')).toBe('4 Dominosa puzzles, from easy to expert');
  });

  it('lays out A4 or US Letter, with the CSS page size to match', () => {
    expect(buildBookletHtml([], { title: 't' }).html).toContain('@page { size: A4;');
    const letter = buildBookletHtml(packOf(3, [5]), { title: 't', paper: 'letter' }).html;
    expect(letter).toContain('@page { size: letter;');
    expect(letter).toContain(`width: ${geometryOf('letter').content.width}mm`);
  });

  it('draws a tally of every pair beside each puzzle when asked, and none otherwise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), (m) => {
        const p = packPuzzle(m, 1);
        const withTally = buildBookletHtml([p], { title: 't', tally: true }).html;
        const tallies = withTally.split('<div class="tally"').slice(1);
        expect(tallies.length).toBe(1);
        expect((tallies[0].slice(0, tallies[0].indexOf('</svg>')).match(/<rect /g) ?? []).length).toBe(
          ((m + 1) * (m + 2)) / 2,
        );
        expect(buildBookletHtml([p], { title: 't' }).html).not.toContain('class="tally"');
      }),
      { numRuns: 12 },
    );
  });

  it('shows numbers 1..M+1 or pips when asked', () => {
    const p = packPuzzle(5, 1, { tier: 'easy' });
    const page = (faces: 'digits' | 'one-based' | 'pips'): string =>
      buildBookletHtml([p], { title: 't', faces }).html.split('<section class="page">')[2];
    const digits = (s: string): number[] => [...s.matchAll(/<text [^>]*>(\d+)<\/text>/g)].map((x) => Number(x[1]));
    expect(digits(page('digits'))).toEqual(p.grid.flat());
    expect(digits(page('one-based'))).toEqual(p.grid.flat().map((v) => v + 1));
    const pips = page('pips');
    expect(digits(pips)).toEqual([]);
    expect((pips.match(/<circle /g) ?? []).length).toBe(p.grid.flat().reduce((a, b) => a + b, 0));
    expect(() => buildBookletHtml([packPuzzle(10, 1)], { title: 't', faces: 'pips' })).toThrow(RangeError);
  });

  it.skipIf(!PRINT)(
    'prints in Chromium to exactly the promised pages, with no errors and no requests',
    async () => {
      const books = [
        buildBookletHtml(
          [
            ...packOf(17, [3, 5, 7, 9, 10, 12, 14]),
            packPuzzle(20, 1),
            packPuzzle(30, 2),
            packPuzzle(6, 3, { tall: true }),
          ],
          { title: 'Mixed sizes' },
        ),
        buildBookletHtml(packOf(7, [6, 11]), { title: 'Three per page', perPage: 3, technique: true }),
        buildBookletHtml([], { title: 'Empty' }),
        // Overlong words must be cut or wrapped inside their page, never push out a new one.
        buildBookletHtml([packPuzzle(4, 1, { id: 'x'.repeat(300) })], { title: 'T'.repeat(400) }),
        // US Letter, with tallies and pips: the same promise on the other paper.
        {
          ...buildBookletHtml([...packOf(4, [3, 9]), packPuzzle(14, 1)], {
            title: 'Letter',
            paper: 'letter',
            tally: true,
          }),
          letter: true,
        },
        { ...buildBookletHtml(packOf(4, [4, 9]), { title: 'Pips', paper: 'letter', faces: 'pips' }), letter: true },
      ] as { html: string; pages: number; letter?: boolean }[];
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      });
      try {
        for (const book of books) {
          const page = await browser.newPage();
          const problems: string[] = [];
          page.on('console', (msg) => {
            if (msg.type() === 'error' || msg.type() === 'warning')
              problems.push(`console ${msg.type()}: ${msg.text()}`);
          });
          page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
          page.on('request', (req) => {
            if (!/^(data|about):/.test(req.url())) problems.push(`request: ${req.url()}`);
          });
          await page.setContent(book.html, { waitUntil: 'load' });
          const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
          const doc = await PDFDocument.load(pdf);
          expect(problems).toEqual([]);
          expect(doc.getPageCount()).toBe(book.pages);
          const { width, height } = doc.getPage(0).getSize();
          expect([Math.round(width), Math.round(height)]).toEqual(book.letter ? [612, 792] : [595, 842]);
          await page.close();
        }
      } finally {
        await browser.close();
      }
    },
    120_000,
  );
});
