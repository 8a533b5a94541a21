// What a build's slots of one size aim at, from the size's tier rule and the build's grade
// target: the tiers it fills, and per slot the grade band (and range of the reference measure)
// a graded slot keeps its board in. A tier the size cannot fill is named with the reason, so a
// build fails at once, or fills what it can and says what it left out; it never spins.
import { GRADE_BANDS, TATHAM_NAMES, bandsMeet, type GradeBand, type GradeTarget } from './bands.js';
import { formatMeasure, nodeRange, tierRange, type NodeRange, type TierRule } from '../../rank/rule.js';
import { cutName } from './tier-rule.js';
import { LAYERED_FROM_M } from './reference.js';
import type { SizePlan } from '../../rank/plan.js';
import { TIERS, type Tier } from '../../rank/tiers.js';

/** A band to keep a puzzle in, and the range of the reference measure it must lie in when given. */
export interface Target {
  band: GradeBand;
  nodes?: NodeRange;
  /** The tier it fills, when it is a tier's. */
  tier?: Tier;
}

/**
 * What one slot keeps: the first puzzle that fits one of its targets, each a band with (for a
 * tier) the tier's range of the reference measure. Tiers' ranges do not overlap.
 */
export interface Aim {
  targets: Target[];
}

/**
 * Tiers whose sample yields lie within this factor of the size's rarest are aimed at together:
 * a slot then keeps whichever it meets first, so a deal proven unique serves every one of them,
 * and a commoner tier keeps a slot of its own (src/README.md, "Tiers").
 */
export const JOINT_YIELD_RATIO = 3;

/** A size's plan (src/rank/plan.ts) with what each of its slots aims at. */
export interface SizeAims extends SizePlan {
  m: number;
  /**
   * What slot k aims at: aims[k mod aims.length]; empty when slots are not graded (each keeps
   * its first unique board, as the node and score rules do without a grade target).
   */
  aims: Aim[];
}

export type PlanResult = { ok: true; plan: SizeAims } | { ok: false; error: string };

function meet(a: GradeBand, b: GradeBand): GradeBand {
  return { minLevel: Math.max(a.minLevel, b.minLevel), maxLevel: Math.min(a.maxLevel, b.maxLevel) };
}

/**
 * The plan of size m. Under the grade rule the slots aim in turn at the tiers they fill: tier
 * t's band (narrowed to the grade target, when one is given) inside t's range. A tier whose band
 * misses the target is not wanted; one whose measured yield is 0 (no puzzle of its band inside
 * its range in the sample the cuts were set from) is out of reach. Without a target the size
 * fills what it can reach and names the rest; with one, a target no tier can hold or reach is
 * an error. Under the node and score rules every tier is wanted and a target, if any, is the
 * band of every slot; a score tier whose range holds no score of the target is an error.
 */
export function planSize(
  m: number,
  rule: TierRule,
  grade?: GradeTarget,
  yields?: Readonly<Record<Tier, number>>,
): PlanResult {
  const asked = grade === undefined ? '' : ` (--grade ${grade.name})`;
  if (rule.measure === 'nodes') {
    const refused = nodeTierRefusal(m, rule, grade);
    if (refused !== null) return { ok: false, error: refused };
  }
  if (rule.measure !== 'grade') {
    if (grade === undefined) return { ok: true, plan: { m, wanted: [...TIERS], unreachable: [], aims: [] } };
    if (rule.measure === 'score') {
      for (const t of TIERS) {
        const r = tierRange(t, rule.th);
        // Scores of levels minLevel..maxLevel lie in [minLevel, maxLevel + 1).
        if (!(r.hi >= grade.minLevel && r.lo < grade.maxLevel + 1)) {
          const f = (v: number): string => formatMeasure('score', v);
          return {
            ok: false,
            error: `M=${m}: the ${t} tier's scores (${f(r.lo)}, ${f(r.hi)}] hold no puzzle of grade ${grade.name}${asked}`,
          };
        }
      }
    }
    return {
      ok: true,
      plan: {
        m,
        wanted: [...TIERS],
        unreachable: [],
        aims: [{ targets: [{ band: { minLevel: grade.minLevel, maxLevel: grade.maxLevel } }] }],
      },
    };
  }
  const wanted: Tier[] = [];
  const unreachable: SizeAims['unreachable'] = [];
  const targets = new Map<Tier, Target>();
  for (const t of TIERS) {
    const band = GRADE_BANDS[t];
    if (grade !== undefined && !bandsMeet(band, grade)) continue;
    if (yields !== undefined && yields[t] === 0) {
      const r = nodeRange(t, rule.th);
      const range = r.max === Infinity ? `above ${r.min - 1}` : `${r.min}..${r.max}`;
      unreachable.push({
        tier: t,
        why: `no ${TATHAM_NAMES[t]} puzzle had a ${cutName('grade', m)} of ${range} in the sample its cuts were set from`,
      });
      continue;
    }
    wanted.push(t);
    targets.set(t, { band: grade === undefined ? band : meet(band, grade), nodes: nodeRange(t, rule.th), tier: t });
  }
  if (wanted.length === 0 && unreachable.length === 0) {
    return {
      ok: false,
      error: `M=${m}: no tier holds grade ${grade?.name} puzzles, which are beyond Extreme (tier them by nodes with --tier-by nodes, or use dominosa generate --grade)`,
    };
  }
  if (wanted.length === 0) {
    const why = unreachable.map((u) => `${u.tier} is out of reach (${u.why})`).join('; ');
    return { ok: false, error: `M=${m}: no tier can be filled${asked}: ${why}` };
  }
  return { ok: true, plan: { m, wanted, unreachable, aims: gradeAims(m, wanted, targets, yields) } };
}

