// Tests for src/repair.ts through the Generator's repair method: every board is unique by the
// independent exact-cover counter with the kept solution, the proof the generator names is the
// level the layered score finds, slots are deterministic, and budgets end slots as values;
// graded runs keep boards whose grade is in the band, with a proof that matches it.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countExactCover } from '../../../src/dominosa/solve/exactcover.js';
import { Generator, methodFor } from '../../../src/dominosa/make/generator.js';
import { GRADE_BANDS } from '../../../src/dominosa/rank/bands.js';
import { layerOf, layeredScore } from '../../../src/dominosa/rank/layered.js';
import type { Board } from '../../../src/dominosa/board.js';
import { canonicalBoard } from '../../../src/dominosa/transform.js';
import { STORED_GRADE_MAX_NODES } from '../../../src/dominosa/rank/stored.js';
import { gradeBoard, SEARCH_LEVEL } from '../../../src/dominosa/grade/ladder.js';
import { TIERS } from '../../../src/rank/tiers.js';
import { referenceNodes } from '../../../src/dominosa/rank/reference.js';
import { PREREPAIR_MIN_M, PROBE_MAX_M, Repairer, SEARCH_MAX_M } from '../../../src/dominosa/make/repair.js';
import type { RootLayer } from '../../../src/dominosa/solve/layers.js';
import { derive } from '../../../src/rng.js';
import { checkSolution, solutionKey } from '../../../src/dominosa/solve/solution.js';
import { Solver } from '../../../src/dominosa/solve/solver.js';
import { canonicalHash } from '../../../src/dominosa/transform.js';

/** The grade as the catalog stores it (rank/stored.ts), with solved: what graded generation keeps. */
const graded = (b: Board) => gradeBoard(canonicalBoard(b), { maxSearchNodes: STORED_GRADE_MAX_NODES });

const gen = new Generator();
const solver = new Solver();

function repaired(seed: number, m: number, k: number) {
  const res = gen.generateSlot(seed, m, k, { method: 'repair' });
  if (!res.ok) throw new Error(`M=${m} slot ${k}: ${res.reason}`);
  return res.puzzle;
}

