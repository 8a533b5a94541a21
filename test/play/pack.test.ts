// Tests for src/play/pack.ts: packNumbers numbers a pack 1..N by tier from easy to expert (unknown
// tiers after, as they first appear), then as the order it is given ranks them, then in pack order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packNumbers } from '../../src/play/pack.js';
import { TIERS } from '../../src/rank/tiers.js';

describe('packNumbers', () => {
  const puzzle = fc.record({
    tier: fc.constantFrom('easy', 'normal', 'hard', 'expert', 'odd', 'bonus'),
    size: fc.integer({ min: 2, max: 6 }),
    rows: fc.integer({ min: 3, max: 5 }),
  });

  it('numbers a pack 1..N by tier (others after, as they first appear), then by the order given, then pack order', () => {
    fc.assert(
      fc.property(fc.array(puzzle, { maxLength: 30 }), (list) => {
        const numbers = packNumbers(list, (a, b) => a.size - b.size || a.rows - b.rows);
        expect([...numbers].sort((a, b) => a - b)).toEqual(list.map((_, i) => i + 1));
        const unknown: string[] = [
          ...new Set(list.map((p) => p.tier).filter((t) => !(TIERS as readonly string[]).includes(t))),
        ];
        const rank = (t: string): number =>
          (TIERS as readonly string[]).includes(t)
            ? (TIERS as readonly string[]).indexOf(t)
            : TIERS.length + unknown.indexOf(t);
        const byNumber = list.map((p, i) => ({ ...p, i, n: numbers[i] })).sort((a, b) => a.n - b.n);
        for (let k = 1; k < byNumber.length; k++) {
          const [a, b] = [byNumber[k - 1], byNumber[k]];
          const key = (x: typeof a): number[] => [rank(x.tier), x.size, x.rows, x.i];
          const [ka, kb] = [key(a), key(b)];
          const d = ka.map((v, j) => v - kb[j]).find((v) => v !== 0) ?? 0;
          expect(d).toBeLessThan(0);
        }
      }),
    );
  });
});
