// What a build and its merge ask of a puzzle kind: the build group of src/kind.ts. The verbs know
// no kind: they plan a kind's sizes through it (its cuts, what its slots aim at, its key), make
// its slots in worker threads with its slot-maker (slot.ts) and decide them by the one rule
// (decide.ts); merge reads a shard's recorded key back through it. Each kind implements it in
// its own room (src/<kind>/make/build.ts); nothing here does I/O: what the catalog and the
// thresholds file hold reaches a kind through the sources below, which the pipeline provides.
import type { Parsed } from '../parsed.js';
import type { SizePlan } from '../rank/plan.js';
import type { TierMeasure, TierRule } from '../rank/rule.js';
import type { Tier, TierCounts } from '../rank/tiers.js';
import type { PuzzleRecord } from './row.js';
import type { SlotMaker } from './slot.js';

/** Shard `index` of `count`: slots index, index+count, ... of every size. */
export interface Shard {
  index: number;
  count: number;
}

/** Tier rules per size, by key. */
export type RuleTable = Record<string, TierRule>;

/** What a kind reads of a build's options (pipeline/build/options.ts holds the rest: threads, batches, signals). */
export interface BuildSettings {
  /** The sizes built, by key (the catalog's shape column), in this order. */
  sizes: string[];
  /** Base puzzles wanted per tier and size. */
  perTier: number;
  /** Variants stored per base puzzle. */
  variants: number;
  seed: number;
  /** Deals a slot tries before it is rejected. */
  maxAttempts: number;
  /** Slots per size before it is given up (default: defaultMaxSlots). */
  maxSlots?: number;
  shard?: Shard;
  /** Options some kinds take (the command line refuses them for the others): how boards are made, what the tiers cut, a grade target by name. */
  method?: string;
  tierBy?: TierMeasure;
  grade?: string;
  /** The catalog's path and the thresholds file's, as messages name them. */
  db: string;
  tiersFile: string;
  /** The user named the thresholds file: it must then agree with the cuts the catalog has. */
  tiersExplicit?: boolean;
}

/** Enough for tiers as rare as a few percent of candidates, with room for duplicates. */
export function defaultMaxSlots(perTier: number): number {
  return Math.max(1000, 100 * perTier);
}

/**
 * The thresholds file (data/tiers.json by default) as a kind reads it, only when it needs it:
 * each read is its JSON or the one line that says why there is none.
 */
export interface TiersFileSource {
  readonly path: string;
  /** Its JSON; a missing or unreadable file, or one that is not JSON, is an error. */
  json(): Parsed<unknown>;
  /** Its JSON, or null when there is no such file; an unreadable file, or one that is not JSON, is an error. */
  jsonIfAny(): Parsed<{ json: unknown } | null>;
}

/** What a kind plans a build from. */
export interface PlanInput {
  settings: BuildSettings;
  /** The catalog's own cuts of the kind's sizes, by key (none without a catalog). */
  stored: ReadonlyMap<string, TierRule>;
  file: TiersFileSource;
  /** Cuts the build sampled (the kind's calibration) for sizes that had none anywhere. */
  calibrated: RuleTable;
}

/** A size's plan as the build carries it: its tiers, and what the kind's slot-maker needs of it. */
export interface PlannedSize extends SizePlan {
  /**
   * What the kind's slots of this size need beyond the slot (Dominosa: how its boards are made
   * and what each slot aims at), handed to its slot-maker as SlotSpec's make. Plain data: it
   * crosses to the worker threads.
   */
  make: unknown;
}

/**
 * A build's key: the options that decide which puzzles it keeps, recorded as JSON in its builds
 * row and hashed, so that the same command finds its build again. Every kind's key has these
 * fields; each adds its own (its sizes, its cuts), and the field order is part of the key.
 */
export interface BuildKey {
  seed: number;
  perTier: number;
  variants: number;
  maxAttempts: number;
  solverVersion: string;
  graderVersion: string;
  /** A shard's slice, and its slot budget (which decides where a shard stops). */
  shard?: Shard;
  maxSlots?: number;
}

/** What a kind decides before a build writes anything. */
export interface KindPlan {
  /** Each size's tier rule: the catalog's own where it has one, else the kind's seed for it. */
  table: RuleTable;
  /** The sizes whose current cuts this build seeds (the catalog had none for them). */
  seeded: ReadonlySet<string>;
  key: BuildKey;
  /** What each size fills and aims at, by key. */
  plans: ReadonlyMap<string, PlannedSize>;
}

/** A kind's keys, as a build records them and a merge reads them back. */
export interface KindKeys {
  /** Whether a recorded key (a JSON object) is one this kind writes: by the field naming its kind, or its absence. */
  claims(recorded: Readonly<Record<string, unknown>>): boolean;
  /** A recorded key this kind claims, checked field by field (it is someone else's file), or what is wrong with it. */
  check(recorded: Readonly<Record<string, unknown>>): Parsed<BuildKey>;
  /** A checked key's sizes, by key, in build order. */
  sizes(k: BuildKey): string[];
  /** A checked key's tier rule of each size. */
  rules(k: BuildKey): RuleTable;
  /** The tiers each size of a checked key fills. */
  wanted(k: BuildKey): Map<string, readonly Tier[]>;
  /** The key of the unsharded build a shard's key belongs to, or why this release cannot make it. */
  unsharded(k: BuildKey): Parsed<BuildKey>;
  /** The options a recorded key (perhaps partial) names, as command-line words ("sizes" → "3,4"), for messages. */
  words(k: Readonly<Record<string, unknown>>): Map<string, string>;
}

