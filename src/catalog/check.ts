// What `dominosa audit` proves about a stored puzzle of any kind, and what it asks of the kind: the
// check group of PuzzleKind (KindChecks), the per-puzzle skeleton each kind's checks run through
// (checksum, valid grid, the proofs within a budget, hash, variant = base under its transform),
// and the checks over a kind's rows that several kinds share (tier order, thresholds, versions).
// The kinds' own checks live in their rooms (src/dominosa/check.ts, src/sudomino/check.ts).
import type { Parsed } from '../parsed.js';
import { formatMeasure, type TierMeasure, type TierRule } from '../rank/rule.js';
import { TIERS, type Tier } from '../rank/tiers.js';
import { rowChecksum, type ChecksummedRow } from './checksum.js';

/** Every way a catalog can fail its audit. The first eleven concern one puzzle, the rest the catalog. */
export const FAILURE_KINDS = [
  'checksum-mismatch',
  'grid-invalid',
  'not-unique',
  'solvers-disagree',
  'wrong-solution',
  'nodes-mismatch',
  'grade-mismatch',
  'tier-mismatch',
  'hash-mismatch',
  'variant-mismatch',
  'gave-up',
  'solver-version-mismatch',
  'grader-version-mismatch',
  'tier-order',
  'duplicate-base',
  'missing-thresholds',
  'schema-version',
  'schema-mismatch',
  'digest-mismatch',
  'integrity',
] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

export interface Failure {
  kind: FailureKind;
  /** The puzzle at fault; null for a catalog-wide failure. */
  puzzleId: number | null;
  /** One sentence for people. */
  detail: string;
  /** The puzzle's kind and size ("dominosa M=4", "sudomino 8x8:6"), named by audit for its report. */
  scope?: string;
}

/**
 * A puzzle row as the catalog stores it (the fields the checks read): grid and solution as the
 * kind writes them, score the stored grade's (floor = level).
 */
export interface StoredPuzzle extends ChecksummedRow {
  id: number;
  base_id: number | null;
  checksum: string;
}

/** What a stored row says of its board's size (the catalog's columns), all a kind's budget or versions look at. */
export type StoredSize = Pick<StoredPuzzle, 'kind' | 'm' | 'rows' | 'cols'>;

/** What a variant shares with its base, and all a row's checks without proof read of the base. */
export type SharedFields = Pick<StoredPuzzle, 'id' | 'm' | 'tier' | 'nodes' | 'score' | 'canonical_hash'>;

// --- the kind's check group ---

/** What audit, export and every check of a stored row ask of a kind (PuzzleKind.checks). */
export interface KindChecks {
  /**
   * A checker of the kind's stored puzzles, proofs and all. It holds the kind's solvers (and
   * grader), whose buffers it reuses from puzzle to puzzle: a thread makes one and keeps it.
   */
  checker(): PuzzleChecker;
  /** This release's judges of the kind's rows, and which stored figures audit measures again. */
  readonly versions: KindVersions;
  /** The time limit of a puzzle's proofs when the user gives none, in ms (Infinity: none): solve's for its board. */
  defaultTimeLimitMs(p: StoredSize): number;
  /** That default in words, for the help of --time-limit; null when the kind sets none. */
  readonly defaultTimeLimit: string | null;
  /** The kind's catalog-wide checks of its own rows: tier order (or its guardrail) and thresholds present. */
  catalog(facts: KindCatalogFacts): KindCatalogChecks;
  /**
   * The score this release's grader gives a stored base's board, as a build stores it, or why
   * the row holds no board: migrate grades the bases of older catalogs again with it.
   */
  grade(p: Pick<StoredPuzzle, 'grid' | 'm' | 'rows' | 'cols'>): Parsed<number>;
}

/** A kind's checks of one stored puzzle, with its proofs (KindChecks.checker). */
export interface PuzzleChecker {
  /** Every check of the puzzle (`base`: its base row when a variant); empty when it passes. */
  check(p: StoredPuzzle, base: StoredPuzzle | null, ctx: CheckContext): Failure[];
}

