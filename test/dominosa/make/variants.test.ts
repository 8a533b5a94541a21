// Tests for src/dominosa/make/variants.ts: variants are distinct, unique, answered by the
// transformed base solution (their stored columns read so), and share the base's node count and
// canonical hash; small orbits run out cleanly.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { Generator } from '../../../src/dominosa/make/generator.js';
import { checkSolution, solutionKey } from '../../../src/dominosa/solve/solution.js';
import { Solver } from '../../../src/dominosa/solve/solver.js';
import { applyTransform, canonicalHash, parseTransform, transformSolution } from '../../../src/dominosa/transform.js';
import { referenceNodes } from '../../../src/dominosa/rank/reference.js';
import { makeVariants } from '../../../src/dominosa/make/variants.js';
import { solutionFromStored } from '../../../src/dominosa/stored.js';

const gen = new Generator();
const solver = new Solver();

function base(seed: number, m: number, k: number) {
  const res = gen.generateSlot(seed, m, k);
  if (!res.ok) throw new Error(res.reason);
  return res.puzzle;
}

describe('makeVariants', () => {
  it('makes distinct, unique variants that answer to the transformed base', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 9 }),
        fc.nat(1000),
        fc.nat(1000),
        fc.integer({ min: 0, max: 8 }),
        (m, seed, k, count) => {
          const b = base(seed, m, k);
          const vs = makeVariants(b, seed, k, count);
          expect(vs.length).toBeLessThanOrEqual(count);
          if (m >= 3) expect(vs.length).toBe(count); // 4·4! − 1 = 95 other boards at M=3
          const keys = new Set([Array.from(b.board.cells).join()]);
          for (const v of vs) {
            keys.add(Array.from(v.board.cells).join());
            expect([v.board.rows, v.board.cols]).toEqual([m + 1, m + 2]);
            const parsed = parseTransform(v.transform);
            expect(parsed.ok).toBe(true);
            if (!parsed.ok) return;
            expect(Array.from(applyTransform(b.board, parsed.transform).cells)).toEqual(Array.from(v.board.cells));
            // Its solution column reads as the base's solution moved by the transform, which solves it.
            const solution = solutionFromStored(v.solutionText, v.board.rows, v.board.cols);
            if (!solution.ok) throw new Error(solution.error);
            expect(solution.value).toEqual(transformSolution(b.solution, b.board.rows, b.board.cols, parsed.transform));
            expect(checkSolution(v.board, solution.value)).toBeNull();
            const res = solver.solve(v.board);
            expect(res.status).toBe('unique');
            expect(solutionKey(res.solution!)).toBe(solutionKey(solution.value));
            // The variant carries its base's count; measured afresh it must agree.
            expect(v.nodes).toBe(b.nodes);
            expect(referenceNodes(v.board, solver)).toBe(b.nodes);
            expect(canonicalHash(v.board)).toBe(b.canonicalHash);
          }
          expect(keys.size).toBe(vs.length + 1);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('starts with the mirrors, then relabellings', () => {
    const b = base(1, 6, 3);
    const vs = makeVariants(b, 1, 3, 6);
    const named = vs.map((v) => v.transform);
    // A board symmetric under a mirror skips it; random boards essentially never are.
    expect(named.slice(0, 3)).toEqual(['mirror-h', 'mirror-v', 'rot180']);
    for (const t of named.slice(3)) expect(t).toMatch(/relabel:/);
  });

  it('is deterministic in (seed, slot)', () => {
    const b = base(2, 5, 9);
    const a = makeVariants(b, 2, 9, 8).map((v) => v.transform);
    expect(makeVariants(b, 2, 9, 8).map((v) => v.transform)).toEqual(a);
    expect(makeVariants(b, 2, 10, 8).map((v) => v.transform)).not.toEqual(a);
  });

  it('stops when the orbit runs out (M=2 has at most 23 other boards)', () => {
    const b = base(4, 2, 0);
    const vs = makeVariants(b, 4, 0, 100);
    expect(vs.length).toBeGreaterThan(3);
    expect(vs.length).toBeLessThanOrEqual(23);
    expect(makeVariants(b, 4, 0, 0)).toEqual([]);
  });
});
