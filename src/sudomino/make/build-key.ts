// A Sudomino build's key (src/catalog/build.ts, BuildKey): the options that decide which puzzles
// it keeps, as its builds row records them; read back from a shard, checked, and worded for
// messages. It names its kind, which Dominosa's key, older than kinds, leaves out.
import { defaultMaxSlots, type BuildKey, type BuildSettings, type RuleTable } from '../../catalog/build.js';
import { isObject, keyChecks, readKey } from '../../catalog/key-check.js';
import type { Parsed } from '../../parsed.js';
import type { TierMeasure } from '../../rank/rule.js';
import { TIERS, type Thresholds, type Tier } from '../../rank/tiers.js';
import { GRADER_VERSION } from '../grade/ladder.js';
import { REFERENCE_VERSION } from '../rank/stored.js';
import { parseShape } from '../shape.js';

/** What decides which puzzles a Sudomino build keeps. Field order is part of the key. */
export interface KeyOptions extends BuildKey {
  kind: 'sudomino';
  shapes: string[];
  /** Each shape's cuts and the measure they cut (the grade score's level boundaries unless tuned). */
  thresholds: Record<string, Thresholds & { measure: TierMeasure }>;
}

export function keyOptions(o: BuildSettings, table: RuleTable): KeyOptions {
  const shapes = o.sizes;
  const key: KeyOptions = {
    kind: 'sudomino',
    seed: o.seed,
    shapes,
    perTier: o.perTier,
    variants: o.variants,
    maxAttempts: o.maxAttempts,
    solverVersion: REFERENCE_VERSION,
    graderVersion: GRADER_VERSION,
    thresholds: Object.fromEntries(shapes.map((s) => [s, { measure: table[s].measure, ...table[s].th }])),
  };
  if (o.shard !== undefined) {
    key.shard = { index: o.shard.index, count: o.shard.count };
    key.maxSlots = o.maxSlots ?? defaultMaxSlots(o.perTier);
  }
  return key;
}

/** A recorded key, checked field by field. */
function check(k: Readonly<Record<string, unknown>>): Parsed<BuildKey> {
  return readKey(() => {
    const c = keyChecks;
    c.whole(k.seed, 'seed', Number.MIN_SAFE_INTEGER);
    const shapes = k.shapes;
    if (!Array.isArray(shapes) || shapes.length === 0) c.bad('shapes is not a list of sizes');
    for (const s of shapes as unknown[]) if (typeof s !== 'string' || !parseShape(s).ok) c.bad('a shape is not RxC:N');
    c.counts(k);
    if (!isObject(k.thresholds)) c.bad('thresholds is not an object');
    for (const s of shapes as string[]) c.cuts((k.thresholds as Record<string, unknown>)[s], s, true);
    c.slice(k);
    return k as unknown as KeyOptions;
  });
}

/** The tier rule of every shape of a build, from its key (each names its measure). */
function rules(key: BuildKey): RuleTable {
  const k = key as KeyOptions;
  return Object.fromEntries(
    Object.entries(k.thresholds).map(([s, { measure, t1, t2, t3 }]) => [s, { measure, th: { t1, t2, t3 } }]),
  );
}

/** The unsharded build's key options: the shard's minus the slice (maxSlots stays out too). */
function unsharded(key: BuildKey): Parsed<BuildKey> {
  const k = key as KeyOptions;
  const settings: BuildSettings = {
    sizes: k.shapes,
    perTier: k.perTier,
    variants: k.variants,
    seed: k.seed,
    db: '',
    tiersFile: '',
    maxAttempts: k.maxAttempts,
  };
  return { ok: true, value: keyOptions(settings, rules(k)) };
}

/** A key's words: it has no methods, tier measures or aims to name. */
function words(recorded: Readonly<Record<string, unknown>>): Map<string, string> {
  const k = recorded as Partial<KeyOptions>;
  const words = new Map<string, string>([['kind', 'sudomino']]);
  if (k.seed !== undefined) words.set('seed', String(k.seed));
  if (Array.isArray(k.shapes)) words.set('sizes', k.shapes.join(','));
  if (k.perTier !== undefined) words.set('per-tier', String(k.perTier));
  if (k.variants !== undefined) words.set('variants', String(k.variants));
  if (k.maxAttempts !== undefined) words.set('max-attempts', String(k.maxAttempts));
  if (k.shard !== undefined) words.set('shard', `${k.shard.index}/${k.shard.count}`);
  if (k.solverVersion !== undefined) words.set('solver', k.solverVersion);
  if (k.graderVersion !== undefined) words.set('grader', k.graderVersion);
  if (k.thresholds !== undefined)
    words.set(
      'thresholds',
      Object.entries(k.thresholds)
        .map(([s, t]) => `${s} ${t.t1}/${t.t2}/${t.t3}`)
        .join(' '),
    );
  return words;
}

export const keys = {
  claims: (recorded: Readonly<Record<string, unknown>>) => recorded.kind === 'sudomino',
  check,
  sizes: (k: BuildKey) => [...(k as KeyOptions).shapes],
  rules,
  // Every shape fills the four tiers, slot k aiming at tier k mod 4.
  wanted: (k: BuildKey) => new Map<string, readonly Tier[]>((k as KeyOptions).shapes.map((s) => [s, TIERS])),
  unsharded,
  words,
};
