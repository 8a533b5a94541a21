// Tests for src/generate.ts: every kept puzzle is unique by both solvers and answers to its own
// solution; slots are deterministic and independent; the recorded fields are consistent.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { countExactCover } from '../src/exactcover.js';
import { Generator } from '../src/generate.js';
import { referenceNodes } from '../src/grade/reference.js';
import { checkSolution, solutionKey } from '../src/solution.js';
import { Solver } from '../src/solver.js';
import { canonicalHash } from '../src/transform.js';

const gen = new Generator();
const solver = new Solver();

function slot(seed: number, m: number, k: number) {
  const res = gen.generateSlot(seed, m, k);
  if (!res.ok) throw new Error(`M=${m} slot ${k}: ${res.reason}`);
  return res.puzzle;
}

describe('Generator.generateSlot', () => {
  it('keeps only boards both solvers prove unique, with the stored solution', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.nat(100), fc.nat(10_000), (m, seed, k) => {
        const p = slot(seed, m, k);
        expect(p.m).toBe(m);
        expect([p.board.rows, p.board.cols]).toEqual([m + 1, m + 2]);
        expect(checkSolution(p.board, p.solution)).toBeNull();
        const fast = solver.solve(p.board);
        expect(fast.status).toBe('unique');
        expect(solutionKey(fast.solution!)).toBe(solutionKey(p.solution));
        const dlx = countExactCover(p.board);
        expect(dlx.status).toBe('unique');
        expect(solutionKey(dlx.solution!)).toBe(solutionKey(p.solution));
        expect(p.attempts).toBeGreaterThanOrEqual(1);
        expect(p.nodes).toBe(referenceNodes(p.board));
        expect(p.canonicalHash).toBe(canonicalHash(p.board));
        expect(p.method).toBe('rejection');
      }),
      { numRuns: 150 },
    );
  });

  it('gives the same puzzle for the same (seed, M, slot), whatever ran before', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 9 }), fc.nat(1000), fc.nat(1000), fc.integer({ min: 1, max: 9 }), (m, seed, k, other) => {
        const a = slot(seed, m, k);
        slot(seed + 1, other, k + 1); // a different size in between must not disturb buffers
        const fresh = new Generator().generateSlot(seed, m, k);
        expect(fresh.ok).toBe(true);
        if (!fresh.ok) return;
        const b = fresh.puzzle;
        expect(Array.from(b.board.cells)).toEqual(Array.from(a.board.cells));
        expect(b.solution).toEqual(a.solution);
        expect([b.attempts, b.nodes, b.canonicalHash]).toEqual([a.attempts, a.nodes, a.canonicalHash]);
      }),
      { numRuns: 60 },
    );
  });

  it('gives different puzzles to different slots and seeds', () => {
    for (const m of [3, 6, 9]) {
      const hashes = new Set<string>();
      for (let k = 0; k < 40; k++) hashes.add(slot(1, m, k).canonicalHash);
      for (let s = 2; s < 12; s++) hashes.add(slot(s, m, 0).canonicalHash);
      // 4×5 boards are few enough that two of 50 slots may meet; larger ones never should.
      expect(hashes.size, `M=${m}`).toBeGreaterThanOrEqual(m === 3 ? 45 : 50);
    }
  });

  it('returns kept boards that later slots do not overwrite', () => {
    const a = slot(5, 6, 0);
    const copy = Array.from(a.board.cells);
    slot(5, 6, 1);
    expect(Array.from(a.board.cells)).toEqual(copy);
  });

  it('reports failures as values', () => {
    const none = gen.generateSlot(1, 6, 0, { maxAttempts: 0 });
    expect(none).toEqual({ ok: false, attempts: 0, reason: 'no unique deal in 0 attempts' });
    expect(gen.generateSlot(1, 0, 0).ok).toBe(false);
    expect(gen.generateSlot(1, 2.5, 0).ok).toBe(false);
    expect(gen.generateSlot(1, 3, -1).ok).toBe(false);
    // Too large for rejection's exact tiling sampler: refused before any attempt.
    const big = gen.generateSlot(1, 20, 0, { method: 'rejection' });
    expect(big.ok === false && big.attempts === 0).toBe(true);
    expect(gen.generateSlot(1, 1, 0, { method: 'repair' }).ok).toBe(false);
  });

  it('counts rejected deals: a one-attempt cap fails exactly when the slot needed more', () => {
    for (let k = 0; k < 30; k++) {
      const full = slot(8, 5, k);
      const capped = gen.generateSlot(8, 5, k, { maxAttempts: 1 });
      expect(capped.ok).toBe(full.attempts === 1);
      if (!capped.ok) expect(capped.attempts).toBe(1);
    }
  });

  it('supports M up to 12', () => {
    for (const m of [11, 12]) {
      const p = slot(1, m, 0);
      expect(solver.solve(p.board).status).toBe('unique');
      expect(checkSolution(p.board, p.solution)).toBeNull();
    }
  });
});
