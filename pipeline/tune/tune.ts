// `dominosa tune`: per size of a kind, how its base puzzles lie on what the tiers cut, and the
// cuts proposed for them. The kind is looked up once: it analyses each size and words the report
// (src/rank/tuning.ts); this verb reads the catalog, writes the plots asked for, and with --apply
// writes the cuts to the catalog (and to a thresholds file only when one is named) and re-tiers
// every puzzle of the sizes tuned. Everything is read, and an --apply checked, on one snapshot:
// a refusal changes nothing.
import { basename } from 'node:path';
import { stallAt } from '../runtime/faults.js';
import { DEFAULT_QUANTILES, type Quantiles } from '../../src/rank/cuts.js';
import type { TierMeasure } from '../../src/rank/rule.js';
import type { KindTuning, MeasuredBy, SizeBases, SizeTune } from '../../src/rank/tuning.js';
import { DEFAULT_KIND, kindNamed, type KindName, type PuzzleKind } from '../../src/kinds.js';
import { readTiersFile, tiersFileText } from '../build/thresholds.js';
import { Catalog } from '../catalog/catalog.js';
import { EXIT_FAILED_CHECK, UserError } from '../runtime/errors.js';
import { prepareOutput, writeOutputSync, type OutputTarget } from '../io/output.js';

export interface TuneOptions {
  db: string;
  /** The kind whose sizes are tuned; absent: the default kind. */
  kind?: KindName;
  /** Sizes to tune, by key; absent: every size of the kind holding base puzzles. */
  sizes?: readonly string[];
  /** With node or score cuts: the quantiles of the base puzzles' values at the cuts (default DEFAULT_QUANTILES). */
  quantiles?: Quantiles;
  /** What to cut (a kind with `measures`); absent: what the sizes are tiered by now. */
  measure?: TierMeasure;
  apply: boolean;
  /** A thresholds file --apply writes too (its other sizes kept); absent: the catalog alone. */
  tiersFile?: string;
  /** Write an SVG plot per size beside the catalog (default false: tune writes no file unless asked). */
  plots?: boolean;
  /** Replace earlier plots (default false: an earlier plot is refused, never replaced silently). */
  force?: boolean;
}

export interface TuneResult<T extends SizeTune = SizeTune> {
  db: string;
  kind: KindName;
  quantiles: Quantiles;
  sizes: T[];
  applied: boolean;
  tiersFile: string | null;
  /** Rows whose tier changed (bases and variants), when applied. */
  retiered: number;
}

/** Where a size's plot goes: beside the catalog, named after it (`name` is the kind's: "M6"). */
export function plotPath(db: string, name: string): string {
  return `${db}.tune-${name}.svg`;
}

export async function runTune<T extends SizeTune = SizeTune>(opts: TuneOptions): Promise<TuneResult<T>> {
  const kind = kindNamed(opts.kind ?? DEFAULT_KIND);
  // Each kind's tuning is typed by its own analysis; the caller names it (a test) or never looks inside.
  const tuning = kind.tuning as KindTuning<T>;
  const quantiles = opts.quantiles ?? DEFAULT_QUANTILES;
  const { plan: tunes, stamp } = Catalog.inspect(
    opts.db,
    (cat) => {
      if (cat === null) throw new UserError(`no catalog at ${opts.db} (run dominosa build first)`);
      cat.assertSound();
      return proposals(cat, kind, tuning, { ...opts, quantiles });
    },
    opts.apply,
  );
  const file =
    opts.apply && opts.tiersFile !== undefined
      ? prepareTiersFile(opts.tiersFile, opts.db, tuning, tunes, quantiles)
      : null;

  // Every plot's name is checked before the first is written: a refusal writes nothing.
  if (opts.plots === true && tuning.plot !== undefined) {
    const plots = tunes.map((t) => tuning.plot!(t));
    const targets = plots.map((p) => preparePlot(plotPath(opts.db, p.name), opts));
    tunes.forEach((t, i) => {
      writeOutputSync(targets[i], plots[i].svg);
      t.plot = targets[i].path;
    });
  }

  const result: TuneResult<T> = {
    db: opts.db,
    kind: kind.name,
    quantiles,
    sizes: tunes,
    applied: false,
    tiersFile: opts.tiersFile ?? null,
    retiered: 0,
  };
  if (!opts.apply) return result;
  const cat = Catalog.openWriter(opts.db, 'tune --apply', stamp);
  try {
    await stallAt('tune:apply');
    result.retiered = apply(cat, kind, tuning, tunes);
  } finally {
    cat.close();
  }
  // The catalog is the thresholds' one source of truth; the file is a copy for seeding others.
  if (file !== null) writeOutputSync(file.target, file.text);
  result.applied = true;
  return result;
}

