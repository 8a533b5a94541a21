import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { derive } from '../src/rng.js';

// Upper 0.1% point of chi-square with k degrees of freedom by the Wilson–Hilferty cube
// approximation; 3.0902 is the standard normal quantile for an upper tail of 0.001.
function chiSquareCritical001(k: number): number {
  const z = 3.0902;
  const a = 2 / (9 * k);
  return k * (1 - a + z * Math.sqrt(a)) ** 3;
}

function chiSquare(counts: ArrayLike<number>, expected: number): number {
  let s = 0;
  for (let i = 0; i < counts.length; i++) s += (counts[i] - expected) ** 2 / expected;
  return s;
}

describe('derive', () => {
  it('replays the same stream for the same seed and keys', () => {
    fc.assert(
      fc.property(
        fc.maxSafeInteger(),
        fc.array(fc.integer({ min: -1e9, max: 1e9 }), { maxLength: 3 }),
        (seed, keys) => {
          const a = derive(seed, ...keys);
          const b = derive(seed, ...keys);
          for (let i = 0; i < 20; i++) expect(a.int(0, 1e9)).toBe(b.int(0, 1e9));
          expect(a.float()).toBe(b.float());
        },
      ),
      { numRuns: 50 },
    );
  });

  it('gives different streams for neighbouring keys, and for extra keys', () => {
    const first = (seed: number, ...keys: number[]): string => {
      const r = derive(seed, ...keys);
      return Array.from({ length: 4 }, () => r.int(0, 2 ** 32 - 1)).join(',');
    };
    const seen = new Set<string>();
    for (let k = 0; k < 200; k++) seen.add(first(1, 6, k));
    for (let m = 2; m < 12; m++) seen.add(first(1, m, 0));
    seen.add(first(2, 6, 0));
    seen.add(first(1, 6));
    seen.add(first(1));
    seen.add(first(1, 6, 0, 0));
    expect(seen.size).toBe(200 + 9 + 4); // (1, 6, 0) appears twice by construction
  });

  it('first draws of consecutive slots are uniform (streams are unrelated)', () => {
    const counts = new Array<number>(10).fill(0);
    const n = 5000;
    for (let k = 0; k < n; k++) counts[derive(42, 7, k).int(0, 9)]++;
    expect(chiSquare(counts, n / 10)).toBeLessThan(chiSquareCritical001(9));
  });

  it('rejects keys that are not safe integers', () => {
    expect(() => derive(1.5)).toThrow(RangeError);
    expect(() => derive(1, 2 ** 60)).toThrow(RangeError);
  });
});

describe('Rng', () => {
  it('int stays within [lo, hi] and reaches both ends', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: 0, max: 5 }), fc.nat(), (lo, span, seed) => {
        const r = derive(seed);
        const hit = new Set<number>();
        for (let i = 0; i < 200; i++) {
          const x = r.int(lo, lo + span);
          expect(Number.isInteger(x)).toBe(true);
          expect(x).toBeGreaterThanOrEqual(lo);
          expect(x).toBeLessThanOrEqual(lo + span);
          hit.add(x);
        }
        expect(hit.size).toBe(span + 1);
      }),
      { numRuns: 100 },
    );
  });

  it('int is uniform on a small range (chi-square)', () => {
    for (const [lo, hi] of [
      [0, 6],
      [3, 14],
    ]) {
      const r = derive(9, lo, hi);
      const k = hi - lo + 1;
      const counts = new Array<number>(k).fill(0);
      const n = 70_000;
      for (let i = 0; i < n; i++) counts[r.int(lo, hi) - lo]++;
      expect(chiSquare(counts, n / k)).toBeLessThan(chiSquareCritical001(k - 1));
    }
  });

  it('float lies in [0, 1) with mean near 1/2', () => {
    const r = derive(5);
    let sum = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const x = r.float();
      expect(x >= 0 && x < 1).toBe(true);
      sum += x;
    }
    // Standard error of the mean is sqrt(1/12 / n) ≈ 0.002; allow 5 of them.
    expect(Math.abs(sum / n - 0.5)).toBeLessThan(0.01);
  });

  it('shuffle permutes arrays and typed arrays in place', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 40 }), fc.nat(), (xs, seed) => {
        const r = derive(seed);
        const plain = xs.slice();
        expect(r.shuffle(plain)).toBe(plain);
        expect(plain.slice().sort((a, b) => a - b)).toEqual(xs.slice().sort((a, b) => a - b));
        const typed = Uint16Array.from(xs);
        expect(r.shuffle(typed)).toBe(typed);
        expect(Array.from(typed).sort((a, b) => a - b)).toEqual(xs.slice().sort((a, b) => a - b));
      }),
    );
  });

  it('shuffle makes every order of 4 items equally likely', () => {
    const r = derive(11);
    const counts = new Map<string, number>();
    const n = 24 * 500;
    for (let i = 0; i < n; i++) {
      const key = r.shuffle(['a', 'b', 'c', 'd']).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(24);
    expect(chiSquare([...counts.values()], n / 24)).toBeLessThan(chiSquareCritical001(23));
  });
});
