// The two solvers share no code, so agreement on thousands of deals is strong evidence that
// both are right; every solution either returns is checked against the rules of the puzzle.
import { describe, expect, it } from 'vitest';
import { countExactCover } from '../../src/solve/exactcover.js';
import { checkSolution } from '../../src/solve/solution.js';
import { Solver } from '../../src/solve/solver.js';
import { plantedBoard, shuffledBoard } from '../helpers/boards.js';

describe('propagation solver vs dancing links', () => {
  for (let m = 2; m <= 9; m++) {
    it(`agree on 500 deals at M=${m} (raw, filtered, shuffled; both orientations)`, () => {
      const s = new Solver();
      const seen = { unique: 0, multiple: 0, none: 0 };
      for (let k = 0; k < 500; k++) {
        const wide = k % 2 === 0;
        const board =
          k % 5 === 4 ? shuffledBoard(m, 20, k, wide) : plantedBoard(m, 20, k, { wide, avoid: k % 5 >= 2 }).board;
        const a = s.solve(board);
        const b = countExactCover(board);
        expect(a.status, `board ${k}`).toBe(b.status);
        expect(a.solutions).toBe(b.solutions);
        if (a.solution) expect(checkSolution(board, a.solution)).toBeNull();
        if (b.solution) expect(checkSolution(board, b.solution)).toBeNull();
        if (a.status !== 'gave-up') seen[a.status]++;
      }
      // The sample must hold both kinds the catalog cares about.
      expect(seen.unique).toBeGreaterThan(0);
      expect(seen.multiple).toBeGreaterThan(0);
    });
  }
});
