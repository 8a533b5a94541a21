// Tests for src/catalog/check.ts, one body run over every registered kind: sound stored rows pass
// its checker and its row checks; each tampering a kind's checks share (a field changed without
// its checksum, or resealed: nodes, score, tier, hash, solution, grid, a variant's base) is caught
// by the check meant for it; a spent budget gives up before any proof; a size without thresholds
// is reported. Then the checks over a kind's rows that the kinds share (tier order, thresholds,
// versions). Each kind's own checks are tested in its room (test/dominosa/, test/sudomino/).
import { describe, expect, it } from 'vitest';
import {
  checkGraderVersions,
  checkSolverVersions,
  checkThresholdsPresent,
  checkTierOrder,
  type CheckContext,
  type FailureKind,
  type StoredPuzzle,
} from '../../src/catalog/check.js';
import { allKinds } from '../../src/kinds.js';
import { seal, storedSample } from '../helpers/stored-rows.js';

describe.each(allKinds().map((k) => [k.name, k] as const))('the checks of a stored %s row', (_, kind) => {
  const { versions } = kind.checks;
  const checker = kind.checks.checker();
  const sample = () => storedSample(kind.name);
  const ctx = (over: Partial<CheckContext> = {}): CheckContext => ({
    rule: sample().rule,
    solverVersion: versions.reference,
    graderVersion: versions.grader,
    ...over,
  });
  const kinds = (p: StoredPuzzle, base: StoredPuzzle | null, c = ctx()): FailureKind[] =>
    checker.check(p, base, c).map((f) => f.kind);

  it('passes sound bases and variants, under their rule and without one', () => {
    const { base, variants, other, rule } = sample();
    expect(variants.length).toBeGreaterThan(0);
    for (const c of [ctx(), ctx({ rule: null })]) {
      expect(checker.check(base, null, c)).toEqual([]);
      expect(checker.check(other, null, c)).toEqual([]);
      for (const v of variants) expect(checker.check(v, base, c)).toEqual([]);
    }
    expect(kind.checkRow(base, null, rule)).toEqual([]);
    for (const v of variants) expect(kind.checkRow(v, base, rule)).toEqual([]);
  });

  it('reports a field changed without its checksum, and proves nothing of the row', () => {
    const { base } = sample();
    const edits: Partial<StoredPuzzle>[] = [
      { nodes: base.nodes + 1 },
      { seed: base.seed + 1 },
      { slot: 99 },
      { attempts: base.attempts + 1 },
      { method: 'x' },
    ];
    for (const e of edits) {
      const changed = { ...base, ...e };
      expect(kind.checkRow(changed, null, null).map((f) => f.kind)).toEqual(['checksum-mismatch']);
      let asked = 0;
      const f = checker.check(changed, null, ctx({ rule: null, interrupt: () => (asked++, false) }));
      expect(f.map((x) => x.kind)).toEqual(['checksum-mismatch']);
      expect(asked).toBe(0);
    }
  });

  it('catches each field changed behind a renewed checksum by the check meant for it', () => {
    const { base, other } = sample();
    const level = Math.floor(base.score);
    const flip = (h: string): string => `${h[0] === '0' ? '1' : '0'}${h.slice(1)}`;
    // No rule for nodes and score: the tier stays out of it.
    expect(kinds(seal({ ...base, nodes: base.nodes + 1 }), null, ctx({ rule: null }))).toEqual(['nodes-mismatch']);
    const score = level + (((base.score % 1) + 0.5) % 1);
    expect(kinds(seal({ ...base, score }), null, ctx({ rule: null }))).toEqual(['grade-mismatch']);
    const tier = base.tier === 'easy' ? 'expert' : 'easy';
    const wrongTier = checker.check(seal({ ...base, tier }), null, ctx());
    expect(wrongTier.map((f) => f.kind)).toEqual(['tier-mismatch']);
    expect(wrongTier[0].detail).toContain(`stored tier ${tier}`);
    expect(kinds(seal({ ...base, canonical_hash: flip(base.canonical_hash) }), null)).toEqual(['hash-mismatch']);
    expect(kinds(seal({ ...base, solution: other.solution }), null)).toEqual(['wrong-solution']);
    expect(kinds(seal({ ...base, solution: 'nonsense' }), null)).toEqual(['wrong-solution']);
    // A grid that is no board stops the checks there.
    expect(kinds(seal({ ...base, grid: '[' }), null)).toEqual(['grid-invalid']);
  });

  it('reports a variant whose base is missing, differs in what they share, or that lost its transform', () => {
    const { base, variants, rule } = sample();
    const [v] = variants;
    expect(kind.checkRow(v, null, null).map((f) => f.detail)).toEqual([`its base ${base.id} is not in the catalog`]);
    expect(kinds(v, null)).toEqual(['variant-mismatch']);
    const moved = seal({ ...base, score: base.score + 0.5 });
    expect(kind.checkRow(v, moved, null)[0].detail).toMatch(/^score /);
    const retiered = seal({ ...base, tier: base.tier === 'easy' ? 'normal' : 'easy' });
    const f = checker.check(v, retiered, ctx({ rule: null }));
    expect(f.map((x) => x.kind)).toEqual(['variant-mismatch']);
    expect(f[0].detail).toMatch(/^tier /);
    expect(kinds(seal({ ...v, transform: null }), base)).toEqual(['variant-mismatch']);
    expect(kinds(v, seal({ ...base, base_id: 99, transform: v.transform }))).toEqual(['variant-mismatch']);
    expect(kind.checkRow(v, base, rule)).toEqual([]);
  });

  it('a budget spent at once gives up before proving, naming the budget, and concludes nothing else', () => {
    const { base, variants } = sample();
    const spent = ctx({ interrupt: () => true, budget: 'time limit 2 s' });
    for (const [p, b] of [[base, null] as const, ...variants.map((v) => [v, base] as const)]) {
      expect(checker.check(p, b, spent)).toEqual([
        {
          kind: 'gave-up',
          puzzleId: p.id,
          detail: 'gave up within the budget (time limit 2 s) before proving it unique',
        },
      ]);
    }
    // A budget never spent changes nothing.
    expect(checker.check(base, null, ctx({ interrupt: () => false }))).toEqual([]);
  });

  it('a size holding puzzles without current thresholds is reported once, naming it; with them, nothing', () => {
    const { size } = sample();
    const facts = (withThresholds: boolean) => ({
      sizeCounts: () => new Map([[size, 4]]),
      sizesWithThresholds: () => new Set(withThresholds ? [size] : []),
      tierRanges: () => [],
      bases: () => [],
    });
    const missing = kind.checks.catalog(facts(false)).failures;
    expect(missing.map((f) => [f.kind, f.puzzleId])).toEqual([['missing-thresholds', null]]);
    expect(missing[0].detail).toContain(`${kind.sizes.label(size)}: no current thresholds for its 4 puzzles`);
    expect(kind.checks.catalog(facts(true)).failures).toEqual([]);
  });

  it('measures again the figures its own judges stored', () => {
    const { base, variants } = sample();
    for (const p of [base, ...variants]) expect(versions.remeasuresNodes(p, versions.reference)).toBe(true);
    expect(versions.regrades(versions.grader)).toBe(true);
  });
});

