// Tests for Sudomino in the booklets: a mixed pack is laid out as Dominosa's is (each puzzle once
// among the puzzles and once among the solutions, tiers in order, Dominosa before Sudomino within a
// tier, slots inside the body and apart, no tally beside a Sudomino board), and the cover explains
// each kind the booklet holds, with the document's board drawn.
import fc from 'fast-check';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  planBooklet,
  geometryOf,
  minCellMm,
  captionSize,
  contentsRows,
  puzzleTitle,
  slotLabel,
  PAPER_NAMES,
} from '../../src/formats/booklet.js';
import { buildBookletHtml } from '../../src/formats/booklet-html.js';
import { coverSubtitle, SUDOMINO_EXAMPLE, sudominoRulesText } from '../../src/formats/cover.js';
import { isSudomino, type AnyPackPuzzle } from '../../src/formats/pack.js';
import { buildBookletPdf } from '../../src/formats/pdf.js';
import { sudominoPuzzleOfRow } from '../../src/sudomino/formats/row.js';
import { TIERS } from '../../src/rank/tiers.js';
import { packOf, sudominoPackPuzzle } from '../helpers/packs.js';

const SHAPES = ['5x5:4', '8x8:6', '6x7:5', '3x14:10', '9x9:7', '10x10:8'];
const sudominos = Array.from({ length: 12 }, (_, k) => sudominoPackPuzzle(SHAPES[k % SHAPES.length], k));
const dominosas = packOf(8, [2, 5, 7, 11]);
const arbMixed: fc.Arbitrary<AnyPackPuzzle[]> = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...sudominos), fc.constantFrom(...dominosas)), fc.constantFrom(...TIERS)), {
    minLength: 1,
    maxLength: 14,
  })
  .map((xs) => xs.map(([p, tier]) => ({ ...p, tier })));

describe('planBooklet with both kinds', () => {
  it('places every puzzle once among the puzzles and the solutions, tiers in order, Dominosa first within a tier', () => {
    fc.assert(
      fc.property(arbMixed, (puzzles) => {
        const plan = planBooklet(puzzles, { title: 't' });
        expect(plan.kinds).toEqual({
          dominosa: puzzles.some((p) => !isSudomino(p)),
          sudomino: puzzles.some(isSudomino),
        });
        for (const kind of ['puzzles', 'solutions'] as const) {
          const placed = plan.pages.filter((p) => p.kind === kind).flatMap((p) => p.slots.map((s) => s.puzzle));
          expect(new Set(placed)).toEqual(new Set(puzzles));
          expect(placed.length).toBe(puzzles.length);
          const rank = placed.map((p) => 2 * TIERS.indexOf(p.tier as never) + (isSudomino(p) ? 1 : 0));
          expect(rank).toEqual([...rank].sort((a, b) => a - b));
        }
        for (const s of plan.sections) {
          const own = puzzles.filter((p) => p.tier === s.tier);
          expect(s.minM === null).toBe(own.every(isSudomino));
          expect(s.shapes.length > 0).toBe(own.some(isSudomino));
        }
        // The contents name both kinds' sizes where a section holds both.
        for (const [i, row] of contentsRows(plan).entries()) {
          const s = plan.sections[i];
          expect(row[2].includes('Double-')).toBe(s.minM !== null);
          expect(row[2].includes('Sudomino')).toBe(s.shapes.length > 0);
        }
      }),
      { numRuns: 30 },
    );
  });

  it('keeps slots inside the body and apart, never puts a tally by a Sudomino board, and keeps cells readable', () => {
    fc.assert(
      fc.property(arbMixed, fc.constantFrom(...PAPER_NAMES), fc.boolean(), (puzzles, paper, tally) => {
        const plan = planBooklet(puzzles, { title: 't', paper, tally });
        const { content, band } = geometryOf(paper);
        const eps = 1e-6;
        for (const page of plan.pages) {
          const boxes = page.slots.map((s) => {
            const side = s.tally && !isSudomino(s.puzzle) ? (s.puzzle.m + 2) * s.tally.cell : 0;
            return {
              x1: Math.min(s.labelX, s.boardX),
              y1: s.labelY,
              x2: Math.max(s.labelX + s.labelW, s.boardX + s.boardW, s.tally ? s.tally.x + side : 0),
              y2: Math.max(s.boardY + s.boardH, s.tally ? s.tally.y + side : 0),
            };
          });
          for (const [i, b] of boxes.entries()) {
            expect(b.x1).toBeGreaterThanOrEqual(-eps);
            expect(b.x2).toBeLessThanOrEqual(content.width + eps);
            expect(b.y1).toBeGreaterThanOrEqual(band.bodyTop - eps);
            expect(b.y2).toBeLessThanOrEqual(band.bodyBottom + eps);
            for (const o of boxes.slice(i + 1))
              expect(b.x2 <= o.x1 + eps || o.x2 <= b.x1 + eps || b.y2 <= o.y1 + eps || o.y2 <= b.y1 + eps).toBe(true);
          }
          for (const s of page.slots) {
            if (isSudomino(s.puzzle)) expect(s.tally).toBeUndefined();
            if (page.kind === 'puzzles' && page.slots.length > 1 && isSudomino(s.puzzle))
              expect(s.cell).toBeGreaterThanOrEqual(minCellMm(String(s.puzzle.values).length) - eps);
          }
        }
      }),
      { numRuns: 30 },
    );
  });

  it('names a Sudomino puzzle by its board and its numbers', () => {
    const p = sudominos[1];
    expect(puzzleTitle(p)).toBe('Sudomino 8\u00d78, numbers 1\u20136');
    expect(captionSize({ puzzle: p, labelW: 95 })).toBe('Sudomino 8\u00d78, numbers 1\u20136');
    expect(captionSize({ puzzle: p, labelW: 75 })).toBe('Sudomino 8\u00d78, 1\u20136');
    expect(captionSize({ puzzle: p, labelW: 40 })).toBe('');
    expect(slotLabel({ puzzle: { ...p, grade: 'pairs' }, number: 3 })).toBe(
      `3. Sudomino 8\u00d78, numbers 1\u20136 (#${String(p.id)}): Normal: intersections and pairs`,
    );
  });
});

