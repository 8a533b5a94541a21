// Dominosa's tune analysis: per size, how the base puzzles lie on the measure the tiers cut, and
// the cuts proposed for it. By grade (the default): reference nodes against the grade, and the
// cuts that maximise the smallest per-band yield. By nodes or score: cuts at quantiles. Also
// Spearman's ρ between nodes and grade score, and how each tier spreads over the grades; the
// versions an --apply must match, and the thresholds file it rewrites.
import { logBins, type Bin, type ScatterPoint } from '../../formats/plot.js';
import type { Parsed } from '../../parsed.js';
import { spearman } from '../../rank/correlation.js';
import { proposeBandCuts, proposeThresholds, quantile } from '../../rank/cuts.js';
import { formatMeasure, measureValue, type TierMeasure } from '../../rank/rule.js';
import { TIERS, zeroTierCounts, type Thresholds, type Tier, type TierTable } from '../../rank/tiers.js';
import type { CutsFile, MeasuredBy, SizeBases, SizeTune, TuneAsk } from '../../rank/tuning.js';
import { LEVELS } from '../grade/ladder.js';
import { bandOfLevel, TATHAM_NAMES } from './bands.js';
import { REFERENCE_VERSION } from './reference.js';
import { GRADER_VERSION } from './stored.js';
import { tierFor } from './tier-rule.js';

export interface TunedSize extends SizeTune {
  m: number;
  /** Base puzzles' values on what the cuts apply to (nodes, or score), ascending. */
  values: number[];
  /** At the requested quantiles (node and score cuts only; empty for grade). */
  quantileValues: number[];
  /** The size's current thresholds, when they cut this measure. */
  current: Thresholds | null;
  /** The measure the size is tiered by now. */
  currentMeasure: TierMeasure;
  /** Spearman's ρ between the bases' reference nodes and grade scores (NaN if either is constant). */
  rho: number;
  /** Per tier as stored now: base puzzles per grade level (index 1..levels). */
  spread: Record<Tier, number[]>;
  notes: string[];
  /** Base puzzles per tier as stored now, and under the proposed thresholds (grade: inside each tier's box). */
  now: Record<Tier, number>;
  next: Record<Tier, number>;
  /** Grade only: the bases inside each tier's box under the current cuts, and per band in all. */
  nowInBox: Record<Tier, number> | null;
  bandTotals: Record<Tier, number> | null;
  /** Grade only: each base as (reference measure, level). */
  points: ScatterPoint[];
  bins: Bin[];
}

/** Score histogram bins: one per tenth of a level. */
function scoreBins(sorted: readonly number[]): Bin[] {
  const bins: Bin[] = [];
  for (const v of sorted) {
    const lo = Math.floor(v * 10) / 10;
    const last = bins[bins.length - 1];
    if (last !== undefined && last.lo === lo) last.count++;
    else bins.push({ lo, hi: Math.round((lo + 0.1) * 10) / 10, count: 1 });
  }
  return bins;
}

/** The measure the sizes are tiered by now, when they agree (tune's default measure). */
export function currentMeasure(measures: TierMeasure[]): Parsed<TierMeasure> {
  const one = [...new Set(measures)];
  if (one.length > 1)
    return {
      ok: false,
      error: `the sizes are tiered by different measures (${one.join(', ')}); say which to tune with --measure`,
    };
  return { ok: true, value: one[0] ?? 'grade' };
}

export function tuneSize(s: SizeBases, measure: TierMeasure, ask: TuneAsk): TunedSize {
  const m = Number(s.key);
  const { bases, rule } = s;
  const values = bases.map((b) => measureValue(measure, b)).sort((a, b) => a - b);
  const current = rule?.measure === measure ? rule.th : null;
  const spread = Object.fromEntries(TIERS.map((t) => [t, new Array<number>(LEVELS.length + 1).fill(0)])) as Record<
    Tier,
    number[]
  >;
  for (const b of bases) spread[b.tier][Math.floor(b.score)]++;
  const common = {
    key: s.key,
    m,
    measure,
    values,
    current,
    currentMeasure: rule?.measure ?? 'nodes',
    rho: spearman(
      bases.map((b) => b.nodes),
      bases.map((b) => b.score),
    ),
    spread,
    now: s.tiers,
    plot: null,
  };
  if (measure === 'grade') {
    const points = bases.map((b) => ({ value: b.nodes, level: Math.floor(b.score) }));
    const p = proposeBandCuts(points.map((x) => ({ value: x.value, band: bandOfLevel(x.level) })));
    const inBox = (th: Thresholds): Record<Tier, number> => {
      const out = zeroTierCounts();
      for (const b of bases) {
        const t = tierFor(b, { measure: 'grade', th });
        if (t !== null) out[t]++;
      }
      return out;
    };
    const notes = TIERS.filter((t) => p.yields[t] === 0).map(
      (t) => `${t}: no ${TATHAM_NAMES[t]} base puzzle fits any range above the easier tiers'`,
    );
    return {
      ...common,
      quantileValues: [],
      proposed: p.thresholds,
      notes,
      next: inBox(p.thresholds),
      nowInBox: current === null ? null : inBox(current),
      bandTotals: p.totals,
      points,
      bins: logBins(values),
    };
  }
  const proposal =
    measure === 'score'
      ? proposeThresholds(values, ask.quantiles, (v) => `score ${formatMeasure(measure, v)}`)
      : proposeThresholds(values, ask.quantiles);
  return {
    ...common,
    quantileValues: ask.quantiles.map((q) => quantile(values, q)),
    // Score cuts are boards' own scores, kept exact: rounding could move a board across.
    proposed: proposal.thresholds,
    notes: proposal.notes,
    next: proposal.counts,
    nowInBox: null,
    bandTotals: null,
    points: [],
    bins: measure === 'nodes' ? logBins(values) : scoreBins(values),
  };
}