describe("the checks over a kind's rows that the kinds share", () => {
  const range = (size: string, tier: string, min: number, max: number) => ({
    size,
    tier,
    count: 3,
    measure: 'nodes' as const,
    min,
    max,
  });
  const name = (size: string): string => `size ${size}`;

  it('accepts tiers in strict order of the measure, reports any overlap, skips empty tiers, keeps the sizes in order', () => {
    expect(
      checkTierOrder(
        [range('3', 'easy', 1, 1), range('3', 'normal', 2, 3), range('3', 'expert', 6, 9), range('4', 'easy', 1, 20)],
        name,
      ),
    ).toEqual([]);
    const f = checkTierOrder(
      [
        range('b', 'easy', 1, 4),
        range('b', 'normal', 4, 6),
        range('a', 'hard', 7, 8),
        range('a', 'expert', 5, 9),
        range('b', 'expert', 5, 9),
      ],
      name,
    );
    expect(f.map((x) => x.detail)).toEqual([
      'size b: easy reaches 4 nodes but normal starts at 4 nodes',
      'size b: normal reaches 6 nodes but expert starts at 5 nodes',
      'size a: hard reaches 8 nodes but expert starts at 5 nodes',
    ]);
    expect(f.every((x) => x.kind === 'tier-order' && x.puzzleId === null)).toBe(true);
  });

  it('reports sizes holding puzzles without current thresholds, by name', () => {
    expect(checkThresholdsPresent(new Map([['3', 10]]), new Set(['3', '4']), name)).toEqual([]);
    const f = checkThresholdsPresent(
      new Map([
        ['3', 10],
        ['5', 4],
      ]),
      new Set(['3']),
      name,
    );
    expect(f.map((x) => [x.kind, x.detail])).toEqual([
      ['missing-thresholds', 'size 5: no current thresholds for its 4 puzzles, so their tiers cannot be checked'],
    ]);
  });

  it('reports the versions of figures audit could not measure again, once, with their counts', () => {
    expect(checkSolverVersions(new Map(), 'ref-9')).toEqual([]);
    expect(checkSolverVersions(new Map([['ref-0', 0]]), 'ref-9')).toEqual([]);
    const f = checkSolverVersions(
      new Map<string | null, number>([
        ['ref-0', 3],
        [null, 1],
      ]),
      'ref-9',
    );
    expect(f).toEqual([
      {
        kind: 'solver-version-mismatch',
        puzzleId: null,
        detail:
          'node counts of 3 puzzles by ref-0, 1 puzzle by an unrecorded solver cannot be reproduced by ref-9; rebuild or re-grade them',
      },
    ]);
    expect(checkGraderVersions(new Map(), 'grade-9')).toEqual([]);
    expect(checkGraderVersions(new Map([['grade-0', 1]]), 'grade-9')[0]).toEqual({
      kind: 'grader-version-mismatch',
      puzzleId: null,
      detail: 'grades of 1 puzzle by grade-0 cannot be checked by grade-9; migrate or rebuild them',
    });
  });
});
