// `dominosa tune`: per size, how the base puzzles lie on the measures the tiers cut, and the
// cuts proposed for them. By grade (the default): the reference measure against the grade, as a
// terminal table and an SVG scatter with the tier boxes, and the cuts that maximise the smallest
// per-band yield. By nodes or score: the distribution as a histogram (terminal and SVG) and cuts
// at quantiles. Also Spearman's ρ between nodes and grade score, and how each tier spreads over
// the grades. With apply, the cuts go to the catalog (and to a thresholds file only when one is
// named) and every puzzle of the size is re-tiered.
import { basename } from 'node:path';
import { checkTierOrder } from '../../src/dominosa/check.js';
import {
  gradeTableText,
  histogramText,
  logBins,
  scatterPlotSvg,
  tunePlotSvg,
  type Bin,
  type Mark,
  type ScatterPoint,
} from '../../src/formats/plot.js';
import { spearman } from '../../src/rank/correlation.js';
import { LEVELS } from '../../src/dominosa/grade/ladder.js';
import { GRADE_BANDS, TATHAM_NAMES, bandOfLevel } from '../../src/dominosa/rank/bands.js';
import { formatMeasure, measureValue, type TierMeasure } from '../../src/rank/rule.js';
import { cutName, tierFor } from '../../src/dominosa/rank/tier-rule.js';
import { REFERENCE_VERSION } from '../../src/dominosa/rank/reference.js';
import { GRADER_VERSION } from '../../src/dominosa/rank/stored.js';
import { TIERS, zeroTierCounts, type Thresholds, type Tier, type TierTable } from '../../src/rank/tiers.js';
import { proposeBandCuts, proposeThresholds, quantile, type Quantiles } from '../../src/rank/cuts.js';
import { readTiersFile, tiersFileText, tierTableLines } from '../build/thresholds.js';
import { kindNamed } from '../../src/kinds.js';
import { Catalog } from '../catalog/catalog.js';
import { UserError } from '../runtime/errors.js';
import { prepareOutput, writeOutputSync, type OutputTarget } from '../io/output.js';

export { tierTableLines };

export interface TuneOptions {
  db: string;
  /** Sizes to tune; absent: every size holding base puzzles. */
  sizes?: readonly number[];
  quantiles: Quantiles;
  /** What to cut: the grade bands' ranges, reference nodes alone, or the grade score (default: what the sizes are tiered by now). */
  measure?: TierMeasure;
  apply: boolean;
  /** A thresholds file --apply writes too (its other sizes kept); absent: the catalog alone. */
  tiersFile?: string;
  /** Write an SVG plot per size beside the catalog (default false: tune writes no file unless asked). */
  plots?: boolean;
  /** Replace earlier plots (default false: an earlier plot is refused, never replaced silently). */
  force?: boolean;
}

export interface SizeTune {
  m: number;
  measure: TierMeasure;
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
  proposed: Thresholds;
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
  /** The SVG written for this size, if any. */
  plot: string | null;
}

export interface TuneResult {
  db: string;
  quantiles: Quantiles;
  sizes: SizeTune[];
  applied: boolean;
  tiersFile: string | null;
  /** Rows whose tier changed (bases and variants), when applied. */
  retiered: number;
}

