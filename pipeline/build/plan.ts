// What a build will do to a catalog, decided before anything is written: each size's tier rule
// (the catalog's own, else the thresholds file's), the build's key and whether it resumes, and
// what each size aims at; or the one-line refusal of a build the catalog cannot take.
import { jointAims, planSize, type SizePlan } from '../../src/dominosa/rank/aims.js';
import type { GradeTarget } from '../../src/dominosa/rank/bands.js';
import { DEFAULT_TIER_MEASURE, type TierRule } from '../../src/rank/rule.js';
import { REFERENCE_VERSION } from '../../src/dominosa/rank/reference.js';
import type { KindName } from '../../src/kinds.js';
import type { Tier } from '../../src/rank/tiers.js';
import type { BuildRow, Catalog } from '../catalog/catalog.js';
import type { StoredRule } from '../catalog/thresholds.js';
import { UserError } from '../runtime/errors.js';
import {
  buildKey,
  buildKeyOptions,
  describeDifferences,
  describeOptions,
  kindOfBuild,
  sameBuildButCuts,
  type KeyOptions,
  type SudominoKeyOptions,
} from './key.js';
import type { SizeKey } from './size-key.js';
import type { BuildOptions } from './options.js';
import { loadTiers, readTiersFile, type RuleTable } from './thresholds.js';

/** "2800 puzzles of M = 3..9: 700 base puzzles in 4 tiers, and their variants", of Dominosa's rows alone */
function holdings(cat: Catalog): string {
  const stats = cat.tierStats('dominosa');
  const sizes = [...new Set(stats.map((t) => Number(t.size)))].sort((a, b) => a - b);
  const bases = stats.reduce((a, t) => a + t.count, 0);
  const tiers = new Set(stats.map((t) => t.tier)).size;
  const run =
    sizes.length > 1 && sizes[sizes.length - 1] - sizes[0] === sizes.length - 1
      ? `${sizes[0]}..${sizes[sizes.length - 1]}`
      : sizes.join(',');
  const puzzles = [...cat.sizeCounts('dominosa').values()].reduce((a, n) => a + n, 0);
  return `${puzzles} puzzles of M = ${run}: ${bases} base puzzles in ${tiers} tier${tiers === 1 ? '' : 's'}, and their variants`;
}

/** The plan of a size, or the one-line error (exit 2) of a tier request it cannot satisfy. */
function planOrThrow(
  m: number,
  rule: TierRule,
  grade: GradeTarget | undefined,
  yields: Record<Tier, number> | undefined,
): SizePlan {
  const p = planSize(m, rule, grade, yields);
  if (!p.ok) throw new UserError(p.error);
  return p.plan;
}

export interface BuildPlan {
  /** Each size's tier rule: the catalog's own where it has one, else the thresholds file's. */
  table: RuleTable;
  /** The sizes whose current thresholds this build seeds (the catalog had none for them). */
  seeded: ReadonlySet<SizeKey>;
  keyOptions: KeyOptions | SudominoKeyOptions;
  key: string;
  /** This build's row, when it ran before. */
  existing: BuildRow | undefined;
  /** What each size aims at: its tiers' bands and node ranges, and the tiers out of reach. */
  plans: ReadonlyMap<SizeKey, SizePlan>;
  /** What the catalog holds, when this build had finished before. */
  holds: string | undefined;
}

/**
 * What a build of `o` will do to the catalog (null: none yet), or why it must not. Reads only.
 * `calibrated`: cuts the build sampled for sizes neither the catalog nor the file has.
 */
