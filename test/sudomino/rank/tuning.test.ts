// Sudomino's part of tune: the node ranges it proposes for a shape keep every base puzzle in its
// tier when the tiers' nodes allow it, so --apply takes its own proposal; a tier without puzzles
// gets no cut that would take puzzles from the tiers below it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_QUANTILES } from '../../../src/rank/cuts.js';
import { TIERS, zeroTierCounts } from '../../../src/rank/tiers.js';
import { tuning } from '../../../src/sudomino/rank/tuning.js';

/** A shape's bases: per level (1..4, the tiers in order), the reference nodes of each. */
function shape(levels: readonly (readonly number[])[]) {
  const bases = levels.flatMap((nodes, i) => nodes.map((n) => ({ nodes: n, score: i + 1.5, tier: TIERS[i] })));
  const tiers = zeroTierCounts();
  for (const b of bases) tiers[b.tier]++;
  return { key: '1x2:1', bases, rule: undefined, tiers };
}

describe('tune --kind sudomino', () => {
  it('proposes no cut below a shape whose only tier is easy, and --apply takes the proposal', () => {
    const res = tuning.propose([shape([[1]])], { quantiles: DEFAULT_QUANTILES });
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.value[0].outside).toBe(0);
    expect(res.value[0].proposed.t1).toBeGreaterThanOrEqual(1);
    expect(tuning.refuseApply(res.value, new Map())).toBeNull();
  });

  it('keeps every base in range when the tiers present are the lowest and their nodes climb apart', () => {
    const levels = fc
      .integer({ min: 1, max: 4 })
      .chain((present) =>
        fc.array(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 5 }), {
          minLength: present,
          maxLength: present,
        }),
      )
      .map((offsets) => offsets.map((os, i) => os.map((o) => 1 + 4 * i + o)));
    fc.assert(
      fc.property(levels, (ls) => {
        const res = tuning.propose([shape(ls)], { quantiles: DEFAULT_QUANTILES });
        expect(res.ok && res.value[0].outside).toBe(0);
      }),
      { numRuns: 100 },
    );
  });
});
