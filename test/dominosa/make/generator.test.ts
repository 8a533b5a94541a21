// Tests for src/generate.ts: every kept puzzle is unique by both solvers and answers to its own
// solution; slots are deterministic and independent; the recorded fields are consistent; graded
// slots keep only puzzles whose regrade lies in the target (and `generate --grade` says so).
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { countExactCover } from '../../../src/dominosa/solve/exactcover.js';
import { Generator, type GeneratedPuzzle } from '../../../src/dominosa/make/generator.js';
import { boardFromGrid } from '../../../src/dominosa/board.js';
import { bandOfLevel, GRADE_BANDS, parseGradeTarget, type GradeTarget } from '../../../src/dominosa/rank/bands.js';
import type { Board } from '../../../src/dominosa/board.js';
import { canonicalBoard } from '../../../src/dominosa/transform.js';
import { STORED_GRADE_MAX_NODES } from '../../../src/dominosa/rank/stored.js';
import { gradeBoard, LEVELS, SEARCH_LEVEL } from '../../../src/dominosa/grade/ladder.js';
import { referenceNodes } from '../../../src/dominosa/rank/reference.js';
import { TIERS } from '../../../src/rank/tiers.js';
import { checkSolution, solutionKey } from '../../../src/dominosa/solve/solution.js';
import { PINNED_PROBING, RULES, Solver } from '../../../src/dominosa/solve/solver.js';
import { openCells } from '../../../src/dominosa/solve/layers.js';
import { canonicalHash } from '../../../src/dominosa/transform.js';
import { plantedBoard } from '../../helpers/boards.js';
import { cli } from '../../helpers/cli.js';

/** The grade as the catalog stores it (rank/stored.ts), with solved: what graded generation keeps. */
const graded = (b: Board) => gradeBoard(canonicalBoard(b), { maxSearchNodes: STORED_GRADE_MAX_NODES });

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
        expect(p.nodes).toBe(referenceNodes(p.board, solver));
        expect(p.canonicalHash).toBe(canonicalHash(p.board));
        expect(p.canonical).toEqual(canonicalBoard(p.board));
        expect(p.method).toBe('rejection');
        // Ungraded slots carry no grade: their output is as it always was.
        expect([p.grade, p.level, p.score]).toEqual([undefined, undefined, undefined]);
      }),
      { numRuns: 150 },
    );
  });

  it('gives the same puzzle for the same (seed, M, slot), whatever ran before', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 9 }),
        fc.nat(1000),
        fc.nat(1000),
        fc.integer({ min: 1, max: 9 }),
        (m, seed, k, other) => {
          const a = slot(seed, m, k);
          slot(seed + 1, other, k + 1); // a different size in between must not disturb buffers
          const fresh = new Generator().generateSlot(seed, m, k);
          expect(fresh.ok).toBe(true);
          if (!fresh.ok) return;
          const b = fresh.puzzle;
          expect(Array.from(b.board.cells)).toEqual(Array.from(a.board.cells));
          expect(b.solution).toEqual(a.solution);
          expect([b.attempts, b.nodes, b.canonicalHash]).toEqual([a.attempts, a.nodes, a.canonicalHash]);
        },
      ),
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

function target(name: string): GradeTarget {
  const r = parseGradeTarget(name);
  if (!r.ok) throw new Error(r.error);
  return r.target;
}

/** Unique by both solvers with its own solution, and regraded from scratch to its reported grade inside the target. */
function expectGradedPuzzle(p: GeneratedPuzzle, t: GradeTarget): void {
  expect(checkSolution(p.board, p.solution)).toBeNull();
  const fast = solver.solve(p.board);
  expect(fast.status).toBe('unique');
  expect(solutionKey(fast.solution!)).toBe(solutionKey(p.solution));
  expect(countExactCover(p.board).status).toBe('unique');
  const g = graded(p.board);
  expect(g.solved).toBe(true);
  expect(g.level).toBeGreaterThanOrEqual(t.minLevel);
  expect(g.level).toBeLessThanOrEqual(t.maxLevel);
  expect([p.grade, p.level, p.score]).toEqual([g.grade, g.level, g.score]);
  // Measured and hashed once on the canonical board: what measuring the board from scratch gives.
  expect(p.canonical).toEqual(canonicalBoard(p.board));
  expect(p.canonicalHash).toBe(canonicalHash(p.board));
  expect(p.nodes).toBe(referenceNodes(p.board, solver));
}