export function planBuild(c: Catalog | null, o: BuildOptions, calibrated: RuleTable = {}): BuildPlan {
  c?.assertSound();
  const byKey = c?.readThresholds(null, 'dominosa') ?? new Map<string, StoredRule>();
  const stored = new Map([...byKey].map(([size, r]) => [Number(size), r]));
  const measure = o.tierBy ?? DEFAULT_TIER_MEASURE;
  const seeded = new Set(o.sizes.filter((m) => !stored.has(m)));
  const fromFile = [...seeded].filter((m) => calibrated[m] === undefined);
  const loaded = fromFile.length > 0 ? loadTiers(o.tiersFile, fromFile, measure) : null;
  const table: RuleTable = { ...loaded?.rules };
  for (const m of seeded) if (calibrated[m] !== undefined) table[m] = calibrated[m];
  const named =
    o.tiersExplicit === true && seeded.size < o.sizes.length
      ? loadTiers(
          o.tiersFile,
          o.sizes.filter((m) => stored.has(m)),
          measure,
        ).rules
      : null;
  for (const m of o.sizes) {
    const own = stored.get(m);
    if (own === undefined) continue;
    if (own.measure !== measure) {
      throw new UserError(
        `${o.db} tiers M=${m} by ${own.measure}, not ${measure}: a catalog keeps one tier rule per size (build another catalog, or pass --tier-by ${own.measure})`,
      );
    }
    const file = named?.[m];
    if (file !== undefined && (file.th.t1 !== own.th.t1 || file.th.t2 !== own.th.t2 || file.th.t3 !== own.th.t3)) {
      throw new UserError(
        `${o.db} has its own thresholds for M=${m} (${own.th.t1}/${own.th.t2}/${own.th.t3}), and ${o.tiersFile} says ${file.th.t1}/${file.th.t2}/${file.th.t3}: ` +
          `a thresholds file only seeds a new catalog (change a catalog's with dominosa tune --apply)`,
      );
    }
    table[m] = { measure: own.measure, th: own.th };
  }
  // The sample's yields (which tiers a size can fill) come with the file's cuts; a size whose
  // cuts the catalog holds reads them from the file when it has them. A calibrated size has none
  // (aims at every tier), the same when it resumes from the cuts the catalog then holds.
  const yields = loaded?.yields ?? readTiersFile(o.tiersFile)?.yields ?? {};
  // A tier request no puzzle can satisfy fails here, before the catalog is touched.
  const plans = new Map(o.sizes.map((m) => [m, planOrThrow(m, table[m], o.grade, yields[m])]));
  const keyOptions = keyOptionsOf(o, table, plans);
  const key = buildKey(keyOptions);
  const existing = ownBuild(c, 'dominosa', keyOptions, key, o);
  const holds = c !== null && existing?.status === 'finished' ? holdings(c) : undefined;
  return { table, seeded, keyOptions, key, existing, plans, holds };
}

/**
 * This build's row when it ran before, found by its key; or undefined for a new one, unless the
 * catalog holds another build of its kind (and o.extend is not set), which is refused in one line.
 */
export function ownBuild(
  c: Catalog | null,
  kind: KindName,
  keyOptions: KeyOptions | SudominoKeyOptions,
  key: string,
  o: BuildOptions,
): BuildRow | undefined {
  // A catalog's build of the other kind is no other build of this one's.
  const mine = c?.builds().filter((b) => kindOfBuild(b.options) === kind) ?? [];
  // A tune (--apply) since the build started changed the cuts its key was made with, not the
  // command: the build with these options but other thresholds is this one.
  const existing = c?.findBuild(key) ?? mine.find((b) => sameBuildButCuts(keyOptions, b.options));
  // One catalog, one build key of a kind, unless extending on purpose.
  const other = mine.at(-1);
  if (existing === undefined && other !== undefined && !o.extend) {
    const diff = describeDifferences(keyOptions, other.options);
    throw new UserError(
      `${o.db} holds another ${kind === 'sudomino' ? 'Sudomino ' : ''}build (build ${other.id}: ${describeOptions(other.options)}); this one differs${diff === '' ? '' : ` in ${diff}`}. ` +
        `Rerun with the catalog's options to resume or check it, or add --extend to add this build's puzzles to it`,
    );
  }
  return existing;
}

/** The build key's options: the tiers each size aims at are part of what was built. */
function keyOptionsOf(o: BuildOptions, table: RuleTable, plans: ReadonlyMap<number, SizePlan>): KeyOptions {
  return buildKeyOptions(
    o,
    table,
    REFERENCE_VERSION,
    new Map([...plans].map(([m, p]) => [m, p.wanted])),
    new Map([...plans].map(([m, p]) => [m, jointAims(p)])),
  );
}
