// The slot-decision rule alone, without a process: a stream of candidates decided in order
// keeps each class once, never more than perTier per tier, and stops the size exactly when full.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basesTowardTarget, decideSlot, tiersFull } from '../../src/catalog/decide.js';
import { TIERS, zeroTierCounts } from '../../src/rank/tiers.js';

const candidate = fc.record({ cls: fc.integer({ min: 0, max: 30 }), tier: fc.constantFrom(...TIERS) });

describe('decideSlot', () => {
  it('calls a kept class a duplicate before looking at its tier', () => {
    const full = { easy: 9, normal: 9, hard: 9, expert: 9 };
    expect(decideSlot(true, 'easy', full, 1)).toBe('duplicate');
    expect(decideSlot(false, 'easy', full, 9)).toBe('tier-full');
    expect(decideSlot(false, 'easy', full, 10)).toBe('kept');
    expect(decideSlot(false, 'easy', full, 9, false)).toBe('kept');
    // A board that fits no tier (under the grade rule: beyond every band, or outside its band's range) is rejected, whatever else holds.
    expect([
      decideSlot(false, null, full, 10),
      decideSlot(true, null, full, 1),
      decideSlot(false, null, full, 9, false),
    ]).toEqual(['rejected', 'rejected', 'rejected']);
  });

  it('keeps each class once and at most perTier a tier, in any stream of candidates', () => {
    fc.assert(
      fc.property(fc.array(candidate, { maxLength: 200 }), fc.integer({ min: 1, max: 6 }), (stream, perTier) => {
        const counts = zeroTierCounts();
        const kept = new Set<number>();
        // A class always has one tier, as a canonical measure gives it.
        const tierOf = new Map<number, (typeof TIERS)[number]>();
        for (const c of stream) {
          if (tiersFull(counts, perTier)) break;
          const tier = tierOf.get(c.cls) ?? c.tier;
          tierOf.set(c.cls, tier);
          const before = counts[tier];
          const v = decideSlot(kept.has(c.cls), tier, counts, perTier);
          if (v === 'kept') {
            expect(kept.has(c.cls)).toBe(false);
            expect(before).toBeLessThan(perTier);
            kept.add(c.cls);
            counts[tier]++;
          } else if (v === 'duplicate') expect(kept.has(c.cls)).toBe(true);
          else expect(before).toBe(perTier);
        }
        expect(basesTowardTarget(counts, perTier)).toBe(kept.size);
        for (const t of TIERS) expect(counts[t]).toBeLessThanOrEqual(perTier);
      }),
    );
  });
});
