// Tests for src/formats/tatham.ts: hand-checked IDs, round trips in both orientations (tall
// boards come back wide), brackets exactly for values ≥ 10, and one clear error per bad ID.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { Board } from '../../../src/dominosa/board.js';
import { parseTathamId, toTathamId } from '../../../src/dominosa/formats/tatham.js';
import { toWide } from '../../../src/dominosa/transform.js';
import { plantedBoard } from '../../helpers/boards.js';

function board(m: number, rows: number[][]): Board {
  return { rows: rows.length, cols: rows[0].length, m, cells: Uint16Array.from(rows.flat()) };
}

function same(a: Board, b: Board): boolean {
  return a.rows === b.rows && a.cols === b.cols && a.m === b.m && a.cells.every((v, i) => v === b.cells[i]);
}

describe('toTathamId', () => {
  it('writes M, a colon and the row-major digits', () => {
    expect(
      toTathamId(
        board(1, [
          [0, 0, 1],
          [0, 1, 1],
        ]),
      ),
    ).toBe('1:001011');
  });

  it('transposes a tall board into his M+1 rows by M+2 columns', () => {
    expect(
      toTathamId(
        board(1, [
          [0, 0],
          [0, 1],
          [1, 1],
        ]),
      ),
    ).toBe('1:001011');
  });

  it('brackets exactly the values of 10 and more', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 24 }), fc.nat(1000), (m, k) => {
        const { board: b } = plantedBoard(m, 11, k);
        const id = toTathamId(b);
        const big = b.cells.filter((v) => v >= 10).length;
        expect((id.match(/\[/g) ?? []).length).toBe(big);
        expect(/^\d+:(?:\d|\[\d{2,}\])+$/.test(id)).toBe(true);
        if (m >= 10) expect(id).toContain('[10]');
      }),
      { numRuns: 60 },
    );
  });
});

describe('parseTathamId', () => {
  it('round-trips any board, a tall one coming back as its wide form', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.boolean(), fc.nat(1000), (m, tall, k) => {
        const { board: b } = plantedBoard(m, 5, k, { wide: !tall });
        const res = parseTathamId(toTathamId(b));
        expect(res.ok).toBe(true);
        if (res.ok) expect(same(res.board, toWide(b).board)).toBe(true);
      }),
      { numRuns: 80 },
    );
  });

  it('reads a known ID by hand', () => {
    const res = parseTathamId('  2:0012[1]1122002  ');
    // 3 rows by 4 columns: 0 0 1 2 / 1 1 1 2 / 2 0 0 2; `[1]` is a bracketed small value.
    expect(res.ok).toBe(true);
    if (res.ok)
      expect(
        same(
          res.board,
          board(2, [
            [0, 0, 1, 2],
            [1, 1, 1, 2],
            [2, 0, 0, 2],
          ]),
        ),
      ).toBe(true);
  });

  it('accepts his full parameter string with a difficulty', () => {
    expect(parseTathamId('1db:001011').ok).toBe(true);
    expect(parseTathamId('1a:001011').ok).toBe(true);
  });

  const bad: [string, string, RegExp][] = [
    ['no prefix', '001011', /starts with "M:"/],
    ['empty', '', /starts with "M:"/],
    ['M = 0', '0:00', /M >= 1/],
    ['huge M', '99999:0', /too large/],
    ['too short', '1:00101', /too short: 5 values.*has 6/],
    ['too long', '1:0010110', /too long.*character 9/],
    ['bad character', '1:00x011', /unexpected "x" at character 5/],
    ['unclosed bracket', '1:0010[1', /missing "]"/],
    ['empty brackets', '1:0010[]1', /not a number in brackets/],
    ['value above M', '1:002011', /^row 1, column 3: value 2 is above M=1$/],
    ['unbalanced', '1:000011', /value 0 appears 4 times, expected 3/],
  ];
  for (const [name, id, why] of bad) {
    it(`refuses ${name} with a clear error`, () => {
      const res = parseTathamId(id);
      expect(res.ok).toBe(false);
      if (!res.ok) {
        expect(res.error).toMatch(why);
        expect(res.error).not.toMatch(/^board/);
      }
    });
  }

  it('refuses his random-seed IDs, saying only descriptive IDs are read', () => {
    for (const id of ['6#12345', '6de#999', '1a#x']) {
      const res = parseTathamId(id);
      expect(res).toEqual({
        ok: false,
        error: `"${id}" is a random-seed ID, which only Simon Tatham's generator turns into a board: only descriptive IDs ("6:0123...") are read (his Game > Specific... shows the one of the puzzle on screen)`,
      });
    }
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => {
        const res = parseTathamId(s);
        if (!res.ok) expect(res.error.length).toBeGreaterThan(0);
      }),
    );
  });
});