/** What a puzzle's check is told beside its rows. */
export interface CheckContext {
  /** The current tier rule of the puzzle's size; null: the tier is checked as the kind checks a size without one. */
  rule: TierRule | null;
  /** The solver version its stored nodes were measured with (its build's, else its size's thresholds'). */
  solverVersion: string | null;
  /** The grader version of its stored score (its build's). */
  graderVersion: string | null;
  /** The puzzle's budget: true once it has run out (the shell passes a clock), stopping its proofs. */
  interrupt?: () => boolean;
  /** The budget in words for the failure it causes, e.g. "time limit 10 s". */
  budget?: string;
  /**
   * The puzzle is a variant whose base (the `base` row it is checked with) passed every check of
   * this audit, both proofs included: if it is exactly that base's image under its transform, it
   * is proven unique by them (CheckSteps.proveImage). Absent or false: it is proved as a base is.
   */
  baseProven?: boolean;
}

/**
 * This release's judges of a kind's rows, which a recorded verdict is bound to, and whether audit
 * measures a row's stored figures again under the versions that stored them: figures it does not
 * measure again are reported once for the catalog (checkSolverVersions, checkGraderVersions).
 */
export interface KindVersions {
  /** The independent proof's version. */
  readonly proof: string;
  /** The version of the solver that counts reference nodes. */
  readonly reference: string;
  /** The grader's version. */
  readonly grader: string;
  /** Audit counts the row's nodes again: they were measured by a solver that counts them as `reference` does. */
  remeasuresNodes(p: StoredSize, solverVersion: string | null): boolean;
  /** Audit grades a base again: its score was graded by a grader that grades as `grader` does. */
  regrades(graderVersion: string | null): boolean;
}

/** What a kind's catalog-wide checks read of the catalog, of the kind's rows only (read when asked). */
export interface KindCatalogFacts {
  /** Puzzles per size (its key), in the kind's order of sizes. */
  sizeCounts(): ReadonlyMap<string, number>;
  /** The sizes that have current tier thresholds. */
  sizesWithThresholds(): ReadonlySet<string>;
  /** Per size (in the kind's order) and tier, its bases' count and range on the size's measure. */
  tierRanges(): readonly TierRange[];
  /** The bases of a size: each one's tier and reference nodes. */
  bases(size: string): readonly { tier: Tier; nodes: number }[];
}

/** A kind's catalog-wide failures, and the guardrails it holds by medians (shown in audit's report). */
export interface KindCatalogChecks {
  failures: Failure[];
  guardrails: Guardrail[];
}

/** One size's tiers in order, each with its bases' median reference nodes: a guardrail held by medians. */
export interface Guardrail {
  /** The size as the report names it ("sudomino 8x8:6"). */
  name: string;
  /** The size's key. */
  shape: string;
  medians: { tier: Tier; count: number; median: number }[];
  /** A tier holding fewer bases is shown, not judged. */
  minBases: number;
}

// --- one stored puzzle ---

/**
 * The steps of the per-puzzle skeleton that are a kind's own: read its board and solution,
 * prove, hash, compare a variant with its base.
 */
export interface CheckSteps<B, S> {
  readBoard(p: StoredPuzzle): Parsed<B>;
  readSolution(p: StoredPuzzle, board: B): Parsed<S>;
  /** Why the solution does not solve the board, or null. */
  solves(board: B, solution: S): string | null;
  /** The proofs within the budget, the stored solution null when it is unreadable or wrong. */
  prove(board: B, solution: S | null, fail: (kind: FailureKind, detail: string) => void): void;
  /**
   * The proofs of a variant that is exactly the image of a base proven unique in this audit: its
   * transform is a bijection of cells and labels that maps the rules onto themselves, so it maps
   * the base's one solution to the variant's one solution, and a stored solution that solves the
   * variant is that one. Left to measure is what is the variant's own (its reference nodes),
   * within the budget. Absent: the kind proves a variant as a base.
   */
  proveImage?(board: B, solution: S | null, fail: (kind: FailureKind, detail: string) => void): void;
  hash(board: B): string;
  /** Why a variant is not its base under its transform, or null (given the stored solution as read). */
  variantError(board: B, solution: S | null): string | null;
}

