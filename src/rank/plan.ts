// What a build's slots of one size aim to fill, as every kind plans it: the tiers the size fills
// and the ones out of its reach, each with why. A kind's own plan of a size (Dominosa's aims per
// slot) extends it.
import type { Tier } from './tiers.js';

export interface SizePlan {
  /** The tiers this size fills, easiest first. */
  wanted: Tier[];
  /** Tiers it would fill but cannot reach, each with why (a clause for people); tiers a grade target rules out are neither. */
  unreachable: { tier: Tier; why: string }[];
}