/** Per size and tier: how many base puzzles, and their range on the size's tier measure (the catalog's tierStats). */
export interface SizeTierStat {
  size: string;
  tier: Tier;
  count: number;
  measure: TierMeasure;
  min: number;
  max: number;
}

/** What a catalog holds of one kind, as a kind's summaries read it. */
export interface BuiltCatalog {
  /** Puzzles per size (bases and variants), in the kind's order of sizes. */
  sizeCounts(): Map<string, number>;
  /** Base puzzles of a size per tier. */
  tierCounts(key: string): TierCounts;
  /** Base puzzles per size and tier with their range on the size's current measure. */
  tierStats(): SizeTierStat[];
  /** Nodes, score and tier of a size's base puzzles, in id order. */
  baseDifficulties(key: string): { nodes: number; score: number; tier: Tier }[];
}

/** A line of a build's closing table: a size's tier, its count and its range. */
export interface SummaryTier {
  /** The size as people read it ("M=6"). */
  label: string;
  tier: Tier;
  count: number;
  /** What the range measures, and its ends. */
  measure: TierMeasure;
  min: number;
  max: number;
  /** The tier's band, as its grade names it, or '-'. */
  band: string;
  /** The measure named for people at this size ("reference nodes", "grade score"). */
  cut: string;
}

/**
 * A kind's calibration: cuts sampled by the build for sizes that have none in the catalog or the
 * thresholds file. The samples' slots are slots of their own (not a build's), drawn in worker
 * threads; the cuts depend only on the seed, the size and the options, so shards, a merge and a
 * resumed build agree.
 */
export interface KindCalibration {
  /** The sizes of a build that neither the catalog nor the file has cuts for, or the refusal (a size too large to sample unasked). */
  sizes(input: Omit<PlanInput, 'calibrated'>): Parsed<string[]>;
  /** What a size's sample is drawn by (plain data: it crosses to the threads), and the slots it draws. */
  sample(settings: BuildSettings, key: string): { spec: unknown; slots: number };
  /** A per-thread sampler: one sample slot's point, or null when it found no board. */
  sampler(): (spec: unknown, slot: number) => unknown;
  /** A size's cuts from its sample's points (one per slot, null for none), or the refusal. */
  cuts(settings: BuildSettings, key: string, spec: unknown, points: readonly unknown[]): Parsed<TierRule>;
  /** The progress bar's title while the sizes are sampled ("calibrating M=3,4"). */
  title(keys: readonly string[]): string;
  /** The line said once they are. */
  announce(settings: BuildSettings, keys: readonly string[], table: RuleTable): string;
}

export interface KindBuild {
  /** What a build makes when not told: its sizes, by key, and the deals a slot tries. */
  readonly defaults: { readonly sizes: readonly string[]; readonly maxAttempts: number };
  /**
   * The build options of the command line that only some kinds read ('method', 'tier-by',
   * 'grade', 'thresholds', 'tiers') which this kind reads; the others, given, are refused for it
   * with `why` ("whose tiers are its grade's levels").
   */
  readonly options: { readonly takes: readonly string[]; readonly why: string };
  /** How its boards can be made (--method's choices; empty: one way). */
  readonly methods: readonly string[];
  /** The versions of its reference measure (the solver's) and its grader, which its builds record. */
  readonly versions: { readonly solver: string; readonly grader: string };
  /** How messages name a build of this kind ("build"; "Sudomino build"). */
  readonly noun: string;
  /** How --sizes names its sizes, and its default, for --help ("board sizes M, 3..9, ... [default: 3..9]"). */
  readonly sizesHelp: string;
  /** The sizes a build's --sizes text names (its sizes, within what a build makes), or the refusal without the option's name. */
  parseSizes(text: string): Parsed<string[]>;
  /** Why a build's options are out of range for this kind (its sizes, how its boards are made), or null. */
  refuse(o: BuildSettings): string | null;
  /** Each size's cuts, plan and the build's key, or the one-line refusal of a build the catalog cannot take. */
  plan(input: PlanInput): Parsed<KindPlan>;
  /** Cuts sampled for sizes without any; absent, such a size is refused by plan. */
  readonly calibration?: KindCalibration;
  readonly keys: KindKeys;
  /**
   * The tier slot k aims at, when it is a function of the slot alone; null when slots aim
   * otherwise. A capped build (and a merge) decides a slot aimed at a full tier as tier-full
   * without looking at what it made, so its worker need not make it.
   */
  readonly aimOf: ((slot: number) => Tier) | null;
  /** A slot-maker of this kind for one worker thread. */
  slotMaker(): SlotMaker;
  /** Why a kept base's row cannot be of the size `key`, or null. */
  misfit(key: string, base: PuzzleRecord): string | null;
  /** The closing table's lines of the built sizes. */
  summary(held: BuiltCatalog, keys: readonly string[]): SummaryTier[];
  /** What the catalog holds of this kind, in a phrase for people ("2800 puzzles of M = 3..9: ..."). */
  holdings(held: BuiltCatalog): string;
  /** A build's sizes and what its tiers are, in words, for build --dry-run ("M=3,4", "grade"). */
  describe(o: BuildSettings): { sizes: string; tiers: string };
}
