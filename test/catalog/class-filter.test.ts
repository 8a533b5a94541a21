// Tests for src/catalog/class-filter.ts: a class added is always reported as possibly held (a
// build never keeps a duplicate because of it), and a small filter still proves most others new.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ClassFilter } from '../../src/catalog/class-filter.js';

describe('ClassFilter', () => {
  it('holds every class added, whatever its text', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 50 }), fc.integer({ min: 5, max: 16 }), (hashes, bits) => {
        const f = new ClassFilter(bits);
        for (const h of hashes) f.add(h);
        for (const h of hashes) expect(f.mayHold(h)).toBe(true);
      }),
    );
  });

  it('proves most other classes new: about (classes / buckets) of them are asked about again', () => {
    const f = new ClassFilter(16);
    const hex = (i: number): string => ((i * 2654435761) >>> 0).toString(16).padStart(8, '0').repeat(8);
    for (let i = 0; i < 1000; i++) f.add(hex(i));
    let maybe = 0;
    for (let i = 1000; i < 11_000; i++) if (f.mayHold(hex(i))) maybe++;
    // 1,000 classes in 65,536 buckets: about 1.5% of new classes share a bucket.
    expect(maybe).toBeGreaterThan(0);
    expect(maybe / 10_000).toBeLessThan(0.04);
    expect(new ClassFilter().mayHold(hex(1))).toBe(false);
  });

  it('refuses a size it cannot make', () => {
    expect(() => new ClassFilter(4)).toThrow(RangeError);
    expect(() => new ClassFilter(32)).toThrow(RangeError);
  });
});
