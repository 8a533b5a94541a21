// One slot of a build as a kind makes it: what the build's worker hands the kind's slot-maker
// (the slot, its size and what the build knows when it sends it) and what comes back: the puzzle
// made, tiered by the size's rule, with its catalog rows checksummed, or the rejection. Pure: a
// slot's answer is a function of the spec alone, so --jobs and shards cannot change a catalog.
import type { TierRule } from '../rank/rule.js';
import type { Tier } from '../rank/tiers.js';
import type { PuzzleRecord } from './row.js';

export interface SlotSpec {
  seed: number;
  /** The size's key (the catalog's shape column: "6", "8x8:6"). */
  key: string;
  slot: number;
  /** The size's tier rule: the made puzzle's tier is the one it gives. */
  rule: TierRule;
  /**
   * Tiers already full when the slot was sent: a candidate landing in one can never be kept, so
   * its board and variants are not sent back (and a slot aimed at one need not be made).
   */
  fullTiers: readonly Tier[];
  /** Variants wanted per kept puzzle. */
  variants: number;
  /** Deals tried before the slot is rejected. */
  maxAttempts: number;
  /** What the kind's plan gave the size for its slots (PlannedSize's make), as plain data. */
  make: unknown;
  /** The build the rows are for (their build_id). */
  buildId: number;
  /** True once the slot must give up (its build's deadline passed); absent, it never does. */
  interrupt?: () => boolean;
}

/**
 * A candidate as the build needs it to decide and store: its tier under the size's rule, its
 * symmetry class, and (when it may be kept) its rows, prepared and checksummed where it was
 * made, in parallel, so the writer only numbers them and binds them. Rows cross to the main
 * thread as flat records of strings and numbers.
 */
export interface MadePuzzle {
  attempts: number;
  /** The tier the size's rule gives it (null: no tier, a rejection). */
  tier: Tier | null;
  canonicalHash: string;
  /** The base's row, then its variants'; only for a candidate whose tier was not yet full when the slot was sent. */
  rows: PuzzleRecord[] | null;
}

/** What a kind's slot-maker answers for one slot: its puzzle, or why it has none (timedOut: it gave up at the deadline). */
export type SlotResult =
  | { ok: true; slot: number; puzzle: MadePuzzle }
  | { ok: false; slot: number; attempts: number; reason: string; timedOut?: boolean };

/** A slot's answer as the build's worker sends it: the result and the worker time it took, in ms. */
export type SlotAnswer = SlotResult & { ms: number };

/** Makes slots of a kind; one per worker thread, which keeps its solvers' buffers across slots. */
export type SlotMaker = (spec: SlotSpec) => SlotResult;