/**
 * Audit one stored puzzle of any kind after its checks without proof (`first`). An unreadable
 * grid stops the checks there: nothing else can be judged; a row that fails its checksum gets the
 * checks without proof only, not the proofs. `provenBase` is a variant's base row when that base
 * passed every check of this audit (CheckContext.baseProven), else null: a variant that is
 * exactly its image is proven by the base's proofs (CheckSteps.proveImage), any other is proved
 * whole, so it fails the same checks either way.
 */
export function checkStoredPuzzle<B, S>(
  p: StoredPuzzle,
  first: Failure[],
  k: CheckSteps<B, S>,
  provenBase: Pick<StoredPuzzle, 'id' | 'base_id'> | null = null,
): Failure[] {
  const out = first;
  const fail = (kind: FailureKind, detail: string): void => {
    out.push({ kind, puzzleId: p.id, detail });
  };
  const parsed = k.readBoard(p);
  if (!parsed.ok) {
    fail('grid-invalid', parsed.error);
    return out;
  }
  const board = parsed.value;
  const stored = k.readSolution(p, board);
  let solution: S | null = null;
  if (!stored.ok) fail('wrong-solution', stored.error);
  else {
    const why = k.solves(board, stored.value);
    if (why !== null) fail('wrong-solution', `the stored solution does not solve the grid: ${why}`);
    else solution = stored.value;
  }

  // Whether a variant is its base's image decides how it is proved; it is reported after the proofs.
  const variant = p.base_id !== null || p.transform !== null;
  const notImage = variant ? k.variantError(board, stored.ok ? stored.value : null) : null;
  const image =
    variant &&
    notImage === null &&
    k.proveImage !== undefined &&
    provenBase !== null &&
    provenBase.id === p.base_id &&
    provenBase.base_id === null;

  // A row changed outside dominosa is reported as such, not proved: a proof can cost without bound.
  if (!out.some((f) => f.kind === 'checksum-mismatch')) {
    if (image) k.proveImage!(board, solution, fail);
    else k.prove(board, solution, fail);
  }

  const hash = k.hash(board);
  if (hash !== p.canonical_hash)
    fail(
      'hash-mismatch',
      `stored canonical hash ${p.canonical_hash.slice(0, 12)}…, the grid hashes to ${hash.slice(0, 12)}…`,
    );

  if (notImage !== null) fail('variant-mismatch', notImage);
  return out;
}

/**
 * A puzzle's budget as its proofs use it: the interrupt to pass on, sticky once spent so every
 * later step stops at once, and a test between steps (where a small board's proof can end before
 * its solver first asks) that records the one 'gave-up' failure, naming the step.
 */
export function budgetGuard(
  ctx: { interrupt?: () => boolean; budget?: string },
  fail: (kind: FailureKind, detail: string) => void,
): { interrupt: (() => boolean) | undefined; outOfBudget: (step: string) => boolean } {
  let spent = false;
  const own = ctx.interrupt;
  const interrupt = own === undefined ? undefined : (): boolean => (spent ||= own());
  return {
    interrupt,
    outOfBudget(step: string): boolean {
      if (!spent && interrupt?.() !== true) return false;
      fail('gave-up', `gave up within the budget${ctx.budget === undefined ? '' : ` (${ctx.budget})`} ${step}`);
      return true;
    },
  };
}

/** A row whose checksum is not its content's was changed behind the catalog's back (any kind). */
export function checksumFailures(p: StoredPuzzle): Failure[] {
  if (rowChecksum(p) === p.checksum) return [];
  return [
    {
      kind: 'checksum-mismatch',
      puzzleId: p.id,
      detail: 'the row does not match its checksum: it was changed outside dominosa',
    },
  ];
}

/** A variant's base must be in the catalog and agree with it on what they share (any kind). */
export function sharedFieldFailures(p: StoredPuzzle, base: SharedFields | null): Failure[] {
  const out: Failure[] = [];
  const fail = (detail: string): void => {
    out.push({ kind: 'variant-mismatch', puzzleId: p.id, detail });
  };
  if (p.base_id !== null && (base === null || base.id !== p.base_id))
    fail(`its base ${p.base_id} is not in the catalog`);
  else if (p.base_id !== null && base !== null) {
    for (const k of ['m', 'tier', 'nodes', 'score', 'canonical_hash'] as const) {
      if (p[k] !== base[k])
        fail(`${k} ${String(p[k]).slice(0, 16)} differs from base ${base.id}'s ${String(base[k]).slice(0, 16)}`);
    }
  }
  return out;
}

