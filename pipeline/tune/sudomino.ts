// `dominosa tune --kind sudomino`: per shape, how the base puzzles of each tier lie on the grade
// score and the reference nodes, whether the tiers' medians climb (the guardrail), and the node
// ranges proposed for the tiers. A Sudomino tier is its grader level's; cuts only bound each
// tier's reference nodes, so --apply writes them when every base lies inside its tier's range.
import { basename } from 'node:path';
import { checkTierOrder, lowerMedian } from '../../src/sudomino/check.js';
import type { TierRule } from '../../src/rank/rule.js';
import { proposeBandCuts } from '../../src/rank/cuts.js';
import { TIERS, zeroTierCounts, type Thresholds, type Tier } from '../../src/rank/tiers.js';
import { SUDOMINO_GRADER_VERSION, tierOfLevel } from '../../src/sudomino/grade/ladder.js';
import { SUDOMINO_REFERENCE_VERSION } from '../../src/sudomino/rank/stored.js';
import { sudominoTierFor } from '../../src/sudomino/rank/tier-rule.js';
import { kindNamed } from '../../src/kinds.js';
import { readTiersFile, tiersFileText } from '../build/thresholds.js';
import { Catalog } from '../catalog/catalog.js';
import { EXIT_FAILED_CHECK, UserError } from '../runtime/errors.js';
import { prepareOutput, writeOutputSync } from '../io/output.js';
import { textTable as table } from './tune.js';

export interface SudominoTuneOptions {
  db: string;
  /** Shapes to tune ("8x8:6"); absent: every Sudomino shape holding base puzzles. */
  shapes?: readonly string[];
  apply: boolean;
  /** A thresholds file --apply writes too (its other sections kept). */
  tiersFile?: string;
}

/** Least, median (lower middle) and greatest of a tier's values. */
export interface Spread {
  min: number;
  median: number;
  max: number;
}

export interface ShapeTune {
  shape: string;
  /** Per tier in order: its base puzzles, and their scores and reference nodes (null when none). */
  tiers: { tier: Tier; count: number; score: Spread | null; nodes: Spread | null }[];
  /** The guardrail: the tiers' median reference nodes never fall from an easier tier to a harder. */
  ordered: boolean;
  /** The shape's current node ranges, if its rule is one. */
  current: Thresholds | null;
  /** The shape's current rule, whatever it cuts (a build records score cuts at the level boundaries). */
  currentRule: TierRule | null;
  /** The node ranges that keep the most bases of the worst-kept tier inside its range. */
  proposed: Thresholds;
  /** Bases inside their tier's range, under the current cuts (null without) and the proposed. */
  inRangeNow: Record<Tier, number> | null;
  inRange: Record<Tier, number>;
  /** Bases outside their tier's proposed range: --apply refuses while any are. */
  outside: number;
}

export interface SudominoTuneResult {
  db: string;
  shapes: ShapeTune[];
  applied: boolean;
  tiersFile: string | null;
}

function spread(values: number[]): Spread | null {
  if (values.length === 0) return null;
  return { min: Math.min(...values), median: lowerMedian(values), max: Math.max(...values) };
}

function inRange(bases: readonly { nodes: number; score: number; tier: Tier }[], th: Thresholds): Record<Tier, number> {
  const out = zeroTierCounts();
  for (const b of bases) {
    const t = sudominoTierFor(b, { measure: 'grade', th });
    if (t !== null) out[t]++;
  }
  return out;
}

/** What tune shows of each shape, read from one snapshot of the catalog. */
function proposals(cat: Catalog, opts: SudominoTuneOptions): ShapeTune[] {
  const held = [...cat.sizeCounts('sudomino').keys()].filter((s) => cat.baseDifficulties('sudomino', s).length > 0);
  if (held.length === 0) throw new UserError(`${opts.db} holds no Sudomino base puzzles to tune from`);
  const shapes = opts.shapes ? [...opts.shapes] : held;
  for (const s of shapes)
    if (!held.includes(s))
      throw new UserError(`no Sudomino base puzzles of shape ${s} in ${opts.db} (it holds ${held.join(', ')})`);
  const rules = cat.readThresholds(null, 'sudomino');
  return shapes.map((shape) => {
    const bases = cat.baseDifficulties('sudomino', shape);
    const rule = rules.get(shape);
    const current = rule?.measure === 'grade' ? rule.th : null;
    const p = proposeBandCuts(bases.map((b) => ({ value: b.nodes, band: tierOfLevel(Math.floor(b.score)) })));
    const kept = inRange(bases, p.thresholds);
    return {
      shape,
      tiers: TIERS.map((tier) => {
        const own = bases.filter((b) => b.tier === tier);
        return {
          tier,
          count: own.length,
          score: spread(own.map((b) => b.score)),
          nodes: spread(own.map((b) => b.nodes)),
        };
      }),
      ordered: checkTierOrder([{ shape, bases }]).length === 0,
      current,
      currentRule: rule === undefined ? null : { measure: rule.measure, th: rule.th },
      proposed: p.thresholds,
      inRangeNow: current === null ? null : inRange(bases, current),
      inRange: kept,
      outside: bases.length - TIERS.reduce((s, t) => s + kept[t], 0),
    };
  });
}

