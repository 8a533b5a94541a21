// The options of `dominosa build`, as data, and their one check: every option a run takes, and
// the refusal (one line, exit 2) of any that is out of range, before anything is opened. What a
// kind reads of them (BuildSettings: its sizes, how its boards are made) it checks itself.
import type { BuildSettings } from '../../src/catalog/build.js';
import { DEFAULT_KIND, kindNamed, type KindName, type PuzzleKind } from '../../src/kinds.js';
import { TIER_MEASURES } from '../../src/rank/rule.js';
import { UserError } from '../runtime/errors.js';
import { MAX_JOBS } from '../runtime/pool.js';
import { checkSourceDate } from '../runtime/source-date.js';

export { defaultMaxSlots, type Shard } from '../../src/catalog/build.js';

export interface BuildOptions extends BuildSettings {
  /** The puzzle kind built (default: DEFAULT_KIND); one build makes one kind. */
  kind?: KindName;
  /** Worker threads. */
  jobs: number;
  /** Add this build's puzzles to a catalog that holds another build's (--extend). */
  extend?: boolean;
  /** Decisions per committed batch (default DEFAULT_BATCH_SIZE); a batch also commits after batchMs (default 1000). */
  batchSize?: number;
  batchMs?: number;
  /** Slots per worker task; by default sized to take about TASK_MS. Does not change the result. */
  chunk?: number;
  /** Stops the build at the next decision: the in-order finished prefix is committed. */
  signal?: AbortSignal;
  /**
   * Wall-clock budget of this run in ms: past it, slots in progress give up and the build stops
   * as if interrupted (committed slots are kept; rerunning the command continues).
   */
  timeoutMs?: number;
}

/** The kind a build's options make. */
export function buildKind(o: Pick<BuildOptions, 'kind'>): PuzzleKind {
  return kindNamed(o.kind ?? DEFAULT_KIND);
}

/**
 * Decisions per committed batch: large transactions, few commits and builds-row updates, and a
 * kill loses at most about a second of work (a batch also commits after batchMs).
 */
export const DEFAULT_BATCH_SIZE = 1024;

/**
 * The documented caps of a build's counts (README, "build"): past them a run would take hours or
 * more memory than a machine has before committing anything, so they are refused at once. A
 * kind caps its own sizes.
 */
export const BUILD_LIMITS = {
  perTier: 100_000,
  variants: 1000,
  jobs: MAX_JOBS,
  maxAttempts: 10_000_000,
  maxSlots: 10_000_000,
  batchSize: 1_000_000,
  chunk: 1_000_000,
} as const;

/** Refuse options out of range, with one line naming the option. */
export function checkBuildOptions(o: BuildOptions): void {
  // The build's time stamps come from it: a value none can be made of is refused before any work.
  checkSourceDate();
  const whole = (v: number, min: number, name: string, max = Number.MAX_SAFE_INTEGER): void => {
    if (!Number.isSafeInteger(v) || v < min) throw new UserError(`${name} must be a whole number ≥ ${min} (got ${v})`);
    if (v > max) throw new UserError(`${name} must be at most ${max} (got ${v})`);
  };
  const L = BUILD_LIMITS;
  const refused = buildKind(o).build.refuse(o);
  if (refused !== null) throw new UserError(refused);
  whole(o.perTier, 1, '--per-tier', L.perTier);
  whole(o.variants, 0, '--variants', L.variants);
  if (!Number.isSafeInteger(o.seed)) throw new UserError(`--seed must be a whole number (got ${o.seed})`);
  whole(o.jobs, 1, '--jobs', L.jobs);
  whole(o.maxAttempts, 1, '--max-attempts', L.maxAttempts);
  if (o.maxSlots !== undefined) whole(o.maxSlots, 1, '--max-slots', L.maxSlots);
  if (o.batchSize !== undefined) whole(o.batchSize, 1, '--batch-size', L.batchSize);
  if (o.chunk !== undefined) whole(o.chunk, 1, '--chunk', L.chunk);
  if (o.tierBy !== undefined && !TIER_MEASURES.includes(o.tierBy)) {
    throw new UserError(`--tier-by must be one of ${TIER_MEASURES.join(', ')} (got ${o.tierBy})`);
  }
  if (o.timeoutMs !== undefined && !(o.timeoutMs > 0))
    throw new UserError(`--time-limit must be a positive number of seconds`);
  if (o.shard !== undefined) {
    const { index, count } = o.shard;
    if (!Number.isSafeInteger(count) || count < 1 || !Number.isSafeInteger(index) || index < 0 || index >= count) {
      throw new UserError(`--shard must be i/N with 0 ≤ i < N (got ${index}/${count})`);
    }
  }
}
