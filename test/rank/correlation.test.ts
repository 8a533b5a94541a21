// Tests for src/grade/correlation.ts: Spearman's rho on known cases and its defining properties
// (rank-only: unchanged by any increasing map; symmetric; reversed order gives minus).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pearson, ranks, spearman } from '../../src/rank/correlation.js';

describe('ranks', () => {
  it('ranks 1..n, ties sharing their mean rank', () => {
    expect(ranks([10, 30, 20])).toEqual([1, 3, 2]);
    expect(ranks([5, 1, 5, 5, 0])).toEqual([4, 2, 4, 4, 1]);
  });
});

describe('spearman', () => {
  it('matches a hand-worked case', () => {
    // Ranks 1..5 against 2,1,4,3,5: sum d² = 4, rho = 1 - 6·4 / (5·24) = 0.8.
    expect(spearman([1, 2, 3, 4, 5], [20, 10, 40, 30, 50])).toBeCloseTo(0.8, 12);
  });

  it('is NaN when one side is constant', () => {
    expect(spearman([1, 2, 3], [7, 7, 7])).toBeNaN();
    expect(pearson([], [])).toBeNaN();
  });

  const distinct = fc.uniqueArray(fc.integer({ min: -1000, max: 1000 }), { minLength: 3, maxLength: 40 });
  it('is 1 against itself, -1 against its reverse order, and symmetric', () => {
    fc.assert(
      fc.property(distinct, fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 40, maxLength: 40 }), (xs, noise) => {
        const ys = xs.map((x, i) => x + noise[i] / 100);
        expect(spearman(xs, xs)).toBeCloseTo(1, 12);
        expect(
          spearman(
            xs,
            xs.map((x) => -x),
          ),
        ).toBeCloseTo(-1, 12);
        expect(spearman(xs, ys)).toBeCloseTo(spearman(ys, xs), 12);
      }),
    );
  });

  it('depends on order only: an increasing map of either side changes nothing', () => {
    fc.assert(
      fc.property(distinct, fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 40, maxLength: 40 }), (xs, ys40) => {
        const ys = ys40.slice(0, xs.length);
        fc.pre(new Set(ys).size > 1);
        const r = spearman(xs, ys);
        expect(
          spearman(
            xs.map((x) => Math.exp(x / 300)),
            ys.map((y) => y * y * y + 1),
          ),
        ).toBeCloseTo(r, 12);
      }),
    );
  });
});
