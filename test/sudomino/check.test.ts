// Tests for src/sudomino/check.ts, what only Sudomino's checks do (test/catalog/check.test.ts runs
// what the kinds share): rows as a build's worker makes them pass, bases and variants of every
// tier, and every seeded tampering (checksum resealed, as someone who knows it could; a changed
// given or a relabelled transform among them) is caught by the check meant for it; the guardrail
// over a shape reads tier medians; nodes and grades are measured again whatever stored them.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowChecksum } from '../../src/catalog/checksum.js';
import type { FailureKind, StoredPuzzle } from '../../src/catalog/check.js';
import {
  checkPuzzle,
  checks,
  checkTierOrder,
  GUARDRAIL_MIN_BASES,
  type PuzzleContext,
} from '../../src/sudomino/check.js';
import { TIERS } from '../../src/rank/tiers.js';
import { withLines } from '../../src/sudomino/board.js';
import { Grader } from '../../src/sudomino/grade/ladder.js';
import { makeCatalogSlot } from '../../src/sudomino/make/catalog-slot.js';
import { Solver } from '../../src/sudomino/solve/solver.js';
import { boardFromStored, gridText, solutionFromStored, solutionText } from '../../src/sudomino/stored.js';
import { composeTransforms, encodeTransform, parseTransform } from '../../src/sudomino/transform.js';

const solver = new Solver();
const grader = new Grader();
const SHAPE = { rows: 6, cols: 6, values: 5 };

/** A base and its variant as stored rows (ids 1 and 2), one per tier. */
let pairs: { base: StoredPuzzle; variant: StoredPuzzle }[] = [];

function sealed(row: Omit<StoredPuzzle, 'checksum'>): StoredPuzzle {
  return { ...row, checksum: rowChecksum(row) };
}

beforeAll(() => {
  pairs = TIERS.map((tier, i) => {
    const made = makeCatalogSlot(7, SHAPE, i, tier, 1, 400, solver, grader);
    if (made === null || made.variants.length === 0) throw new Error(`no ${tier} slot`);
    const common = {
      kind: 'sudomino' as const,
      m: SHAPE.values,
      rows: SHAPE.rows,
      cols: SHAPE.cols,
      tier: made.tier,
      nodes: made.nodes,
      score: made.score,
      attempts: made.attempts,
      canonical_hash: made.canonicalHash,
      seed: 7,
      slot: i,
      method: 'tiered',
    };
    const v = made.variants[0];
    return {
      base: sealed({
        ...common,
        id: 1,
        base_id: null,
        transform: null,
        grid: made.base.grid,
        solution: made.base.solution,
      }),
      variant: sealed({ ...common, id: 2, base_id: 1, transform: v.transform, grid: v.grid, solution: v.solution }),
    };
  });
});

const ctx = (over: Partial<PuzzleContext> = {}): PuzzleContext => ({
  rule: null,
  solverVersion: null,
  graderVersion: null,
  solver,
  grader,
  ...over,
});
const kinds = (p: StoredPuzzle, base: StoredPuzzle | null, c = ctx()): FailureKind[] =>
  checkPuzzle(p, base, c).map((f) => f.kind);

interface Tampering {
  name: string;
  /** The failure kinds meant for it: it must cause one of them. */
  caught: FailureKind[];
  /** The row changed (its checksum resealed), or null when this pair cannot show it. */
  apply(
    pair: { base: StoredPuzzle; variant: StoredPuzzle },
    pick: number,
  ): { row: StoredPuzzle; base: StoredPuzzle | null } | null;
}

function board(p: StoredPuzzle) {
  const b = boardFromStored(p.grid, p.m);
  if (!b.ok) throw new Error(b.error);
  return b.board;
}

const TAMPERINGS: Tampering[] = [
  {
    name: 'a changed given',
    // Two givens of one number on a line are refused as a board; otherwise the solution breaks.
    caught: ['wrong-solution', 'grid-invalid'],
    apply({ base }, pick) {
      const b = board(base);
      const givens = [...b.given.keys()].filter((d) => b.given[d] !== 0);
      if (givens.length === 0) return null;
      const d = givens[pick % givens.length];
      const given = new Uint8Array(b.given);
      given[d] = (given[d] % b.values) + 1;
      const grid = gridText(withLines(b.rows, b.cols, b.values, b.domino, b.cells, given));
      return { row: sealed({ ...base, grid }), base: null };
    },
  },
  {
    name: 'a changed solution value',
    caught: ['wrong-solution'],
    apply({ base }, pick) {
      const b = board(base);
      const s = solutionFromStored(base.solution, b.rows, b.cols);
      if (!s.ok) throw new Error(s.error);
      const d = pick % b.given.length;
      const values = new Uint8Array(s.value);
      for (const c of [b.cells[2 * d], b.cells[2 * d + 1]]) values[c] = (values[c] % b.values) + 1;
      return { row: sealed({ ...base, solution: solutionText(values) }), base: null };
    },
  },
  {
    name: 'a wrong transform',
    caught: ['variant-mismatch'],
    apply({ base, variant }, pick) {
      const t = parseTransform(variant.transform!, variant.m);
      if (!t.ok) throw new Error(t.error);
      const shift = 1 + (pick % (variant.m - 1));
      const relabel = Array.from({ length: variant.m }, (_, v) => ((v + shift) % variant.m) + 1);
      const wrong = encodeTransform(composeTransforms(t.transform, { geometry: 'id', relabel }));
      return { row: sealed({ ...variant, transform: wrong }), base };
    },
  },
  {
    name: 'a wrong hash',
    caught: ['hash-mismatch'],
    apply({ base }, pick) {
      const at = pick % base.canonical_hash.length;
      const digit = base.canonical_hash[at] === '0' ? '1' : '0';
      return {
        row: sealed({
          ...base,
          canonical_hash: base.canonical_hash.slice(0, at) + digit + base.canonical_hash.slice(at + 1),
        }),
        base: null,
      };
    },
  },
  {
    name: 'a wrong score',
    caught: ['grade-mismatch'],
    apply({ base }, pick) {
      const level = Math.floor(base.score);
      const score = level + ((base.score - level + 0.01 + (pick % 50) / 100) % 1);
      return score === base.score ? null : { row: sealed({ ...base, score }), base: null };
    },
  },
  {
    name: 'a wrong tier',
    caught: ['tier-mismatch'],
    apply({ base }, pick) {
      const others = TIERS.filter((t) => t !== base.tier);
      return { row: sealed({ ...base, tier: others[pick % others.length] }), base: null };
    },
  },
  {
    name: 'wrong nodes',
    caught: ['nodes-mismatch'],
    apply({ base }, pick) {
      return { row: sealed({ ...base, nodes: base.nodes + 1 + (pick % 100) }), base: null };
    },
  },
];

