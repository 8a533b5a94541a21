// `dominosa tune`: per size, the base puzzles' distribution on a measure (reference nodes, or the
// grade score; terminal histogram and an SVG beside the catalog), thresholds proposed from
// quantiles, tier counts now vs proposed, how nodes and grade agree (Spearman's ρ) and how each
// tier spreads over the grades. With apply, the thresholds go to the catalog (and to a thresholds
// file only when one is named) and every puzzle of the size is re-tiered on that measure.
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { checkTierOrder } from '../src/catalog/check.js';
import { histogramText, logBins, tunePlotSvg, type Bin, type Mark } from '../src/formats/plot.js';
import { spearman } from '../src/rank/correlation.js';
import { LEVELS } from '../src/grade/ladder.js';
import { formatMeasure, measureValue, type TierMeasure } from '../src/rank/measure.js';
import { REFERENCE_VERSION } from '../src/rank/reference.js';
import { GRADER_VERSION } from '../src/rank/stored.js';
import { TIERS, parseTierTable, type Thresholds, type Tier, type TierTable } from '../src/rank/tiers.js';
import { proposeThresholds, quantile, type Quantiles } from '../src/rank/cuts.js';
import { Catalog } from './database.js';
import { UserError } from './errors.js';
import { describeFsError } from './io.js';
import { prepareOutput, writeOutputSync, type OutputTarget } from './output.js';

export interface TuneOptions {
  db: string;
  /** Sizes to tune; absent: every size holding base puzzles. */
  sizes?: readonly number[];
  quantiles: Quantiles;
  /** What to cut: reference nodes (default) or the grade score. Grade levels have fixed cuts. */
  measure?: 'nodes' | 'score';
  apply: boolean;
  /** A thresholds file --apply writes too (its other sizes kept); absent: the catalog alone. */
  tiersFile?: string;
  /** Write the SVG plots beside the catalog (default true). */
  plots?: boolean;
}

export interface SizeTune {
  m: number;
  measure: 'nodes' | 'score';
  /** Base puzzles' values on the measure, ascending. */
  values: number[];
  quantileValues: number[];
  /** The size's current thresholds, when they cut this measure. */
  current: Thresholds | null;
  /** The measure the size is tiered by now (nodes when it has no thresholds). */
  currentMeasure: TierMeasure;
  /** Spearman's ρ between the bases' reference nodes and grade scores (NaN if either is constant). */
  rho: number;
  /** Per tier as stored now: base puzzles per grade level (index 1..7). */
  spread: Record<Tier, number[]>;
  proposed: Thresholds;
  notes: string[];
  /** Base puzzles per tier as stored now, and under the proposed thresholds. */
  now: Record<Tier, number>;
  next: Record<Tier, number>;
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

interface TiersFile {
  table: TierTable;
  solverVersion: string | undefined;
  scores: TierTable | undefined;
  graderVersion: string | undefined;
}

/** The tiers file as it stands, or null when it does not exist yet. */
function readTiersFile(path: string): TiersFile | null {
  if (!existsSync(path)) return null;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    const why = e instanceof SyntaxError ? `not valid JSON: ${e.message}` : describeFsError(e);
    throw new UserError(`tiers file ${path}: ${why}`);
  }
  const res = parseTierTable(json);
  if (!res.ok) throw new UserError(`tiers file ${path}: ${res.error}`);
  return { table: res.table, solverVersion: res.solverVersion, scores: res.scores, graderVersion: res.graderVersion };
}

/** A table's sizes as the tiers file lays them out: one line per size, in size order. */
export function tierTableLines(t: TierTable): string {
  return Object.keys(t)
    .map(Number)
    .sort((a, b) => a - b)
    .map((m) => `    "${m}": { "t1": ${t[m].t1}, "t2": ${t[m].t2}, "t3": ${t[m].t3} }`)
    .join(',\n');
}

