// Tests for src/dominosa/stored.ts: the grid and solution columns' text is exactly what
// JSON.stringify writes of the grid and the solution.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boardToGrid } from '../../src/dominosa/board.js';
import type { Solution } from '../../src/dominosa/solve/solution.js';
import { gridText, solutionText } from '../../src/dominosa/stored.js';
import { applyTransform, GEOMETRIES, transformSolution } from '../../src/dominosa/transform.js';
import { plantedBoard, shuffledBoard } from '../helpers/boards.js';

describe('gridText and solutionText', () => {
  it('write exactly what JSON.stringify writes of the grid and the solution, in any orientation and size', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.nat(),
        fc.boolean(),
        fc.constantFrom(...GEOMETRIES),
        (m, seed, wide, geometry) => {
          const { board, planted } = plantedBoard(m, seed, 0, { wide });
          const t = { geometry };
          const b = applyTransform(board, t);
          const s = transformSolution(planted, board.rows, board.cols, t);
          expect(gridText(b)).toBe(JSON.stringify(boardToGrid(b)));
          expect(solutionText(s)).toBe(JSON.stringify(s));
        },
      ),
    );
  });

  it('write large boards (numbers of several digits) as JSON does', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 60 }), fc.nat(), fc.boolean(), (m, seed, wide) => {
        const b = shuffledBoard(m, seed, 0, wide);
        expect(gridText(b)).toBe(JSON.stringify(boardToGrid(b)));
        const s: Solution = [];
        for (let i = 0; i + 1 < b.cols; i += 2) s.push([m, i, m + 1, i + 1]);
        expect(solutionText(s)).toBe(JSON.stringify(s));
      }),
    );
  });

  it('write empty and one-cell forms as JSON does', () => {
    expect(gridText({ rows: 0, cols: 0, m: 0, cells: new Uint16Array(0) })).toBe('[]');
    expect(gridText({ rows: 1, cols: 1, m: 0, cells: Uint16Array.of(0) })).toBe('[[0]]');
    expect(solutionText([])).toBe('[]');
  });
});
