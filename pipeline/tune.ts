// `dominosa tune`: per size, the base puzzles' node-count distribution (terminal histogram and an
// SVG beside the catalog), thresholds proposed from quantiles, and tier counts now vs proposed.
// With apply, the thresholds go to the tiers file and the catalog and every puzzle is re-tiered.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { checkTierOrder } from '../src/catalog/check.js';
import { histogramText, logBins, tunePlotSvg, type Bin, type Mark } from '../src/formats/plot.js';
import { SOLVER_VERSION } from '../src/grade/reference.js';
import { TIERS, parseTierTable, type Thresholds, type Tier, type TierTable } from '../src/grade/tiers.js';
import { proposeThresholds, quantile, type Quantiles } from '../src/grade/tune.js';
import { Catalog } from './catalog.js';
import { UserError } from './errors.js';
import { describeFsError, writeFileAtomic } from './io.js';

export interface TuneOptions {
  db: string;
  /** Sizes to tune; absent: every size holding base puzzles. */
  sizes?: readonly number[];
  quantiles: Quantiles;
  apply: boolean;
  /** The tiers file --apply rewrites. */
  tiersFile: string;
  /** Write the SVG plots beside the catalog (default true). */
  plots?: boolean;
}

export interface SizeTune {
  m: number;
  /** Base puzzles' node counts, ascending. */
  nodes: number[];
  quantileValues: number[];
  current: Thresholds | null;
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
  tiersFile: string;
  /** Rows whose tier changed (bases and variants), when applied. */
  retiered: number;
}

/** Where a size's plot goes: beside the catalog, named after it. */
export function plotPath(db: string, m: number): string {
  return `${db}.tune-M${m}.svg`;
}

/** The tiers file as it stands, or null when it does not exist yet. */
function readTiersFile(path: string): { table: TierTable; solverVersion: string | undefined } | null {
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
  return { table: res.table, solverVersion: res.solverVersion };
}

/** The tiers file's text: one line per size, as data/tiers.json is laid out. */
function tiersFileText(table: TierTable, comment: string): string {
  const sizes = Object.keys(table)
    .map(Number)
    .sort((a, b) => a - b)
    .map((m) => `    "${m}": { "t1": ${table[m].t1}, "t2": ${table[m].t2}, "t3": ${table[m].t3} }`);
  return `{\n  "solverVersion": ${JSON.stringify(SOLVER_VERSION)},\n  "comment": ${JSON.stringify(comment)},\n  "sizes": {\n${sizes.join(',\n')}\n  }\n}\n`;
}

export async function runTune(opts: TuneOptions): Promise<TuneResult> {
  const cat = Catalog.open(opts.db, { readonly: !opts.apply });
  try {
    cat.assertSound();
    const held = [...new Set([...cat.tierStats()].map((s) => s.m))].sort((a, b) => a - b);
    if (held.length === 0) throw new UserError(`${opts.db} holds no base puzzles to tune from`);
    const sizes = opts.sizes ? [...opts.sizes] : held;
    for (const m of sizes) {
      if (!held.includes(m)) throw new UserError(`no base puzzles of size M=${m} in ${opts.db} (it holds sizes ${held.join(',')})`);
    }
    const thresholds = cat.readThresholds(null);
    const tunes: SizeTune[] = sizes.map((m) => {
      const nodes = cat.baseNodes(m);
      const th = thresholds.get(m);
      const current = th ? { t1: th.t1, t2: th.t2, t3: th.t3 } : null;
      const proposal = proposeThresholds(nodes, opts.quantiles);
      return {
        m,
        nodes,
        quantileValues: opts.quantiles.map((q) => quantile(nodes, q)),
        current,
        proposed: proposal.thresholds,
        notes: proposal.notes,
        now: cat.tierCounts(m),
        next: proposal.counts,
        bins: logBins(nodes),
        plot: null,
      };
    });

    if (opts.plots ?? true) {
      for (const t of tunes) {
        const path = plotPath(opts.db, t.m);
        const title = `M=${t.m}: reference nodes of ${t.nodes.length} base puzzles`;
        await writeFileAtomic(path, tunePlotSvg({ title, bins: t.bins, current: t.current, proposed: t.proposed }));
        t.plot = path;
      }
    }

    const result: TuneResult = { db: opts.db, quantiles: opts.quantiles, sizes: tunes, applied: false, tiersFile: opts.tiersFile, retiered: 0 };
    if (!opts.apply) return result;
    result.retiered = apply(cat, opts, tunes);
    result.applied = true;
    return result;
  } finally {
    cat.close();
  }
}

/**
 * Write the proposed thresholds: the tiers file's new text goes to a temporary file first, the
 * catalog changes in one transaction (current thresholds, then every base and variant
 * re-tiered, then the tier order checked as audit checks it), and only once that has committed is
 * the temporary file renamed over the tiers file. Returns the rows whose tier changed.
 */
