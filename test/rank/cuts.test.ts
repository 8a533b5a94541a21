// Tests for src/grade/tune.ts: quantiles, the --quantiles parser, and proposed thresholds that
// always rise strictly, land nearest the requested shares, and say where ties forbid a split.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TIERS, tierOf } from '../../src/rank/tiers.js';
import {
  countTiers,
  parseQuantiles,
  proposeBandCuts,
  proposeThresholds,
  quantile,
  type Quantiles,
} from '../../src/rank/cuts.js';

const range = (lo: number, hi: number): number[] => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);

describe('quantile', () => {
  it('interpolates between order statistics', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3, 4], 0)).toBe(1);
    expect(quantile([1, 2, 3, 4], 1)).toBe(4);
    expect(quantile([10, 20, 30, 40, 50], 0.25)).toBe(20);
    expect(quantile([7], 0.3)).toBe(7);
  });

  it('refuses no values and quantiles outside [0, 1]', () => {
    expect(() => quantile([], 0.5)).toThrow(RangeError);
    expect(() => quantile([1], 1.5)).toThrow(RangeError);
    expect(() => quantile([1], Number.NaN)).toThrow(RangeError);
  });
});

describe('parseQuantiles', () => {
  it('reads three rising quantiles strictly inside (0, 1)', () => {
    expect(parseQuantiles('0.25,0.5,0.75')).toEqual({ ok: true, quantiles: [0.25, 0.5, 0.75] });
    expect(parseQuantiles(' 0.4, 0.7 ,0.9')).toEqual({ ok: true, quantiles: [0.4, 0.7, 0.9] });
  });

  it('explains what is wrong', () => {
    const err = (s: string): string => {
      const r = parseQuantiles(s);
      return r.ok ? 'ok' : r.error;
    };
    expect(err('0.25,0.5')).toMatch(/three quantiles.*got 2/);
    expect(err('0,0.5,0.75')).toMatch(/"0" is not a quantile/);
    expect(err('0.25,0.5,1')).toMatch(/"1" is not a quantile/);
    expect(err('0.25,x,0.75')).toMatch(/"x"/);
    expect(err('0.25,,0.75')).toMatch(/""/);
    expect(err('0.5,0.25,0.75')).toMatch(/rise strictly/);
    expect(err('0.5,0.5,0.75')).toMatch(/rise strictly/);
  });
});

