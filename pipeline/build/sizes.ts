// The state a build run keeps per size: what its tiers hold, how its slots were decided (for the
// builds row and the summary), and whether it is still open. The decider owns it and alone
// changes it; the dispatcher and the run read it through SizeView.
import type { PlannedSize } from '../../src/catalog/build.js';
import { SLOT_OUTCOMES, type SlotOutcome } from '../../src/catalog/schema.js';
import type { TierRule } from '../../src/rank/rule.js';
import type { TierCounts } from '../../src/rank/tiers.js';
import type { SizeReport } from './progress.js';

export type SizeState = 'active' | 'done' | 'exhausted';

export interface SizeRun {
  /** The size's key (the catalog's shape column), and how people read it. */
  readonly key: string;
  readonly label: string;
  readonly rule: TierRule;
  /** The tiers it fills and what its slots need of it. */
  readonly plan: PlannedSize;
  /** Base puzzles per tier in the catalog plus those decided but not yet committed. */
  counts: TierCounts;
  /** Running mean of worker ms per slot, to size the tasks (0: nothing measured yet). */
  slotMs: number;
  state: SizeState;
  /** Slots decided so far in this build, all runs (for the builds row). */
  total: Record<SlotOutcome, number>;
  totalAttempts: number;
  report: SizeReport;
}

/** A size as those who do not own it see it. */
export interface SizeView {
  readonly key: string;
  readonly label: string;
  readonly rule: TierRule;
  readonly plan: PlannedSize;
  readonly counts: Readonly<TierCounts>;
  readonly slotMs: number;
  readonly state: SizeState;
}

/** A size's run as a build starts it: what the catalog holds of it, and what this build decided before. */
export function openSizeRun(
  size: { key: string; label: string },
  rule: TierRule,
  plan: PlannedSize,
  counts: TierCounts,
  decided: ReadonlyMap<SlotOutcome, { slots: number; attempts: number }>,
  state: SizeState,
): SizeRun {
  const total = zeroOutcomes();
  let totalAttempts = 0;
  for (const [o, s] of decided) {
    total[o] = s.slots;
    totalAttempts += s.attempts;
  }
  const report: SizeReport = {
    label: size.label,
    state: state === 'active' ? 'open' : state,
    outcomes: zeroOutcomes(),
    attempts: 0,
    workerMs: 0,
    wastedMs: 0,
  };
  return { key: size.key, label: size.label, rule, plan, counts, slotMs: 0, state, total, totalAttempts, report };
}

export function zeroOutcomes(): Record<SlotOutcome, number> {
  return Object.fromEntries(SLOT_OUTCOMES.map((o) => [o, 0])) as Record<SlotOutcome, number>;
}

/** The builds row's per-size counts. */
export function countsJson(runs: readonly SizeRun[]): Record<string, unknown> {
  return Object.fromEntries(
    runs.map((r) => [r.key, { ...r.total, attempts: r.totalAttempts, tiers: r.counts, state: r.state }]),
  );
}
