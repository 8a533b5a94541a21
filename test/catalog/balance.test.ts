// Tests for src/catalog/balance.ts: --count splits over the kinds first, then each kind's tiers,
// then a tier's sizes, the odd puzzles on sizes that turn with the seed (an expert share's on the
// largest); short tiers are not topped up; a kind that gives nothing is named, with why.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  planPack,
  shortfallLine,
  type PackCell,
  type PackKind,
  type PackPlan,
  type PackRequest,
  type PackSplit,
} from '../../src/catalog/balance.js';

const TIERS = ['easy', 'normal', 'hard', 'expert'] as const;
type T = (typeof TIERS)[number];

/** Cells of one Dominosa-like kind: a size's order is its M, its label "M=m". */
function grid(sizes: readonly number[], available: (t: T, m: number) => number, kind = 'd'): PackCell<T>[] {
  return TIERS.flatMap((tier) =>
    sizes.map((m) => ({ kind, tier, order: m, label: `M=${m}`, available: available(tier, m) })),
  );
}
/** One kind over all four tiers, the expert share rotating like the others unless told. */
const one = (cells: PackCell<T>[], split: PackSplit, seed = 1, tiers: readonly T[] = TIERS): PackPlan<T> =>
  planPack({ tierOrder: TIERS, kinds: [{ name: 'd', tiers }], cells, split, seed });
const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
const byTier = (plan: PackPlan<T>): number[] =>
  TIERS.map((t) => sum(plan.shares.filter((s) => s.tier === t).map((s) => s.take)));
const ofKind = (plan: PackPlan<T>, kind: string): number =>
  sum(plan.shares.filter((s) => s.kind === kind).map((s) => s.take));
const evenShares = (total: number, n: number): number[] =>
  Array.from({ length: n }, (_, i) => Math.floor(total / n) + (i < total % n ? 1 : 0));