/** The tiers file's text, as data/tiers.json is laid out. */
function tiersFileText(table: TierTable, scores: TierTable, comment: string): string {
  const head = `{\n  "solverVersion": ${JSON.stringify(REFERENCE_VERSION)},\n  "comment": ${JSON.stringify(comment)},\n  "sizes": {\n${tierTableLines(table)}\n  }`;
  if (Object.keys(scores).length === 0) return `${head}\n}\n`;
  return `${head},\n  "graderVersion": ${JSON.stringify(GRADER_VERSION)},\n  "scores": {\n${tierTableLines(scores)}\n  }\n}\n`;
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

export async function runTune(opts: TuneOptions): Promise<TuneResult> {
  // Everything is read, and an --apply checked, on one read-only snapshot: a refusal changes nothing.
  const { plan: tunes, stamp } = Catalog.inspect(opts.db, (cat) => {
    if (cat === null) throw new UserError(`no catalog at ${opts.db} (run dominosa build first)`);
    cat.assertSound();
    const tunes = proposals(cat, opts);
    if (opts.apply) checkVersions(cat, opts.measure ?? 'nodes', tunes);
    return tunes;
  }, opts.apply);
  const file = opts.apply && opts.tiersFile !== undefined ? prepareTiersFile(opts, tunes) : null;

  if (opts.plots ?? true) {
    for (const t of tunes) {
      const path = plotPath(opts.db, t.m);
      const title = `M=${t.m}: ${t.measure === 'nodes' ? 'reference nodes' : 'grade scores'} of ${t.values.length} base puzzles`;
      t.plot = writePlot(path, opts.db, tunePlotSvg({ title, bins: t.bins, current: t.current, proposed: t.proposed }));
    }
  }

  const result: TuneResult = { db: opts.db, quantiles: opts.quantiles, sizes: tunes, applied: false, tiersFile: opts.tiersFile ?? null, retiered: 0 };
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

/** What tune shows for each size, read from the catalog. */
function proposals(cat: Catalog, opts: TuneOptions): SizeTune[] {
  const held = [...new Set([...cat.tierStats()].map((s) => s.m))].sort((a, b) => a - b);
  if (held.length === 0) throw new UserError(`${opts.db} holds no base puzzles to tune from`);
  const sizes = opts.sizes ? [...opts.sizes] : held;
  for (const m of sizes) {
    if (!held.includes(m)) throw new UserError(`no base puzzles of size M=${m} in ${opts.db} (it holds sizes ${held.join(',')})`);
  }
  const rules = cat.readThresholds(null);
  const measure = opts.measure ?? 'nodes';
  return sizes.map((m) => {
    const bases = cat.baseDifficulties(m);
    const values = bases.map((b) => measureValue(measure, b)).sort((a, b) => a - b);
    const rule = rules.get(m);
    const proposal =
      measure === 'score' ? proposeThresholds(values, opts.quantiles, (v) => `score ${formatMeasure(measure, v)}`) : proposeThresholds(values, opts.quantiles);
    const spread = Object.fromEntries(TIERS.map((t) => [t, new Array<number>(LEVELS.length + 1).fill(0)])) as Record<Tier, number[]>;
    for (const b of bases) spread[b.tier][Math.floor(b.score)]++;
    return {
      m,
      measure,
      values,
      quantileValues: opts.quantiles.map((q) => quantile(values, q)),
      current: rule?.measure === measure ? rule.th : null,
      currentMeasure: rule?.measure ?? 'nodes',
      rho: spearman(
        bases.map((b) => b.nodes),
        bases.map((b) => b.score),
      ),
      spread,
      // Score cuts are boards' own scores, kept exact: rounding could move a board across.
      proposed: proposal.thresholds,
      notes: proposal.notes,
      now: cat.tierCounts(m),
      next: proposal.counts,
      bins: measure === 'nodes' ? logBins(values) : scoreBins(values),
      plot: null,
    };
  });
}

/** A plot beside the catalog, or a note (and no plot) where the catalog's directory cannot be written. */
function writePlot(path: string, db: string, svg: string): string | null {
  try {
    writeOutputSync(prepareOutput(path, { force: true, inputs: [db] }), svg);
    return path;
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    process.stderr.write(`dominosa: note: no plot written (${e.message})\n`);
    return null;
  }
}

/** Thresholds tuned on counts (or scores) another solver (or grader) version measured would not fit this release. */
function checkVersions(cat: Catalog, measure: 'nodes' | 'score', tunes: SizeTune[]): void {
  const [what, current, version] =
    measure === 'nodes' ? ['node counts', REFERENCE_VERSION, cat.solverVersions.bind(cat)] : ['scores', GRADER_VERSION, cat.graderVersions.bind(cat)];
  for (const t of tunes) {
    const versions = version(t.m).filter((v) => v !== current);
    if (versions.length > 0) {
      throw new UserError(
        `M=${t.m}: ${what} were measured by ${versions.map((v) => v ?? 'an unrecorded version').join(', ')}, ` +
          `not ${current}; thresholds tuned on them would not fit this release (rebuild first)`,
      );
    }
  }
}

/**
 * The thresholds file --apply also writes when one is named (--tiers): its other sizes kept, the
 * tuned ones replaced. Checked before anything is written; written after the catalog commits.
 */
function prepareTiersFile(opts: TuneOptions, tunes: SizeTune[]): { target: OutputTarget; text: string } {
  const path = opts.tiersFile as string;
  const measure = opts.measure ?? 'nodes';
  const current = measure === 'nodes' ? REFERENCE_VERSION : GRADER_VERSION;
  const what = measure === 'nodes' ? 'node counts' : 'scores';
  const target = prepareOutput(path, { force: true, inputs: [opts.db], what: 'tiers file' });
  const file = readTiersFile(path);
  const table: TierTable = { ...(file?.table ?? {}) };
  const scores: TierTable = { ...(file?.scores ?? {}) };
  const tuned = new Set(tunes.map((t) => t.m));
  const [cuts, fileVersion] = measure === 'nodes' ? [table, file?.solverVersion] : [scores, file?.graderVersion];
  if (fileVersion !== undefined && fileVersion !== current) {
    const stale = Object.keys(cuts).map(Number).filter((m) => !tuned.has(m));
    if (stale.length > 0) {
      throw new UserError(
        `tiers file ${path} has ${what} cuts for ${fileVersion}; tune its other sizes (${stale.join(',')}) too, ` +
          `so the whole file is for ${current}`,
      );
    }
  }
  for (const t of tunes) cuts[t.m] = t.proposed;
  if (Object.keys(table).length === 0) throw new UserError(`tiers file ${path} has no node thresholds; tune --measure nodes first`);
  const q = opts.quantiles.join(', ');
  const comment =
    `Thresholds per M: easy <= t1 < normal <= t2 < hard <= t3 < expert, on reference nodes (sizes) and grade scores (scores). ` +
    `${measure === 'nodes' ? 'Node' : 'Score'} cuts of sizes ${[...tuned].join(', ')} set by dominosa tune at quantiles ${q} of the base puzzles of ${basename(opts.db)}.`;
  return { target, text: tiersFileText(table, scores, comment) };
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
      cat.writeThresholds(null, t.m, rule, REFERENCE_VERSION);
      changed += cat.retier(t.m, rule);
    }
    const disorder = checkTierOrder(cat.tierStats().filter((s) => tuned.has(s.m)));
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
    const name = t.measure === 'nodes' ? 'reference nodes' : 'grade scores';
    out.push(`M=${t.m}: ${n} base puzzles, ${name} ${f(t.values[0])}..${f(t.values[n - 1])}`);
    const marks: Mark[] = [];
    for (const k of ['t1', 't2', 't3'] as const) {
      if (t.current) marks.push({ value: t.current[k], label: `${k} now` });
      marks.push({ value: t.proposed[k], label: `${k} new` });
    }
    out.push(histogramText(t.bins, { marks }).trimEnd());
    const qs = r.quantiles.map((q, i) => `q${q} = ${Math.round(t.quantileValues[i] * 1000) / 1000}`).join(', ');
    out.push(`  quantiles: ${qs}`);
    const th = (x: Thresholds | null): string[] => (x ? [f(x.t1), f(x.t2), f(x.t3)] : ['-', '-', '-']);
    if (t.current === null && t.currentMeasure !== t.measure) out.push(`  (tiered by ${t.currentMeasure} now)`);
    out.push(table([['thresholds', 't1', 't2', 't3'], ['current', ...th(t.current)], ['proposed', ...th(t.proposed)]]));
    out.push(table([['tier', 'now', 'proposed'], ...TIERS.map((k) => [k, String(t.now[k]), String(t.next[k])])]));
    const rho = Number.isNaN(t.rho) ? 'undefined (one side is constant)' : t.rho.toFixed(3);
    out.push(`  nodes vs grade score: Spearman's rho = ${rho}`);
    const used = LEVELS.filter((l) => TIERS.some((k) => t.spread[k][l.level] > 0));
    out.push(table([['tier / grade', ...used.map((l) => l.name)], ...TIERS.map((k) => [k, ...used.map((l) => String(t.spread[k][l.level]))])]));
    for (const note of t.notes) out.push(`  note: ${note}`);
    if (t.plot) out.push(`  plot: ${t.plot}`);
    out.push('');
  }
  if (r.applied) {
    const where = r.tiersFile === null ? r.db : `${r.db} and ${r.tiersFile}`;
    out.push(`applied: thresholds written to ${where}; ${r.retiered} puzzle${r.retiered === 1 ? '' : 's'} changed tier`);
  } else {
    out.push(`nothing changed; rerun with --apply to write these thresholds to the catalog and re-tier its puzzles (--tiers FILE writes them to FILE too)`);
  }
  return `${out.join('\n')}\n`;
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => `  ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')}`).join('\n');
}
