// Tests for src/grade/layered.ts and the large-M branch of the reference measure: the score is
// the documented function of three root deductions, puts every level above the easier ones,
// does not depend on how the board is drawn, and leaves the counts of M ≤ 9 alone.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Generator } from '../../../src/dominosa/make/generator.js';
import { layerOf, layeredScore } from '../../../src/dominosa/rank/layered.js';
import { SINGLES } from '../../../src/dominosa/solve/layers.js';
import { LAYERED_FROM_M, REFERENCE_OPTIONS, referenceNodes, sameCounts } from '../../../src/dominosa/rank/reference.js';
import { Solver } from '../../../src/dominosa/solve/solver.js';
import { GEOMETRIES, applyTransform, canonicalBoard } from '../../../src/dominosa/transform.js';

const gen = new Generator();
const solver = new Solver();

function board(seed: number, m: number, k: number) {
  const r = gen.generateSlot(seed, m, k);
  if (!r.ok) throw new Error(r.reason);
  return r.puzzle.board;
}

describe('layeredScore', () => {
  it('is 1 + s, n + 1 + p or 2n + 1 + q by the level that settles the board', () => {
    const levels = new Set<string>();
    for (const m of [10, 13, 16]) {
      for (let k = 0; k < 30; k++) {
        const b = board(4, m, k);
        const n = b.rows * b.cols;
        const s = solver.deduce(b, { rules: SINGLES }).undecidedCells;
        const p = solver.deduce(b).undecidedCells;
        const q = solver.deduce(b, { probe: 'root' }).undecidedCells;
        expect(s).toBeGreaterThanOrEqual(p);
        expect(p).toBeGreaterThanOrEqual(q);
        const want = p === 0 ? 1 + s : q === 0 ? n + 1 + p : 2 * n + 1 + q;
        const score = layeredScore(b, solver);
        expect(score).toBe(want);
        const layer = layerOf(score, n);
        levels.add(layer);
        expect(layer).toBe(s === 0 ? 'singles' : p === 0 ? 'rules' : q === 0 ? 'probing' : 'search');
      }
    }
    expect(levels.size).toBe(4);
  });

  it('cuts at the level boundaries', () => {
    expect([1, 2, 183, 184, 365, 366, 547].map((x) => layerOf(x, 182))).toEqual([
      'singles',
      'rules',
      'rules',
      'probing',
      'probing',
      'search',
      'search',
    ]);
  });
});

describe('referenceNodes from M = 10', () => {
  it('is the layered score of the canonical board, the same for every mirror and relabelling', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: LAYERED_FROM_M, max: 18 }),
        fc.nat(500),
        fc.constantFrom(...GEOMETRIES),
        fc.nat(1000),
        (m, k, g, seed) => {
          const b = board(seed, m, k);
          const perm = Array.from({ length: m + 1 }, (_, i) => (i * 7 + seed) % (m + 1));
          fc.pre(new Set(perm).size === m + 1);
          const moved = applyTransform(b, { geometry: g, relabel: perm });
          const nodes = referenceNodes(b, solver);
          expect(nodes).toBe(layeredScore(canonicalBoard(b), solver));
          expect(referenceNodes(moved, solver)).toBe(nodes);
          expect(layeredScore(moved, solver)).toBe(nodes);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('leaves M ≤ 9 as ref-1 counted it, and says so', () => {
    for (let m = 3; m <= 9; m++) {
      const b = board(2, m, 0);
      expect(referenceNodes(b, solver)).toBe(solver.solve(canonicalBoard(b), REFERENCE_OPTIONS).nodes);
    }
    expect(sameCounts('ref-1', 'ref-2', 9)).toBe(true);
    expect(sameCounts('ref-2', 'ref-1', 3)).toBe(true);
    expect(sameCounts('ref-1', 'ref-2', 10)).toBe(false);
    expect(sameCounts('ref-2', 'ref-2', 50)).toBe(true);
    expect(sameCounts('ref-0', 'ref-2', 5)).toBe(false);
  });

  it('stays cheap and bounded at M = 30 (≤ 3·cells + 1)', () => {
    for (let k = 0; k < 4; k++) {
      const b = gen.generateSlot(1, 30, k);
      if (!b.ok) throw new Error(b.reason);
      const n = b.puzzle.board.rows * b.puzzle.board.cols;
      expect(b.puzzle.nodes).toBeGreaterThanOrEqual(1);
      expect(b.puzzle.nodes).toBeLessThanOrEqual(3 * n + 1);
    }
  });
});
