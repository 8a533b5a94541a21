// A Sudomino puzzle's tier under its shape's rule. The grader's level names the tier (LEVELS in
// grade/ladder.ts); a shape's stored cuts, when it has any, also bound each tier's reference nodes,
// as Dominosa's grade rule bounds its bands. Build, audit and tune decide tiers only here.
import { tierUnder, type Difficulty, type TierRule } from '../../rank/rule.js';
import type { Tier } from '../../rank/tiers.js';
import { tierOfLevel } from '../grade/ladder.js';

/**
 * The tier of a puzzle of the given difficulty, or null when it fits none. Without a rule, its
 * level's tier. Under a 'grade' rule, its level's tier when its reference nodes lie in that
 * tier's range of the cuts; under a 'nodes' or 'score' rule, the range its value falls in.
 */
export function tierFor(d: Difficulty, rule: TierRule | null): Tier | null {
  return rule === null ? tierOfLevel(Math.floor(d.score)) : tierUnder(d, rule, tierOfLevel);
}
