// Tests for src/dominosa/check.ts, what only Dominosa's checks do (test/catalog/check.test.ts runs
// what the kinds share): a changed cell is named, boards that are not unique are caught, the two
// solvers must agree, nodes and grades are measured again only under versions that count alike,
// tiers are checked on the measure their size is cut by (bands under the grade rule), tiers of a
// size must not overlap, and the default proof budget is solve's.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Board } from '../../src/dominosa/board.js';
import type { StoredPuzzle } from '../../src/catalog/check.js';
import { checkPuzzle, checkRow, checks, checkTierOrder, type PuzzleContext } from '../../src/dominosa/check.js';
import { gridText } from '../../src/dominosa/stored.js';
import { countExactCover } from '../../src/dominosa/solve/exactcover.js';
import { Generator } from '../../src/dominosa/make/generator.js';
import { REFERENCE_VERSION } from '../../src/dominosa/rank/reference.js';
import { bandOfLevel } from '../../src/dominosa/rank/bands.js';
import { SEARCH_LEVEL } from '../../src/dominosa/grade/ladder.js';
import { GRADER_VERSION } from '../../src/dominosa/rank/stored.js';
import { TIERS, tierOf, type Thresholds } from '../../src/rank/tiers.js';
import { Solver } from '../../src/dominosa/solve/solver.js';
import { plantedBoard, shuffledBoard } from '../helpers/boards.js';
import { dominosaRows, seal } from '../helpers/stored-rows.js';

const TH: Thresholds = { t1: 3, t2: 8, t3: 15 };
const gen = new Generator();
const RULE = { measure: 'nodes' as const, th: TH };
const solver = new Solver();
const ctx: PuzzleContext = { rule: RULE, solverVersion: REFERENCE_VERSION, graderVersion: GRADER_VERSION, solver };
const bare: PuzzleContext = { rule: null, solverVersion: null, graderVersion: null, solver };

/** Base puzzle `id` (slot k of size m, seed 5) and its three variants with ids id+1..id+3. */
const stored = (m: number, k: number, id: number): StoredPuzzle[] => dominosaRows(m, k, id, 3, gen);

const kinds = (p: StoredPuzzle, base: StoredPuzzle | null, c = ctx) => checkPuzzle(seal(p), base, c).map((f) => f.kind);

/** The row with its grid's rows of numbers edited (the catalog's grid column: one base-36 digit a cell up to M = 35). */
function withGrid(p: StoredPuzzle, edit: (g: number[][]) => void): StoredPuzzle {
  const g = Array.from({ length: p.rows }, (_, r) =>
    [...p.grid.slice(r * p.cols, (r + 1) * p.cols)].map((c) => parseInt(c, 36)),
  );
  edit(g);
  return {
    ...p,
    grid: g
      .flat()
      .map((v) => v.toString(36))
      .join(''),
  };
}

function row(board: Board, id: number): StoredPuzzle {
  return {
    id,
    kind: 'dominosa',
    m: board.m,
    rows: board.rows,
    cols: board.cols,
    grid: gridText(board),
    solution: '',
    tier: 'easy',
    nodes: 1,
    score: 1,
    attempts: 1,
    canonical_hash: '0'.repeat(64),
    base_id: null,
    transform: null,
    seed: 1,
    slot: 0,
    method: 'rejection',
    checksum: '',
  };
}

