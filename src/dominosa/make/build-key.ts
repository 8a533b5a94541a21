// A Dominosa build's key (src/catalog/build.ts, BuildKey): the options that decide which puzzles
// it keeps, as its builds row records them; and the same key read back from a shard, checked,
// and worded for messages. Older than kinds, it names none, so the shipped builds keep their keys.
import { defaultMaxSlots, type BuildKey, type BuildSettings, type RuleTable } from '../../catalog/build.js';
import { isObject, keyChecks, readKey } from '../../catalog/key-check.js';
import type { Parsed } from '../../parsed.js';
import { DEFAULT_TIER_MEASURE, TIER_MEASURES, type TierMeasure } from '../../rank/rule.js';
import { TIERS, type Thresholds, type Tier } from '../../rank/tiers.js';
import { parseGradeTarget } from '../rank/bands.js';
import { REFERENCE_VERSION } from '../rank/reference.js';
import { GRADER_VERSION } from '../rank/stored.js';
import { sizeLabel } from '../sizes.js';
import { METHOD_CHOICES, type MethodChoice } from './generator.js';

/** What decides which puzzles a build keeps, as recorded in its row (JSON) and hashed into its key. */
export interface KeyOptions extends BuildKey {
  sizes: number[];
  thresholds: Record<string, Thresholds>;
  /** Only when not 'auto', so builds made before methods existed keep their keys. */
  method?: MethodChoice;
  /** Only when not 'nodes' (builds made before the grade rule keep their keys). */
  tierBy?: TierMeasure;
  /** Only when set: the grade target's name (a band or a level). */
  grade?: string;
  /** Only for sizes that fill fewer than the four tiers (rank/aims.ts): the tiers they fill. */
  tiers?: Record<string, Tier[]>;
  /** Only for sizes whose slots aim at several tiers at once (rank/aims.ts): each aim's tiers, in turn. */
  aims?: Record<string, Tier[][]>;
}

/**
 * Everything that decides which puzzles a build keeps; --jobs, --time-limit and (unsharded)
 * --max-slots do not. The field order is part of the key: keep it.
 */
export function buildKeyOptions(
  o: BuildSettings,
  table: RuleTable,
  solverVersion: string = REFERENCE_VERSION,
  wanted: ReadonlyMap<string, readonly Tier[]> = new Map(),
  joint: ReadonlyMap<string, Tier[][] | null> = new Map(),
): KeyOptions {
  const key: KeyOptions = {
    seed: o.seed,
    sizes: o.sizes.map(Number),
    perTier: o.perTier,
    variants: o.variants,
    maxAttempts: o.maxAttempts,
    solverVersion,
    graderVersion: GRADER_VERSION,
    thresholds: Object.fromEntries(o.sizes.map((m) => [m, table[m].th])),
  };
  if (o.method !== undefined && o.method !== 'auto') key.method = o.method as MethodChoice;
  const tierBy = o.tierBy ?? DEFAULT_TIER_MEASURE;
  if (tierBy !== 'nodes') key.tierBy = tierBy;
  if (o.grade !== undefined) key.grade = o.grade;
  if (o.shard !== undefined) {
    key.shard = { index: o.shard.index, count: o.shard.count };
    key.maxSlots = o.maxSlots ?? defaultMaxSlots(o.perTier);
  }
  const fewer = o.sizes.filter((m) => (wanted.get(m)?.length ?? TIERS.length) < TIERS.length);
  if (fewer.length > 0) key.tiers = Object.fromEntries(fewer.map((m) => [m, [...wanted.get(m)!]]));
  const shared = o.sizes.filter((m) => (joint.get(m) ?? null) !== null);
  if (shared.length > 0) key.aims = Object.fromEntries(shared.map((m) => [m, joint.get(m)!]));
  return key;
}

/** A recorded key, checked field by field after its seed. */
function check(k: Readonly<Record<string, unknown>>): Parsed<BuildKey> {
  return readKey(() => {
    const c = keyChecks;
    c.whole(k.seed, 'seed', Number.MIN_SAFE_INTEGER);
    const sizes = k.sizes;
    if (!Array.isArray(sizes) || sizes.length === 0) c.bad('sizes is not a list of sizes');
    for (const m of sizes as unknown[]) c.whole(m, 'a size', 1);
    c.counts(k);
    if (!isObject(k.thresholds)) c.bad('thresholds is not an object');
    for (const m of sizes as number[]) c.cuts((k.thresholds as Record<string, unknown>)[m], sizeLabel(m), false);
    if (k.method !== undefined && !METHOD_CHOICES.includes(k.method as MethodChoice)) c.bad('method is not a method');
    if (k.tierBy !== undefined && !TIER_MEASURES.includes(k.tierBy as TierMeasure))
      c.bad('tierBy is not a tier measure');
    if (k.grade !== undefined) c.text(k.grade, 'grade');
    c.slice(k);
    const tierLists = (x: unknown, name: string, depth: 1 | 2): void => {
      if (x === undefined) return;
      if (!isObject(x)) c.bad(`${name} is not an object`);
      const ok = (t: unknown): boolean =>
        Array.isArray(t) &&
        t.every((v) =>
          depth === 1 ? TIERS.includes(v as Tier) : Array.isArray(v) && v.every((w) => TIERS.includes(w as Tier)),
        );
      for (const v of Object.values(x as object)) if (!ok(v)) c.bad(`${name} holds something other than tier names`);
    };
    tierLists(k.tiers, 'tiers', 1);
    tierLists(k.aims, 'aims', 2);
    return k as unknown as KeyOptions;
  });
}

