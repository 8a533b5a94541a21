// The slot-decision rule, the catalog's central contract: slots are decided strictly in slot
// order, and what happens to a slot's proven-unique board depends only on what is already kept.
// `dominosa build` and `dominosa merge` both decide through this one function.
import { TIERS, type Tier, type TierCounts } from '../rank/tiers.js';
import type { SlotOutcome } from './schema.js';

/**
 * A board that fits no tier (tier null: under the grade rule, a board whose grade or reference
 * measure lies outside every tier) is rejected, as a deal that is not unique is; a board whose
 * symmetry class is kept already is a duplicate; otherwise a tier that holds perTier bases
 * turns it away (only when tiers are capped: a shard keeps every new class and leaves the caps
 * to the merge); otherwise it is kept. `counts` is what is kept so far.
 */
export function decideSlot(
  classKept: boolean,
  tier: Tier | null,
  counts: TierCounts,
  perTier: number,
  capped = true,
): Exclude<SlotOutcome, 'failed'> {
  if (tier === null) return 'rejected';
  if (classKept) return 'duplicate';
  if (capped && counts[tier] >= perTier) return 'tier-full';
  return 'kept';
}

/** A size is done once every tier it fills (all four unless a plan says fewer) holds perTier bases. */
export function tiersFull(counts: TierCounts, perTier: number, wanted: readonly Tier[] = TIERS): boolean {
  return wanted.every((t) => counts[t] >= perTier);
}

/** Bases that count towards the target (each wanted tier's count capped at perTier). */
export function basesTowardTarget(counts: TierCounts, perTier: number, wanted: readonly Tier[] = TIERS): number {
  return wanted.reduce((a, t) => a + Math.min(counts[t], perTier), 0);
}
