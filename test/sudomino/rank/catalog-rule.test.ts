// The catalog's Sudomino tier rule: the score cuts it records put every grade in its level's
// tier (tune and audit read tiers through them), and slots aim at the tiers in turn.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tierFor } from '../../../src/dominosa/rank/tier-rule.js';
import { TIERS } from '../../../src/rank/tiers.js';
import { scoreOf, TOP_LEVEL, tierOfLevel } from '../../../src/sudomino/grade/ladder.js';
import { TIER_RULE, aimOf } from '../../../src/sudomino/rank/catalog-rule.js';

describe('the Sudomino catalog rule', () => {
  it('tiers every grade score by its level', () => {
    // A level above 1 is reached by using one of its techniques at least once; level 1 by none or more.
    const grade = fc
      .integer({ min: 1, max: TOP_LEVEL })
      .chain((level) => fc.tuple(fc.constant(level), fc.integer({ min: level === 1 ? 0 : 1, max: 10_000 })));
    fc.assert(
      fc.property(grade, fc.nat(), ([level, uses], nodes) => {
        expect(tierFor({ score: scoreOf(level, uses), nodes }, TIER_RULE)).toBe(tierOfLevel(level));
      }),
    );
  });

  it('aims slot k at tier k mod 4, each tier once in every four slots', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1e9 }), (k) => {
        const four = [0, 1, 2, 3].map((i) => aimOf(4 * Math.floor(k / 4) + i));
        expect(four).toEqual([...TIERS]);
        expect(aimOf(k)).toBe(TIERS[k % 4]);
      }),
    );
  });
});
