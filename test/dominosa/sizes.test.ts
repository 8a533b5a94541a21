// Tests for src/dominosa/sizes.ts: a --sizes text names sizes M as ranges and single sizes, sorted
// and without repeats, and anything else is refused in one line.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_M } from '../../src/dominosa/board.js';
import { parseMs } from '../../src/dominosa/sizes.js';

describe('parseMs', () => {
  it('reads size lists and refuses what is not one', () => {
    expect(parseMs('3..5,8, 4')).toEqual({ ok: true, value: [3, 4, 5, 8] });
    for (const bad of ['x', '5..3', '0', '3..', '', '-1', '3..1000000000']) expect(parseMs(bad).ok, bad).toBe(false);
  });

  it('names every size of its ranges once, in order, whatever the text repeats', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 40 }), fc.nat(5)), { minLength: 1, maxLength: 6 }),
        (parts) => {
          const text = parts.map(([lo, n]) => (n === 0 ? `${lo}` : `${lo}..${lo + n}`)).join(',');
          const want = [...new Set(parts.flatMap(([lo, n]) => Array.from({ length: n + 1 }, (_, i) => lo + i)))].sort(
            (a, b) => a - b,
          );
          expect(parseMs(text)).toEqual({ ok: true, value: want.filter((m) => m <= MAX_M) });
        },
      ),
    );
  });
});