describe('checkPuzzle', () => {
  it('passes sound bases and variants of several sizes', () => {
    for (const m of [2, 3, 5, 8]) {
      const [base, ...variants] = stored(m, m, 100);
      expect(checkPuzzle(base, null, ctx)).toEqual([]);
      expect(variants.length).toBe(3);
      for (const v of variants) expect(checkPuzzle(v, base, ctx)).toEqual([]);
    }
  });

  it('reports a changed grid cell as an invalid grid, and stops there', () => {
    const [base] = stored(4, 1, 1);
    const bad = withGrid(base, (g) => (g[0][0] = (g[0][0] + 1) % 5));
    const f = checkPuzzle(seal(bad), null, ctx);
    expect(f.map((x) => x.kind)).toEqual(['grid-invalid']);
    expect(f[0]).toMatchObject({ puzzleId: 1, detail: expect.stringMatching(/appears \d+ times/) });
    expect(kinds({ ...base, grid: '[[0,1' }, null)).toEqual(['grid-invalid']);
    expect(kinds({ ...base, m: 5 }, null)).toEqual(['grid-invalid']);
    expect(kinds({ ...base, rows: 6, cols: 5 }, null)).toEqual(['grid-invalid']);
  });

  it('reports two swapped cells through the solution and the hash', () => {
    const [base] = stored(5, 2, 1);
    // Swap the first two cells holding different values: counts stay right, the puzzle changes.
    const bad = withGrid(base, (g) => {
      const flat = g.flat();
      const j = flat.findIndex((v) => v !== flat[0]);
      const cols = g[0].length;
      [g[0][0], g[Math.floor(j / cols)][j % cols]] = [flat[j], flat[0]];
    });
    const k = kinds(bad, null);
    expect(k).toContain('wrong-solution');
    expect(k).toContain('hash-mismatch');
  });

  it('reports a solution that is no list of dominoes', () => {
    const [a] = stored(4, 3, 1);
    expect(kinds({ ...a, solution: '[[0,0,0]]' }, null)).toEqual(['wrong-solution']);
  });

  it('reports puzzles that are not unique, or have no solution', () => {
    const multiple = Array.from({ length: 50 }, (_, k) => plantedBoard(4, 9, k).board).find(
      (b) => countExactCover(b).status === 'multiple',
    ) as Board;
    const none = Array.from({ length: 50 }, (_, k) => shuffledBoard(4, 9, k)).find(
      (b) => countExactCover(b).status === 'none',
    ) as Board;
    const m = kinds(row(multiple, 7), null, bare);
    expect(m).toContain('not-unique');
    const n = checkPuzzle(seal(row(none, 8)), null, bare);
    expect(n.find((f) => f.kind === 'not-unique')?.detail).toMatch(/no solution/);
  });

  it('a budget that has run out fails the proofs as gave-up, naming it, and concludes nothing else', () => {
    fc.assert(
      fc.property(fc.constantFrom(2, 3, 4, 5, 6), fc.nat(20), fc.boolean(), (m, k, wrongScore) => {
        const [base] = stored(m, k, 1);
        const p = seal(wrongScore ? { ...base, score: base.score + 0.001 } : base);
        const spent = checkPuzzle(p, null, { ...ctx, interrupt: () => true, budget: 'time limit 2 s' });
        expect(spent.map((f) => f.kind)).toEqual(['gave-up']);
        expect(spent[0].detail).toBe('gave up within the budget (time limit 2 s) before proving it unique');
        // A budget never spent changes nothing: the proofs run, and a wrong score is found.
        expect(checkPuzzle(p, null, { ...ctx, interrupt: () => false }).map((f) => f.kind)).toEqual(
          wrongScore ? ['grade-mismatch'] : [],
        );
      }),
      { numRuns: 20, seed: 27 },
    );
  });

  it('a budget that runs out during a proof stops it there', () => {
    const [base] = stored(6, 2, 1);
    let polls = 0;
    // Out after its first answer: the solvers' own polls meet it mid-proof.
    const f = checkPuzzle(base, null, { ...ctx, interrupt: () => polls++ > 0 });
    expect(f.map((x) => x.kind)).toEqual(['gave-up']);
    expect(f[0].detail).toMatch(
      /^gave up within the budget (while proving it unique|while measuring its reference nodes|while grading it)$/,
    );
  });

  it('a row that fails its checksum is reported, not proved', () => {
    const multiple = Array.from({ length: 50 }, (_, k) => plantedBoard(4, 9, k).board).find(
      (b) => countExactCover(b).status === 'multiple',
    ) as Board;
    const r = row(multiple, 7);
    expect(kinds(r, null, bare)).toContain('not-unique');
    let asked = 0;
    const f = checkPuzzle({ ...seal(r), checksum: 'bad' }, null, { ...bare, interrupt: () => (asked++, false) });
    expect(f.map((x) => x.kind)).not.toContain('not-unique');
    expect(f.map((x) => x.kind)).toContain('checksum-mismatch');
    expect(asked).toBe(0);
  });

  it('reports two solvers that disagree', () => {
    const [base] = stored(4, 5, 1);
    const liar = { solve: () => ({ status: 'multiple', solutions: 2, nodes: 1, solution: null }) } as unknown as Solver;
    const f = checkPuzzle(base, null, { ...ctx, solverVersion: 'other', solver: liar });
    expect(f.map((x) => x.kind)).toEqual(['solvers-disagree']);
    expect(f[0].detail).toMatch(/independent proof \(exact-cover\) says unique, the propagation solver says multiple/);
  });

  it('re-measures nodes only under the recorded solver version', () => {
    const [base] = stored(6, 1, 1);
    const off = { ...base, nodes: base.nodes + 1, tier: tierOf(base.nodes + 1, TH) };
    expect(kinds(off, null)).toEqual(['nodes-mismatch']);
    expect(kinds(off, null, { ...ctx, solverVersion: 'ref-0' })).toEqual([]);
    expect(kinds(off, null, { ...ctx, solverVersion: null })).toEqual([]);
  });

  it('re-grades bases under the recorded grader version only', () => {
    const [base] = stored(6, 2, 1);
    const off = { ...base, score: base.score === 1 ? 1.5 : 1 };
    expect(kinds(off, null, { ...ctx, rule: null })).toEqual(['grade-mismatch']);
    expect(kinds(off, null, { ...ctx, rule: null, graderVersion: 'grade-0' })).toEqual([]);
  });

  it('checks no tier when the size has no thresholds', () => {
    const [base] = stored(5, 6, 1);
    const wrong = base.tier === 'expert' ? 'easy' : 'expert';
    expect(kinds({ ...base, tier: wrong }, null)).toEqual(['tier-mismatch']);
    expect(kinds({ ...base, tier: wrong }, null, { ...ctx, rule: null })).toEqual([]);
  });

  it('reports a variant that is not its base under its transform', () => {
    const [base, v1, v2] = stored(5, 8, 1);
    const wrongTransform = v1.transform === 'mirror-v' ? 'mirror-h' : 'mirror-v';
    expect(kinds({ ...v1, transform: wrongTransform }, base)).toEqual(['variant-mismatch']);
    expect(kinds({ ...v1, transform: 'spin' }, base)).toEqual(['variant-mismatch']);
    expect(kinds({ ...v1, transform: 'relabel:0,1,2' }, base)).toEqual(['variant-mismatch']);
    // Another variant's board under this one's transform.
    expect(kinds({ ...v1, transform: v2.transform }, base)).toEqual(['variant-mismatch']);
    // The right grid with another board's solution.
    expect(kinds({ ...v1, solution: base.solution }, base)).toEqual(['wrong-solution', 'variant-mismatch']);
  });
});