describe('repair generation', () => {
  it('keeps only boards the exact-cover counter proves unique, with the kept solution', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 16 }), fc.nat(1000), fc.nat(10_000), (m, seed, k) => {
        const p = repaired(seed, m, k);
        expect([p.board.rows, p.board.cols]).toEqual([m + 1, m + 2]);
        expect(checkSolution(p.board, p.solution)).toBeNull();
        const dlx = countExactCover(p.board);
        expect(dlx.status).toBe('unique');
        expect(solutionKey(dlx.solution!)).toBe(solutionKey(p.solution));
        expect(p.method).toBe('repair');
        expect(p.attempts).toBeGreaterThanOrEqual(1);
        expect(p.nodes).toBe(referenceNodes(p.board, solver));
        expect(p.canonicalHash).toBe(canonicalHash(p.board));
      }),
      { numRuns: 120 },
    );
  });

  it('names the proof that settled the board, and the layered score agrees', () => {
    const seen = new Set<RootLayer>();
    for (const m of [13, 16, 20]) {
      for (let k = 0; k < 24; k++) {
        const p = repaired(5, m, k);
        seen.add(p.proof!);
        const cells = p.board.rows * p.board.cols;
        const layer = layerOf(layeredScore(p.board, solver), cells);
        const open = solver.deduce(p.board, { live: false }).undecidedCells;
        const afterProbing = solver.deduce(p.board, { probe: 'root', live: false }).undecidedCells;
        if (p.proof === 'singles') expect(layer).toBe('singles');
        if (p.proof === 'rules') {
          expect(open).toBe(0);
          expect(['singles', 'rules']).toContain(layer);
        }
        if (p.proof === 'probing') {
          expect([open > 0, afterProbing]).toEqual([true, 0]);
          expect(layer).toBe('probing');
        }
        if (p.proof === 'search') {
          expect(afterProbing).toBeGreaterThan(0);
          expect(layer).toBe('search');
          expect(p.proofNodes).toBeGreaterThan(1);
        } else expect(p.proofNodes).toBe(1);
      }
    }
    // Every goal shows up (a quarter each is drawn at these sizes).
    expect([...seen].sort()).toEqual(['probing', 'rules', 'search', 'singles']);
  });

  it('settles probing-goal boards by probing above PREREPAIR_MIN_M too, where the rules repair first', () => {
    const m = PREREPAIR_MIN_M + 9;
    let checked = 0;
    for (let k = 0; checked < 2; k++) {
      const p = repaired(6, m, k);
      if (p.goal !== 'probing') continue;
      checked++;
      // The probing goal keeps a deal the rules settle (rarely); otherwise probing must be needed.
      if (p.proof === 'rules') continue;
      expect(p.proof).toBe('probing');
      expect(solver.deduce(p.board, { live: false }).undecidedCells).toBeGreaterThan(0);
      expect(solver.deduce(p.board, { probe: 'root', live: false }).undecidedCells).toBe(0);
      const res = solver.solve(p.board, { probe: 'all' });
      expect(res.status).toBe('unique');
      expect(solutionKey(res.solution!)).toBe(solutionKey(p.solution));
    }
  });

  it('gives the same board for the same (seed, M, slot), whatever ran before', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 13, max: 24 }),
        fc.nat(1000),
        fc.nat(1000),
        fc.integer({ min: 3, max: 20 }),
        (m, seed, k, other) => {
          const a = repaired(seed, m, k);
          gen.generateSlot(seed + 1, other, k + 1, { method: 'repair' }); // other buffers in between
          const fresh = new Generator().generateSlot(seed, m, k, { method: 'repair' });
          if (!fresh.ok) throw new Error(fresh.reason);
          const b = fresh.puzzle;
          expect(Array.from(b.board.cells)).toEqual(Array.from(a.board.cells));
          expect(b.solution).toEqual(a.solution);
          expect([b.attempts, b.steps, b.proofNodes, b.nodes, b.goal, b.proof]).toEqual([
            a.attempts,
            a.steps,
            a.proofNodes,
            a.nodes,
            a.goal,
            a.proof,
          ]);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('returns boards that later slots do not overwrite', () => {
    const a = repaired(9, 20, 0);
    const copy = Array.from(a.board.cells);
    repaired(9, 20, 1);
    expect(Array.from(a.board.cells)).toEqual(copy);
  });

  it('makes boards far beyond rejection: M = 40, unique by the solver', () => {
    const p = repaired(1, 40, 0);
    expect(checkSolution(p.board, p.solution)).toBeNull();
    const res = solver.solve(p.board, { probe: 'all', maxNodes: 10_000 });
    expect(res.status).toBe('unique');
    expect(solutionKey(res.solution!)).toBe(solutionKey(p.solution));
  });

  it('gives up as a value: out of deals, or interrupted', () => {
    // The first poll already says stop: no deal is made, and the slot is a timeout, not a verdict.
    const stopped = gen.generateSlot(1, 20, 0, { method: 'repair', interrupt: () => true });
    expect(stopped).toEqual({ ok: false, attempts: 0, reason: 'the time budget ran out', timedOut: true });
    // A slot that needs many mutations stops part-way through once the interrupt fires.
    let k = 0;
    while (repaired(1, 30, k).steps < 20) k++;
    let polls = 0;
    const later = gen.generateSlot(1, 30, k, { method: 'repair', interrupt: () => ++polls > 5 });
    expect(later.ok === false && later.timedOut === true).toBe(true);
    expect(polls).toBe(6);
    // A deal budget of one either suffices or fails cleanly (never timedOut).
    let failures = 0;
    for (let k = 0; k < 40; k++) {
      const r = gen.generateSlot(2, 14, k, { method: 'repair', maxAttempts: 1 });
      if (r.ok) expect(r.puzzle.attempts).toBe(1);
      else {
        failures++;
        expect(r).toEqual({ ok: false, attempts: 1, reason: 'no unique board in 1 deal', timedOut: false });
      }
    }
    // The search goal needs several deals at M=14, so some slots (about a quarter) must fail.
    expect(failures).toBeGreaterThan(0);
  });

  it('stopped at any poll (inside the flip chain and the deductions too), gives up, and never makes another board', () => {
    // A generator each run: the solver's poll counters carry over from one slot to the next.
    for (const k of [0, 1, 2]) {
      let total = 0;
      const free = new Generator().generateSlot(3, 24, k, { method: 'repair', interrupt: () => (total++, false) });
      expect(free.ok).toBe(true);
      // The flip chain polls once a sweep: 200 polls a tiling, before any deduction.
      expect(total).toBeGreaterThan(200);
      for (const at of new Set([1, 100, 201, Math.ceil(total / 2), total])) {
        let polls = 0;
        const cut = new Generator().generateSlot(3, 24, k, { method: 'repair', interrupt: () => ++polls >= at });
        expect({ k, at, cut, polls }).toEqual({
          k,
          at,
          cut: { ok: false, attempts: expect.any(Number), reason: 'the time budget ran out', timedOut: true },
          polls: at,
        });
      }
      let polls = 0;
      expect(new Generator().generateSlot(3, 24, k, { method: 'repair', interrupt: () => ++polls > total })).toEqual(
        free,
      );
    }
  });
});