describe('planPack, one kind', () => {
  it('splits 24 over four tiers as 6 each and 12 as 3 each, the sizes even across the pack', () => {
    const cells = grid([6, 7, 8, 9], () => 50);
    const p24 = one(cells, { by: 'count', count: 24 });
    expect(byTier(p24)).toEqual([6, 6, 6, 6]);
    expect([6, 7, 8, 9].map((m) => sum(p24.shares.filter((s) => s.order === m).map((s) => s.take)))).toEqual([
      6, 6, 6, 6,
    ]);
    expect(p24.short).toEqual([]);
    expect(p24.empty).toEqual([]);
    expect(byTier(one(cells, { by: 'count', count: 12 }))).toEqual([3, 3, 3, 3]);
    // The remainder goes to the easier tiers.
    expect(byTier(one(cells, { by: 'count', count: 10 }))).toEqual([3, 3, 2, 2]);
  });

  it('lists the cells in pack order: tiers in tier order, sizes ascending', () => {
    const cells = grid([9, 6, 8], () => 5).reverse();
    const plan = one(cells, { by: 'count', count: 6 }, 1, ['easy', 'hard']);
    expect(plan.shares.filter((s) => s.take > 0 || s.tier === 'easy').map((s) => `${s.tier}${s.order}`)).toEqual([
      'easy6',
      'easy8',
      'easy9',
      'hard6',
      'hard8',
      'hard9',
    ]);
  });

  it('gives a short tier what it has, tops up no other tier, and says so in one line', () => {
    const cells = grid([6, 7], (t) => (t === 'expert' ? 2 : 40));
    const plan = one(cells, { by: 'count', count: 24 });
    expect(byTier(plan)).toEqual([6, 6, 6, 4]);
    expect(plan.short).toEqual([{ kind: 'd', tier: 'expert', size: null, asked: 6, got: 4 }]);
    expect(shortfallLine(plan.short)).toBe(
      'the catalog runs short: expert 4 of 6; the pack holds what there is, the others were not topped up',
    );
    expect(shortfallLine(plan.short, () => 'Dominosa')).toMatch(/^the catalog runs short: Dominosa expert 4 of 6;/);
    expect(shortfallLine([])).toBeNull();
  });

  it('moves a short size\u2019s part to the tier\u2019s other sizes', () => {
    const cells = grid([6, 7, 8, 9], (_, m) => (m === 9 ? 0 : m === 8 ? 1 : 40));
    const plan = one(cells, { by: 'count', count: 24 });
    expect(byTier(plan)).toEqual([6, 6, 6, 6]);
    for (const s of plan.shares) if (s.order >= 8) expect(s.take).toBe(s.available);
  });

  it('per-size asks every cell for K and moves nothing', () => {
    const cells = grid([5, 6], (t, m) => (t === 'hard' && m === 6 ? 1 : 9));
    const plan = one(cells, { by: 'per-size', count: 3 });
    expect(plan.shares.map((s) => s.take)).toEqual([3, 3, 3, 3, 3, 1, 3, 3]);
    expect(plan.short).toEqual([{ kind: 'd', tier: 'hard', size: 'M=6', asked: 3, got: 1 }]);
    expect(shortfallLine(plan.short)).toMatch(/^the catalog runs short: hard M=6 1 of 3;/);
  });

  it('puts the odd puzzles of a tier on sizes that turn with the seed, and an expert share on the largest', () => {
    const cells = grid([3, 4, 5, 6, 7, 8, 9], () => 25);
    const sizesOf = (plan: PackPlan<T>, tier: T): number[] =>
      plan.shares.filter((s) => s.tier === tier && s.take > 0).map((s) => s.order);
    // Seed 1 starts at the smallest size, seed 3 two sizes on.
    expect(sizesOf(one(cells, { by: 'count', count: 12 }), 'easy')).toEqual([3, 4, 5]);
    expect(sizesOf(one(cells, { by: 'count', count: 12 }, 3), 'easy')).toEqual([5, 6, 7]);
    const larger = planPack({
      tierOrder: TIERS,
      kinds: [{ name: 'd', tiers: TIERS, largerFirst: ['expert'] }],
      cells,
      split: { by: 'count', count: 12 },
      seed: 3,
    });
    expect(sizesOf(larger, 'expert')).toEqual([7, 8, 9]);
  });

  it('takes every cell whole without a split', () => {
    const cells = grid([3, 4], (t, m) => m + TIERS.indexOf(t));
    expect(one(cells, null as unknown as PackSplit).shares.map((s) => s.take)).toEqual(cells.map((c) => c.available));
  });

  it('refuses a count or seed that is not a whole number', () => {
    expect(() => one([], { by: 'count', count: -1 })).toThrow(RangeError);
    expect(() => one([], { by: 'count', count: 2.5 })).toThrow(RangeError);
    expect(() => one([], { by: 'count', count: 2 }, 1.5)).toThrow(RangeError);
  });
});

describe('planPack, several kinds', () => {
  const mixed = (split: PackSplit, avail: (kind: string) => number = () => 25): PackRequest<T> => ({
    tierOrder: TIERS,
    kinds: [
      { name: 'dominosa', tiers: TIERS, largerFirst: ['expert'] },
      { name: 'sudomino', tiers: TIERS, largerFirst: ['expert'] },
    ],
    cells: [
      ...grid([3, 4, 5, 6, 7, 8, 9], () => avail('dominosa'), 'dominosa'),
      ...grid([10, 11, 12], () => avail('sudomino'), 'sudomino'),
    ],
    split,
    seed: 1,
  });

  it('splits --count over the kinds first: 40 as 20 and 20, 4 as 2 and 2, 1 as 1 and none (named)', () => {
    const p40 = planPack(mixed({ by: 'count', count: 40 }));
    expect([ofKind(p40, 'dominosa'), ofKind(p40, 'sudomino')]).toEqual([20, 20]);
    const p4 = planPack(mixed({ by: 'count', count: 4 }));
    expect([ofKind(p4, 'dominosa'), ofKind(p4, 'sudomino')]).toEqual([2, 2]);
    const p1 = planPack(mixed({ by: 'count', count: 1 }));
    expect(p1.empty).toEqual([{ kind: 'sudomino', why: 'no-share' }]);
  });

  it('takes K of each kind with per-kind, and names a kind the filters leave nothing', () => {
    const p = planPack(mixed({ by: 'per-kind', count: 6 }));
    expect([ofKind(p, 'dominosa'), ofKind(p, 'sudomino')]).toEqual([6, 6]);
    const none = planPack(mixed({ by: 'count', count: 8 }, (k) => (k === 'sudomino' ? 0 : 25)));
    expect(none.empty).toEqual([{ kind: 'sudomino', why: 'nothing-selected' }]);
    // The kinds that hold something share the count.
    expect(ofKind(none, 'dominosa')).toBe(8);
  });
});