/** The tier rule of every size of a build, from its key. */
function rules(key: BuildKey): RuleTable {
  const k = key as KeyOptions;
  const measure = k.tierBy ?? 'nodes';
  return Object.fromEntries(Object.entries(k.thresholds).map(([m, th]) => [m, { measure, th }]));
}

/** The tiers each size of a build fills, from its key (all four unless it names fewer). */
function wanted(key: BuildKey): Map<string, readonly Tier[]> {
  const k = key as KeyOptions;
  return new Map(k.sizes.map((m) => [String(m), k.tiers?.[m] ?? TIERS]));
}

/** The unsharded build's key options: the shard's minus the slice (maxSlots stays out too). */
function unsharded(key: BuildKey): Parsed<BuildKey> {
  const k = key as KeyOptions;
  let grade: string | undefined;
  if (k.grade !== undefined) {
    const t = parseGradeTarget(k.grade);
    if (!t.ok)
      return { ok: false, error: `the shards' build has grade target "${k.grade}", which this release does not know` };
    grade = t.target.name;
  }
  const settings: BuildSettings = {
    sizes: k.sizes.map(String),
    perTier: k.perTier,
    variants: k.variants,
    seed: k.seed,
    db: '',
    tiersFile: '',
    maxAttempts: k.maxAttempts,
    ...(k.method !== undefined ? { method: k.method } : {}),
    // A key without tierBy is a node build (the key leaves the node rule out).
    tierBy: k.tierBy ?? 'nodes',
    ...(grade !== undefined ? { grade } : {}),
  };
  return {
    ok: true,
    value: buildKeyOptions(
      settings,
      rules(k),
      k.solverVersion,
      wanted(k),
      new Map(k.sizes.map((m) => [String(m), k.aims?.[m] ?? null])),
    ),
  };
}

/** Aims in turn, a run of one aim written once with its count ("easy, hard+expert x2"). */
function inTurn(aims: string[]): string {
  const out: string[] = [];
  for (let i = 0; i < aims.length;) {
    let j = i;
    while (j < aims.length && aims[j] === aims[i]) j++;
    out.push(j - i > 1 ? `${aims[i]} x${j - i}` : aims[i]);
    i = j;
  }
  return out.join(' ');
}

/** The options a key records, as a command line would give them ("--seed 1 --sizes 3,4 ..."). */
function words(recorded: Readonly<Record<string, unknown>>): Map<string, string> {
  const k = recorded as Partial<KeyOptions>;
  const words = new Map<string, string>();
  if (k.seed !== undefined) words.set('seed', String(k.seed));
  if (k.sizes !== undefined) words.set('sizes', k.sizes.join(','));
  if (k.perTier !== undefined) words.set('per-tier', String(k.perTier));
  if (k.variants !== undefined) words.set('variants', String(k.variants));
  if (k.maxAttempts !== undefined) words.set('max-attempts', String(k.maxAttempts));
  words.set('method', k.method ?? 'auto');
  words.set('tier-by', k.tierBy ?? 'nodes');
  if (k.grade !== undefined) words.set('grade', k.grade);
  if (k.shard !== undefined) words.set('shard', `${k.shard.index}/${k.shard.count}`);
  if (k.solverVersion !== undefined) words.set('solver', k.solverVersion);
  if (k.graderVersion !== undefined) words.set('grader', k.graderVersion);
  if (k.thresholds !== undefined) {
    words.set(
      'thresholds',
      Object.entries(k.thresholds)
        .map(([m, t]) => `M=${m} ${t.t1}/${t.t2}/${t.t3}`)
        .join(' '),
    );
  }
  // Recorded since slots first aimed at several tiers at once; a build without it aimed at one per slot.
  words.set(
    'aims',
    k.aims === undefined
      ? 'one tier per slot'
      : Object.entries(k.aims)
          .map(([m, a]) => `M=${m} ${inTurn(a.map((t) => t.join('+')))}`)
          .join(', '),
  );
  return words;
}

export const keys = {
  // A key that names no kind is Dominosa's: its builds were made before kinds.
  claims: (recorded: Readonly<Record<string, unknown>>) => recorded.kind === undefined,
  check,
  sizes: (k: BuildKey) => (k as KeyOptions).sizes.map(String),
  rules,
  wanted,
  unsharded,
  words,
};