/** Where a size's plot goes: beside the catalog, named after it. */
export function plotPath(db: string, m: number): string {
  return `${db}.tune-M${m}.svg`;
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

const LEVEL_ROWS: readonly (readonly [number, string])[] = LEVELS.map((l) => [l.level, l.name] as const);
const BOXES = TIERS.map((t) => ({ tier: t, ...GRADE_BANDS[t] }));

/** The measure the sizes are tiered by now, when they agree (tune's default measure). */
function currentMeasure(measures: TierMeasure[]): TierMeasure {
  const one = [...new Set(measures)];
  if (one.length > 1)
    throw new UserError(
      `the sizes are tiered by different measures (${one.join(', ')}); say which to tune with --measure`,
    );
  return one[0] ?? 'grade';
}

// eslint-disable-next-line @typescript-eslint/require-await -- async on purpose: a refusal is a rejected promise, not a throw
export async function runTune(opts: TuneOptions): Promise<TuneResult> {
  // Everything is read, and an --apply checked, on one read-only snapshot: a refusal changes nothing.
  const { plan, stamp } = Catalog.inspect(
    opts.db,
    (cat) => {
      if (cat === null) throw new UserError(`no catalog at ${opts.db} (run dominosa build first)`);
      cat.assertSound();
      return proposals(cat, opts);
    },
    opts.apply,
  );
  const { tunes, measure } = plan;
  opts = { ...opts, measure };
  const file = opts.apply && opts.tiersFile !== undefined ? prepareTiersFile(opts, tunes) : null;

  // Every plot's name is checked before the first is written: a refusal writes nothing.
  if (opts.plots ?? false) {
    const targets = tunes.map((t) => preparePlot(plotPath(opts.db, t.m), opts));
    tunes.forEach((t, i) => {
      writeOutputSync(targets[i], plotSvg(t));
      t.plot = targets[i].path;
    });
  }

  const result: TuneResult = {
    db: opts.db,
    quantiles: opts.quantiles,
    sizes: tunes,
    applied: false,
    tiersFile: opts.tiersFile ?? null,
    retiered: 0,
  };
  if (!opts.apply) return result;
  const cat = Catalog.openWriter(opts.db, 'tune --apply', stamp);
  try {
    result.retiered = apply(cat, tunes);
  } finally {
    cat.close();
  }
  // The catalog is the thresholds' one source of truth; the file is a copy for seeding others.
  if (file !== null) writeOutputSync(file.target, file.text);
  result.applied = true;
  return result;
}

/** What tune shows for each size, read from the catalog, and the measure it cuts; an --apply's versions checked. */
function proposals(cat: Catalog, opts: TuneOptions): { tunes: SizeTune[]; measure: TierMeasure } {
  const held = [...new Set(cat.tierStats('dominosa').map((s) => Number(s.size)))].sort((a, b) => a - b);
  if (held.length === 0) throw new UserError(`${opts.db} holds no base puzzles to tune from`);
  const sizes = opts.sizes ? [...opts.sizes] : held;
  for (const m of sizes) {
    if (!held.includes(m))
      throw new UserError(`no base puzzles of size M=${m} in ${opts.db} (it holds sizes ${held.join(',')})`);
  }
  const rules = new Map([...cat.readThresholds(null, 'dominosa')].map(([size, r]) => [Number(size), r]));
  const measure = opts.measure ?? currentMeasure(sizes.map((m) => rules.get(m)?.measure ?? 'nodes'));
  const tunes: SizeTune[] = sizes.map((m) => {
    const bases = cat.baseDifficulties('dominosa', String(m));
    const values = bases.map((b) => measureValue(measure, b)).sort((a, b) => a - b);
    const rule = rules.get(m);
    const current = rule?.measure === measure ? rule.th : null;
    const spread = Object.fromEntries(TIERS.map((t) => [t, new Array<number>(LEVELS.length + 1).fill(0)])) as Record<
      Tier,
      number[]
    >;
    for (const b of bases) spread[b.tier][Math.floor(b.score)]++;
    const common = {
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
      now: cat.tierCounts('dominosa', String(m)),
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
        ? proposeThresholds(values, opts.quantiles, (v) => `score ${formatMeasure(measure, v)}`)
        : proposeThresholds(values, opts.quantiles);
    return {
      ...common,
      quantileValues: opts.quantiles.map((q) => quantile(values, q)),
      // Score cuts are boards' own scores, kept exact: rounding could move a board across.
      proposed: proposal.thresholds,
      notes: proposal.notes,
      next: proposal.counts,
      nowInBox: null,
      bandTotals: null,
      points: [],
      bins: measure === 'nodes' ? logBins(values) : scoreBins(values),
    };
  });

  if (opts.apply) checkVersions(cat, measure, tunes);
  return { tunes, measure };
}

/** A size's plot: grade against the measure with the tier boxes, or the measure's histogram. */
function plotSvg(t: SizeTune): string {
  const axis = cutName(t.measure, t.m);
  const n = t.values.length;
  return t.measure === 'grade'
    ? scatterPlotSvg({
        title: `M=${t.m}: grade against ${axis} of ${n} base puzzles`,
        points: t.points,
        levels: LEVEL_ROWS,
        bands: BOXES,
        current: t.current,
        proposed: t.proposed,
        axis,
      })
    : tunePlotSvg({
        title: `M=${t.m}: ${axis} of ${n} base puzzles`,
        bins: t.bins,
        current: t.current,
        proposed: t.proposed,
        axis,
      });
}

/** A plot's file beside the catalog: a name tune chose, so a link there is refused and an earlier plot kept unless --force. */
function preparePlot(path: string, opts: TuneOptions): OutputTarget {
  return prepareOutput(path, {
    chosen: true,
    force: opts.force ?? false,
    inputs: [opts.db],
    what: 'the plot',
    exists: 'use --force to replace it (a plot an earlier run wrote)',
  });
}

/** Thresholds tuned on counts (or grades) another solver (or grader) version measured would not fit this release. */
function checkVersions(cat: Catalog, measure: TierMeasure, tunes: SizeTune[]): void {
  const byScore = measure === 'score';
  const [what, current, version] = byScore
    ? ['scores', GRADER_VERSION, cat.graderVersions.bind(cat)]
    : ['node counts', REFERENCE_VERSION, cat.solverVersions.bind(cat)];
  for (const t of tunes) {
    const versions = version('dominosa', String(t.m)).filter((v) => v !== current);
    if (versions.length > 0) {
      throw new UserError(
        `M=${t.m}: ${what} were measured by ${versions.map((v) => v ?? 'an unrecorded version').join(', ')}, ` +
          `not ${current}; thresholds tuned on them would not fit this release (rebuild first)`,
      );
    }
    if (measure === 'grade') {
      const graders = cat.graderVersions('dominosa', String(t.m)).filter((v) => v !== GRADER_VERSION);
      if (graders.length > 0)
        throw new UserError(
          `M=${t.m}: grades were given by ${graders.map((v) => v ?? 'an unrecorded grader').join(', ')}, not ${GRADER_VERSION} (rebuild first)`,
        );
    }
  }
}

/**
 * The thresholds file --apply also writes when one is named (--thresholds): its other sizes kept,
 * the tuned ones replaced (grade cuts set here drop the size's sample yields, which were for the
 * old cuts). Checked before anything is written; written after the catalog commits.
 */
function prepareTiersFile(opts: TuneOptions, tunes: SizeTune[]): { target: OutputTarget; text: string } {
  const path = opts.tiersFile as string;
  const measure = opts.measure ?? 'grade';
  const target = prepareOutput(path, { force: true, inputs: [opts.db], what: 'tiers file' });
  const file = readTiersFile(path) ?? { comment: '', table: {}, grade: {}, yields: {}, scores: {} };
  const tuned = new Set(tunes.map((t) => t.m));
  const cuts: TierTable = measure === 'nodes' ? file.table : measure === 'grade' ? file.grade : file.scores;
  const fileVersion = measure === 'nodes' ? file.solverVersion : file.graderVersion;
  const own = measure === 'nodes' ? REFERENCE_VERSION : GRADER_VERSION;
  if (fileVersion !== undefined && fileVersion !== own) {
    const stale = Object.keys(cuts)
      .map(Number)
      .filter((m) => !tuned.has(m));
    if (stale.length > 0) {
      throw new UserError(
        `tiers file ${path} has ${measure} cuts for ${fileVersion}; tune its other sizes (${stale.join(',')}) too, so the whole file is for ${own}`,
      );
    }
  }
  for (const t of tunes) {
    cuts[t.m] = t.proposed;
    if (measure === 'grade') delete file.yields[t.m];
  }
  if (Object.keys(file.table).length === 0 && measure !== 'grade')
    throw new UserError(`tiers file ${path} has no node thresholds; tune --measure nodes first`);
  const how =
    measure === 'grade' ? 'to maximise the smallest per-band yield' : `at quantiles ${opts.quantiles.join(', ')}`;
  const comment = `${file.comment}${file.comment ? ' ' : ''}${measure} cuts of sizes ${[...tuned].join(', ')} set by dominosa tune ${how} on the base puzzles of ${basename(opts.db)}.`;
  return { target, text: tiersFileText({ ...file, comment }) };
}

/**
 * Write the proposed thresholds into the catalog in one transaction: current thresholds, then
 * every base and variant re-tiered, then the tier order checked as audit checks it. Returns the
 * rows whose tier changed.
 */
function apply(cat: Catalog, tunes: SizeTune[]): number {
  const tuned = new Set(tunes.map((t) => t.m));
  return cat.transaction(() => {
    let changed = 0;
    for (const t of tunes) {
      const rule = { measure: t.measure, th: t.proposed };
      cat.writeThresholds(null, 'dominosa', String(t.m), rule, REFERENCE_VERSION);
      changed += cat.retier(kindNamed('dominosa'), String(t.m), rule);
    }
    const disorder = checkTierOrder(
      cat
        .tierStats('dominosa')
        .map((s) => ({ ...s, m: Number(s.size) }))
        .filter((s) => tuned.has(s.m)),
    );
    // Ranges cannot overlap, so this only fires on a bug: roll everything back.
    if (disorder.length > 0) throw new Error(`re-tiering broke the tier order: ${disorder[0].detail}`);
    return changed;
  });
}

/** The report for people, ending in a newline. */
export function formatTune(r: TuneResult): string {
  const out: string[] = [];
  for (const t of r.sizes) {
    const n = t.values.length;
    const f = (v: number): string => formatMeasure(t.measure, v);
    const name = cutName(t.measure, t.m);
    out.push(`M=${t.m}: ${n} base puzzles, ${name} ${f(t.values[0])}..${f(t.values[n - 1])}`);
    const marks: Mark[] = [];
    for (const k of ['t1', 't2', 't3'] as const) {
      if (t.current) marks.push({ value: t.current[k], label: `${k}-now` });
      marks.push({ value: t.proposed[k], label: `${k}-new` });
    }
    const th = (x: Thresholds | null): string[] => (x ? [f(x.t1), f(x.t2), f(x.t3)] : ['-', '-', '-']);
    if (t.current === null && t.currentMeasure !== t.measure) out.push(`  (tiered by ${t.currentMeasure} now)`);
    if (t.measure === 'grade') {
      out.push(`  grade against ${name} (base puzzles per level and ${name}):`);
      out.push(gradeTableText(t.points, t.bins, LEVEL_ROWS, marks).trimEnd());
      out.push(
        textTable([
          ['thresholds', 't1', 't2', 't3'],
          ['current', ...th(t.current)],
          ['proposed', ...th(t.proposed)],
        ]),
      );
      const totals = t.bandTotals!;
      out.push(
        textTable([
          ['tier', 'band', 'in band', 'tier now', 'in box now', 'in box proposed'],
          ...TIERS.map((k) => [
            k,
            TATHAM_NAMES[k],
            String(totals[k]),
            String(t.now[k]),
            t.nowInBox ? String(t.nowInBox[k]) : '-',
            String(t.next[k]),
          ]),
        ]),
      );
      const least = Math.min(...TIERS.map((k) => t.next[k]));
      out.push(
        `  proposed: the smallest per-band yield is ${least} of ${n} base puzzles (${((1000 * least) / n).toFixed(1)} per 1,000)`,
      );
    } else {
      out.push(histogramText(t.bins, { marks }).trimEnd());
      const qs = r.quantiles.map((q, i) => `q${q} = ${Math.round(t.quantileValues[i] * 1000) / 1000}`).join(', ');
      out.push(`  quantiles: ${qs}`);
      out.push(
        textTable([
          ['thresholds', 't1', 't2', 't3'],
          ['current', ...th(t.current)],
          ['proposed', ...th(t.proposed)],
        ]),
      );
      out.push(textTable([['tier', 'now', 'proposed'], ...TIERS.map((k) => [k, String(t.now[k]), String(t.next[k])])]));
    }
    const rho = Number.isNaN(t.rho) ? 'undefined (one side is constant)' : t.rho.toFixed(3);
    out.push(`  nodes vs grade score: Spearman's rho = ${rho}`);
    const used = LEVELS.filter((l) => TIERS.some((k) => t.spread[k][l.level] > 0));
    out.push(
      textTable([
        ['tier / grade', ...used.map((l) => l.name)],
        ...TIERS.map((k) => [k, ...used.map((l) => String(t.spread[k][l.level]))]),
      ]),
    );
    for (const note of t.notes) out.push(`  note: ${note}`);
    if (t.plot) out.push(`  plot: ${t.plot}`);
    out.push('');
  }
  if (r.applied) {
    out.push(
      `applied: thresholds written to ${r.tiersFile === null ? r.db : `${r.db} and ${r.tiersFile}`}; ${r.retiered} puzzle${r.retiered === 1 ? '' : 's'} changed tier`,
    );
  } else {
    out.push(
      `nothing changed; rerun with --apply to write these thresholds to the catalog${r.tiersFile === null ? '' : ` and ${r.tiersFile}`}, and re-tier its puzzles`,
    );
  }
  return `${out.join('\n')}\n`;
}

/** Rows as a text table, indented two spaces: the first column left-aligned, the rest right. */
export function textTable(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows
    .map((r) => `  ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')}`)
    .join('\n');
}