// --- over a kind's rows ---

/** Count of the base puzzles of one size and tier, and their range on the size's tier measure. */
export interface TierRange {
  /** The size's key. */
  size: string;
  tier: string;
  count: number;
  measure: TierMeasure;
  min: number;
  max: number;
}

/**
 * Within each size, every base of a tier must measure less than every base of any harder tier.
 * Sizes are judged in the order the ranges name them, each named for people by `name`.
 */
export function checkTierOrder(ranges: readonly TierRange[], name: (size: string) => string): Failure[] {
  const out: Failure[] = [];
  for (const size of new Set(ranges.map((r) => r.size))) {
    const present = TIERS.map((t) => ranges.find((r) => r.size === size && r.tier === t && r.count > 0)).filter(
      (r) => r !== undefined,
    );
    for (let i = 0; i + 1 < present.length; i++) {
      const lo = present[i];
      for (const hi of present.slice(i + 1)) {
        if (lo.max >= hi.min) {
          const f = (v: number): string =>
            lo.measure === 'nodes' ? `${v} nodes` : `${measureName(lo.measure)} ${formatMeasure(lo.measure, v)}`;
          out.push({
            kind: 'tier-order',
            puzzleId: null,
            detail: `${name(size)}: ${lo.tier} reaches ${f(lo.max)} but ${hi.tier} starts at ${f(hi.min)}`,
          });
        }
      }
    }
  }
  return out;
}

/** A tier measure named for people, as the checks' messages name it. */
export function measureName(measure: TierMeasure): string {
  return measure === 'score' ? 'grade score' : 'reference nodes';
}

/** Every size holding puzzles needs current thresholds, or its tiers mean nothing; `name` names a size for people. */
export function checkThresholdsPresent(
  puzzlesPerSize: ReadonlyMap<string, number>,
  sizesWithThresholds: ReadonlySet<string>,
  name: (size: string) => string,
): Failure[] {
  const out: Failure[] = [];
  for (const [size, n] of puzzlesPerSize) {
    if (!sizesWithThresholds.has(size)) {
      out.push({
        kind: 'missing-thresholds',
        puzzleId: null,
        detail: `${name(size)}: no current thresholds for its ${n} puzzles, so their tiers cannot be checked`,
      });
    }
  }
  return out;
}

/**
 * Stored nodes that audit could not measure again (KindVersions.remeasuresNodes) cannot be
 * reproduced: one failure for the kind, naming the versions that measured them and how many
 * puzzles carry each (null: no version recorded), in the order given.
 */
export function checkSolverVersions(unmeasured: ReadonlyMap<string | null, number>, reference: string): Failure[] {
  const other = [...unmeasured].filter(([, n]) => n > 0);
  if (other.length === 0) return [];
  const what = other.map(([v, n]) => `${n} puzzle${n === 1 ? '' : 's'} by ${v ?? 'an unrecorded solver'}`).join(', ');
  return [
    {
      kind: 'solver-version-mismatch',
      puzzleId: null,
      detail: `node counts of ${what} cannot be reproduced by ${reference}; rebuild or re-grade them`,
    },
  ];
}

/**
 * Scores audit could not grade again (KindVersions.regrades) cannot be checked: one failure for
 * the kind (as for node counts), so editing a build's recorded version cannot quietly skip the check.
 */
export function checkGraderVersions(ungraded: ReadonlyMap<string | null, number>, grader: string): Failure[] {
  const other = [...ungraded].filter(([, n]) => n > 0);
  if (other.length === 0) return [];
  const what = other.map(([v, n]) => `${n} puzzle${n === 1 ? '' : 's'} by ${v ?? 'an unrecorded grader'}`).join(', ');
  return [
    {
      kind: 'grader-version-mismatch',
      puzzleId: null,
      detail: `grades of ${what} cannot be checked by ${grader}; migrate or rebuild them`,
    },
  ];
}
