// Tests for src/catalog/check.ts: a sound stored puzzle and its variants pass; each kind of
// tampering is reported under its own kind; the catalog-wide checks catch overlapping tiers,
// shared base hashes, unknown schema versions, a damaged database and foreign solver versions.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boardToGrid, type Board } from '../../src/dominosa/board.js';
import {
  checkDistinctBases,
  checkIntegrity,
  checkPuzzle,
  checkSchemaVersion,
  checkStoredRow,
  checkSolverVersions,
  checkThresholdsPresent,
  checkTierOrder,
  type FailureKind,
  type PuzzleContext,
  type StoredPuzzle,
} from '../../src/catalog/check.js';
import { rowChecksum } from '../../src/catalog/checksum.js';
import { SCHEMA_VERSION } from '../../src/catalog/schema.js';
import { countExactCover } from '../../src/dominosa/solve/exactcover.js';
import { Generator } from '../../src/dominosa/make/generator.js';
import { REFERENCE_VERSION } from '../../src/dominosa/rank/reference.js';
import { bandOfLevel } from '../../src/dominosa/rank/bands.js';
import { SEARCH_LEVEL } from '../../src/dominosa/grade/ladder.js';
import { GRADER_VERSION, storedGrade } from '../../src/dominosa/rank/stored.js';
import { TIERS, tierOf, type Thresholds } from '../../src/rank/tiers.js';
import { Solver } from '../../src/dominosa/solve/solver.js';
import { makeVariants } from '../../src/dominosa/make/variants.js';
import { plantedBoard, shuffledBoard } from '../helpers/boards.js';

const TH: Thresholds = { t1: 3, t2: 8, t3: 15 };
const gen = new Generator();
const RULE = { measure: 'nodes' as const, th: TH };
const solver = new Solver();
const ctx: PuzzleContext = { rule: RULE, solverVersion: REFERENCE_VERSION, graderVersion: GRADER_VERSION, solver };
const bare: PuzzleContext = { rule: null, solverVersion: null, graderVersion: null, solver };

/** The row with its checksum renewed: a tamperer who knows the checksum, so the checks behind it are tested. */
const seal = (p: StoredPuzzle): StoredPuzzle => ({ ...p, checksum: rowChecksum(p) });

/** Base puzzle `id` (slot k of size m, seed 5) and its three variants with ids id+1..id+3. */
function stored(m: number, k: number, id: number): StoredPuzzle[] {
  const r = gen.generateSlot(5, m, k);
  if (!r.ok) throw new Error(r.reason);
  const p = r.puzzle;
  const common = {
    kind: 'dominosa' as const,
    m,
    tier: tierOf(p.nodes, TH),
    nodes: p.nodes,
    canonical_hash: p.canonicalHash,
    score: storedGrade(p.board).score,
  };
  const base: StoredPuzzle = {
    id,
    ...common,
    attempts: p.attempts,
    seed: 5,
    slot: k,
    method: p.method,
    checksum: '',
    rows: m + 1,
    cols: m + 2,
    grid: JSON.stringify(boardToGrid(p.board)),
    solution: JSON.stringify(p.solution),
    base_id: null,
    transform: null,
  };
  const variants = makeVariants(p, 5, k, 3, gen.solver).map((v, i) => ({
    ...base,
    id: id + 1 + i,
    grid: JSON.stringify(boardToGrid(v.board)),
    solution: JSON.stringify(v.solution),
    base_id: id,
    transform: v.transform,
  }));
  return [base, ...variants].map(seal);
}

const kinds = (p: StoredPuzzle, base: StoredPuzzle | null, c = ctx): FailureKind[] =>
  checkPuzzle(seal(p), base, c).map((f) => f.kind);

function withGrid(p: StoredPuzzle, edit: (g: number[][]) => void): StoredPuzzle {
  const g = JSON.parse(p.grid) as number[][];
  edit(g);
  return { ...p, grid: JSON.stringify(g) };
}

