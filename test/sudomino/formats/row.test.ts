// Tests for src/sudomino/formats/row.ts: a stored row (its columns in src/sudomino/stored.ts's
// forms) becomes a pack puzzle only when its shape agrees with its board, its board parses and its
// answer solves it; else one line names the puzzle.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExportRow } from '../../../src/formats/kind.js';
import { puzzleOfRow } from '../../../src/sudomino/formats/row.js';
import { solutionText } from '../../../src/sudomino/stored.js';
import { EXAMPLE } from '../../../src/sudomino/formats/booklet.js';
import { rowOf, sudominoPackPuzzle } from '../../helpers/packs.js';

const SHAPES = ['8x8:6', '6x7:5', '9x9:7'];
const pool = Array.from({ length: 6 }, (_, k) =>
  sudominoPackPuzzle(SHAPES[k % SHAPES.length], k, {
    grade: (['singles', 'pairs', 'subsets', 'chains'] as const)[k % 4],
  }),
);
const idOf = (k: number): number => 1 + k;

describe('puzzleOfRow', () => {
  it('reads a stored row back into the puzzle it was made from', () => {
    for (const [k, p] of pool.entries()) {
      const res = puzzleOfRow(rowOf(p, idOf(k)));
      expect(res.ok).toBe(true);
      if (res.ok) expect(res.value).toEqual({ ...p, id: idOf(k) });
    }
  });

  it('refuses a row whose answer breaks the rules, one line naming the puzzle', () => {
    fc.assert(
      fc.property(fc.nat(pool.length - 1), fc.nat(), fc.nat(), (k, at, shift) => {
        const p = pool[k];
        const open: [number, number][] = [];
        p.solution.forEach((row, r) => row.forEach((v, c) => v > 0 && open.push([r, c])));
        const [r, c] = open[at % open.length];
        const solution = p.solution.map((row) => row.slice());
        // Another value (shifted by 1..N-1) splits its domino: any one change breaks the answer.
        solution[r][c] = ((solution[r][c] - 1 + 1 + (shift % (p.values - 1))) % p.values) + 1;
        const res = puzzleOfRow({ ...rowOf(p, idOf(k)), solution: solutionText(solution.flat()) });
        expect(res.ok).toBe(false);
        if (!res.ok)
          expect(res.error).toMatch(
            new RegExp(`^puzzle ${idOf(k)}: the solution does not solve the board: .*(row|domino)`),
          );
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a damaged board, a shape that disagrees, or a solution of another size', () => {
    const row = rowOf(pool[0], 1);
    const cases: [Partial<ExportRow>, RegExp][] = [
      [{ grid: '[' }, /grid row 1, column 1: "\[" is not a letter/],
      // Rows of unequal length are read as the numbered form, which a letter row is not.
      [{ grid: pool[0].board.map((r, i) => (i === 0 ? `${r.slice(0, -1)}` : r)).join('/') }, /grid row 1, column 1: /],
      [{ shape: '8x8:7' }, /shape 8x8:7 disagrees/],
      [{ shape: 'eight' }, /is not a shape/],
      [{ solution: '1' }, /the solution has 1 cells, expected 64/],
    ];
    for (const [change, why] of cases) {
      const res = puzzleOfRow({ ...row, ...change });
      expect(res.ok).toBe(false);
      if (!res.ok) expect(res.error).toMatch(why);
    }
  });

  it('takes the booklet’s example as the catalog would store it', () => {
    expect(puzzleOfRow(rowOf(EXAMPLE, 1)).ok).toBe(true);
  });
});
