// The state a build run keeps per size: where its next slot is, what its tiers hold, how its
// slots were decided (for the builds row and the summary), and whether it is still open.
import { SLOT_OUTCOMES, type SlotOutcome } from '../../src/catalog/schema.js';
import type { TierCounts } from '../../src/catalog/decide.js';
import type { SizePlan } from '../../src/dominosa/rank/aims.js';
import type { TierRule } from '../../src/dominosa/rank/measure.js';
import type { SizeReport } from '../progress.js';

export interface SizeRun {
  m: number;
  rule: TierRule;
  /** The tiers it fills and what its slots aim at. */
  plan: SizePlan;
  /** Base puzzles per tier in the catalog plus those decided but not yet committed. */
  counts: TierCounts;
  /** Next slot to dispatch. */
  next: number;
  /** Running mean of worker ms per slot, to size the tasks (0: nothing measured yet). */
  slotMs: number;
  state: 'active' | 'done' | 'exhausted';
  /** Slots decided so far in this build, all runs (for the builds row). */
  total: Record<SlotOutcome, number>;
  totalAttempts: number;
  report: SizeReport;
}

export function zeroOutcomes(): Record<SlotOutcome, number> {
  return Object.fromEntries(SLOT_OUTCOMES.map((o) => [o, 0])) as Record<SlotOutcome, number>;
}

/** The builds row's per-size counts. */
export function countsJson(runs: SizeRun[]): Record<string, unknown> {
  return Object.fromEntries(
    runs.map((r) => [r.m, { ...r.total, attempts: r.totalAttempts, tiers: r.counts, state: r.state }]),
  );
}