function row(board: Board, id: number): StoredPuzzle {
  return {
    id,
    kind: 'dominosa',
    m: board.m,
    rows: board.rows,
    cols: board.cols,
    grid: JSON.stringify(boardToGrid(board)),
    solution: '[]',
    tier: 'easy',
    nodes: 1,
    score: 1,
    attempts: 1,
    canonical_hash: 'x',
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

  it('reports a swapped solution', () => {
    const [a] = stored(4, 3, 1);
    const [b] = stored(4, 4, 2);
    expect(kinds({ ...a, solution: b.solution }, null)).toEqual(['wrong-solution']);
    expect(kinds({ ...a, solution: 'nonsense' }, null)).toEqual(['wrong-solution']);
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

  it('reports a tier the thresholds do not give, unless the size has no thresholds', () => {
    const [base] = stored(5, 6, 1);
    const wrong = base.tier === 'expert' ? 'easy' : 'expert';
    const f = checkPuzzle(seal({ ...base, tier: wrong }), null, ctx);
    expect(f.map((x) => x.kind)).toEqual(['tier-mismatch']);
    expect(f[0].detail).toContain(`stored tier ${wrong}`);
    expect(kinds({ ...base, tier: wrong }, null, { ...ctx, rule: null })).toEqual([]);
  });

  it('reports a wrong canonical hash', () => {
    const [base] = stored(5, 7, 1);
    expect(kinds({ ...base, canonical_hash: '0'.repeat(64) }, null)).toEqual(['hash-mismatch']);
  });

  it('reports a variant that is not its base under its transform', () => {
    const [base, v1, v2] = stored(5, 8, 1);
    const wrongTransform = v1.transform === 'mirror-v' ? 'mirror-h' : 'mirror-v';
    expect(kinds({ ...v1, transform: wrongTransform }, base)).toEqual(['variant-mismatch']);
    expect(kinds({ ...v1, transform: 'spin' }, base)).toEqual(['variant-mismatch']);
    expect(kinds({ ...v1, transform: 'relabel:0,1,2' }, base)).toEqual(['variant-mismatch']);
    // Another variant's board under this one's transform.
    expect(kinds({ ...v1, transform: v2.transform }, base)).toEqual(['variant-mismatch']);
    expect(kinds(v1, null)).toEqual(['variant-mismatch']);
    expect(kinds(v1, { ...base, base_id: 99, transform: 'id' })).toEqual(['variant-mismatch']);
    expect(kinds({ ...v1, transform: null }, base)).toEqual(['variant-mismatch']);
    // The right grid with another board's solution.
    expect(kinds({ ...v1, solution: base.solution }, base)).toEqual(['wrong-solution', 'variant-mismatch']);
    // A variant whose base was re-tiered without it.
    const other = base.tier === 'easy' ? 'normal' : 'easy';
    const f = checkPuzzle(v1, seal({ ...base, tier: other }), ctx);
    expect(f.map((x) => x.kind)).toEqual(['variant-mismatch']);
    expect(f[0].detail).toMatch(/^tier /);
  });
});

describe('checkStoredRow and the stored grade', () => {
  it('reports any field changed without its checksum, and nothing on a sound row', () => {
    const [base, v1] = stored(5, 3, 1);
    expect(checkStoredRow(base, null, RULE)).toEqual([]);
    expect(checkStoredRow(v1, base, RULE)).toEqual([]);
    const edits: Partial<StoredPuzzle>[] = [
      { nodes: base.nodes + 1 },
      { score: base.score + 0.01 },
      { seed: 6 },
      { slot: 99 },
      { attempts: 0 },
      { method: 'x' },
      { solution: '[]' },
    ];
    for (const e of edits)
      expect(checkStoredRow({ ...base, ...e }, null, null).map((f) => f.kind)).toEqual(['checksum-mismatch']);
    expect(kinds({ ...base, nodes: base.nodes + 1 }, null).length).toBeGreaterThan(0);
    expect(checkPuzzle({ ...base, method: 'x' }, null, ctx).map((f) => f.kind)).toEqual(['checksum-mismatch']);
  });

  it('reports a variant that differs from its base in what they share, or has lost its base', () => {
    const [base, v1] = stored(5, 4, 1);
    expect(checkStoredRow(seal({ ...v1, score: base.score + 0.5 }), base, null)[0].detail).toMatch(/^score /);
    expect(checkStoredRow(v1, null, null).map((f) => f.detail)).toEqual(['its base 1 is not in the catalog']);
  });

  it('re-grades bases under the recorded grader version only', () => {
    const [base] = stored(6, 2, 1);
    const off = { ...base, score: base.score === 1 ? 1.5 : 1 };
    expect(kinds(off, null, { ...ctx, rule: null })).toEqual(['grade-mismatch']);
    expect(kinds(off, null, { ...ctx, rule: null, graderVersion: 'grade-0' })).toEqual([]);
  });

  it('checks tiers on the measure the size is cut by', () => {
    for (const k of [1, 2, 3, 4, 5]) {
      const [base] = stored(6, k, 1);
      const byScore = {
        measure: 'score' as const,
        th: { t1: base.score - 0.002, t2: base.score - 0.001, t3: base.score },
      };
      expect(checkStoredRow(seal({ ...base, tier: 'hard' }), null, byScore)).toEqual([]);
      expect(checkStoredRow(seal({ ...base, tier: 'easy' }), null, byScore).map((f) => f.kind)).toEqual([
        'tier-mismatch',
      ]);
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
      expect(checkStoredRow(seal({ ...base, tier: band }), null, byGrade)).toEqual([]);
      const other = band === 'easy' ? 'expert' : 'easy';
      const wrong = checkStoredRow(seal({ ...base, tier: other }), null, byGrade);
      expect(wrong.map((f) => f.kind)).toEqual(['tier-mismatch']);
      expect(wrong[0].detail).toContain(`is ${band}`);
      // A level in no band (search) fits no tier, whatever its nodes.
      const guess = checkStoredRow(seal({ ...base, tier: band, score: SEARCH_LEVEL + 0.5 }), null, byGrade);
      expect(guess.map((f) => f.kind)).toEqual(['tier-mismatch']);
      expect(guess[0].detail).toMatch(/beyond Extreme.*fits no tier/);
      // Its own band, but its nodes in another tier's range.
      const shifted = {
        measure: 'grade' as const,
        th: i === 0 ? { t1: n - 1, t2: n, t3: n + 1 } : { t1: n, t2: n + 1, t3: n + 2 },
      };
      expect(checkStoredRow(seal({ ...base, tier: band }), null, shifted).map((f) => f.detail)).toEqual([
        expect.stringMatching(/fits no tier/),
      ]);
    }
    expect(seen).toBeGreaterThan(10);
  });
});

describe('catalog-wide checks', () => {
  const range = (m: number, tier: string, min: number, max: number) => ({
    m,
    tier,
    count: 3,
    measure: 'nodes' as const,
    min,
    max,
  });

  it('accepts tiers in strict node order and reports any overlap, empty tiers skipped', () => {
    expect(
      checkTierOrder([
        range(3, 'easy', 1, 1),
        range(3, 'normal', 2, 3),
        range(3, 'expert', 6, 9),
        range(4, 'easy', 1, 20),
      ]),
    ).toEqual([]);
    const f = checkTierOrder([
      range(3, 'easy', 1, 4),
      range(3, 'normal', 4, 6),
      range(3, 'hard', 7, 8),
      range(3, 'expert', 5, 9),
    ]);
    expect(f.map((x) => x.detail)).toEqual([
      'M=3: easy reaches 4 nodes but normal starts at 4 nodes',
      'M=3: normal reaches 6 nodes but expert starts at 5 nodes',
      'M=3: hard reaches 8 nodes but expert starts at 5 nodes',
    ]);
    expect(f.every((x) => x.kind === 'tier-order' && x.puzzleId === null)).toBe(true);
  });

  it('reports every base after the first of a symmetry class', () => {
    expect(
      checkDistinctBases([
        { id: 1, canonical_hash: 'a' },
        { id: 2, canonical_hash: 'b' },
      ]),
    ).toEqual([]);
    const f = checkDistinctBases([
      { id: 1, canonical_hash: 'a' },
      { id: 2, canonical_hash: 'b' },
      { id: 5, canonical_hash: 'a' },
      { id: 9, canonical_hash: 'a' },
    ]);
    expect(f.map((x) => [x.kind, x.puzzleId])).toEqual([
      ['duplicate-base', 5],
      ['duplicate-base', 9],
    ]);
    expect(f[0].detail).toMatch(/as base 1$/);
  });

  it('knows its schema version only', () => {
    expect(checkSchemaVersion(String(SCHEMA_VERSION))).toEqual([]);
    expect(checkSchemaVersion(String(SCHEMA_VERSION + 1)).map((f) => f.kind)).toEqual(['schema-version']);
    expect(checkSchemaVersion(null)[0].detail).toMatch(/\(none\)/);
  });

  it('passes integrity_check output "ok" only', () => {
    expect(checkIntegrity(['ok'])).toEqual([]);
    expect(checkIntegrity(['*** in database main ***', 'Page 5: never used']).map((f) => f.kind)).toEqual([
      'integrity',
      'integrity',
    ]);
    expect(checkIntegrity([])).toHaveLength(0);
  });

  it('reports other solver versions once, with their counts', () => {
    expect(checkSolverVersions(new Map([[REFERENCE_VERSION, 10]]))).toEqual([]);
    const f = checkSolverVersions(
      new Map<string | null, number>([
        [REFERENCE_VERSION, 10],
        ['ref-0', 3],
        [null, 1],
      ]),
    );
    expect(f).toHaveLength(1);
    expect(f[0].kind).toBe('solver-version-mismatch');
    expect(f[0].detail).toMatch(/3 puzzles by ref-0, 1 puzzle by an unrecorded solver/);
  });

  it('reports sizes holding puzzles without current thresholds', () => {
    expect(checkThresholdsPresent(new Map([[3, 10]]), new Set([3, 4]))).toEqual([]);
    const f = checkThresholdsPresent(
      new Map([
        [3, 10],
        [5, 4],
      ]),
      new Set([3]),
    );
    expect(f.map((x) => [x.kind, x.detail])).toEqual([
      ['missing-thresholds', 'M=5: no current thresholds for its 4 puzzles, so their tiers cannot be checked'],
    ]);
  });
});
