// How a Sudomino catalog tiers its puzzles: a tier is the grade's level (singles easy, pairs
// normal, subsets hard, chains expert), recorded as score cuts at the level boundaries so that
// tune shows and sets them as it does Dominosa's; and which tier a build's slot aims at.
import type { TierRule } from '../../rank/rule.js';
import { TIERS, type Tier } from '../../rank/tiers.js';

/**
 * Score cuts at 2, 3 and 4: a level above 1 is reached only by using one of its techniques, so
 * its score lies strictly above the level (scoreOf), and easy ≤ 2 < normal ≤ 3 < hard ≤ 4 < expert
 * gives each level its tier.
 */
export const TIER_RULE: TierRule = { measure: 'score', th: { t1: 2, t2: 3, t3: 4 } };

/** Slot k aims at the tiers in turn, skipping none: a function of the slot alone, so --jobs and shards agree. */
export function aimOf(slot: number): Tier {
  return TIERS[slot % TIERS.length];
}
