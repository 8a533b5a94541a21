// Tests for src/catalog/sample.ts: a seeded sample is a subset of the requested size in input
// order, the same for the same seed, different for another, and fair across many seeds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sampleOf } from '../../src/catalog/sample.js';

const ids = Array.from({ length: 50 }, (_, i) => 100 + 3 * i);

describe('sampleOf', () => {
  it('picks k distinct items, in their input order, reproducibly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), fc.integer({ min: -1e9, max: 1e9 }), (k, seed) => {
        const s = sampleOf(ids, k, seed);
        expect(s).toHaveLength(k);
        expect(new Set(s).size).toBe(k);
        for (const x of s) expect(ids).toContain(x);
        expect(s).toEqual([...s].sort((a, b) => a - b));
        expect(sampleOf(ids, k, seed)).toEqual(s);
      }),
      { numRuns: 200 },
    );
  });

  it('differs between seeds and returns everything when k covers it', () => {
    expect(sampleOf(ids, 10, 1)).not.toEqual(sampleOf(ids, 10, 2));
    expect(sampleOf(ids, 50, 1)).toEqual(ids);
    expect(sampleOf(ids, 500, 1)).toEqual(ids);
    expect(sampleOf([], 3, 1)).toEqual([]);
  });

  it('gives every item about the same chance', () => {
    const hits = new Map<number, number>();
    const runs = 2000;
    for (let seed = 0; seed < runs; seed++) for (const x of sampleOf(ids, 5, seed)) hits.set(x, (hits.get(x) ?? 0) + 1);
    // Expected 200 each (5/50 of 2000); the binomial sd is ~13.4, so ±70 is over 5 sd.
    for (const x of ids) expect(Math.abs((hits.get(x) ?? 0) - 200)).toBeLessThan(70);
  });

  it('refuses a sample size that is not a whole number ≥ 0', () => {
    for (const k of [-1, 2.5, Number.NaN]) expect(() => sampleOf(ids, k, 1)).toThrow(RangeError);
  });
});