describe('graded repair', () => {
  it('keeps unique boards whose grade is in the band, named by the proof that settled them', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 13, max: 22 }),
        fc.nat(1000),
        fc.nat(10_000),
        fc.constantFrom(...TIERS),
        (m, seed, k, tier) => {
          const band = GRADE_BANDS[tier];
          const res = gen.generateSlot(seed, m, k, { method: 'repair', grade: band });
          if (!res.ok) throw new Error(`M=${m} slot ${k} ${tier}: ${res.reason}`);
          const p = res.puzzle;
          const dlx = countExactCover(p.board);
          expect(dlx.status).toBe('unique');
          expect(solutionKey(dlx.solution!)).toBe(solutionKey(p.solution));
          const g = graded(p.board);
          expect(g.level).toBeGreaterThanOrEqual(band.minLevel);
          expect(g.level).toBeLessThanOrEqual(band.maxLevel);
          expect([p.grade, p.level, p.score]).toEqual([g.grade, g.level, g.score]);
          const open = solver.deduce(p.board, { live: false }).undecidedCells;
          if (g.level <= 2) {
            // Levels 1–2 are the rules' own: the rules finish the board, the proof is theirs.
            expect(open).toBe(0);
            expect(p.proof).toBe(g.level === 1 ? 'singles' : 'rules');
            expect(p.proofNodes).toBe(1);
          } else {
            expect(open).toBeGreaterThan(0);
            expect(['probing', 'search']).toContain(p.proof);
            if (p.proof === 'probing') {
              expect(p.proofNodes).toBe(1);
              expect(solver.deduce(p.board, { probe: 'root', live: false }).undecidedCells).toBe(0);
            } else expect(p.proofNodes).toBeGreaterThan(1);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('leaves ungraded repair as it was: the same slot without a band ignores grading', () => {
    for (let k = 0; k < 6; k++) {
      const a = repaired(4, 18, k);
      expect([a.grade, a.level, a.score]).toEqual([undefined, undefined, undefined]);
      const b = new Generator().generateSlot(4, 18, k, { method: 'repair' });
      if (!b.ok) throw new Error(b.reason);
      expect(Array.from(b.puzzle.board.cells)).toEqual(Array.from(a.board.cells));
    }
  });

  it('stops a walk part-way on the interrupt, and out of deals as a value', () => {
    let polls = 0;
    const later = gen.generateSlot(2, 30, 0, {
      method: 'repair',
      grade: GRADE_BANDS.hard,
      interrupt: () => ++polls > 40,
    });
    expect(later.ok === false && later.timedOut === true).toBe(true);
    expect(polls).toBe(41);
    let failures = 0;
    for (let k = 0; k < 10; k++) {
      const r = gen.generateSlot(3, 16, k, {
        method: 'repair',
        grade: { minLevel: SEARCH_LEVEL, maxLevel: SEARCH_LEVEL },
        maxAttempts: 1,
      });
      if (r.ok) expect(r.puzzle.attempts).toBe(1);
      else {
        failures++;
        expect(r).toEqual({
          ok: false,
          attempts: 1,
          reason: 'no board of the wanted grade in 1 deal',
          timedOut: false,
        });
      }
    }
    expect(failures).toBeGreaterThan(0);
  });
});

describe('Repairer.drawGoal and methodFor', () => {
  it('draws each goal about a quarter of the time, and only the feasible ones at large M', () => {
    const tally = (m: number): Record<string, number> => {
      const t: Record<string, number> = {};
      for (let k = 0; k < 4000; k++) {
        const g = Repairer.drawGoal(m, derive(1, m, k));
        t[g] = (t[g] ?? 0) + 1;
      }
      return t;
    };
    const small = tally(20);
    for (const g of ['singles', 'rules', 'probing', 'search']) expect(Math.abs(small[g] - 1000)).toBeLessThan(150);
    const mid = tally(SEARCH_MAX_M + 1);
    expect(mid.search).toBeUndefined();
    expect(Math.abs(mid.rules - 2000)).toBeLessThan(200);
    const big = tally(PROBE_MAX_M + 1);
    expect(Object.keys(big).sort()).toEqual(['rules', 'singles']);
  });

  it('picks rejection up to M=12 and repair above', () => {
    expect([9, 12, 13, 100].map(methodFor)).toEqual(['rejection', 'rejection', 'repair', 'repair']);
  });
});
