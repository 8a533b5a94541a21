import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { DealRefuter, REFUTE_MAX_M } from '../../../src/dominosa/make/refute.js';
import { Solver } from '../../../src/dominosa/solve/solver.js';
import { plantedBoard, type Planted } from '../../helpers/boards.js';

/** A deal onto a random tiling with no 2×2 square of two dominoes, and that tiling. */
const deal = (m: number, seed: number, k: number): Planted => plantedBoard(m, seed, k, { avoid: true });

describe('DealRefuter', () => {
  const solver = new Solver();
  const refuters = new Map<number, DealRefuter>();
  const refuter = (m: number): DealRefuter => {
    let r = refuters.get(m);
    if (r === undefined) refuters.set(m, (r = new DealRefuter(m)));
    return r;
  };

  it('refutes only deals the solver finds a second solution for', () => {
    let refuted = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: REFUTE_MAX_M }), fc.nat(), (m, k) => {
        const { board, mate } = deal(m, 5, k);
        const refutes = refuter(m).refutes(board, mate);
        refuted += refutes ? 1 : 0;
        expect(!refutes || solver.solve(board, { cap: 2 }).status === 'multiple').toBe(true);
      }),
      { numRuns: 400 },
    );
    // The implication above holds of a refuter that refutes nothing: it must have been put to work.
    expect(refuted).toBeGreaterThan(0);
  });

  it('finds the second tiling of nearly every deal that has one (all of them at M = 3)', () => {
    for (const m of [3, REFUTE_MAX_M]) {
      let multiple = 0;
      let refuted = 0;
      for (let k = 0; k < 400; k++) {
        const { board, mate } = deal(m, 11, k);
        const r = refuter(m).refutes(board, mate);
        const status = solver.solve(board, { cap: 2 }).status;
        if (status === 'multiple') multiple++;
        if (r) refuted++;
        if (m === 3) expect(r).toBe(status === 'multiple');
      }
      expect(multiple).toBeGreaterThan(100);
      expect(refuted).toBeGreaterThanOrEqual(0.95 * multiple);
    }
  });

  it('says nothing about a board of another size', () => {
    const { board, mate } = deal(4, 1, 0);
    expect(refuter(3).refutes(board, mate)).toBe(false);
  });
});
