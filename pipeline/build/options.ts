// The options of `dominosa build`, as data, and their one check: every option a run takes, and
// the refusal (one line, exit 2) of any that is out of range, before anything is opened.
import { METHOD_CHOICES, REJECTION_MAX_M, type MethodChoice } from '../../src/dominosa/make/generator.js';
import type { GradeTarget } from '../../src/dominosa/rank/bands.js';
import { TIER_MEASURES, type TierMeasure } from '../../src/rank/rule.js';
import { MAX_M as SOLVER_MAX_M } from '../../src/dominosa/solve/limits.js';
import type { KindName } from '../../src/kinds.js';
import { formatShape, parseShape } from '../../src/sudomino/shape.js';
import { UserError } from '../runtime/errors.js';
import { MAX_JOBS } from '../runtime/pool.js';

export interface BuildOptions {
  /** The puzzle kind built (default dominosa); one build makes one kind. */
  kind?: KindName;
  /** Dominosa's board sizes M, built in this order (empty for Sudomino). */
  sizes: number[];
  /** Sudomino's shapes, RxC:N, built in this order (Sudomino only). */
  shapes?: string[];
  /** Base puzzles wanted per tier and size. */
  perTier: number;
  /** Variants stored per base puzzle. */
  variants: number;
  seed: number;
  /** Worker threads. */
  jobs: number;
  db: string;
  /** The thresholds file that seeds the sizes a catalog has no thresholds for. */
  tiersFile: string;
  /** The user named the file (--tiers): it must then agree with the thresholds the catalog has. */
  tiersExplicit?: boolean;
  /** Add this build's puzzles to a catalog that holds another build's (--extend). */
  extend?: boolean;
  /** Deals the generator tries per slot before rejecting it. */
  maxAttempts: number;
  /** Slots per size before the size is given up as exhausted (default: defaultMaxSlots). */
  maxSlots?: number;
  /** Decisions per committed batch (default DEFAULT_BATCH_SIZE); a batch also commits after batchMs (default 1000). */
  batchSize?: number;
  batchMs?: number;
  /** Slots per worker task; by default sized to take about TASK_MS. Does not change the result. */
  chunk?: number;
  /** Stops the build at the next decision: the in-order finished prefix is committed. */
  signal?: AbortSignal;
  /** How boards are made (default 'auto': per size, see methodFor). Part of the build's key unless 'auto'. */
  method?: MethodChoice;
  /** What the tiers cut (default 'grade': the grade bands, ordered by the reference measure). Part of the build's key unless 'nodes'. */
  tierBy?: TierMeasure;
  /** Keep only puzzles of this human grade (graded generation). Part of the build's key when set. */
  grade?: GradeTarget;
  /**
   * Wall-clock budget of this run in ms: past it, slots in progress give up and the build stops
   * as if interrupted (committed slots are kept; rerunning the command continues).
   */
  timeoutMs?: number;
  /**
   * Build only shard `index` of `count`: slots index, index+count, index+2·count, ... of every
   * size, below maxSlots, with no tier caps (see decide). merge.ts combines the shards.
   */
  shard?: Shard;
}

/** The shapes a Sudomino build makes by default: the default 8x8:6 and a shape either side (scripts/bench/README.md). */
export const SUDOMINO_BUILD_SHAPES = ['6x6:4', '8x8:6', '10x10:7'];

/** Deals a Sudomino slot draws before it is rejected: most of 6x6:4's rare expert slots find one, and a tier no deal reaches costs a bounded time. */
export const SUDOMINO_MAX_ATTEMPTS = 200;

export interface Shard {
  index: number;
  count: number;
}

/**
 * Decisions per committed batch: large transactions, few commits and builds-row updates, and a
 * kill loses at most about a second of work (a batch also commits after batchMs).
 */
export const DEFAULT_BATCH_SIZE = 1024;

/** Enough for tiers as rare as a few percent of candidates, with room for duplicates. */
export function defaultMaxSlots(perTier: number): number {
  return Math.max(1000, 100 * perTier);
}

/**
 * The documented caps of a build's counts (README, "build"): past them a run would take hours or
 * more memory than a machine has before committing anything, so they are refused at once.
 */
export const BUILD_LIMITS = {
  /** The largest size the solver proves (src/dominosa/solve/limits.ts). */
  size: SOLVER_MAX_M,
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
  const whole = (v: number, min: number, name: string, max = Number.MAX_SAFE_INTEGER): void => {
    if (!Number.isSafeInteger(v) || v < min) throw new UserError(`${name} must be a whole number ≥ ${min} (got ${v})`);
    if (v > max) throw new UserError(`${name} must be at most ${max} (got ${v})`);
  };
  const L = BUILD_LIMITS;
  if (o.kind === 'sudomino') {
    const shapes = o.shapes ?? [];
    if (shapes.length === 0) throw new UserError('no shapes to build');
    for (const text of shapes) {
      const res = parseShape(text);
      if (!res.ok) throw new UserError(`--sizes: ${res.error}`);
      // The shape is the catalog's key for its slots and thresholds: one spelling only.
      if (formatShape(res.shape) !== text)
        throw new UserError(`--sizes: write shape ${text} as ${formatShape(res.shape)}`);
    }
    if (new Set(shapes).size !== shapes.length) throw new UserError('--sizes: a shape is named twice');
  } else {
    if (o.sizes.length === 0) throw new UserError('no sizes to build');
    for (const m of o.sizes) whole(m, 1, 'a size', L.size);
  }
  whole(o.perTier, 1, '--per-tier', L.perTier);
  whole(o.variants, 0, '--variants', L.variants);
  if (!Number.isSafeInteger(o.seed)) throw new UserError(`--seed must be a whole number (got ${o.seed})`);
  whole(o.jobs, 1, '--jobs', L.jobs);
  whole(o.maxAttempts, 1, '--max-attempts', L.maxAttempts);
  if (o.maxSlots !== undefined) whole(o.maxSlots, 1, '--max-slots', L.maxSlots);
  if (o.batchSize !== undefined) whole(o.batchSize, 1, '--batch-size', L.batchSize);
  if (o.chunk !== undefined) whole(o.chunk, 1, '--chunk', L.chunk);
  if (o.method !== undefined && !METHOD_CHOICES.includes(o.method)) {
    throw new UserError(`--method must be one of ${METHOD_CHOICES.join(', ')} (got ${o.method})`);
  }
  if (o.method === 'rejection') {
    const big = o.sizes.filter((m) => m > REJECTION_MAX_M);
    if (big.length > 0)
      throw new UserError(
        `--method rejection supports M ≤ ${REJECTION_MAX_M} (got ${big.join(', ')}); use repair or auto`,
      );
  }
  if (o.method === 'repair' && o.sizes.some((m) => m < 2)) throw new UserError('--method repair needs sizes M ≥ 2');
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