describe('the booklets with Sudomino', () => {
  const pages = (html: string): string[] => html.split('<section class="page">').slice(1);

  it('explain on the cover each kind the booklet holds, the Sudomino rules with the document board drawn', () => {
    const rules = sudominoRulesText();
    const dominosaRules = 'Each grid hides a complete set of dominoes';
    const cover = (ps: AnyPackPuzzle[]): string => pages(buildBookletHtml(ps, { title: 'Puzzles' }).html)[0];
    const onlySudomino = cover(sudominos.slice(0, 3));
    expect(onlySudomino).toContain(rules.slice(0, 40));
    expect(onlySudomino).not.toContain(dominosaRules);
    expect(onlySudomino).toContain('3 Sudomino puzzles');
    expect(onlySudomino).toContain('<h2>How to play</h2>');
    const mixed = cover([...sudominos.slice(0, 2), dominosas[0]]);
    expect(mixed).toContain('<h2>How to play Dominosa</h2>');
    expect(mixed).toContain('<h2>How to play Sudomino</h2>');
    expect(mixed).toContain('3 Dominosa and Sudomino puzzles');
    const onlyDominosa = cover(dominosas.slice(0, 2));
    expect(onlyDominosa).not.toContain('Sudomino');
    // The example is the document's board: 8 blocked cells, 6 given dominoes in both halves.
    const example = /<div class="example sudomino">(.*?)<\/div>/.exec(onlySudomino)?.[1] ?? '';
    const [puzzle] = example.split('</figure>');
    expect(puzzle.split('<text').length - 1).toBe(12);
    expect(/<g fill="#6b6b6b">(.*?)<\/g>/.exec(puzzle)?.[1].split('<rect').length).toBe(9);
    expect(coverSubtitle('Sudomino special', 2, ['easy'], 'Sudomino')).toBe('2 puzzles, all easy');
  });

  it('draw a Sudomino puzzle bare and its solution with every value, with no tally even when asked', () => {
    const p = sudominos[1];
    const html = buildBookletHtml([p], { title: 't', tally: true }).html;
    const [, puzzlePage, solutionPage] = pages(html);
    expect(puzzlePage).not.toContain('class="tally"');
    const givens = p.board.join('').replace(/[^0-9]/g, '').length;
    expect(puzzlePage.split('<text').length - 1).toBe(givens);
    const open = p.solution.flat().filter((v) => v > 0).length;
    expect(solutionPage.split('<text').length - 1).toBe(open);
  });

  it('print to PDF with the pages the plan has and every glyph in the standard fonts', async () => {
    const puzzles = [...sudominos.slice(0, 4), ...dominosas.slice(0, 3)];
    for (const paper of PAPER_NAMES) {
      const plan = planBooklet(puzzles, { title: 'Mixed', paper, technique: true });
      const r = await buildBookletPdf(
        puzzles.map((p, k) => ({ ...p, grade: isSudomino(p) ? 'chains' : undefined, id: k })),
        { title: 'Mixed', paper, technique: true },
      );
      expect(r.missing).toEqual([]);
      expect(r.pages).toBe(plan.pages.length);
      expect((await PDFDocument.load(r.bytes)).getPageCount()).toBe(plan.pages.length);
    }
  });

  it('take the Sudomino example as the catalog would store it', () => {
    const res = sudominoPuzzleOfRow({
      ...SUDOMINO_EXAMPLE,
      id: 1,
      m: 6,
      grid: JSON.stringify(SUDOMINO_EXAMPLE.board),
      solution: JSON.stringify(SUDOMINO_EXAMPLE.solution),
    });
    expect(res.ok).toBe(true);
  });
});
