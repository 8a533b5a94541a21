// Sudomino's part of `tune` (src/rank/tuning.ts): per shape, how the base puzzles of each tier
// lie on the grade score and the reference nodes, whether the tiers' medians climb (the
// guardrail), and the node ranges proposed for the tiers. A Sudomino tier is its grader level's;
// cuts only bound each tier's reference nodes, so an --apply writes them only when every base
// lies inside its tier's range.
import { textTable } from '../../formats/text-table.js';
import type { Parsed } from '../../parsed.js';
import { proposeBandCuts } from '../../rank/cuts.js';
import type { TierRule } from '../../rank/rule.js';
import { TIERS, zeroTierCounts, type Thresholds, type Tier } from '../../rank/tiers.js';
import type { CutsFile, KindTuning, SizeBases, SizeTune, TuneReport } from '../../rank/tuning.js';
import { checkTierOrder, lowerMedian } from '../check.js';
import { GRADER_VERSION, tierOfLevel } from '../grade/ladder.js';
import { REFERENCE_VERSION } from './stored.js';
import { tierFor } from './tier-rule.js';

/** Least, median (lower middle) and greatest of a tier's values. */
export interface Spread {
  min: number;
  median: number;
  max: number;
}

export interface TunedSize extends SizeTune {
  /** Per tier in order: its base puzzles, and their scores and reference nodes (null when none). */
  tiers: { tier: Tier; count: number; score: Spread | null; nodes: Spread | null }[];
  /** The guardrail: the tiers' median reference nodes never fall from an easier tier to a harder. */
  ordered: boolean;
  /** The shape's current node ranges, if its rule is one. */
  current: Thresholds | null;
  /** The shape's current rule, whatever it cuts (a build records score cuts at the level boundaries). */
  currentRule: TierRule | null;
  /** Bases inside their tier's range, under the current cuts (null without) and the proposed. */
  inRangeNow: Record<Tier, number> | null;
  inRange: Record<Tier, number>;
  /** Bases outside their tier's proposed range: --apply refuses while any are. */
  outside: number;
}

function spread(values: number[]): Spread | null {
  if (values.length === 0) return null;
  return { min: Math.min(...values), median: lowerMedian(values), max: Math.max(...values) };
}

function inRange(bases: SizeBases['bases'], th: Thresholds): Record<Tier, number> {
  const out = zeroTierCounts();
  for (const b of bases) {
    const t = tierFor(b, { measure: 'grade', th });
    if (t !== null) out[t]++;
  }
  return out;
}

/** What tune shows of one shape. */
function tuneShape(s: SizeBases): TunedSize {
  const { key: shape, bases, rule } = s;
  const current = rule?.measure === 'grade' ? rule.th : null;
  const p = proposeBandCuts(bases.map((b) => ({ value: b.nodes, band: tierOfLevel(Math.floor(b.score)) })));
  const kept = inRange(bases, p.thresholds);
  return {
    key: shape,
    measure: 'grade',
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
    outside: bases.length - TIERS.reduce((n, t) => n + kept[t], 0),
    plot: null,
  };
}

/** The kind's section of a thresholds file, named for the kind. */
const KIND = 'sudomino';

/** The thresholds file with the tuned shapes' ranges in its "sudomino" section, its other sections kept. */
function tiersFile(
  file: CutsFile | null,
  shapes: readonly TunedSize[],
  at: { path: string; dbName: string },
): Parsed<CutsFile> {
  // The file's Dominosa "sizes" are what marks it as a whole tiers file.
  if (file === null || Object.keys(file.table).length === 0)
    return {
      ok: false,
      error: `tiers file ${at.path} has no node thresholds for Dominosa; name a copy of data/tiers.json`,
    };
  const own = file.kinds?.[KIND];
  const kept = own?.solverVersion === REFERENCE_VERSION && own.graderVersion === GRADER_VERSION ? own.grade : {};
  const grade = { ...kept, ...Object.fromEntries(shapes.map((s) => [s.key, s.proposed])) };
  const comment = `${file.comment}${file.comment ? ' ' : ''}Sudomino ranges of shapes ${shapes.map((s) => s.key).join(', ')} set by dominosa tune --kind sudomino on the base puzzles of ${at.dbName}.`;
  return {
    ok: true,
    value: {
      ...file,
      comment,
      kinds: {
        ...file.kinds,
        [KIND]: { solverVersion: REFERENCE_VERSION, graderVersion: GRADER_VERSION, grade },
      },
    },
  };
}

/** The report for people, ending in a newline. */
function report(r: TuneReport<TunedSize>): string {
  const out: string[] = [];
  const th = (x: Thresholds | null): string[] => (x ? [String(x.t1), String(x.t2), String(x.t3)] : ['-', '-', '-']);
  for (const s of r.sizes) {
    const n = s.tiers.reduce((a, t) => a + t.count, 0);
    out.push(`sudomino ${s.key}: ${n} base puzzles`);
    const sp = (x: Spread | null, f: (v: number) => string): string =>
      x === null ? '-' : `${f(x.min)}..${f(x.max)} (median ${f(x.median)})`;
    out.push(
      textTable([
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
      textTable([
        ['node ranges', 't1', 't2', 't3'],
        ['current', ...th(s.current)],
        ['proposed', ...th(s.proposed)],
      ]),
    );
    out.push(
      textTable([
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

export const tuning: KindTuning<TunedSize> = {
  cutsAre: "the tiers' reference-node ranges",
  referenceVersion: REFERENCE_VERSION,
  propose: (sizes) => ({ ok: true, value: sizes.map(tuneShape) }),
  // Cuts cannot move a puzzle to another tier (its level names it), only leave it out of every one.
  refuseApply(shapes) {
    const out = shapes.filter((s) => s.outside > 0);
    if (out.length === 0) return null;
    const what = out.map((s) => `${s.key}: ${s.outside} base puzzle${s.outside === 1 ? '' : 's'}`).join(', ');
    return {
      error: `${what} would lie outside their tier's reference-node range under the proposed cuts (their levels overlap in nodes); nothing was changed`,
      failedCheck: true,
    };
  },
  tiersFile,
  report,
};