describe('checkRow and the stored grade', () => {
  it('reports a score or solution changed without its checksum, and nothing else', () => {
    const [base] = stored(5, 3, 1);
    for (const e of [{ score: base.score + 0.01 }, { solution: '[]' }])
      expect(checkRow({ ...base, ...e }, null, RULE).map((f) => f.kind)).toEqual(['checksum-mismatch']);
    expect(checkPuzzle({ ...base, method: 'x' }, null, ctx).map((f) => f.kind)).toEqual(['checksum-mismatch']);
  });

  it('checks tiers on the measure the size is cut by', () => {
    for (const k of [1, 2, 3, 4, 5]) {
      const [base] = stored(6, k, 1);
      const byScore = {
        measure: 'score' as const,
        th: { t1: base.score - 0.002, t2: base.score - 0.001, t3: base.score },
      };
      expect(checkRow(seal({ ...base, tier: 'hard' }), null, byScore)).toEqual([]);
      expect(checkRow(seal({ ...base, tier: 'easy' }), null, byScore).map((f) => f.kind)).toEqual(['tier-mismatch']);
    }
  });

  it('under the grade rule, fails a tier holding a puzzle of another band, one beyond every band, or one outside its range', () => {
    let seen = 0;
    for (let k = 0; k < 40; k++) {
      const [base] = stored(6, k, 1);
      const band = bandOfLevel(Math.floor(base.score));
      if (band === null) continue;
      seen++;
      // Cuts that put this base's nodes in its own band's range.
      const i = TIERS.indexOf(band);
      const n = base.nodes;
      const byGrade = { measure: 'grade' as const, th: { t1: n - i, t2: n - i + 1, t3: n - i + 2 } };
      expect(checkRow(seal({ ...base, tier: band }), null, byGrade)).toEqual([]);
      const other = band === 'easy' ? 'expert' : 'easy';
      const wrong = checkRow(seal({ ...base, tier: other }), null, byGrade);
      expect(wrong.map((f) => f.kind)).toEqual(['tier-mismatch']);
      expect(wrong[0].detail).toContain(`is ${band}`);
      // A level in no band (search) fits no tier, whatever its nodes.
      const guess = checkRow(seal({ ...base, tier: band, score: SEARCH_LEVEL + 0.5 }), null, byGrade);
      expect(guess.map((f) => f.kind)).toEqual(['tier-mismatch']);
      expect(guess[0].detail).toMatch(/beyond Extreme.*fits no tier/);
      // Its own band, but its nodes in another tier's range.
      const shifted = {
        measure: 'grade' as const,
        th: i === 0 ? { t1: n - 1, t2: n, t3: n + 1 } : { t1: n, t2: n + 1, t3: n + 2 },
      };
      expect(checkRow(seal({ ...base, tier: band }), null, shifted).map((f) => f.detail)).toEqual([
        expect.stringMatching(/fits no tier/),
      ]);
    }
    expect(seen).toBeGreaterThan(10);
  });
});