/** The report for people, in the kind's words, ending in a newline. */
export function formatTune(r: TuneResult): string {
  return kindNamed(r.kind).tuning.report(r);
}

/** What tune shows for each size, read from the catalog; an --apply checked against it. */
function proposals<T extends SizeTune>(
  cat: Catalog,
  kind: PuzzleKind,
  tuning: KindTuning<T>,
  opts: TuneOptions & { quantiles: Quantiles },
): T[] {
  const held = [...cat.sizeCounts(kind.name).keys()].filter((s) => cat.baseDifficulties(kind.name, s).length > 0);
  if (held.length === 0) throw new UserError(`${opts.db} holds no ${kind.title} base puzzles to tune from`);
  const sizes = opts.sizes ? [...opts.sizes] : held;
  for (const key of sizes) {
    if (!held.includes(key))
      throw new UserError(
        `no base puzzles of size ${kind.sizes.label(key)} in ${opts.db} (it holds sizes ${held.join(',')})`,
      );
  }
  const rules = cat.readThresholds(null, kind.name);
  const read: SizeBases[] = sizes.map((key) => ({
    key,
    bases: cat.baseDifficulties(kind.name, key),
    rule: rules.get(key),
    tiers: cat.tierCounts(kind.name, key),
  }));
  const proposed = tuning.propose(read, { measure: opts.measure, quantiles: opts.quantiles });
  if (!proposed.ok) throw new UserError(proposed.error);
  if (opts.apply) {
    const measuredBy = new Map<string, MeasuredBy>(
      sizes.map((key) => [
        key,
        { solver: cat.solverVersions(kind.name, key), grader: cat.graderVersions(kind.name, key) },
      ]),
    );
    const refused = tuning.refuseApply(proposed.value, measuredBy);
    if (refused !== null) throw new UserError(refused.error, refused.failedCheck ? EXIT_FAILED_CHECK : undefined);
  }
  return proposed.value;
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

/**
 * The thresholds file --apply also writes when one is named (--thresholds), as the kind rewrites
 * it. Checked before anything is written; written after the catalog commits.
 */
function prepareTiersFile<T extends SizeTune>(
  path: string,
  db: string,
  tuning: KindTuning<T>,
  tunes: T[],
  quantiles: Quantiles,
): { target: OutputTarget; text: string } {
  const target = prepareOutput(path, { force: true, inputs: [db], what: 'tiers file' });
  const next = tuning.tiersFile(readTiersFile(path), tunes, { path, dbName: basename(db), quantiles });
  if (!next.ok) throw new UserError(next.error);
  return { target, text: tiersFileText(next.value) };
}

/**
 * Write the proposed cuts into the catalog in one transaction: current thresholds, then every
 * base and variant re-tiered, then the tier order checked where the kind says how. Returns the
 * rows whose tier changed.
 */
function apply<T extends SizeTune>(cat: Catalog, kind: PuzzleKind, tuning: KindTuning<T>, tunes: T[]): number {
  const tuned = new Set(tunes.map((t) => t.key));
  return cat.transaction(() => {
    let changed = 0;
    for (const t of tunes) {
      const rule = { measure: t.measure, th: t.proposed };
      cat.writeThresholds(null, kind.name, t.key, rule, tuning.referenceVersion);
      changed += cat.retier(kind, t.key, rule);
    }
    const broken = tuning.orderBroken?.(cat.tierStats(kind.name).filter((s) => tuned.has(s.size))) ?? null;
    // Only a bug breaks it: roll everything back.
    if (broken !== null) throw new Error(`re-tiering broke the tier order: ${broken}`);
    return changed;
  });
}