describe('graded generation', () => {
  it('keeps only unique puzzles that regrade inside the band (M = 4..9)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 9 }),
        fc.nat(1000),
        fc.nat(10_000),
        fc.constantFrom(...TIERS),
        (m, seed, k, tier) => {
          const t = target(tier);
          const res = gen.generateSlot(seed, m, k, { grade: t });
          if (!res.ok) throw new Error(`M=${m} slot ${k} ${tier}: ${res.reason}`);
          expectGradedPuzzle(res.puzzle, t);
        },
      ),
      { numRuns: 120 },
    );
  });

  it('hits single levels too, or gives up within the deal budget', () => {
    // A fixed fast-check seed, so the count of hits is a fact this test can check: a generator
    // that always gave up would pass each run's give-up check and fail the count.
    let hits = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 9 }),
        fc.nat(1000),
        fc.nat(10_000),
        fc.constantFrom(...LEVELS),
        (m, seed, k, level) => {
          const t = target(level.name);
          const res = gen.generateSlot(seed, m, k, { grade: t, maxAttempts: 300 });
          if (!res.ok) {
            expect(res).toEqual({
              ok: false,
              attempts: 300,
              reason: 'no unique deal of the wanted grade in 300 attempts',
            });
            return;
          }
          hits++;
          expectGradedPuzzle(res.puzzle, t);
          expect(res.puzzle.grade).toBe(level.name);
        },
      ),
      { numRuns: 60, seed: 26 },
    );
    expect(hits).toBeGreaterThanOrEqual(50);
  });

  it('hits every single level at one pinned slot, and gives up on one no deal can reach', () => {
    for (const level of LEVELS) {
      const t = target(level.name);
      const res = gen.generateSlot(1, 6, 0, { grade: t, maxAttempts: 300 });
      expect(res.ok, level.name).toBe(true);
      if (res.ok) expect(res.puzzle.grade).toBe(level.name);
    }
    // Search-level boards at M = 4 are rare: the slot gives up at its budget, saying so.
    expect(gen.generateSlot(1, 4, 0, { grade: target('search'), maxAttempts: 300 })).toEqual({
      ok: false,
      attempts: 300,
      reason: 'no unique deal of the wanted grade in 300 attempts',
    });
  });

  it('keeps the first unique deal whose grade is in the band', () => {
    // The ungraded slot keeps the first unique deal; graded with that deal's own band, the
    // same slot must keep the same deal, and graded with a band above it, a later one.
    for (let k = 0; k < 40; k++) {
      const plain = slot(3, 7, k);
      const level = graded(plain.board).level;
      const tier = bandOfLevel(level);
      // A deal beyond every band has its own level as its band.
      const own = tier === null ? { minLevel: level, maxLevel: level } : GRADE_BANDS[tier];
      const same = gen.generateSlot(3, 7, k, { grade: own });
      if (!same.ok) throw new Error(same.reason);
      expect(Array.from(same.puzzle.board.cells)).toEqual(Array.from(plain.board.cells));
      expect(same.puzzle.attempts).toBe(plain.attempts);
      if (own.maxLevel < SEARCH_LEVEL) {
        const above = gen.generateSlot(3, 7, k, { grade: { minLevel: own.maxLevel + 1, maxLevel: SEARCH_LEVEL } });
        if (!above.ok) throw new Error(above.reason);
        expect(above.puzzle.attempts).toBeGreaterThan(plain.attempts);
      }
    }
  });

  it("reads the rules' verdict off the uniqueness proof: one node exactly when the four rules settle the root", () => {
    // Graded rejection skips a root deduction on this; the proof probes only past its root.
    const prove = { ...PINNED_PROBING, rules: RULES, cap: 2, maxNodes: 50_000, squareSwap: true, solution: false };
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 9 }), fc.nat(1_000_000), (m, k) => {
        const { board } = plantedBoard(m, 41, k, { avoid: true });
        const res = solver.solve(board, prove);
        if (res.status !== 'unique') return;
        expect(res.nodes === 1).toBe(openCells(solver, board, 'rules') === 0);
      }),
      { numRuns: 400 },
    );
  });

  it('reaches hard and expert by repair at M = 15 and 20', () => {
    for (const m of [15, 20]) {
      for (const tier of ['hard', 'expert'] as const) {
        for (let k = 0; k < 4; k++) {
          const t = target(tier);
          const res = gen.generateSlot(11, m, k, { grade: t });
          if (!res.ok) throw new Error(`M=${m} slot ${k} ${tier}: ${res.reason}`);
          expect(res.puzzle.method).toBe('repair');
          expectGradedPuzzle(res.puzzle, t);
        }
      }
    }
  });

  it('gives the same puzzle for the same (seed, M, slot, target), whatever ran before', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(5, 9, 14),
        fc.nat(1000),
        fc.nat(1000),
        fc.constantFrom(...TIERS),
        (m, seed, k, tier) => {
          const t = target(tier);
          const a = gen.generateSlot(seed, m, k, { grade: t });
          gen.generateSlot(seed + 1, 6, k + 1, { grade: target('expert') });
          const b = new Generator().generateSlot(seed, m, k, { grade: t });
          if (!a.ok || !b.ok) throw new Error('slot failed');
          expect(Array.from(b.puzzle.board.cells)).toEqual(Array.from(a.puzzle.board.cells));
          expect([b.puzzle.attempts, b.puzzle.steps, b.puzzle.score]).toEqual([
            a.puzzle.attempts,
            a.puzzle.steps,
            a.puzzle.score,
          ]);
        },
      ),
      { numRuns: 20 },
    );
  });

  it('refuses a band holding no level, and gives up on budgets as values', () => {
    for (const band of [
      { minLevel: 5, maxLevel: 3 },
      { minLevel: SEARCH_LEVEL + 1, maxLevel: SEARCH_LEVEL + 2 },
      { minLevel: -2, maxLevel: 0 },
    ]) {
      const r = gen.generateSlot(1, 6, 0, { grade: band });
      expect(r.ok === false && r.attempts === 0, JSON.stringify(band)).toBe(true);
    }
    for (const m of [6, 16]) {
      const stopped = gen.generateSlot(1, m, 0, { grade: target('hard'), interrupt: () => true });
      expect(stopped).toEqual({ ok: false, attempts: 0, reason: 'the time budget ran out', timedOut: true });
      const one = gen.generateSlot(1, m, 0, { grade: target('search'), maxAttempts: 1 });
      if (!one.ok) expect([one.attempts, one.timedOut ?? false]).toEqual([1, false]);
    }
  });
});

