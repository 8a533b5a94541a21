// Tests for src/dominosa/stored.ts: the compact grid and solution columns read back to the same
// board and the same dominoes for random boards of every width of cell (one base-36 digit up to
// M = 35, two above), the JSON forms are exactly what JSON.stringify writes, migrate's reading of
// the JSON forms gives the compact ones, and bad text is an error value of one line.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boardToGrid } from '../../src/dominosa/board.js';
import type { Solution } from '../../src/dominosa/solve/solution.js';
import {
  boardFromStored,
  cellWidth,
  fromJsonForm,
  gridJson,
  gridText,
  isSolutionImage,
  solutionFromStored,
  solutionJson,
  solutionText,
} from '../../src/dominosa/stored.js';
import { applyTransform, GEOMETRIES, transformSolution } from '../../src/dominosa/transform.js';
import { sameSolution } from '../../src/dominosa/solve/solution.js';
import { plantedBoard, shuffledBoard } from '../helpers/boards.js';

/** A planted board of the catalog's orientation (M+1 rows) and its solution (a random tiling: small M). */
const stored = fc.tuple(fc.integer({ min: 1, max: 12 }), fc.nat()).map(([m, seed]) => plantedBoard(m, seed, 0));

/**
 * A board of the catalog's orientation with M up to 60, so two digits a cell from M = 36 (a
 * shuffle of the multiset), and a tiling of it: all across when M+2 is even, else all down.
 */
const large = fc.tuple(fc.integer({ min: 1, max: 60 }), fc.nat()).map(([m, seed]) => {
  const board = shuffledBoard(m, seed, 0);
  const { rows, cols } = board;
  const tiling: Solution = [];
  for (let r = 0; r < rows; r += m % 2 === 0 ? 1 : 2)
    for (let c = 0; c < cols; c += m % 2 === 0 ? 2 : 1) tiling.push(m % 2 === 0 ? [r, c, r, c + 1] : [r, c, r + 1, c]);
  return { board, planted: tiling };
});