// eslint-disable-next-line @typescript-eslint/require-await -- async on purpose: a refusal is a rejected promise, not a throw
export async function runSudominoTune(opts: SudominoTuneOptions): Promise<SudominoTuneResult> {
  // Everything is read, and an --apply checked, on one read-only snapshot: a refusal changes nothing.
  const { plan: shapes, stamp } = Catalog.inspect(
    opts.db,
    (cat) => {
      if (cat === null) throw new UserError(`no catalog at ${opts.db} (run dominosa build first)`);
      cat.assertSound();
      return proposals(cat, opts);
    },
    opts.apply,
  );
  const result: SudominoTuneResult = { db: opts.db, shapes, applied: false, tiersFile: opts.tiersFile ?? null };
  if (!opts.apply) return result;
  // Cuts cannot move a puzzle to another tier (its level names it), only leave it out of every one.
  const out = shapes.filter((s) => s.outside > 0);
  if (out.length > 0) {
    const what = out.map((s) => `${s.shape}: ${s.outside} base puzzle${s.outside === 1 ? '' : 's'}`).join(', ');
    throw new UserError(
      `${what} would lie outside their tier's reference-node range under the proposed cuts (their levels overlap in nodes); nothing was changed`,
      EXIT_FAILED_CHECK,
    );
  }
  const file = opts.tiersFile === undefined ? null : prepareTiersFile(opts.tiersFile, opts.db, shapes);
  const cat = Catalog.openWriter(opts.db, 'tune --apply', stamp);
  try {
    cat.transaction(() => {
      for (const s of shapes) {
        const rule = { measure: 'grade' as const, th: s.proposed };
        cat.writeThresholds(null, 'sudomino', s.shape, rule, SUDOMINO_REFERENCE_VERSION);
        // Every base is inside its range (checked above), so no row changes tier; the call keeps it so.
        cat.retier(kindNamed('sudomino'), s.shape, rule);
      }
    });
  } finally {
    cat.close();
  }
  if (file !== null) writeOutputSync(file.target, file.text);
  result.applied = true;
  return result;
}

/** The thresholds file with the tuned shapes' ranges in its "sudomino" section, its other sections kept. */
function prepareTiersFile(
  path: string,
  db: string,
  shapes: ShapeTune[],
): { target: ReturnType<typeof prepareOutput>; text: string } {
  const target = prepareOutput(path, { force: true, inputs: [db], what: 'tiers file' });
  const file = readTiersFile(path);
  // The file's Dominosa "sizes" are what marks it as a whole tiers file.
  if (file === null || Object.keys(file.table).length === 0)
    throw new UserError(`tiers file ${path} has no node thresholds for Dominosa; name a copy of data/tiers.json`);
  const kept =
    file.sudomino?.solverVersion === SUDOMINO_REFERENCE_VERSION &&
    file.sudomino.graderVersion === SUDOMINO_GRADER_VERSION
      ? file.sudomino.grade
      : {};
  const grade = { ...kept, ...Object.fromEntries(shapes.map((s) => [s.shape, s.proposed])) };
  const comment = `${file.comment}${file.comment ? ' ' : ''}Sudomino ranges of shapes ${shapes.map((s) => s.shape).join(', ')} set by dominosa tune --kind sudomino on the base puzzles of ${basename(db)}.`;
  return {
    target,
    text: tiersFileText({
      ...file,
      comment,
      sudomino: { solverVersion: SUDOMINO_REFERENCE_VERSION, graderVersion: SUDOMINO_GRADER_VERSION, grade },
    }),
  };
}

/** The report for people, ending in a newline. */
export function formatSudominoTune(r: SudominoTuneResult): string {
  const out: string[] = [];
  const th = (x: Thresholds | null): string[] => (x ? [String(x.t1), String(x.t2), String(x.t3)] : ['-', '-', '-']);
  for (const s of r.shapes) {
    const n = s.tiers.reduce((a, t) => a + t.count, 0);
    out.push(`sudomino ${s.shape}: ${n} base puzzles`);
    const sp = (x: Spread | null, f: (v: number) => string): string =>
      x === null ? '-' : `${f(x.min)}..${f(x.max)} (median ${f(x.median)})`;
    out.push(
      table([
        ['tier', 'bases', 'score', 'reference nodes'],
        ...s.tiers.map((t) => [t.tier, String(t.count), sp(t.score, (v) => v.toFixed(3)), sp(t.nodes, String)]),
      ]),
    );
    const medians = s.tiers.filter((t) => t.nodes !== null).map((t) => `${t.tier} ${t.nodes!.median}`);
    out.push(
      `  guardrail: median reference nodes ${s.ordered ? 'climb' : 'FALL'} with the tier (${medians.join(', ')})`,
    );
    if (s.current === null && s.currentRule !== null)
      out.push(`  tiered now by ${s.currentRule.measure} cuts ${th(s.currentRule.th).join('/')}`);
    out.push(
      table([
        ['node ranges', 't1', 't2', 't3'],
        ['current', ...th(s.current)],
        ['proposed', ...th(s.proposed)],
      ]),
    );
    out.push(
      table([
        ['tier', 'bases', 'in range now', 'in range proposed'],
        ...TIERS.map((t, i) => [
          t,
          String(s.tiers[i].count),
          s.inRangeNow ? String(s.inRangeNow[t]) : '-',
          String(s.inRange[t]),
        ]),
      ]),
    );
    if (s.outside > 0)
      out.push(
        `  note: ${s.outside} base puzzle${s.outside === 1 ? '' : 's'} would lie outside their tier's range: the levels overlap in reference nodes`,
      );
    out.push('');
  }
  if (r.applied)
    out.push(
      `applied: node ranges written to ${r.tiersFile === null ? r.db : `${r.db} and ${r.tiersFile}`}; no puzzle changed tier (a Sudomino tier is its level's)`,
    );
  else
    out.push(
      `nothing changed; rerun with --apply to write these ranges to the catalog${r.tiersFile === null ? '' : ` and ${r.tiersFile}`}`,
    );
  return `${out.join('\n')}\n`;
}