describe('dominosa generate --grade', () => {
  it('prints each puzzle with its grade, inside the target', () => {
    const r = cli(['generate', '--sizes', '8', '--count', '4', '--seed', '3', '--grade', 'hard']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; grid: number[][]; grade: string; level: number; score: number });
    expect(lines).toHaveLength(4);
    // The target is in the id: slot 0 with and without --grade are two puzzles, so two ids.
    expect(lines.map((l) => l.id)).toEqual([0, 1, 2, 3].map((k) => `m8-s3-hard-${k}`));
    // Nothing on stderr when it is not a terminal: no bar, no log lines.
    expect(r.stderr).toBe('');
    for (const l of lines) {
      const b = boardFromGrid(l.grid, 0);
      if (!b.ok) throw new Error(b.error.message);
      expect(solver.solve(b.board).status).toBe('unique');
      const g = graded(b.board);
      expect([l.grade, l.level, l.score]).toEqual([g.grade, g.level, g.score]);
      expect(bandOfLevel(l.level)).toBe('hard');
    }
    const text = cli([
      'generate',
      '--sizes',
      '8',
      '--count',
      '1',
      '--seed',
      '3',
      '--grade',
      'hard',
      '--format',
      'text',
    ]);
    expect(text.stdout).toMatch(
      new RegExp(`grade: ${lines[0].grade} \\(level ${lines[0].level}, score \\d\\.\\d{3}\\)`),
    );
    // Without --grade the lines carry no grade fields.
    const plain = cli(['generate', '--sizes', '8', '--count', '1', '--seed', '3']);
    expect(Object.keys(JSON.parse(plain.stdout) as object)).toEqual([
      'id',
      'n',
      'rows',
      'cols',
      'grid',
      'solution',
      'nodes',
      'attempts',
      'method',
    ]);
    expect((JSON.parse(plain.stdout) as { id: string }).id).toBe('m8-s3-0');
  });

  it('refuses a bad target with one line and exit 2', () => {
    for (const bad of ['medium', '5']) {
      const r = cli(['generate', '--sizes', '6', '--count', '1', '--grade', bad]);
      expect(r.code, bad).toBe(2);
      expect(r.stderr).toMatch(/^dominosa: --grade: unknown grade target .*\n$/);
      expect(r.stdout).toBe('');
    }
    // An empty value is refused as every option refuses one.
    const empty = cli(['generate', '--sizes', '6', '--count', '1', '--grade', '']);
    expect([empty.code, empty.stderr, empty.stdout]).toEqual([2, 'dominosa: --grade needs a value\n', '']);
    expect(cli(['generate', '--help']).stdout).toMatch(/--grade\s+keep only puzzles of this human grade/);
  });

  it('gives up on --max-attempts with one line and exit 1', () => {
    const r = cli(['generate', '--sizes', '4', '--count', '3', '--grade', 'search', '--max-attempts', '2']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^dominosa: slot \d: no unique deal of the wanted grade in 2 attempts\n$/);
  });
});
