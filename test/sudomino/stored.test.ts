// The catalog's text of a Sudomino puzzle: a board's grid text reads back to the same board in
// the letter form and in the numbered form (N > 9, or more unnumbered dominoes than letters,
// one column included), solutions read back, and bad text is an error value of one line.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { derive } from '../../src/rng.js';
import { fitsLetterForm } from '../../src/sudomino/formats/text.js';
import { randomBoard } from '../../src/sudomino/make/random-board.js';
import type { Shape } from '../../src/sudomino/shape.js';
import {
  storedRowsNumbered,
  sudominoBoardFromStored,
  sudominoGridText,
  sudominoSolutionFromStored,
  sudominoSolutionText,
} from '../../src/sudomino/stored.js';
import { cellsOf, puzzles } from './arbitraries.js';

const LETTER_SHAPES: Shape[] = [
  { rows: 8, cols: 8, values: 6 },
  { rows: 6, cols: 6, values: 4 },
  { rows: 1, cols: 9, values: 5 },
  { rows: 9, cols: 1, values: 9 },
];
// Numbered because N > 9 (one column and one row among them).
const WIDE_VALUE_SHAPES: Shape[] = [
  { rows: 7, cols: 7, values: 12 },
  { rows: 11, cols: 1, values: 10 },
  { rows: 1, cols: 13, values: 11 },
];
// Numbered because few givens leave more than 52 dominoes unnumbered.
const MANY_DOMINO_SHAPES: Shape[] = [
  { rows: 12, cols: 12, values: 8 },
  { rows: 12, cols: 12, values: 9 },
];

function boards(shapes: Shape[], share: fc.Arbitrary<number>) {
  return fc
    .tuple(fc.constantFrom(...shapes), share, fc.nat())
    .map(([shape, s, seed]) => randomBoard(shape, 'shown', s, derive(seed, 29)));
}

function roundTrip(b: ReturnType<typeof randomBoard>): void {
  const text = sudominoGridText(b);
  expect(text).not.toContain('\n');
  const back = sudominoBoardFromStored(text, b.values);
  if (!back.ok) throw new Error(back.error);
  expect([back.board.rows, back.board.cols, back.board.values]).toEqual([b.rows, b.cols, b.values]);
  expect(cellsOf(back.board)).toEqual(cellsOf(b));
  expect(storedRowsNumbered(JSON.parse(text) as string[], b.values)).toBe(!fitsLetterForm(b));
}

describe('the grid text', () => {
  it('reads back the same board in the letter form', () => {
    fc.assert(
      fc.property(boards(LETTER_SHAPES, fc.double({ min: 0, max: 1, noNaN: true })), (b) => {
        expect(fitsLetterForm(b)).toBe(true);
        roundTrip(b);
      }),
      { numRuns: 200, seed: 31 },
    );
  });

  it('reads back the same board in the numbered form, N > 9', () => {
    fc.assert(
      fc.property(boards(WIDE_VALUE_SHAPES, fc.double({ min: 0, max: 1, noNaN: true })), (b) => {
        expect(fitsLetterForm(b)).toBe(false);
        roundTrip(b);
      }),
      { numRuns: 150, seed: 32 },
    );
  });

  it('reads back the same board in the numbered form, more than 52 dominoes without a given', () => {
    fc.assert(
      fc.property(boards(MANY_DOMINO_SHAPES, fc.double({ min: 0, max: 0.1, noNaN: true })), (b) => {
        fc.pre(b.given.filter((g) => g === 0).length > 52);
        expect(fitsLetterForm(b)).toBe(false);
        roundTrip(b);
      }),
      { numRuns: 60, seed: 33 },
    );
  });

  it('refuses bad text with one line', () => {
    const bad: [string, number][] = [
      ['not json', 6],
      ['{"rows": ["aa"]}', 6],
      ['[]', 6],
      ['["aa", 3]', 6],
      ['["a!", "a!"]', 6],
      ['["ab", "ba"]', 6],
      ['["aa", "77"]', 6],
      ['["1 1", "2 2=3"]', 12],
      ['["aab", "cbb"]', 6],
    ];
    for (const [text, values] of bad) {
      const r = sudominoBoardFromStored(text, values);
      expect(r.ok, text).toBe(text === '["a!", "a!"]');
      if (!r.ok) expect(r.error).toMatch(/^grid[^\n]*$/);
    }
  });

  it('tells the forms apart by N where the rows alone cannot', () => {
    const rows = '["1", "1", "2", "2"]';
    const numbered = sudominoBoardFromStored(rows, 12);
    const letters = sudominoBoardFromStored(rows, 6);
    if (!numbered.ok || !letters.ok) throw new Error('both read');
    expect(Array.from(numbered.board.given)).toEqual([0, 0]);
    expect(Array.from(letters.board.given)).toEqual([1, 2]);
  });
});

describe('the solution text', () => {
  it('reads back per-cell values, blocked cells as 0', () => {
    fc.assert(
      fc.property(puzzles, (p) => {
        const text = sudominoSolutionText(p.board.cols, p.solution);
        const back = sudominoSolutionFromStored(text);
        if (!back.ok) throw new Error(back.error);
        expect([back.rows, back.cols]).toEqual([p.board.rows, p.board.cols]);
        expect(Array.from(back.values)).toEqual(Array.from(p.solution));
        expect(JSON.parse(text)).toHaveLength(p.board.rows);
      }),
      { numRuns: 100, seed: 34 },
    );
  });

  it('refuses bad text with one line', () => {
    for (const text of [
      '',
      '[',
      '{}',
      '[]',
      '[[]]',
      '[[1, 2], [3]]',
      '[[1, "2"]]',
      '[[1, 2.5]]',
      '[[1, -1]]',
      '[[256]]',
      '[1, 2]',
    ]) {
      const r = sudominoSolutionFromStored(text);
      expect(r.ok, text).toBe(false);
      if (!r.ok) expect(r.error).not.toContain('\n');
    }
  });
});