describe("Dominosa's checks over a catalog", () => {
  const range = (m: number, tier: string, min: number, max: number) => ({
    size: String(m),
    tier,
    count: 3,
    measure: 'nodes' as const,
    min,
    max,
  });

  it('accepts tiers in strict node order and reports any overlap, naming M, sizes by M', () => {
    expect(
      checkTierOrder([
        range(3, 'easy', 1, 1),
        range(3, 'normal', 2, 3),
        range(3, 'expert', 6, 9),
        range(4, 'easy', 1, 20),
      ]),
    ).toEqual([]);
    const f = checkTierOrder([
      range(10, 'easy', 1, 4),
      range(10, 'normal', 4, 6),
      range(3, 'hard', 7, 8),
      range(3, 'expert', 5, 9),
    ]);
    expect(f.map((x) => x.detail)).toEqual([
      'M=3: hard reaches 8 nodes but expert starts at 5 nodes',
      'M=10: easy reaches 4 nodes but normal starts at 4 nodes',
    ]);
    const facts = {
      sizeCounts: () => new Map([['3', 12]]),
      sizesWithThresholds: () => new Set<string>(),
      tierRanges: () => [range(3, 'easy', 1, 4), range(3, 'normal', 4, 6)],
      bases: () => [],
    };
    expect(checks.catalog(facts)).toEqual({
      failures: [
        { kind: 'tier-order', puzzleId: null, detail: 'M=3: easy reaches 4 nodes but normal starts at 4 nodes' },
        {
          kind: 'missing-thresholds',
          puzzleId: null,
          detail: 'M=3: no current thresholds for its 12 puzzles, so their tiers cannot be checked',
        },
      ],
      guardrails: [],
    });
  });

  it('counts nodes again when a solver counts them as this release does: ref-1 as ref-2 below M=10, none unrecorded', () => {
    const { versions } = checks;
    const at = (m: number) => ({ kind: 'dominosa', m, rows: m + 1, cols: m + 2 });
    expect(versions.remeasuresNodes(at(9), REFERENCE_VERSION)).toBe(true);
    expect(versions.remeasuresNodes(at(9), 'ref-1')).toBe(true);
    expect(versions.remeasuresNodes(at(10), 'ref-1')).toBe(false);
    expect(versions.remeasuresNodes(at(3), 'ref-0')).toBe(false);
    expect(versions.remeasuresNodes(at(3), null)).toBe(false);
    expect(versions.regrades(GRADER_VERSION)).toBe(true);
    expect(versions.regrades('grade-0')).toBe(false);
    expect(versions.regrades(null)).toBe(false);
  });

  it("gives a board solve's default budget: none up to M=30, 10 s above", () => {
    const at = (m: number) => ({ kind: 'dominosa', m, rows: m + 1, cols: m + 2 });
    expect(checks.defaultTimeLimitMs(at(30))).toBe(Infinity);
    expect(checks.defaultTimeLimitMs(at(31))).toBe(10_000);
    expect(checks.defaultTimeLimit).toBe('no limit up to M=30, 10 s above');
  });
});
