// Tests for Sudomino in the booklets (src/sudomino/formats/booklet.ts): a puzzle is named by its
// board and its numbers, its contents line by its boards; the cover gives the rules and draws the
// source document's board; a puzzle page shows the givens alone and a solution page every value,
// with no tally even when asked.
import { describe, expect, it } from 'vitest';
import { buildBookletHtml } from '../../../src/formats/booklet-html.js';
import { captionSize, contentsRows, planBooklet, puzzleTitle, slotLabel } from '../../../src/formats/booklet.js';
import { coverSubtitle } from '../../../src/formats/cover.js';
import { allKinds, kindNamed } from '../../../src/kinds.js';
import { rulesText } from '../../../src/sudomino/formats/booklet.js';
import { sudominoPackPuzzle } from '../../helpers/packs.js';

const KINDS = allKinds();
const sudomino = kindNamed('sudomino');
const SHAPES = ['5x5:4', '8x8:6', '6x7:5', '3x14:10', '9x9:7', '10x10:8'];
const sudominos = Array.from({ length: 12 }, (_, k) => sudominoPackPuzzle(SHAPES[k % SHAPES.length], k));
const pages = (html: string): string[] => html.split('<section class="page">').slice(1);

describe('Sudomino in the booklet plan', () => {
  it('names a puzzle by its board and its numbers', () => {
    const p = sudominos[1];
    const slot = { puzzle: p, kind: sudomino };
    expect(puzzleTitle(slot)).toBe('Sudomino 8\u00d78, numbers 1\u20136');
    expect(captionSize({ ...slot, labelW: 95 })).toBe('Sudomino 8\u00d78, numbers 1\u20136');
    expect(captionSize({ ...slot, labelW: 75 })).toBe('Sudomino 8\u00d78, 1\u20136');
    expect(captionSize({ ...slot, labelW: 40 })).toBe('');
    expect(slotLabel({ ...slot, puzzle: { ...p, grade: 'pairs' }, number: 3 })).toBe(
      `3. Sudomino 8\u00d78, numbers 1\u20136 (#${String(p.id)}): Normal: intersections and pairs`,
    );
  });

  it('names a section’s boards in the contents, smallest to largest', () => {
    const easy = [sudominos[0], sudominos[1], sudominos[5]].map((p) => ({ ...p, tier: 'easy' }));
    const plan = planBooklet([...easy, { ...sudominos[4], tier: 'hard' }], KINDS, { title: 't' });
    expect(contentsRows(plan).map((r) => r[2])).toEqual(['Sudomino 5\u00d75 to 10\u00d710', 'Sudomino 9\u00d79']);
  });
});

describe('Sudomino in the html booklet', () => {
  it('gives the rules on the cover, with the document’s board drawn', () => {
    const cover = pages(buildBookletHtml(sudominos.slice(0, 3), KINDS, { title: 'Puzzles' }).html)[0];
    expect(cover).toContain(rulesText().slice(0, 40));
    expect(cover).toContain('3 Sudomino puzzles');
    // The example is the document's board: 8 blocked cells, 6 given dominoes in both halves.
    const example = /<div class="example sudomino">(.*?)<\/div>/.exec(cover)?.[1] ?? '';
    const [puzzle] = example.split('</figure>');
    expect(puzzle.split('<text').length - 1).toBe(12);
    expect(/<g fill="#6b6b6b">(.*?)<\/g>/.exec(puzzle)?.[1].split('<rect').length).toBe(9);
    expect(coverSubtitle('Sudomino special', 2, ['easy'], 'Sudomino')).toBe('2 puzzles, all easy');
  });

  it('draws a puzzle bare and its solution with every value, with no tally even when asked', () => {
    const p = sudominos[1];
    const html = buildBookletHtml([p], KINDS, { title: 't', tally: true }).html;
    const [cover, puzzlePage, solutionPage] = pages(html);
    expect(cover).not.toContain('tick it off');
    expect(puzzlePage).not.toContain('class="tally"');
    const givens = p.board.join('').replace(/[^0-9]/g, '').length;
    expect(puzzlePage.split('<text').length - 1).toBe(givens);
    const open = p.solution.flat().filter((v) => v > 0).length;
    expect(solutionPage.split('<text').length - 1).toBe(open);
  });
});
