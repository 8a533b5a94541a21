// Reading Sudomino boards: the refusals (each one line naming board, row and column), the three
// forms, and round trips of random boards through the text and JSON-lines forms.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBoardError, linesProblem, type Board } from '../../src/sudomino/board.js';
import { parseBoards } from '../../src/sudomino/parse.js';
import { boardRows, fitsLetterForm, formatBoardJson, formatBoardText } from '../../src/sudomino/formats/text.js';
import { randomBoard } from '../../src/sudomino/make/random-board.js';
import { derive } from '../../src/rng.js';

function refusal(text: string, values?: number): string {
  const [r] = parseBoards(text, values);
  if (r.ok) throw new Error('accepted');
  return formatBoardError(r.error);
}

function same(a: Board, b: Board): void {
  expect([a.rows, a.cols, a.values]).toEqual([b.rows, b.cols, b.values]);
  expect(Array.from(a.domino)).toEqual(Array.from(b.domino));
  expect(Array.from(a.given)).toEqual(Array.from(b.given));
}

describe('refusals', () => {
  const cases: [string, string, RegExp][] = [
    [
      'a digit with no equal neighbour',
      'aa\n3b\n!b',
      /^board 1, line 2, row 2, column 1: digit 3 has no equal neighbour/,
    ],
    [
      'a digit with two equal neighbours',
      '333\naab',
      /^board 1, line 1, row 1, column 2: digit 3 has 2 equal neighbours/,
    ],
    ['a letter on one cell', 'aab\n!cc', /^board 1, line 1, row 1, column 3: "b" is on 1 cell/],
    ['a letter on three cells', 'aaa\nbb!', /row 1, column 1: "a" is on 3 cells/],
    [
      'a letter on two cells apart',
      'a!a\nbb!',
      /row 1, column 1: "a" is on two cells that do not touch \(the other at row 1, column 3\)/,
    ],
    [
      'one value on two given dominoes of a line',
      '3ab3\n3ab3',
      /row 1, column 4: row 1 has two given dominoes showing 3 \(the other at row 1, column 1\)/,
    ],
    ['ragged rows', 'aabb\ncc\n', /^board 1, line 2, row 2: row has 2 cells, expected 4/],
    ['a value above N', 'aa77', /row 1, column 3: value 7 is outside 1\.\.6/],
    ['a value 0', 'aa00', /row 1, column 3: value 0 is outside 1\.\.6/],
    ['a line with more than N entries', 'abc\nabc', /row 1 has 3 dominoes, more than the 2 values/],
    ['a stray character', 'a.a', /row 1, column 2: "\." is not a letter, a digit or !/],
  ];
  for (const [what, text, want] of cases) {
    it(`refuses ${what}`, () => {
      const line = refusal(text, what.includes('more than N') ? 2 : 6);
      expect(line).toMatch(want);
      expect(line).not.toContain('\n');
    });
  }

  it('names the board and its id', () => {
    const [, r] = parseBoards('aa\n\n# id: p7\nab');
    expect(!r.ok && formatBoardError(r.error)).toMatch(
      /^board 2 \(id "p7"\), line 4, row 1, column 1: "a" is on 1 cell/,
    );
  });

  it('refuses in the numbered form and in JSON lines', () => {
    expect(refusal('1 1 2\n3 3 2=4')).toMatch(
      /row 1, column 3: the two cells of "2" show different values \(0 and 4\)/,
    );
    expect(refusal('{"rows": ["aa", "9b"], "values": 9}')).toMatch(/line 1.*: digit 9 has no equal neighbour/);
    expect(refusal('{"rows": "aa"}')).toMatch(/"rows" must be a non-empty array of strings/);
    expect(refusal('{"rows": ["aa"], "values": 31}')).toMatch(/"values" must be a whole number 1\.\.30/);
  });
});

