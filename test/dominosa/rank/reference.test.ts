// Tests for src/grade/reference.ts: the node count is a property of the puzzle, not of how
// it is drawn (mirrors, rotations, transposition, relabelling), and the options are pinned.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { REFERENCE_OPTIONS, REFERENCE_VERSION, referenceNodes } from '../../../src/dominosa/rank/reference.js';
import { Generator } from '../../../src/dominosa/make/generator.js';
import { Solver } from '../../../src/dominosa/solve/solver.js';
import { GEOMETRIES, applyTransform, canonicalBoard, type Transform } from '../../../src/dominosa/transform.js';

const gen = new Generator();
const solver = new Solver();

/** A geometry and a relabelling of 0..m from fast-check's integers. */
function arbTransform(m: number): fc.Arbitrary<Transform> {
  const ids = Array.from({ length: m + 1 }, (_, i) => i);
  return fc.record({
    geometry: fc.constantFrom(...GEOMETRIES),
    relabel: fc.shuffledSubarray(ids, { minLength: m + 1, maxLength: m + 1 }),
  });
}

describe('referenceNodes', () => {
  it('is invariant under every geometry and relabelling', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 8 }).chain((m) => fc.tuple(fc.constant(m), fc.nat(1000), arbTransform(m))),
        ([m, slot, t]) => {
          const res = gen.generateSlot(7, m, slot);
          if (!res.ok) throw new Error(res.reason);
          const moved = applyTransform(res.puzzle.board, t);
          expect(referenceNodes(moved, solver)).toBe(res.puzzle.nodes);
          // A fresh solver agrees: the count depends on the board, not on what the solver did before.
          expect(referenceNodes(moved, new Solver())).toBe(res.puzzle.nodes);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('is the weakened solver run on the canonical board (which can differ from the raw board)', () => {
    let differs = 0;
    for (let slot = 0; slot < 200; slot++) {
      const res = gen.generateSlot(3, 7, slot);
      if (!res.ok) throw new Error(res.reason);
      const { board, nodes } = res.puzzle;
      expect(nodes).toBe(solver.solve(canonicalBoard(board), REFERENCE_OPTIONS).nodes);
      // Without canonicalisation the raw board's count can differ: that is why it is needed.
      if (solver.solve(board, REFERENCE_OPTIONS).nodes !== nodes) differs++;
    }
    expect(differs).toBeGreaterThan(0);
  });

  it('pins the reference options', () => {
    expect(REFERENCE_OPTIONS).toEqual({
      rules: ['pairSingleton'],
      cap: 2,
      maxNodes: Infinity,
      squareSwap: false,
      probe: 'off',
      solution: false,
    });
    expect(REFERENCE_VERSION).toBe('ref-2');
  });

  it('spreads: at least 6 distinct counts among unique boards at every size 3..9', () => {
    for (let m = 3; m <= 9; m++) {
      const seen = new Set<number>();
      for (let slot = 0; slot < 150 && seen.size < 6; slot++) {
        const res = gen.generateSlot(11, m, slot);
        if (!res.ok) throw new Error(res.reason);
        seen.add(res.puzzle.nodes);
      }
      expect(seen.size, `M=${m}`).toBeGreaterThanOrEqual(6);
    }
  });
});
