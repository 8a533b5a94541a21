// What the shared build path (dispatcher, decider, commit, store) asks of the kind it builds:
// the worker module that makes its slots, the task that carries a run of slots there, the tier
// a slot aims at when that is the slot's alone, and the check of a kept base's board.
import type { PuzzleRecord } from '../../src/catalog/row.js';
import type { KindName } from '../../src/kinds.js';
import type { Tier } from '../../src/rank/tiers.js';
import { sudominoAim } from '../../src/sudomino/rank/catalog-rule.js';
import { parseShape } from '../../src/sudomino/shape.js';
import type { BuildOptions } from './options.js';
import type { SizeView } from './sizes.js';
import type { SudominoSlotTask } from './sudomino-worker.js';
import type { SlotTask } from './worker.js';

/** A run of slots as the dispatcher hands it on: slots first, first+stride, ... (count of them). */
export interface RunSpec {
  options: BuildOptions;
  first: number;
  count: number;
  stride: number;
  /** Tiers already full when the run is sent (none for a shard). */
  fullTiers: Tier[];
  buildId: number;
  deadline: number | undefined;
}

export interface BuildKind {
  name: KindName;
  /** The worker module under pipeline/ in dist/. */
  worker: string;
  task(size: SizeView, run: RunSpec): object;
  /**
   * The tier slot k aims at, when it is a function of the slot alone; null when slots aim
   * otherwise. A capped build decides a slot aimed at a full tier as tier-full without looking
   * at what it made, so its worker need not make it.
   */
  aimOf: ((slot: number) => Tier) | null;
  /** Why a kept base's board cannot be of this size, or null. */
  misfit(size: SizeView, base: PuzzleRecord): string | null;
}

const DOMINOSA: BuildKind = {
  name: 'dominosa',
  worker: 'build/worker.js',
  task(size, run) {
    const { seed, variants, maxAttempts } = run.options;
    const method = run.options.method ?? 'auto';
    const { first, count, stride, fullTiers, buildId, deadline } = run;
    const task: SlotTask = {
      seed,
      m: size.m,
      first,
      count,
      stride,
      method,
      variants,
      maxAttempts,
      rule: size.rule,
      fullTiers,
      aims: size.plan.aims,
      buildId,
    };
    if (deadline !== undefined) task.deadline = deadline;
    return task;
  },
  aimOf: null,
  misfit: (size, base) =>
    base.rows !== size.m + 1 || base.cols !== size.m + 2 ? `board is ${base.rows}x${base.cols}, not wide` : null,
};

const SUDOMINO: BuildKind = {
  name: 'sudomino',
  worker: 'build/sudomino-worker.js',
  task(size, run) {
    const { seed, variants, maxAttempts } = run.options;
    const { first, count, stride, fullTiers, buildId, deadline } = run;
    const task: SudominoSlotTask = {
      seed,
      shape: String(size.size),
      first,
      count,
      stride,
      variants,
      maxAttempts,
      rule: size.rule,
      fullTiers,
      buildId,
    };
    if (deadline !== undefined) task.deadline = deadline;
    return task;
  },
  aimOf: sudominoAim,
  misfit(size, base) {
    const s = parseShape(String(size.size));
    if (!s.ok) return s.error;
    const { rows, cols, values } = s.shape;
    return base.rows !== rows || base.cols !== cols || base.m !== values
      ? `board is ${base.rows}x${base.cols}:${base.m}, not ${String(size.size)}`
      : null;
  },
};

export function buildKindOf(options: BuildOptions): BuildKind {
  return options.kind === 'sudomino' ? SUDOMINO : DOMINOSA;
}