describe('boards with nothing to place', () => {
  // Every form the reader takes: the letter form, the numbered form and JSON lines; blank JSON
  // rows make a board of no columns, which text cannot write.
  const forms = fc.record({ rows: fc.integer({ min: 1, max: 6 }), cols: fc.integer({ min: 0, max: 6 }) });
  const inputs = ({ rows, cols }: { rows: number; cols: number }): string[] => {
    const letters = Array.from({ length: rows }, () => '!'.repeat(cols));
    const numbered = Array.from({ length: rows }, () => Array<string>(cols).fill('!').join(' '));
    const out = [
      JSON.stringify({ rows: letters, values: 2 }),
      JSON.stringify({ rows: letters.map((r) => `${r}   `), values: 2, id: 'e' }),
    ];
    if (cols > 0) out.push(letters.join('\n'), `# form: numbered\n${numbered.join('\n')}`);
    return out;
  };

  it('refuses a board with no domino or no open cell in every form, in one line naming board and line', () => {
    fc.assert(
      fc.property(forms, (shape) => {
        for (const text of inputs(shape)) {
          const line = refusal(text, 2);
          expect(line).toMatch(/^board 1(?: \(id "e"\))?, line \d+: (?:every cell is blocked|the board has no cells)/);
          expect(line).not.toContain('\n');
        }
      }),
      { numRuns: 40 },
    );
  });

  it('still reads a board of one domino beside blocked cells', () => {
    const [r] = parseBoards('!!\naa', 2);
    expect(r.ok).toBe(true);
  });
});

describe('forms', () => {
  it('reads # values:, # id:, comments and several boards', () => {
    const rs = parseBoards('# a comment\n# values: 3\n# id: one\naa\n\n# id: two\nb!\nb!\n');
    expect(rs.map((r) => r.ok && [r.board.values, r.board.meta?.id])).toEqual([
      [3, 'one'],
      [3, 'two'],
    ]);
  });

  it('reads one board in the letter, numbered and JSON forms alike', () => {
    const letters = parseBoards('aab!\n!3b!\n!3cc', 4);
    const numbers = parseBoards('7 7 12 !\n! 5=3 12 !\n! 5=3 9 9', 4);
    const json = parseBoards('{"rows": ["aab!", "!3b!", "!3cc"], "values": 4, "id": "j"}', 6);
    for (const r of [letters, numbers, json]) expect(r[0].ok).toBe(true);
    if (letters[0].ok && numbers[0].ok && json[0].ok) {
      same(letters[0].board, numbers[0].board);
      same(letters[0].board, json[0].board);
      expect(json[0].board.meta?.id).toBe('j');
    }
  });

  it('writes boards with more than 52 open dominoes in the numbered form, which reads back', () => {
    const b = randomBoard({ rows: 14, cols: 14, values: 12 }, 'noise', 0.1, derive(3, 4));
    expect(fitsLetterForm(b)).toBe(false);
    const [r] = parseBoards(formatBoardText(b));
    expect(r.ok).toBe(true);
    if (r.ok) same(r.board, b);
    // No letter is reused: every open domino has a number of its own.
    expect(boardRows(b)[0]).toMatch(/^(!|\d+(=\d+)?)( (!|\d+(=\d+)?))*$/);
  });
});

describe('round trips', () => {
  it('text and JSON forms give back the board they were written from', () => {
    fc.assert(
      fc.property(
        fc.record({
          rows: fc.integer({ min: 1, max: 10 }),
          cols: fc.integer({ min: 2, max: 10 }),
          values: fc.integer({ min: 3, max: 10 }),
        }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.nat(),
        (shape, share, seed) => {
          const b = randomBoard(shape, 'shown', share, derive(seed, 1));
          // A layout that could not be filled comes with random givens, which may clash; a layout
          // drawn all blocked has no domino and is no board.
          fc.pre(linesProblem(b) === null && b.cells.length > 0);
          for (const text of [formatBoardText(b), formatBoardJson(b)]) {
            const rs = parseBoards(text);
            expect(rs.length).toBe(1);
            expect(rs[0].ok).toBe(true);
            if (rs[0].ok) same(rs[0].board, b);
          }
        },
      ),
      { numRuns: 200, seed: 29 },
    );
  });
});
