// A Dominosa puzzle's tier under its size's rule: under the grade rule, the band its grade's level
// lies in (bands.ts), inside the band's range of the reference measure (src/rank/rule.ts); and how
// the cuts of a rule at size M are named for people.
import { tierUnder, type Difficulty, type TierMeasure, type TierRule } from '../../rank/rule.js';
import type { Tier } from '../../rank/tiers.js';
import { bandOfLevel } from './bands.js';
import { guardrailName } from './reference.js';

/**
 * The tier of a puzzle under a size's rule, or null when it fits none: under 'grade', a puzzle
 * whose level is in no band (beyond Extreme, or search), or whose reference measure lies outside
 * its band's range.
 */
export function tierFor(d: Difficulty, rule: TierRule): Tier | null {
  return tierUnder(d, rule, bandOfLevel);
}

/** What the cuts of a rule at size m apply to, named for people. */
export function cutName(measure: TierMeasure, m: number): string {
  return measure === 'score' ? 'grade score' : guardrailName(m);
}
