// Tests for Dominosa in the booklets (src/dominosa/formats/booklet.ts): how many boards a page takes
// by M (fewer with the tally), 24 puzzles of M = 6..9 on at most 9 A4 pages with or without the tally
// or the technique, puzzle pages bare and solution pages tiled, captions naming the set ("Double-6"),
// the cover's rules and example, a tally of every pair on request, and numbers 1..M+1 or pips.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildBookletHtml } from '../../../src/formats/booklet-html.js';
import { autoPerPage, planBooklet } from '../../../src/formats/booklet.js';
import type { DominosaPackPuzzle } from '../../../src/dominosa/formats/pack.js';
import { allKinds } from '../../../src/kinds.js';
import { TIERS } from '../../../src/rank/tiers.js';
import { packOf, packPuzzle } from '../../helpers/packs.js';

const KINDS = allKinds();

describe('Dominosa in the booklet plan', () => {
  it('chooses 8, 6, 4, 2 or 1 per page by board size, fewer for larger boards', () => {
    // Layout reads the size alone: no board need be dealt.
    const sized = (m: number): DominosaPackPuzzle => ({
      kind: 'dominosa',
      id: 0,
      m,
      rows: m + 1,
      cols: m + 2,
      tier: 'easy',
      nodes: 0,
      grid: [],
      solution: [],
    });
    const kOf = (m: number, tally = false): number => autoPerPage(sized(m), KINDS, { tally });
    expect([3, 5, 6, 9].map((m) => kOf(m))).toEqual([8, 8, 8, 6]);
    expect(kOf(9, true)).toBe(4);
    expect([15, 30, 60].map((m) => kOf(m))).toEqual([1, 1, 1]);
    for (let m = 1; m < 60; m++) expect(kOf(m + 1)).toBeLessThanOrEqual(kOf(m));
  });

  /** A pack as export makes it: 6 of each tier over M = 6..9, two sizes twice, rotating. */
  const PACK24 = TIERS.flatMap((tier, t) =>
    [6, 7, 8, 9, 6 + ((2 * t) % 4), 7 + ((2 * t) % 4)]
      .sort()
      .map((m, k) => packPuzzle(m, 10 * t + k, { tier, id: 100 + 10 * t + k })),
  );

  it('puts 24 puzzles of M = 6..9 on at most 9 A4 pages with or without the tally or the technique (was 8 and 17)', () => {
    for (const technique of [false, true]) {
      const plain = planBooklet(PACK24, KINDS, { title: 't', technique });
      const tally = planBooklet(PACK24, KINDS, { title: 't', technique, tally: true });
      expect(plain.pages.length).toBeLessThanOrEqual(7);
      expect(tally.pages.length).toBeLessThanOrEqual(9);
      for (const plan of [plain, tally])
        expect(plan.pages.filter((p) => p.kind === 'solutions').flatMap((p) => p.slots)).toHaveLength(24);
    }
  });

  it('puts 24 puzzles of M = 3..9 on a title page, 4 puzzle pages and 2 solution pages', () => {
    const plan = planBooklet(packOf(24, [3, 4, 5, 6, 7, 8, 9]), KINDS, { title: 't' });
    expect(plan.pages.filter((p) => p.kind === 'solutions').length).toBeLessThanOrEqual(2);
    expect(plan.pages.length).toBeLessThanOrEqual(1 + 4 + 2);
  });
});

describe('Dominosa in the html booklet', () => {
  it('draws puzzle pages bare and solution pages with tiles', () => {
    const puzzles = Array.from({ length: 5 }, (_, k) => packPuzzle(4, k, { tier: 'hard', grade: 'sets' }));
    const { html } = buildBookletHtml(puzzles, KINDS, { title: 't' });
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
    const { html } = buildBookletHtml(puzzles, KINDS, { title: 't', perPage: 4 });
    // Easy comes first, so the double-3 is puzzle 1.
    expect(html).toMatch(
      /<span class="n">1<\/span><svg class="stars"[^]*?<title>\u2605\u2606\u2606\u2606<\/title>[^]*?<\/svg>Double-3&#160; <span class="id">#7<\/span><\/div><div class="time">time<\/div><\/div>/,
    );
    expect(html).toMatch(
      /<span class="n">2<\/span><svg class="stars"[^]*?<title>\u2605\u2605\u2605\u2606<\/title>[^]*?Double-6&#160; <span class="id">#1301<\/span>/,
    );
    expect(html).not.toContain('class="tech"');
    const told = buildBookletHtml(puzzles, KINDS, { title: 't', technique: true }).html;
    // Eight to a page, three across: the caption keeps the id and leaves out the size.
    expect(told).toContain('&#160; <span class="id">#7</span>');
    expect(told).not.toContain('Double-3&#160;');
    expect(told).toContain('<div class="tech">Easy: singles</div>');
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
        buildBookletHtml(packOf(4, [4]), KINDS, { title: name }).html.match(
          /<div class="sub">([^<]*)<\/div>/,
        ) as RegExpMatchArray
      )[1];
    expect(title('Dominosa')).toBe('4 puzzles, from easy to expert');
    expect(title('Summer book')).toBe('4 Dominosa puzzles, from easy to expert');
  });

  it('draws a tally of every pair beside each puzzle when asked, and none otherwise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), (m) => {
        const p = packPuzzle(m, 1);
        const withTally = buildBookletHtml([p], KINDS, { title: 't', tally: true }).html;
        const tallies = withTally.split('<div class="tally"').slice(1);
        expect(tallies.length).toBe(1);
        expect((tallies[0].slice(0, tallies[0].indexOf('</svg>')).match(/<rect /g) ?? []).length).toBe(
          ((m + 1) * (m + 2)) / 2,
        );
        expect(buildBookletHtml([p], KINDS, { title: 't' }).html).not.toContain('class="tally"');
      }),
      { numRuns: 12 },
    );
  });

  it('shows numbers 1..M+1 or pips when asked', () => {
    const p = packPuzzle(5, 1, { tier: 'easy' });
    const page = (faces: 'digits' | 'one-based' | 'pips'): string =>
      buildBookletHtml([p], KINDS, { title: 't', faces }).html.split('<section class="page">')[2];
    const digits = (s: string): number[] => [...s.matchAll(/<text [^>]*>(\d+)<\/text>/g)].map((x) => Number(x[1]));
    expect(digits(page('digits'))).toEqual(p.grid.flat());
    expect(digits(page('one-based'))).toEqual(p.grid.flat().map((v) => v + 1));
    const pips = page('pips');
    expect(digits(pips)).toEqual([]);
    expect((pips.match(/<circle /g) ?? []).length).toBe(p.grid.flat().reduce((a, b) => a + b, 0));
    expect(() => buildBookletHtml([packPuzzle(10, 1)], KINDS, { title: 't', faces: 'pips' })).toThrow(RangeError);
  });
});
