// Tests for src/formats/booklet.ts and booklet-html.ts over every kind with a booklet part (and
// booklets mixing them): the page arithmetic (pages filled in number order, one cell size a page,
// each puzzle once among the puzzles and once among the solutions, tiers in order and the kinds in
// the registry's order within a tier), slots that stay on their page and apart with readable cells,
// a tally only by a kind that prints one, contents naming each kind's sizes, a cover that explains
// each kind held, a self-contained document; and a real print to PDF in Chromium whose page count
// must equal the one the layout promises, with no errors and no requests (required under CI=true).
// Each kind's own names, drawings and cover: test/<kind>/formats/booklet.test.ts.
import { existsSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { PDFDocument } from 'pdf-lib';
import { chromium } from 'playwright-core';
import { buildBookletHtml } from '../../src/formats/booklet-html.js';
import {
  bookletOf,
  contentsRows,
  geometryOf,
  minCellMm,
  PAPER_NAMES,
  planBooklet,
  type BookletPlan,
} from '../../src/formats/booklet.js';
import { kindWords, type PackPuzzle } from '../../src/formats/kind.js';
import { escapeXml } from '../../src/formats/svg.js';
import { allKinds } from '../../src/kinds.js';
import { TIERS } from '../../src/rank/tiers.js';
import { packOf, packPuzzle, sudominoPackPuzzle } from '../helpers/packs.js';

const CHROMIUM = '/usr/bin/chromium';
// Under CI a missing browser fails the print test (it launches and reports why); elsewhere the
// test is skipped, and says so in one line rather than silently.
const PRINT = existsSync(CHROMIUM) || process.env.CI === 'true';
if (!PRINT)
  console.warn(
    `booklet.test: the Chromium print test is skipped: no browser at ${CHROMIUM} (apt-get install chromium; required when CI=true)`,
  );

const KINDS = allKinds();

// Layout looks at kind, size and tier only, so a pool of boards (made once) re-tiered will do:
// Dominosa sizes 1..16 both ways round and two large ones (dealing big boards is the slow part),
// Sudomino shapes small to large.
const SHAPES = ['5x5:4', '8x8:6', '6x7:5', '3x14:10', '9x9:7', '10x10:8'];
const LAYOUT: Readonly<Record<string, PackPuzzle[]>> = {
  dominosa: [
    ...Array.from({ length: 32 }, (_, i) => packPuzzle(1 + (i % 16), i, { tall: i >= 16 })),
    packPuzzle(20, 1),
    packPuzzle(30, 2),
  ],
  sudomino: Array.from({ length: 12 }, (_, k) => sudominoPackPuzzle(SHAPES[k % SHAPES.length], k)),
};
const BOOKLETED = KINDS.filter((k) => k.formats.booklet !== undefined && LAYOUT[k.name] !== undefined);
const POOL = BOOKLETED.flatMap((k) => LAYOUT[k.name]);
const arbPuzzles: fc.Arbitrary<PackPuzzle[]> = fc.array(
  fc
    .record({ i: fc.nat(POOL.length - 1), id: fc.nat(), tier: fc.constantFrom(...TIERS, 'bonus') })
    .map(({ i, id, tier }) => ({ ...POOL[i], id, tier })),
  { maxLength: 30 },
);

const kindIndex = (p: PackPuzzle): number => KINDS.findIndex((k) => k.name === p.kind);
const tierRank = (t: string | null): number =>
  (TIERS as readonly string[]).includes(t ?? '') ? TIERS.indexOf(t as never) : TIERS.length;

/** Every drawn box of a page: captions, boards and tallies (mm). */
function boxesOf(page: BookletPlan['pages'][number]): { x1: number; y1: number; x2: number; y2: number }[] {
  return page.slots.map((s) => {
    const units = bookletOf(s.kind).tally?.units(s.puzzle) ?? 0;
    const side = s.tally ? units * s.tally.cell : 0;
    return {
      x1: Math.min(s.labelX, s.boardX),
      y1: s.labelY,
      x2: Math.max(s.labelX + s.labelW, s.boardX + s.boardW, s.tally ? s.tally.x + side : 0),
      y2: Math.max(s.boardY + s.boardH, s.tally ? s.tally.y + side : 0),
    };
  });
}

const pages = (html: string): string[] => html.split('<section class="page">').slice(1);

describe('planBooklet', () => {
  it('has booklet samples of every built-in kind to lay out', () => {
    expect(BOOKLETED.map((k) => k.name)).toEqual(['dominosa', 'sudomino']);
  });

  it('fills pages in number order, one cell size a page, and packs solutions several to a page', () => {
    fc.assert(
      fc.property(
        arbPuzzles,
        fc.option(fc.integer({ min: 1, max: 9 }), { nil: undefined }),
        fc.constantFrom(...PAPER_NAMES),
        fc.boolean(),
        (puzzles, perPage, paper, tally) => {
          const plan = planBooklet(puzzles, KINDS, { title: 't', perPage, paper, tally });
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

  it('places every puzzle once among the puzzles and once among the solutions, tiers in order, the kinds in order within a tier', () => {
    fc.assert(
      fc.property(arbPuzzles, (puzzles) => {
        const plan = planBooklet(puzzles, KINDS, { title: 't' });
        const held = KINDS.filter((k) => puzzles.some((p) => p.kind === k.name));
        expect(plan.kinds).toEqual(held.length ? held : [KINDS[0]]);
        for (const kind of ['puzzles', 'solutions'] as const) {
          const pages = plan.pages.filter((p) => p.kind === kind);
          const placed = pages.flatMap((p) => p.slots.map((s) => s.puzzle));
          expect(new Set(placed)).toEqual(new Set(puzzles));
          expect(placed.length).toBe(puzzles.length);
          const ranks = placed.map((p) => tierRank(p.tier) * KINDS.length + kindIndex(p));
          expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
          for (const page of pages) for (const s of page.slots) expect(s.kind.name).toBe(s.puzzle.kind);
          if (kind === 'puzzles') for (const p of pages) expect(p.slots[0].puzzle.tier).toBe(p.tier);
        }
        // Puzzles come before all solutions; the title page is first.
        const kinds = plan.pages.map((p) => p.kind).join(' ');
        expect(kinds).toMatch(/^title( puzzles)*( solutions)*$/);
        // The contents point at the first page of each section, and name each kind's sizes there.
        const placed = plan.pages.filter((p) => p.kind === 'puzzles').flatMap((p) => p.slots);
        for (const [i, s] of plan.sections.entries()) {
          expect(plan.pages[s.firstPage - 1]).toMatchObject({
            kind: 'puzzles',
            heading: expect.stringContaining(s.tier[0].toUpperCase() + s.tier.slice(1)),
          });
          expect(plan.pages[s.firstPage - 1].slots.map((x) => x.number)).toContain(s.first);
          expect(plan.pages[s.solutionsPage - 1].slots.map((x) => x.number)).toContain(s.first);
          const own = placed.filter((x) => x.puzzle.tier === s.tier);
          const sizes = KINDS.flatMap((k) => {
            const ps = own.filter((x) => x.kind === k).map((x) => x.puzzle);
            return ps.length ? [bookletOf(k).sizes(ps)] : [];
          });
          expect(contentsRows(plan)[i][2]).toBe(sizes.join(', '));
        }
      }),
      { numRuns: 40 },
    );
  });

  it('keeps slots (captions, boards, tallies) inside the body and apart, a tally only by a kind that prints one, cells readable under auto layout', () => {
    fc.assert(
      fc.property(
        arbPuzzles,
        fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
        fc.constantFrom(...PAPER_NAMES),
        fc.boolean(),
        (puzzles, perPage, paper, tally) => {
          const plan = planBooklet(puzzles, KINDS, { title: 't', perPage, paper, tally });
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
            for (const s of page.slots) {
              if (!tally || bookletOf(s.kind).tally === undefined) expect(s.tally).toBeUndefined();
              if (page.kind === 'puzzles' && perPage === undefined && page.slots.length > 1)
                expect(s.cell).toBeGreaterThanOrEqual(minCellMm(bookletOf(s.kind).digits(s.puzzle, 'digits')) - eps);
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('refuses a per-page count that is not a positive integer', () => {
    for (const perPage of [0, -1, 2.5, 65, Number.NaN])
      expect(() => planBooklet([], KINDS, { title: 't', perPage })).toThrow(RangeError);
  });
});

describe('buildBookletHtml', () => {
  it('reports the plan page count, one <section> per page', () => {
    fc.assert(
      fc.property(arbPuzzles, (puzzles) => {
        const { html, pages } = buildBookletHtml(puzzles, KINDS, { title: 't' });
        expect(pages).toBe(planBooklet(puzzles, KINDS, { title: 't' }).pages.length);
        expect(html.split('<section class="page">').length - 1).toBe(pages);
      }),
      { numRuns: 10 },
    );
  });

  it('is self-contained: no scripts, links, external fonts or URLs beyond the SVG namespace', () => {
    const { html } = buildBookletHtml([...packOf(12, [3, 8, 12, 20]), ...LAYOUT.sudomino.slice(0, 4)], KINDS, {
      title: 'T <&> "x"',
    });
    expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|@font-face|url\(|src=|href=/i);
    const urls = [...html.matchAll(/https?:\/\/[^"'\s)]+/g)].map((m) => m[0]);
    expect(new Set(urls)).toEqual(new Set(['http://www.w3.org/2000/svg']));
    expect(html).toContain('@page { size: A4;');
    expect(html).toContain('<title>T &#60;&#38;&#62; &#34;x&#34;</title>');
  });

  it('explains on the cover each kind the booklet holds, naming the kind when it holds several', () => {
    const subsets = BOOKLETED.flatMap((_, i) => BOOKLETED.slice(i).map((__, j) => BOOKLETED.slice(i, i + j + 1)));
    subsets.push(BOOKLETED.filter((_, i) => i % 2 === 0));
    for (const held of subsets) {
      const puzzles = held.flatMap((k) => LAYOUT[k.name].slice(0, 2));
      const cover = pages(buildBookletHtml(puzzles, KINDS, { title: 'Puzzles' }).html)[0];
      for (const k of BOOKLETED)
        expect(cover.includes(escapeXml(bookletOf(k).cover.rules('digits'))), `${k.name} of ${held.length}`).toBe(
          held.includes(k),
        );
      expect(cover.match(/<h2>How to play/g)?.length).toBe(held.length);
      if (held.length === 1) expect(cover).toContain('<h2>How to play</h2>');
      else for (const k of held) expect(cover).toContain(`<h2>How to play ${k.title}</h2>`);
      expect(cover).toContain(`<div class="sub">${puzzles.length} ${kindWords(held)} puzzles`);
    }
  });

  it('lays out A4 or US Letter, with the CSS page size to match', () => {
    expect(buildBookletHtml([], KINDS, { title: 't' }).html).toContain('@page { size: A4;');
    const letter = buildBookletHtml(POOL.slice(0, 3), KINDS, { title: 't', paper: 'letter' }).html;
    expect(letter).toContain('@page { size: letter;');
    expect(letter).toContain(`width: ${geometryOf('letter').content.width}mm`);
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
          KINDS,
          { title: 'Mixed sizes' },
        ),
        buildBookletHtml(packOf(7, [6, 11]), KINDS, { title: 'Three per page', perPage: 3, technique: true }),
        buildBookletHtml([], KINDS, { title: 'Empty' }),
        // Overlong words must be cut or wrapped inside their page, never push out a new one.
        buildBookletHtml([packPuzzle(4, 1, { id: 'x'.repeat(300) })], KINDS, { title: 'T'.repeat(400) }),
        // US Letter, with tallies and pips: the same promise on the other paper.
        {
          ...buildBookletHtml([...packOf(4, [3, 9]), packPuzzle(14, 1)], KINDS, {
            title: 'Letter',
            paper: 'letter',
            tally: true,
          }),
          letter: true,
        },
        {
          ...buildBookletHtml(packOf(4, [4, 9]), KINDS, { title: 'Pips', paper: 'letter', faces: 'pips' }),
          letter: true,
        },
        // Every kind in one booklet, with a cover explaining each, on both papers.
        buildBookletHtml(POOL.slice(0, 40), KINDS, { title: 'Every kind', technique: true }),
        {
          ...buildBookletHtml(POOL.slice(20), KINDS, { title: 'Every kind', paper: 'letter', tally: true }),
          letter: true,
        },
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
