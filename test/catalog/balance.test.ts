// Tests for src/catalog/balance.ts: --count splits evenly over tiers and, within a tier, as
// evenly as the catalog allows over sizes; short tiers are not topped up; per-size asks each cell.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planPack, shortfallLine, type PackCell, type PackSplit } from '../../src/catalog/balance.js';

const TIERS = ['easy', 'normal', 'hard', 'expert'] as const;
type T = (typeof TIERS)[number];

/** Cells of Dominosa-like sizes: a size's order is its M, its label "M=m". */
function grid(sizes: readonly number[], available: (t: T, m: number) => number): PackCell<T>[] {
  return TIERS.flatMap((tier) =>
    sizes.map((m) => ({ tier, order: m, label: `M=${m}`, available: available(tier, m) })),
  );
}
const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
const byTier = (plan: ReturnType<typeof planPack<T>>): number[] =>
  TIERS.map((t) => sum(plan.shares.filter((s) => s.tier === t).map((s) => s.take)));

describe('planPack', () => {
  it('splits 24 over four tiers as 6 each and 12 as 3 each, the sizes even across the pack', () => {
    const cells = grid([6, 7, 8, 9], () => 50);
    const p24 = planPack(TIERS, cells, { by: 'count', count: 24 });
    expect(byTier(p24)).toEqual([6, 6, 6, 6]);
    expect([6, 7, 8, 9].map((m) => sum(p24.shares.filter((s) => s.order === m).map((s) => s.take)))).toEqual([
      6, 6, 6, 6,
    ]);
    expect(p24.short).toEqual([]);
    expect(byTier(planPack(TIERS, cells, { by: 'count', count: 12 }))).toEqual([3, 3, 3, 3]);
    // The remainder goes to the easier tiers.
    expect(byTier(planPack(TIERS, cells, { by: 'count', count: 10 }))).toEqual([3, 3, 2, 2]);
  });

  it('lists the cells in pack order: tiers as given, sizes ascending', () => {
    const cells = grid([9, 6, 8], () => 5).reverse();
    const plan = planPack(['hard', 'easy'] as T[], cells, { by: 'count', count: 6 });
    expect(plan.shares.map((s) => `${s.tier}${s.order}`)).toEqual([
      'hard6',
      'hard8',
      'hard9',
      'easy6',
      'easy8',
      'easy9',
    ]);
  });

  it('gives a short tier what it has, tops up no other tier, and says so in one line', () => {
    const cells = grid([6, 7], (t) => (t === 'expert' ? 2 : 40));
    const plan = planPack(TIERS, cells, { by: 'count', count: 24 });
    expect(byTier(plan)).toEqual([6, 6, 6, 4]);
    expect(plan.short).toEqual([{ tier: 'expert', size: null, asked: 6, got: 4 }]);
    expect(shortfallLine(plan.short)).toBe(
      'the catalog runs short: expert 4 of 6; the pack holds what there is, the others were not topped up',
    );
    expect(shortfallLine([])).toBeNull();
  });

  it('moves a short size\u2019s part to the tier\u2019s other sizes', () => {
    const cells = grid([6, 7, 8, 9], (_, m) => (m === 9 ? 0 : m === 8 ? 1 : 40));
    const plan = planPack(TIERS, cells, { by: 'count', count: 24 });
    expect(byTier(plan)).toEqual([6, 6, 6, 6]);
    for (const s of plan.shares) if (s.order >= 8) expect(s.take).toBe(s.available);
  });

  it('per-size asks every cell for K and moves nothing', () => {
    const cells = grid([5, 6], (t, m) => (t === 'hard' && m === 6 ? 1 : 9));
    const plan = planPack(TIERS, cells, { by: 'per-size', count: 3 });
    expect(plan.shares.map((s) => s.take)).toEqual([3, 3, 3, 3, 3, 1, 3, 3]);
    expect(plan.short).toEqual([{ tier: 'hard', size: 'M=6', asked: 3, got: 1 }]);
    expect(shortfallLine(plan.short)).toMatch(/^the catalog runs short: hard M=6 1 of 3;/);
  });

  it('holds its promises on any catalog (property)', () => {
    const split = fc.record({
      by: fc.constantFrom<PackSplit['by']>('count', 'per-tier', 'per-size'),
      count: fc.integer({ min: 0, max: 60 }),
    });
    fc.assert(
      fc.property(split, fc.array(fc.integer({ min: 0, max: 15 }), { minLength: 12, maxLength: 12 }), (sp, avail) => {
        const sizes = [4, 5, 6];
        const cells = grid(sizes, (t, m) => avail[TIERS.indexOf(t) * 3 + m - 4]);
        const plan = planPack(TIERS, cells, sp);
        const quotas =
          sp.by === 'count'
            ? TIERS.map((_, i) => Math.floor(sp.count / 4) + (i < sp.count % 4 ? 1 : 0))
            : TIERS.map(() => sp.count * (sp.by === 'per-size' ? sizes.length : 1));
        for (const s of plan.shares) expect(s.take).toBeLessThanOrEqual(s.available);
        TIERS.forEach((t, i) => {
          const own = plan.shares.filter((s) => s.tier === t);
          const has = sum(own.map((s) => s.available));
          if (sp.by === 'per-size') {
            for (const s of own) expect(s.take).toBe(Math.min(s.available, sp.count));
            return;
          }
          // Each tier gets its own share or all it has: never more, whatever the other tiers hold.
          expect(sum(own.map((s) => s.take))).toBe(Math.min(quotas[i], has));
          // Within a tier, a size below the largest share by two or more is one that ran out.
          const top = Math.max(...own.map((s) => s.take));
          for (const s of own) if (s.take < top - 1) expect(s.take).toBe(s.available);
        });
        // A shortfall is named exactly when a tier (or, per size, a cell) got less than it asked.
        const under =
          sp.by === 'per-size'
            ? plan.shares.some((s) => s.take < sp.count)
            : byTier(plan).some((n, i) => n < quotas[i]);
        expect(plan.short.length > 0).toBe(under);
      }),
    );
  });

  it('refuses a count that is not a whole number', () => {
    expect(() => planPack(TIERS, [], { by: 'count', count: -1 })).toThrow(RangeError);
    expect(() => planPack(TIERS, [], { by: 'count', count: 2.5 })).toThrow(RangeError);
  });
});
