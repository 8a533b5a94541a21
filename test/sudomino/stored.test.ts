// The catalog's text of a Sudomino puzzle: a board's grid text (its text rows joined by '/') reads
// back to the same board in the letter form and in the numbered form (N > 9, or more unnumbered
// dominoes than letters, one column included), solutions (a base-36 digit a cell) read back,
// migrate's reading of schema 4's JSON forms gives the compact ones, and bad text is an error
// value of one line.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { derive } from '../../src/rng.js';
import { fitsLetterForm } from '../../src/sudomino/formats/text.js';
import { randomBoard } from '../../src/sudomino/make/random-board.js';
import type { Shape } from '../../src/sudomino/shape.js';
import {
  storedRowsNumbered,
  boardFromStored,
  fromJsonForm,
  gridJson,
  gridText,
  solutionFromStored,
  solutionJson,
  solutionText,
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
  const text = gridText(b);
  expect(text).not.toContain('\n');
  expect(text.split('/')).toHaveLength(b.rows);
  if (fitsLetterForm(b)) expect(text).toHaveLength(b.rows * (b.cols + 1) - 1);
  const back = boardFromStored(text, b.values);
  if (!back.ok) throw new Error(back.error);
  expect([back.board.rows, back.board.cols, back.board.values]).toEqual([b.rows, b.cols, b.values]);
  expect(cellsOf(back.board)).toEqual(cellsOf(b));
  expect(storedRowsNumbered(text.split('/'), b.values)).toBe(!fitsLetterForm(b));
  // Schema 4's JSON form is the same rows, which migrate writes as the compact form.
  expect(JSON.parse(gridJson(b))).toEqual(text.split('/'));
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
      ['', 6],
      ['aa/', 6],
      ['["aa"]', 6],
      ['a!/a!', 6],
      ['ab/ba', 6],
      ['aa/77', 6],
      ['1 1/2 2=3', 12],
      ['aab/cbb', 6],
    ];
    for (const [text, values] of bad) {
      const r = boardFromStored(text, values);
      expect(r.ok, text).toBe(text === 'a!/a!');
      if (!r.ok) expect(r.error).toMatch(/^grid[^\n]*$/);
    }
  });

  it('tells the forms apart by N where the rows alone cannot', () => {
    const rows = '1/1/2/2';
    const numbered = boardFromStored(rows, 12);
    const letters = boardFromStored(rows, 6);
    if (!numbered.ok || !letters.ok) throw new Error('both read');
    expect(Array.from(numbered.board.given)).toEqual([0, 0]);
    expect(Array.from(letters.board.given)).toEqual([1, 2]);
  });
});

describe('the solution text', () => {
  it('reads back per-cell values, blocked cells as 0', () => {
    fc.assert(
      fc.property(puzzles, (p) => {
        const text = solutionText(p.solution);
        expect(text).toMatch(/^[0-9a-u]*$/);
        expect(text).toHaveLength(p.board.rows * p.board.cols);
        const back = solutionFromStored(text, p.board.rows, p.board.cols);
        if (!back.ok) throw new Error(back.error);
        expect(Array.from(back.value)).toEqual(Array.from(p.solution));
        // Schema 4's JSON rows of values read to the same compact forms.
        const json = solutionJson(p.board.cols, p.solution);
        expect(JSON.parse(json)).toHaveLength(p.board.rows);
        const form = fromJsonForm({
          m: p.board.values,
          rows: p.board.rows,
          cols: p.board.cols,
          grid: gridJson(p.board),
          solution: json,
        });
        expect(form).toEqual({ ok: true, value: { grid: gridText(p.board), solution: text } });
      }),
      { numRuns: 100, seed: 34 },
    );
  });

  it('refuses bad text with one line', () => {
    for (const text of ['', '12', '12345', '12 4', '12v4', '12A4', '[[1']) {
      const r = solutionFromStored(text, 1, 4);
      expect(r.ok, text).toBe(false);
      if (!r.ok) expect(r.error).toMatch(/^solution[^\n]*$|^the solution[^\n]*$/);
    }
    expect(solutionFromStored('10ua', 2, 2)).toEqual({ ok: true, value: Uint8Array.of(1, 0, 30, 10) });
  });

  it("refuses, for migrate, JSON forms that are not the row's board and values", () => {
    const row = { m: 6, rows: 2, cols: 2, grid: '["aa","bb"]', solution: '[[1,1],[2,2]]' };
    expect(fromJsonForm(row)).toEqual({ ok: true, value: { grid: 'aa/bb', solution: '1122' } });
    for (const p of [
      { ...row, grid: 'aa' },
      { ...row, grid: '["aa",3]' },
      { ...row, grid: '["ab","ab"]', rows: 3 },
      { ...row, solution: '[[1,1],[2]]' },
      { ...row, solution: '[[1,1],[2,7]]' },
      { ...row, solution: '[[1,1]]' },
    ]) {
      const r = fromJsonForm(p);
      expect(r.ok, JSON.stringify(p)).toBe(false);
      if (!r.ok) expect(r.error).toMatch(/^its [^\n]*$/);
    }
  });
});