describe('the compact grid and solution', () => {
  it('take ceil(log36(M+1)) digits a cell', () => {
    expect([1, 35, 36, 100, 998, 1295, 1296].map(cellWidth)).toEqual([1, 1, 2, 2, 2, 2, 3]);
    for (let m = 1; m <= 1400; m++) expect(36 ** cellWidth(m)).toBeGreaterThanOrEqual(m + 1);
  });

  it('read back to the same board and the same dominoes, in one or two characters a cell', () => {
    fc.assert(
      fc.property(fc.oneof(stored, large), ({ board, planted }) => {
        const grid = gridText(board);
        const solution = solutionText(planted, board.rows, board.cols);
        expect(grid).toMatch(/^[0-9a-z]*$/);
        expect(grid).toHaveLength(board.rows * board.cols * cellWidth(board.m));
        expect(solution).toMatch(/^[LRUD]*$/);
        expect(solution).toHaveLength(board.rows * board.cols);
        const back = boardFromStored(grid, board);
        if (!back.ok) throw new Error(back.error);
        expect(Array.from(back.value.cells)).toEqual(Array.from(board.cells));
        const sol = solutionFromStored(solution, board.rows, board.cols);
        if (!sol.ok) throw new Error(sol.error);
        // The planted tiling is listed by first cell, each domino from its top or left cell.
        expect(sol.value).toEqual(planted);
      }),
    );
  });

  it('write a domino listed the other way round, or out of order, as the same letters', () => {
    fc.assert(
      fc.property(stored, fc.nat(), ({ board, planted }, seed) => {
        const shuffled = planted
          .map((d, i): [number, Solution[number]] => [(i * 7919 + seed) % 1009, d])
          .sort((a, b) => a[0] - b[0])
          .map(([k, [r1, c1, r2, c2]]): Solution[number] => (k % 2 === 0 ? [r1, c1, r2, c2] : [r2, c2, r1, c1]));
        expect(solutionText(shuffled, board.rows, board.cols)).toBe(solutionText(planted, board.rows, board.cols));
      }),
    );
  });

  it("say a solution column is another's under a geometry exactly when their dominoes are", () => {
    fc.assert(
      fc.property(
        fc.oneof(stored, large),
        fc.constantFrom(...GEOMETRIES),
        fc.constantFrom(...GEOMETRIES),
        ({ board, planted }, g, h) => {
          const { rows, cols } = board;
          const text = solutionText(planted, rows, cols);
          const moved = applyTransform(board, { geometry: g });
          const image = solutionText(transformSolution(planted, rows, cols, { geometry: g }), moved.rows, moved.cols);
          expect(isSolutionImage(text, rows, cols, g, image)).toBe(true);
          // The image under another geometry, of the same shape: its letters say so only for the same dominoes.
          const other = applyTransform(board, { geometry: h });
          if (other.rows !== moved.rows) return;
          const want = transformSolution(planted, rows, cols, { geometry: g });
          const got = transformSolution(planted, rows, cols, { geometry: h });
          const otherText = solutionText(got, other.rows, other.cols);
          expect(isSolutionImage(text, rows, cols, g, otherText)).toBe(sameSolution(want, got, moved.rows, moved.cols));
        },
      ),
    );
  });

  it('give migrate the compact forms of the JSON forms, which the JSON writers write as JSON.stringify does', () => {
    fc.assert(
      fc.property(stored, fc.constantFrom(...GEOMETRIES), ({ board, planted }, geometry) => {
        expect(gridJson(board)).toBe(JSON.stringify(boardToGrid(board)));
        expect(solutionJson(planted)).toBe(JSON.stringify(planted));
        const form = fromJsonForm({ ...board, grid: gridJson(board), solution: solutionJson(planted) });
        expect(form).toEqual({
          ok: true,
          value: { grid: gridText(board), solution: solutionText(planted, board.rows, board.cols) },
        });
        // A transposed board writes as JSON just the same.
        const t = { geometry };
        const b = applyTransform(board, t);
        const s = transformSolution(planted, board.rows, board.cols, t);
        expect(gridJson(b)).toBe(JSON.stringify(boardToGrid(b)));
        expect(solutionJson(s)).toBe(JSON.stringify(s));
      }),
    );
  });

  it('refuse bad grids with one line', () => {
    const { board } = plantedBoard(3, 1, 0);
    const good = gridText(board);
    const shape = { m: 3, rows: 4, cols: 5 };
    const bad = [
      good.slice(1),
      `${good}0`,
      `A${good.slice(1)}`,
      `-${good.slice(1)}`,
      `4${good.slice(1)}`,
      // A shuffle of the multiset holds every number M+2 times: a wrong count needs a changed cell.
      `${good[0] === '0' ? '1' : '0'}${good.slice(1)}`,
    ];
    for (const text of bad) {
      const r = boardFromStored(text, shape);
      expect(r.ok, text).toBe(false);
      if (!r.ok) expect(r.error).toMatch(/^[^\n]+$/);
    }
    expect(boardFromStored(gridText(shuffledBoard(3, 1, 0)), shape).ok).toBe(true);
    // Two digits a cell above M = 35, zero-padded.
    const big = shuffledBoard(40, 2, 0);
    expect(gridText(big)).toHaveLength(41 * 42 * 2);
    expect(boardFromStored(gridText(big), big).ok).toBe(true);
  });

  it('refuse bad solutions with one line', () => {
    for (const [text, rows, cols] of [
      ['RL', 1, 3],
      ['RLX', 1, 3],
      ['RRL', 1, 3],
      ['LR', 1, 2],
      ['DU', 1, 2],
      ['DD', 2, 1],
      ['U?', 2, 1],
    ] as const) {
      const r = solutionFromStored(text, rows, cols);
      expect(r.ok, text).toBe(false);
      if (!r.ok) expect(r.error).toMatch(/^the stored solution[^\n]*$/);
    }
    expect(solutionFromStored('RLRL', 2, 2)).toEqual({
      ok: true,
      value: [
        [0, 0, 0, 1],
        [1, 0, 1, 1],
      ],
    });
  });

  it("refuse, for migrate, JSON forms that are not the row's board and a tiling of it", () => {
    const { board, planted } = plantedBoard(3, 4, 0);
    const row = { ...board, grid: gridJson(board), solution: solutionJson(planted) };
    const overlap = planted.map((d, i): Solution[number] => (i === 1 ? planted[0] : d));
    for (const p of [
      { ...row, grid: '[[1,2' },
      { ...row, grid: '[[0,0],[1,1]]' },
      { ...row, m: 4 },
      { ...row, solution: '[[0,0,0,2]]' },
      { ...row, solution: solutionJson(planted.slice(1)) },
      { ...row, solution: solutionJson(overlap) },
      { ...row, solution: '{"a":1}' },
    ]) {
      const r = fromJsonForm(p);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatch(/^its [^\n]*$/);
    }
  });
});
