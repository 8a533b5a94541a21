// A build's key: the options that decide which puzzles it keeps, recorded in its builds row and
// hashed, so that the same command finds its build again and resumes it.
import { createHash } from 'node:crypto';
import type { MethodChoice } from '../../src/make/generator.js';
import { DEFAULT_TIER_MEASURE, type TierMeasure } from '../../src/rank/measure.js';
import { REFERENCE_VERSION } from '../../src/rank/reference.js';
import { GRADER_VERSION } from '../../src/rank/stored.js';
import { TIERS, type Thresholds, type Tier } from '../../src/rank/tiers.js';
import { defaultMaxSlots, type BuildOptions, type Shard } from './options.js';
import type { RuleTable } from './thresholds.js';

/** What decides which puzzles a build keeps, as recorded in its row (JSON) and hashed into its key. */
export interface KeyOptions {
  seed: number;
  sizes: number[];
  perTier: number;
  variants: number;
  maxAttempts: number;
  solverVersion: string;
  graderVersion: string;
  thresholds: Record<string, Thresholds>;
  /** Only when not 'auto', so builds made before methods existed keep their keys. */
  method?: MethodChoice;
  /** Only when not 'nodes' (builds made before the grade rule keep their keys). */
  tierBy?: TierMeasure;
  /** Only when set: the grade target's name (a band or a level). */
  grade?: string;
  /** A shard's slice, and its slot budget (which decides where a shard stops). */
  shard?: Shard;
  maxSlots?: number;
  /** Only for sizes that fill fewer than the four tiers (rank/aims.ts): the tiers they fill. */
  tiers?: Record<string, Tier[]>;
}

/**
 * Everything that decides which puzzles a build keeps; --jobs, --timeout and (unsharded)
 * --max-slots do not. The field order is part of the key: keep it.
 */
export function buildKeyOptions(
  o: BuildOptions,
  table: RuleTable,
  solverVersion: string = REFERENCE_VERSION,
  wanted: ReadonlyMap<number, readonly Tier[]> = new Map(),
): KeyOptions {
  const key: KeyOptions = {
    seed: o.seed,
    sizes: o.sizes,
    perTier: o.perTier,
    variants: o.variants,
    maxAttempts: o.maxAttempts,
    solverVersion,
    graderVersion: GRADER_VERSION,
    thresholds: Object.fromEntries(o.sizes.map((m) => [m, table[m].th])),
  };
  if (o.method !== undefined && o.method !== 'auto') key.method = o.method;
  const tierBy = o.tierBy ?? DEFAULT_TIER_MEASURE;
  if (tierBy !== 'nodes') key.tierBy = tierBy;
  if (o.grade !== undefined) key.grade = o.grade.name;
  if (o.shard !== undefined) {
    key.shard = { index: o.shard.index, count: o.shard.count };
    key.maxSlots = o.maxSlots ?? defaultMaxSlots(o.perTier);
  }
  const fewer = o.sizes.filter((m) => (wanted.get(m)?.length ?? TIERS.length) < TIERS.length);
  if (fewer.length > 0) key.tiers = Object.fromEntries(fewer.map((m) => [m, [...wanted.get(m)!]]));
  return key;
}

/** The key a build row is found by: a hash of its KeyOptions. */
export function buildKey(k: KeyOptions): string {
  return createHash('sha256').update(JSON.stringify(k)).digest('hex');
}