describe('checkPuzzle', () => {
  it('passes the rows a build worker makes, bases and variants of every tier', () => {
    // Without cuts, and under the score cuts at the level boundaries a build records.
    const levels = ctx({ rule: { measure: 'score', th: { t1: 2, t2: 3, t3: 4 } } });
    for (const { base, variant } of pairs) {
      for (const c of [ctx(), levels]) {
        expect(kinds(base, null, c)).toEqual([]);
        expect(kinds(variant, base, c)).toEqual([]);
      }
    }
  });

  it('catches every seeded tampering with the check meant for it', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: TIERS.length - 1 }),
        fc.nat({ max: TAMPERINGS.length - 1 }),
        fc.nat({ max: 1000 }),
        (i, k, pick) => {
          const t = TAMPERINGS[k];
          const changed = t.apply(pairs[i], pick);
          fc.pre(changed !== null);
          const found = kinds(changed.row, changed.base);
          expect(
            found.some((f) => t.caught.includes(f)),
            `${t.name}: ${found.join(', ')}`,
          ).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('checkTierOrder', () => {
  // `per` bases a tier, spread around the tier's median m (the lower middle is m itself).
  const bases = (medians: number[], per = GUARDRAIL_MIN_BASES) =>
    TIERS.flatMap((tier, i) =>
      Array.from({ length: per }, (_, k) => ({ tier, nodes: medians[i] + k - ((per - 1) >> 1) })),
    );
  it('holds when the medians climb (or stay), fails naming the shape and tiers when one falls', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 50 }), { minLength: 4, maxLength: 4 }), (m) => {
        const f = checkTierOrder([{ shape: '8x8:6', bases: bases(m) }]);
        const ordered = m.every((x, i) => i === 0 || m[i - 1] <= x);
        expect(f.length === 0).toBe(ordered);
        for (const x of f)
          expect(x.detail).toMatch(/^sudomino 8x8:6: median reference nodes of \w+ is -?\d+ but of \w+ -?\d+$/);
      }),
    );
  });

  it('judges only tiers holding enough bases for a median to mean something', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 50 }), { minLength: 4, maxLength: 4 }),
        fc.integer({ min: 1, max: GUARDRAIL_MIN_BASES - 1 }),
        (m, per) => {
          expect(checkTierOrder([{ shape: '8x8:6', bases: bases(m, per) }])).toEqual([]);
        },
      ),
    );
  });
});

describe("Sudomino's checks over a catalog", () => {
  it("shows each shape's guardrail, judged by medians, and names the shape in its failures", () => {
    const bases = TIERS.flatMap((tier, i) => Array.from({ length: 3 }, () => ({ tier, nodes: 10 * (4 - i) })));
    const facts = {
      sizeCounts: () => new Map([['8x8:6', 24]]),
      sizesWithThresholds: () => new Set<string>(),
      tierRanges: () => [],
      bases: () => bases,
    };
    const { failures, guardrails } = checks.catalog(facts);
    expect(failures).toEqual([
      {
        kind: 'missing-thresholds',
        puzzleId: null,
        detail: 'sudomino 8x8:6: no current thresholds for its 24 puzzles, so their tiers cannot be checked',
      },
    ]);
    expect(guardrails).toEqual([
      {
        name: 'sudomino 8x8:6',
        shape: '8x8:6',
        medians: TIERS.map((tier, i) => ({ tier, count: 3, median: 10 * (4 - i) })),
        minBases: GUARDRAIL_MIN_BASES,
      },
    ]);
  });

  it('measures nodes and grades again whatever version stored them, under its judges, and gives no default budget', () => {
    const at = { kind: 'sudomino', m: 6, rows: 8, cols: 8 };
    expect(checks.versions.remeasuresNodes(at, null)).toBe(true);
    expect(checks.versions.remeasuresNodes(at, 'ref-0')).toBe(true);
    expect(checks.versions.regrades(null)).toBe(true);
    expect(checks.defaultTimeLimitMs(at)).toBe(Infinity);
    expect(checks.defaultTimeLimit).toBeNull();
    // The judges a verdict of a Sudomino puzzle is bound to.
    expect([checks.versions.proof, checks.versions.reference, checks.versions.grader]).toEqual([
      'sudomino-cnf-1',
      'sudomino-ref-1',
      'sudomino-grade-2',
    ]);
  });
});