/**
 * The grade rule's aims, in turn: a slot for each tier of its own, except that tiers of about
 * the rarest yield (JOINT_YIELD_RATIO) share slots, as many as there are of them, which keep
 * whichever tier they meet first. Only where yields count unique deals (the node-count sizes,
 * below LAYERED_FROM_M); elsewhere, or without yields, every tier has its own slot.
 */
function gradeAims(
  m: number,
  wanted: readonly Tier[],
  targets: ReadonlyMap<Tier, Target>,
  yields?: Readonly<Record<Tier, number>>,
): Aim[] {
  const own = (t: Tier): Aim => ({ targets: [targets.get(t)!] });
  if (yields === undefined || m >= LAYERED_FROM_M || wanted.length < 2) return wanted.map(own);
  const rarest = Math.min(...wanted.map((t) => yields[t]));
  const joint = wanted.filter((t) => yields[t] <= JOINT_YIELD_RATIO * rarest);
  if (joint.length < 2) return wanted.map(own);
  const shared: Aim = { targets: joint.map((t) => targets.get(t)!) };
  return [...wanted.filter((t) => !joint.includes(t)).map(own), ...joint.map(() => shared)];
}

/**
 * Why a node tier cannot be filled, known before any slot runs, or null. Every board measures at
 * least 1, and a measure of 1 means singles settle it at the root (the reference solver's pair
 * singletons, or the layered score's singles layer), so a range ending below 1 holds nothing and
 * one ending at 1 holds only singles puzzles: no puzzle of a target above singles.
 */
function nodeTierRefusal(m: number, rule: TierRule, grade?: GradeTarget): string | null {
  const asked = grade === undefined ? '' : ` (--grade ${grade.name})`;
  for (const t of TIERS) {
    const r = nodeRange(t, rule.th);
    const range = `${cutName('nodes', m)} ${r.min}..${r.max}`;
    if (r.max < 1) return `M=${m}: the ${t} tier (${range}) can hold no puzzle: every board measures at least 1`;
    if (r.max === 1 && grade !== undefined && grade.minLevel > 1) {
      return `M=${m}: the ${t} tier (${range}) holds only puzzles that singles settle, none of grade ${grade.name}${asked}`;
    }
  }
  return null;
}

/** The tiers of each aim in turn, when some slot aims at more than one tier (for the build key), else null. */
export function jointAims(plan: Pick<SizeAims, 'aims'>): Tier[][] | null {
  if (!plan.aims.some((a) => a.targets.length > 1)) return null;
  return plan.aims.map((a) => a.targets.map((t) => t.tier!));
}

/** What slot k of a planned size aims at, or undefined for an ungraded slot. */
export function aimOf(plan: Pick<SizeAims, 'aims'>, slot: number): Aim | undefined {
  return plan.aims.length === 0 ? undefined : plan.aims[slot % plan.aims.length];
}
