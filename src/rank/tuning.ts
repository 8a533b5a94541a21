// What `tune` asks of a kind (src/kind.ts, `tuning`): from the base puzzles of each size, as the
// verb reads them from the catalog, the cuts it proposes and the report for people; what an
// --apply must not overwrite; and the thresholds file's section it rewrites. The verb keeps the
// catalog, the files and the printing.
import type { Parsed } from '../parsed.js';
import type { Quantiles } from './cuts.js';
import type { Difficulty, TierMeasure, TierRule } from './rule.js';
import type { KindCuts, Thresholds, Tier, TierCounts, TierTable, YieldTable } from './tiers.js';

/** What tune reads of one size from the catalog. */
export interface SizeBases {
  key: string;
  /** Its base puzzles' reference nodes, grade scores and tiers. */
  bases: readonly (Difficulty & { tier: Tier })[];
  /** Its current rule, if it has one. */
  rule: TierRule | undefined;
  /** Base puzzles per tier as stored now. */
  tiers: TierCounts;
}

/** The versions that measured a size's rows: its reference nodes and its grades (null: unrecorded). */
export interface MeasuredBy {
  solver: (string | null)[];
  grader: (string | null)[];
}

/** What the run asks: the measure to cut (absent: what the sizes are tiered by now) and the quantiles. */
export interface TuneAsk {
  measure?: TierMeasure;
  quantiles: Quantiles;
}

/** The part of a size's analysis every kind has. */
export interface SizeTune {
  key: string;
  /** The measure the proposed cuts cut. */
  measure: TierMeasure;
  proposed: Thresholds;
  /** The plot written for this size, if any (the verb sets it). */
  plot: string | null;
}

/** What the report says of a run. */
export interface TuneReport<T extends SizeTune = SizeTune> {
  db: string;
  quantiles: Quantiles;
  sizes: T[];
  applied: boolean;
  /** The thresholds file an --apply writes too, if named. */
  tiersFile: string | null;
  /** Rows whose tier an --apply changed. */
  retiered: number;
}

/** A thresholds file's sections as tune reads and rewrites them (the TiersFile pipeline/build/thresholds.ts reads and writes). */
export interface CutsFile {
  comment: string;
  table: TierTable;
  grade: TierTable;
  yields: YieldTable;
  scores: TierTable;
  /** Other kinds' sections, by kind name. */
  kinds?: Record<string, KindCuts>;
  solverVersion?: string;
  graderVersion?: string;
}

/** A tuned size's base puzzles of one tier after an --apply, and their range on its measure. */
export interface TierSpan {
  size: string;
  tier: string;
  count: number;
  measure: TierMeasure;
  min: number;
  max: number;
}

export interface KindTuning<T extends SizeTune = SizeTune> {
  /** The measures --measure may choose; absent: the kind cuts one way, and --measure and --quantiles are refused. */
  readonly measures?: readonly TierMeasure[];
  /** What the kind's cuts are, in words, for refusing an option that does not apply to them. */
  readonly cutsAre: string;
  /** The reference measure's version the cuts are set on, which the catalog's thresholds record. */
  readonly referenceVersion: string;
  /** Each size's analysis and proposed cuts, or the line that refuses the run. */
  propose(sizes: readonly SizeBases[], ask: TuneAsk): Parsed<T[]>;
  /** Why the proposed cuts must not be applied (failedCheck: the catalog's puzzles forbid it, exit 1), or null. */
  refuseApply(
    tunes: readonly T[],
    measuredBy: ReadonlyMap<string, MeasuredBy>,
  ): { error: string; failedCheck: boolean } | null;
  /** The thresholds file (null: none yet) with the tuned sizes' cuts, or the line that refuses it. */
  tiersFile(
    file: CutsFile | null,
    tunes: readonly T[],
    at: { path: string; dbName: string; quantiles: Quantiles },
  ): Parsed<CutsFile>;
  /** After an --apply re-tiers, what breaks the tier order (only a bug can: the apply rolls back), or null. */
  orderBroken?(spans: readonly TierSpan[]): string | null;
  /** A size's plot: its name (the file's suffix) and its SVG; absent: the kind draws none, and --plot is refused. */
  plot?(t: T): { name: string; svg: string };
  /** The report for people, ending in a newline. */
  report(r: TuneReport<T>): string;
}
