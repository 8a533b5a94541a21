// The three solvers share no code (propagation search, dancing links, clause learning), so
// agreement on thousands of deals is strong evidence that all are right; every solution any of
// them returns is checked against the rules of the puzzle.
import { describe, expect, it } from 'vitest';
import { countExactCover } from '../../../src/dominosa/solve/exactcover.js';
import { EXACT_COVER_UP_TO, proveIndependently } from '../../../src/dominosa/solve/independent.js';
import { countBySat } from '../../../src/dominosa/solve/satproof.js';
import { checkSolution } from '../../../src/dominosa/solve/solution.js';
import { Solver } from '../../../src/dominosa/solve/solver.js';
import { plantedBoard, shuffledBoard } from '../../helpers/boards.js';

describe('propagation solver vs dancing links vs clause learning', () => {
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
        const c = countBySat(board);
        expect(a.status, `board ${k}`).toBe(b.status);
        expect(a.solutions).toBe(b.solutions);
        expect(c.status, `board ${k}`).toBe(b.status);
        expect(c.solutions).toBe(b.solutions);
        if (a.solution) expect(checkSolution(board, a.solution)).toBeNull();
        if (b.solution) expect(checkSolution(board, b.solution)).toBeNull();
        if (c.solution) expect(checkSolution(board, c.solution)).toBeNull();
        if (a.status !== 'gave-up') seen[a.status]++;
      }
      // The sample must hold both kinds the catalog cares about.
      expect(seen.unique).toBeGreaterThan(0);
      expect(seen.multiple).toBeGreaterThan(0);
    });
  }
});

describe('the independent proof at the sizes the catalog builds', () => {
  it('agrees with the propagation solver at M = 10..30, by both methods where dancing links runs', () => {
    const s = new Solver();
    const seen = { 'exact-cover': 0, sat: 0 };
    for (const m of [10, 12, 20, 30]) {
      for (let k = 0; k < 8; k++) {
        const board = plantedBoard(m, 21, k, { wide: k % 2 === 0, avoid: k % 3 !== 0 }).board;
        const a = s.solve(board);
        const c = proveIndependently(board);
        seen[c.method]++;
        expect(c.status, `M=${m} board ${k}`).toBe(a.status);
        if (c.solution) expect(checkSolution(board, c.solution)).toBeNull();
        if (m <= EXACT_COVER_UP_TO) expect(countBySat(board).status).toBe(a.status);
      }
    }
    expect(seen['exact-cover']).toBeGreaterThan(0);
    expect(seen.sat).toBeGreaterThan(0);
  });
});