/** Thresholds tuned on counts (or grades) another solver (or grader) version measured would not fit this release. */
export function staleVersions(tunes: readonly TunedSize[], measuredBy: ReadonlyMap<string, MeasuredBy>): string | null {
  for (const t of tunes) {
    const by = measuredBy.get(t.key) ?? { solver: [], grader: [] };
    const [what, current, versions] =
      t.measure === 'score' ? ['scores', GRADER_VERSION, by.grader] : ['node counts', REFERENCE_VERSION, by.solver];
    const stale = versions.filter((v) => v !== current);
    if (stale.length > 0)
      return (
        `M=${t.m}: ${what} were measured by ${stale.map((v) => v ?? 'an unrecorded version').join(', ')}, ` +
        `not ${current}; thresholds tuned on them would not fit this release (rebuild first)`
      );
    if (t.measure === 'grade') {
      const graders = by.grader.filter((v) => v !== GRADER_VERSION);
      if (graders.length > 0)
        return `M=${t.m}: grades were given by ${graders.map((v) => v ?? 'an unrecorded grader').join(', ')}, not ${GRADER_VERSION} (rebuild first)`;
    }
  }
  return null;
}

/**
 * The thresholds file --apply also writes when one is named: its other sizes kept, the tuned ones
 * replaced (grade cuts set here drop the size's sample yields, which were for the old cuts).
 */
export function tiersFile(
  read: CutsFile | null,
  tunes: readonly TunedSize[],
  at: { path: string; dbName: string; quantiles: readonly number[] },
): Parsed<CutsFile> {
  const measure = tunes[0]?.measure ?? 'grade';
  const was = read ?? { comment: '', table: {}, grade: {}, yields: {}, scores: {} };
  const file: CutsFile = {
    ...was,
    table: { ...was.table },
    grade: { ...was.grade },
    yields: { ...was.yields },
    scores: { ...was.scores },
  };
  const tuned = new Set(tunes.map((t) => t.m));
  const cuts: TierTable = measure === 'nodes' ? file.table : measure === 'grade' ? file.grade : file.scores;
  const fileVersion = measure === 'nodes' ? file.solverVersion : file.graderVersion;
  const own = measure === 'nodes' ? REFERENCE_VERSION : GRADER_VERSION;
  if (fileVersion !== undefined && fileVersion !== own) {
    const stale = Object.keys(cuts)
      .map(Number)
      .filter((m) => !tuned.has(m));
    if (stale.length > 0)
      return {
        ok: false,
        error: `tiers file ${at.path} has ${measure} cuts for ${fileVersion}; tune its other sizes (${stale.join(',')}) too, so the whole file is for ${own}`,
      };
  }
  for (const t of tunes) {
    cuts[t.m] = t.proposed;
    if (measure === 'grade') delete file.yields[t.m];
  }
  if (Object.keys(file.table).length === 0 && measure !== 'grade')
    return { ok: false, error: `tiers file ${at.path} has no node thresholds; tune --measure nodes first` };
  const how =
    measure === 'grade' ? 'to maximise the smallest per-band yield' : `at quantiles ${at.quantiles.join(', ')}`;
  const comment = `${file.comment}${file.comment ? ' ' : ''}${measure} cuts of sizes ${[...tuned].join(', ')} set by dominosa tune ${how} on the base puzzles of ${at.dbName}.`;
  return { ok: true, value: { ...file, comment } };
}