function apply(cat: Catalog, opts: TuneOptions, tunes: SizeTune[]): number {
  for (const t of tunes) {
    const versions = cat.solverVersions(t.m).filter((v) => v !== SOLVER_VERSION);
    if (versions.length > 0) {
      throw new UserError(
        `M=${t.m}: node counts were measured by ${versions.map((v) => v ?? 'an unrecorded solver').join(', ')}, ` +
          `not ${SOLVER_VERSION}; thresholds tuned on them would not fit this release (rebuild first)`,
      );
    }
  }
  const file = readTiersFile(opts.tiersFile);
  const table: TierTable = { ...(file?.table ?? {}) };
  const tuned = new Set(tunes.map((t) => t.m));
  if (file && file.solverVersion !== undefined && file.solverVersion !== SOLVER_VERSION) {
    const stale = Object.keys(table).map(Number).filter((m) => !tuned.has(m));
    if (stale.length > 0) {
      throw new UserError(
        `tiers file ${opts.tiersFile} is for solver ${file.solverVersion}; tune its other sizes (${stale.join(',')}) too, ` +
          `so the whole file is for ${SOLVER_VERSION}`,
      );
    }
  }
  for (const t of tunes) table[t.m] = t.proposed;
  const q = opts.quantiles.join(', ');
  const comment =
    `Reference-node thresholds per M: easy <= t1 < normal <= t2 < hard <= t3 < expert. ` +
    `Sizes ${[...tuned].join(', ')} set by dominosa tune at quantiles ${q} of the base puzzles of ${basename(opts.db)}.`;
  const tmp = `${opts.tiersFile}.tmp-${process.pid}`;
  let changed = 0;
  try {
    writeFileSyncOrThrow(tmp, tiersFileText(table, comment));
    cat.transaction(() => {
      for (const t of tunes) {
        cat.writeThresholds(null, t.m, t.proposed, SOLVER_VERSION);
        changed += cat.retier(t.m, t.proposed);
      }
      const disorder = checkTierOrder(cat.tierStats().filter((s) => tuned.has(s.m)));
      // Ranges cannot overlap, so this only fires on a bug: roll everything back.
      if (disorder.length > 0) throw new Error(`re-tiering broke the tier order: ${disorder[0].detail}`);
    });
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
  return renameOrThrow(tmp, opts.tiersFile, changed);
}

function writeFileSyncOrThrow(path: string, text: string): void {
  try {
    writeFileSync(path, text);
  } catch (e) {
    throw new UserError(`cannot write tiers file ${path}: ${describeFsError(e)}`);
  }
}

function renameOrThrow(tmp: string, path: string, changed: number): number {
  try {
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw new UserError(`the catalog was re-tiered, but the tiers file ${path} could not be replaced: ${describeFsError(e)}`);
  }
  return changed;
}

/** The report for people, ending in a newline. */
export function formatTune(r: TuneResult): string {
  const out: string[] = [];
  for (const t of r.sizes) {
    const n = t.nodes.length;
    out.push(`M=${t.m}: ${n} base puzzles, reference nodes ${t.nodes[0]}..${t.nodes[n - 1]}`);
    const marks: Mark[] = [];
    for (const k of ['t1', 't2', 't3'] as const) {
      if (t.current) marks.push({ value: t.current[k], label: `${k} now` });
      marks.push({ value: t.proposed[k], label: `${k} new` });
    }
    out.push(histogramText(t.bins, { marks }).trimEnd());
    const qs = r.quantiles.map((q, i) => `q${q} = ${Math.round(t.quantileValues[i] * 10) / 10}`).join(', ');
    out.push(`  quantiles: ${qs}`);
    const th = (x: Thresholds | null): string[] => (x ? [String(x.t1), String(x.t2), String(x.t3)] : ['-', '-', '-']);
    out.push(table([['thresholds', 't1', 't2', 't3'], ['current', ...th(t.current)], ['proposed', ...th(t.proposed)]]));
    out.push(table([['tier', 'now', 'proposed'], ...TIERS.map((k) => [k, String(t.now[k]), String(t.next[k])])]));
    for (const note of t.notes) out.push(`  note: ${note}`);
    if (t.plot) out.push(`  plot: ${t.plot}`);
    out.push('');
  }
  if (r.applied) {
    out.push(`applied: thresholds written to ${r.tiersFile} and ${r.db}; ${r.retiered} puzzle${r.retiered === 1 ? '' : 's'} changed tier`);
  } else {
    out.push(`nothing changed; rerun with --apply to write these thresholds to ${r.tiersFile} and the catalog, and re-tier its puzzles`);
  }
  return `${out.join('\n')}\n`;
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => `  ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')}`).join('\n');
}