/** A random request: 1-3 kinds of 1-4 sizes each, some tiers in play, any availability, split and seed. */
const requests = fc
  .record({
    kinds: fc.array(
      fc.record({
        sizes: fc.integer({ min: 1, max: 4 }),
        tiers: fc.subarray([...TIERS], { minLength: 1 }),
        larger: fc.boolean(),
        avail: fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 16, maxLength: 16 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    split: fc.option(
      fc.record({
        by: fc.constantFrom<PackSplit['by']>('count', 'per-kind', 'per-tier', 'per-size'),
        count: fc.integer({ min: 0, max: 60 }),
      }),
      { nil: null },
    ),
    seed: fc.integer({ min: -20, max: 20 }),
  })
  .map(({ kinds, split, seed }): PackRequest<T> => {
    let order = 0;
    const cells: PackCell<T>[] = [];
    const pk: PackKind<T>[] = kinds.map((k, i) => {
      const name = `k${i}`;
      const orders = Array.from({ length: k.sizes }, () => order++);
      for (const [t, tier] of TIERS.entries())
        orders.forEach((o, s) =>
          cells.push({ kind: name, tier, order: o, label: `${name}:${s}`, available: k.avail[t * 4 + s] }),
        );
      return { name, tiers: k.tiers, largerFirst: k.larger ? ['expert'] : [] };
    });
    return { tierOrder: TIERS, kinds: pk, cells, split, seed };
  });

/** Each kind's tiers' asked quotas under a request, as the laws state them. */
function quotasOf(req: PackRequest<T>): Map<string, number[]> {
  const holds = (k: string): boolean => req.cells.some((c) => c.kind === k && c.available > 0);
  const inPlay = req.kinds.filter((k) => holds(k.name));
  const kindShare = evenShares(req.split?.count ?? 0, inPlay.length);
  const out = new Map<string, number[]>();
  inPlay.forEach((k, i) => {
    const s = req.split;
    if (s === null || s.by === 'per-size') return;
    const share = s.by === 'count' ? kindShare[i] : s.count;
    out.set(k.name, s.by === 'per-tier' ? k.tiers.map(() => s.count) : evenShares(share, k.tiers.length));
  });
  return out;
}

describe('planPack laws (property)', () => {
  it('takes no more than a cell holds, lists every cell once in pack order, and gives the same plan again', () => {
    fc.assert(
      fc.property(requests, (req) => {
        const plan = planPack(req);
        expect(planPack(req)).toEqual(plan);
        expect(plan.shares).toHaveLength(req.cells.length);
        for (const s of plan.shares) expect(s.take).toBeGreaterThanOrEqual(0);
        for (const s of plan.shares) expect(s.take).toBeLessThanOrEqual(s.available);
        const key = (s: PackCell<T>): number => TIERS.indexOf(s.tier) * 100 + s.order;
        expect(plan.shares.map(key)).toEqual([...plan.shares.map(key)].sort((a, b) => a - b));
      }),
    );
  });

  it('splits over the kinds first, then each kind over its tiers, and never tops one up from another', () => {
    fc.assert(
      fc.property(requests, (req) => {
        const plan = planPack(req);
        const quotas = quotasOf(req);
        for (const k of req.kinds) {
          const own = plan.shares.filter((s) => s.kind === k.name);
          const q = quotas.get(k.name);
          if (req.split === null) {
            for (const s of own) expect(s.take).toBe(s.available);
          } else if (req.split.by === 'per-size') {
            for (const s of own)
              expect(s.take).toBe(k.tiers.includes(s.tier) ? Math.min(s.available, req.split.count) : 0);
          } else if (q !== undefined) {
            // Each tier gets its own share or all it holds: never more, whatever the others hold.
            k.tiers.forEach((t, i) => {
              const tier = own.filter((s) => s.tier === t);
              expect(sum(tier.map((s) => s.take))).toBe(Math.min(q[i], sum(tier.map((s) => s.available))));
            });
            for (const s of own) if (!k.tiers.includes(s.tier)) expect(s.take).toBe(0);
          }
        }
      }),
    );
  });

  it('gives every kind that holds something a puzzle when --count is at least the kinds', () => {
    fc.assert(
      fc.property(requests, fc.integer({ min: 0, max: 8 }), (req, extra) => {
        // Tiers in play are those the kind holds (export's rule when --tiers is not given).
        const kinds = req.kinds.map((k) => ({
          ...k,
          tiers: TIERS.filter((t) => req.cells.some((c) => c.kind === k.name && c.tier === t && c.available > 0)),
        }));
        const inPlay = kinds.filter((k) => k.tiers.length > 0);
        const plan = planPack({ ...req, kinds, split: { by: 'count', count: inPlay.length + extra } });
        for (const k of inPlay) expect(ofKind(plan, k.name), k.name).toBeGreaterThan(0);
        expect(plan.empty.map((e) => e.kind)).toEqual(kinds.filter((k) => k.tiers.length === 0).map((k) => k.name));
      }),
    );
  });

  it('names exactly the kinds that give nothing, with why', () => {
    fc.assert(
      fc.property(requests, (req) => {
        const plan = planPack(req);
        const givesNothing = req.kinds.filter((k) => ofKind(plan, k.name) === 0).map((k) => k.name);
        expect(plan.empty.map((e) => e.kind)).toEqual(givesNothing);
        for (const e of plan.empty) {
          const holds = req.cells.some((c) => c.kind === e.kind && c.available > 0);
          expect(e.why === 'nothing-selected').toBe(!holds);
          const asked = sum(quotasOf(req).get(e.kind) ?? []);
          if (holds && req.split?.by !== 'per-size') expect(e.why).toBe(asked === 0 ? 'no-share' : 'ran-short');
        }
      }),
    );
  });

  it('names a shortfall exactly when a kind’s tier (or, per size, a cell) got less than it asked', () => {
    fc.assert(
      fc.property(requests, (req) => {
        const plan = planPack(req);
        const quotas = quotasOf(req);
        let under = false;
        for (const k of req.kinds) {
          const own = plan.shares.filter((s) => s.kind === k.name && k.tiers.includes(s.tier));
          if (req.split?.by === 'per-size') under ||= own.some((s) => s.take < (req.split as PackSplit).count);
          else
            quotas.get(k.name)?.forEach((q, i) => {
              under ||= sum(own.filter((s) => s.tier === k.tiers[i]).map((s) => s.take)) < q;
            });
        }
        expect(plan.short.length > 0).toBe(under);
      }),
    );
  });

  it('spreads a tier evenly over its sizes: one below the largest share by two or more ran out', () => {
    fc.assert(
      fc.property(requests, (req) => {
        if (req.split === null || req.split.by === 'per-size') return;
        const plan = planPack(req);
        for (const k of req.kinds)
          for (const t of k.tiers) {
            const own = plan.shares.filter((s) => s.kind === k.name && s.tier === t);
            const top = Math.max(...own.map((s) => s.take));
            for (const s of own) if (s.take < top - 1) expect(s.take).toBe(s.available);
          }
      }),
    );
  });

  it('turns the sizes a tier’s odd puzzles land on with the seed, and gives an expert share the largest', () => {
    fc.assert(
      fc.property(requests, (req) => {
        if (req.split === null || req.split.by === 'per-size') return;
        // Plenty everywhere, so only the split decides.
        const cells = req.cells.map((c) => ({ ...c, available: 1000 }));
        const a = planPack({ ...req, cells });
        const b = planPack({ ...req, cells, seed: req.seed + 1 });
        for (const k of req.kinds)
          for (const t of k.tiers) {
            const takes = (p: PackPlan<T>): number[] =>
              p.shares.filter((s) => s.kind === k.name && s.tier === t).map((s) => s.take);
            const n = takes(a).length;
            if (k.largerFirst?.includes(t)) {
              // Larger sizes first, whatever the seed.
              expect(takes(b)).toEqual(takes(a));
              for (let i = 1; i < n; i++) expect(takes(a)[i]).toBeGreaterThanOrEqual(takes(a)[i - 1]);
            } else {
              // The next seed is the same spread moved one size on.
              expect(takes(b)).toEqual(takes(a).map((_, i) => takes(a)[(i - 1 + n) % n]));
            }
          }
      }),
    );
  });
});