describe('proposeThresholds', () => {
  it('cuts distinct counts exactly at the quantiles', () => {
    const p = proposeThresholds(range(1, 100), [0.25, 0.5, 0.75]);
    expect(p.thresholds).toEqual({ t1: 25, t2: 50, t3: 75 });
    expect(p.counts).toEqual({ easy: 25, normal: 25, hard: 25, expert: 25 });
    expect(p.notes).toEqual([]);
    expect(proposeThresholds(range(1, 100), [0.4, 0.7, 0.9]).counts).toEqual({
      easy: 40,
      normal: 30,
      hard: 20,
      expert: 10,
    });
  });

  it('keeps a run of equal counts whole and says what share it gave', () => {
    const nodes = [...Array(36).fill(1), ...range(2, 65)];
    const p = proposeThresholds(nodes, [0.25, 0.5, 0.75]);
    expect(p.thresholds).toEqual({ t1: 1, t2: 15, t3: 40 });
    expect(p.counts).toEqual({ easy: 36, normal: 14, hard: 25, expert: 25 });
    expect(p.notes).toEqual([
      't1: 36 boards share 1 node across the 25% quantile and cannot be split; easy holds 36 of 100 (36%, asked 25%)',
    ]);
  });

  it('picks the nearer side of a run, the lower one on a tie', () => {
    // Runs: 1×10, 2×10: at 25% (2.5 boards) "below all" is nearer than "after the 1s".
    expect(proposeThresholds([...Array(10).fill(1), ...Array(10).fill(2)], [0.1, 0.5, 0.9]).thresholds).toEqual({
      t1: 0,
      t2: 1,
      t3: 2,
    });
    // 4 boards, split at 2 exactly: cut after the second distinct value.
    expect(proposeThresholds([3, 3, 8, 8], [0.25, 0.5, 0.75]).thresholds.t2).toBe(3);
  });

  it('still rises strictly when every board has the same count, naming the empty tiers', () => {
    const p = proposeThresholds(Array(10).fill(5), [0.25, 0.5, 0.75]);
    expect(p.thresholds).toEqual({ t1: 4, t2: 5, t3: 6 });
    expect(p.counts).toEqual({ easy: 0, normal: 10, hard: 0, expert: 0 });
    expect(p.notes.filter((n) => n.endsWith('is empty: no node counts fall in its range'))).toHaveLength(3);
  });

  it('always gives valid, optimal, tie-respecting cuts', () => {
    const sortedNodes = fc
      .array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 200 })
      .map((a) => a.sort((x, y) => x - y));
    const quantiles = fc
      .uniqueArray(fc.integer({ min: 1, max: 99 }), { minLength: 3, maxLength: 3 })
      .map((a) => a.sort((x, y) => x - y).map((x) => x / 100) as unknown as Quantiles);
    fc.assert(
      fc.property(sortedNodes, quantiles, (nodes, qs) => {
        const { thresholds: th, counts, notes } = proposeThresholds(nodes, qs);
        const n = nodes.length;
        expect(th.t1).toBeGreaterThanOrEqual(0);
        expect(th.t1).toBeLessThan(th.t2);
        expect(th.t2).toBeLessThan(th.t3);
        expect(counts).toEqual(countTiers(nodes, th));
        // Each cut is the candidate above the previous one whose share is nearest the quantile.
        const below = (t: number): number => nodes.filter((v) => v <= t).length;
        const candidates = [nodes[0] - 1, ...new Set(nodes)];
        let prev = -1;
        for (const [i, t] of [th.t1, th.t2, th.t3].entries()) {
          const open = candidates.filter((c) => c > prev);
          if (open.length > 0) {
            expect(open).toContain(t);
            const miss = Math.abs(below(t) - qs[i] * n);
            for (const c of open) expect(Math.abs(below(c) - qs[i] * n)).toBeGreaterThanOrEqual(miss);
          }
          prev = t;
        }
        // Distinct counts leave nothing to note about ties.
        if (new Set(nodes).size === n) expect(notes.filter((x) => x.includes('share'))).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses no counts and unsorted counts', () => {
    expect(() => proposeThresholds([])).toThrow(RangeError);
    expect(() => proposeThresholds([3, 1, 2])).toThrow(/sorted/);
  });
});

describe('countTiers', () => {
  it('counts by tierOf', () => {
    const th = { t1: 2, t2: 4, t3: 6 };
    const nodes = range(1, 9);
    expect(countTiers(nodes, th)).toEqual({ easy: 2, normal: 2, hard: 2, expert: 3 });
    expect(nodes.filter((v) => tierOf(v, th) === 'expert')).toEqual([7, 8, 9]);
  });
});

describe('proposeBandCuts', () => {
  const BANDS = [null, 'easy', 'normal', 'hard', 'expert'] as const;
  const pointsArb = fc.array(fc.record({ value: fc.integer({ min: 0, max: 12 }), band: fc.constantFrom(...BANDS) }), {
    minLength: 1,
    maxLength: 40,
  });

  it('finds the largest smallest per-band yield (against every cut triple), with strictly rising cuts', () => {
    fc.assert(
      fc.property(pointsArb, (points) => {
        const p = proposeBandCuts(points);
        const { t1, t2, t3 } = p.thresholds;
        expect(t1 < t2 && t2 < t3).toBe(true);
        // The yields it reports are what its cuts keep.
        const kept = (th: { t1: number; t2: number; t3: number }): number[] =>
          TIERS.map((t) => points.filter((x) => x.band === t && tierOf(x.value, th) === t).length);
        expect(TIERS.map((t) => p.yields[t])).toEqual(kept(p.thresholds));
        let best = 0;
        for (let a = -1; a <= 12; a++)
          for (let b = a + 1; b <= 13; b++)
            for (let c = b + 1; c <= 14; c++) best = Math.max(best, Math.min(...kept({ t1: a, t2: b, t3: c })));
        expect(Math.min(...kept(p.thresholds))).toBe(best);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps every point of a clean split whose upper tiers are empty: their cuts lie past the data', () => {
    // Bands easy..last in order of value (each band's values above the one before), none above last.
    const split = fc
      .tuple(fc.integer({ min: 0, max: 3 }), fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 4, maxLength: 4 }))
      .chain(([last, widths]) =>
        fc
          .tuple(
            ...TIERS.slice(0, last + 1).map((_, k) =>
              fc.array(fc.integer({ min: 0, max: widths[k] - 1 }), { minLength: 1, maxLength: 6 }),
            ),
          )
          .map((bands) => {
            let from = 1;
            return bands.flatMap((offsets, k) => {
              const points = offsets.map((o) => ({ value: from + o, band: TIERS[k] }));
              from += widths[k];
              return points;
            });
          }),
      );
    fc.assert(
      fc.property(split, (points) => {
        const p = proposeBandCuts(points);
        expect(p.yields).toEqual(p.totals);
      }),
      { numRuns: 200 },
    );
    // One tier alone, at one value (a 1x2:1 Sudomino shape): no cut below it.
    expect(proposeBandCuts([{ value: 1, band: 'easy' }]).thresholds).toEqual({ t1: 1, t2: 2, t3: 3 });
  });

  it('reproduces a clean split, and counts each band in all', () => {
    const pts = [1, 1, 2, 5, 6, 9, 9, 20, 30].map((value, i) => ({
      value,
      band: (['easy', 'easy', 'easy', 'normal', 'normal', 'hard', 'hard', 'expert', 'expert'] as const)[i],
    }));
    const p = proposeBandCuts(pts);
    expect(p.thresholds).toEqual({ t1: 2, t2: 6, t3: 9 });
    expect(p.yields).toEqual({ easy: 3, normal: 2, hard: 2, expert: 2 });
    expect(p.totals).toEqual({ easy: 3, normal: 2, hard: 2, expert: 2 });
  });
});
