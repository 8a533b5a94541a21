// What a Dominosa build will do to a catalog, decided before anything is written: each size's
// tier rule (the catalog's own, else the thresholds file's, else the build's calibration), what
// each size aims at, and the build's key; or the one-line refusal of a build the catalog cannot
// take. Pure: the catalog's cuts and the file reach it through PlanInput.
import type { BuiltCatalog, KindPlan, PlannedSize, PlanInput, RuleTable } from '../../catalog/build.js';
import type { Parsed } from '../../parsed.js';
import { DEFAULT_TIER_MEASURE, type TierRule } from '../../rank/rule.js';
import type { Tier } from '../../rank/tiers.js';
import { jointAims, planSize } from '../rank/aims.js';
import { parseGradeTarget, type GradeTarget } from '../rank/bands.js';
import { REFERENCE_VERSION } from '../rank/reference.js';
import { loadCuts, readCuts, type LoadedCuts } from '../rank/tiers-file.js';
import { buildKeyOptions } from './build-key.js';
import type { SizeMaking } from './catalog-slot.js';

/** "2800 puzzles of M = 3..9: 700 base puzzles in 4 tiers, and their variants", of Dominosa's rows alone */
export function holdings(cat: BuiltCatalog): string {
  const stats = cat.tierStats();
  const sizes = [...new Set(stats.map((t) => Number(t.size)))].sort((a, b) => a - b);
  const bases = stats.reduce((a, t) => a + t.count, 0);
  const tiers = new Set(stats.map((t) => t.tier)).size;
  const run =
    sizes.length > 1 && sizes[sizes.length - 1] - sizes[0] === sizes.length - 1
      ? `${sizes[0]}..${sizes[sizes.length - 1]}`
      : sizes.join(',');
  const puzzles = [...cat.sizeCounts().values()].reduce((a, n) => a + n, 0);
  return `${puzzles} puzzles of M = ${run}: ${bases} base puzzles in ${tiers} tier${tiers === 1 ? '' : 's'}, and their variants`;
}

/** What a build of these settings will do (the catalog's cuts, none without a catalog), or why it must not. */
export function planBuild(input: PlanInput): Parsed<KindPlan> {
  const { settings: o, file, calibrated } = input;
  const fail = (error: string): Parsed<never> => ({ ok: false, error });
  const sizes = o.sizes.map(Number);
  const stored = new Map([...input.stored].map(([size, r]) => [Number(size), r]));
  const measure = o.tierBy ?? DEFAULT_TIER_MEASURE;
  const seeded = new Set(sizes.filter((m) => !stored.has(m)));
  const fromFile = [...seeded].filter((m) => calibrated[m] === undefined);
  let loaded: LoadedCuts | null = null;
  if (fromFile.length > 0) {
    const res = loadCuts(file, fromFile, measure);
    if (!res.ok) return res;
    loaded = res.value;
  }
  const table: RuleTable = { ...loaded?.rules };
  for (const m of seeded) if (calibrated[m] !== undefined) table[m] = calibrated[m];
  let named: Record<number, TierRule> | null = null;
  if (o.tiersExplicit === true && seeded.size < sizes.length) {
    const res = loadCuts(
      file,
      sizes.filter((m) => stored.has(m)),
      measure,
    );
    if (!res.ok) return res;
    named = res.value.rules;
  }
  for (const m of sizes) {
    const own = stored.get(m);
    if (own === undefined) continue;
    if (own.measure !== measure) {
      return fail(
        `${o.db} tiers M=${m} by ${own.measure}, not ${measure}: a catalog keeps one tier rule per size (build another catalog, or pass --tier-by ${own.measure})`,
      );
    }
    const given = named?.[m];
    if (given !== undefined && (given.th.t1 !== own.th.t1 || given.th.t2 !== own.th.t2 || given.th.t3 !== own.th.t3)) {
      return fail(
        `${o.db} has its own thresholds for M=${m} (${own.th.t1}/${own.th.t2}/${own.th.t3}), and ${o.tiersFile} says ${given.th.t1}/${given.th.t2}/${given.th.t3}: ` +
          `a thresholds file only seeds a new catalog (change a catalog's with dominosa tune --apply)`,
      );
    }
    table[m] = { measure: own.measure, th: own.th };
  }
  // The sample's yields (which tiers a size can fill) come with the file's cuts; a size whose
  // cuts the catalog holds reads them from the file when it has them. A calibrated size has none
  // (aims at every tier), the same when it resumes from the cuts the catalog then holds.
  let yields = loaded?.yields;
  if (yields === undefined) {
    const res = readCuts(file);
    if (!res.ok) return res;
    yields = res.value?.yields ?? {};
  }
  let grade: GradeTarget | undefined;
  if (o.grade !== undefined) {
    const g = parseGradeTarget(o.grade);
    if (!g.ok) return fail(`--grade: ${g.error}`);
    grade = g.target;
  }
  // A tier request no puzzle can satisfy fails here, before the catalog is touched.
  const plans = new Map<string, PlannedSize>();
  const wanted = new Map<string, readonly Tier[]>();
  const joint = new Map<string, Tier[][] | null>();
  const method = o.method ?? 'auto';
  for (const m of sizes) {
    const p = planSize(m, table[m], grade, yields[m]);
    if (!p.ok) return p;
    const { wanted: tiers, unreachable, aims } = p.plan;
    const make: SizeMaking = { method: method as SizeMaking['method'], aims };
    plans.set(String(m), { wanted: tiers, unreachable, make });
    wanted.set(String(m), tiers);
    joint.set(String(m), jointAims(p.plan));
  }
  const key = buildKeyOptions(o, table, REFERENCE_VERSION, wanted, joint);
  return { ok: true, value: { table, seeded: new Set([...seeded].map(String)), key, plans } };
}
