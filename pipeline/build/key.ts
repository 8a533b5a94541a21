// A build's key: the options that decide which puzzles it keeps, recorded in its builds row and
// hashed, so that the same command finds its build again and resumes it.
import { createHash } from 'node:crypto';
import type { MethodChoice } from '../../src/dominosa/make/generator.js';
import { DEFAULT_TIER_MEASURE, type TierMeasure } from '../../src/rank/rule.js';
import { REFERENCE_VERSION } from '../../src/dominosa/rank/reference.js';
import { GRADER_VERSION } from '../../src/dominosa/rank/stored.js';
import type { KindName } from '../../src/kinds.js';
import { TIERS, type Thresholds, type Tier } from '../../src/rank/tiers.js';
import { SUDOMINO_GRADER_VERSION } from '../../src/sudomino/grade/ladder.js';
import { SUDOMINO_REFERENCE_VERSION } from '../../src/sudomino/rank/stored.js';
import { defaultMaxSlots, type BuildOptions, type Shard } from './options.js';
import type { RuleTable } from './thresholds.js';

/** What decides which puzzles a build keeps, as recorded in its row (JSON) and hashed into its key. */
export interface KeyOptions {
  seed: number;
  sizes: number[];
  perTier: number;
  variants: number;
  maxAttempts: number;
  solverVersion: string;
  graderVersion: string;
  thresholds: Record<string, Thresholds>;
  /** Only when not 'auto', so builds made before methods existed keep their keys. */
  method?: MethodChoice;
  /** Only when not 'nodes' (builds made before the grade rule keep their keys). */
  tierBy?: TierMeasure;
  /** Only when set: the grade target's name (a band or a level). */
  grade?: string;
  /** A shard's slice, and its slot budget (which decides where a shard stops). */
  shard?: Shard;
  maxSlots?: number;
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
  o: BuildOptions,
  table: RuleTable,
  solverVersion: string = REFERENCE_VERSION,
  wanted: ReadonlyMap<number, readonly Tier[]> = new Map(),
  joint: ReadonlyMap<number, Tier[][] | null> = new Map(),
): KeyOptions {
  const key: KeyOptions = {
    seed: o.seed,
    sizes: o.sizes,
    perTier: o.perTier,
    variants: o.variants,
    maxAttempts: o.maxAttempts,
    solverVersion,
    graderVersion: GRADER_VERSION,
    thresholds: Object.fromEntries(o.sizes.map((m) => [m, table[m].th])),
  };
  if (o.method !== undefined && o.method !== 'auto') key.method = o.method;
  const tierBy = o.tierBy ?? DEFAULT_TIER_MEASURE;
  if (tierBy !== 'nodes') key.tierBy = tierBy;
  if (o.grade !== undefined) key.grade = o.grade.name;
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

/**
 * What decides which puzzles a Sudomino build keeps. It names its kind, which Dominosa's key,
 * older than kinds, leaves out (so the shipped Dominosa builds keep their keys). Field order is
 * part of the key.
 */
export interface SudominoKeyOptions {
  kind: 'sudomino';
  seed: number;
  shapes: string[];
  perTier: number;
  variants: number;
  maxAttempts: number;
  solverVersion: string;
  graderVersion: string;
  /** Each shape's cuts and the measure they cut (the grade score's level boundaries unless tuned). */
  thresholds: Record<string, Thresholds & { measure: TierMeasure }>;
  shard?: Shard;
  maxSlots?: number;
}

export function sudominoKeyOptions(o: BuildOptions, table: RuleTable): SudominoKeyOptions {
  const shapes = o.shapes ?? [];
  const key: SudominoKeyOptions = {
    kind: 'sudomino',
    seed: o.seed,
    shapes,
    perTier: o.perTier,
    variants: o.variants,
    maxAttempts: o.maxAttempts,
    solverVersion: SUDOMINO_REFERENCE_VERSION,
    graderVersion: SUDOMINO_GRADER_VERSION,
    thresholds: Object.fromEntries(shapes.map((s) => [s, { measure: table[s].measure, ...table[s].th }])),
  };
  if (o.shard !== undefined) {
    key.shard = { index: o.shard.index, count: o.shard.count };
    key.maxSlots = o.maxSlots ?? defaultMaxSlots(o.perTier);
  }
  return key;
}

/** The kind a build's recorded options (its builds row's JSON) made: Dominosa's name none. */
export function kindOfBuild(recorded: string): KindName {
  return parseKey(recorded).kind === 'sudomino' ? 'sudomino' : 'dominosa';
}

/** The key a build row is found by: a hash of its KeyOptions. */
export function buildKey(k: KeyOptions | SudominoKeyOptions): string {
  return createHash('sha256').update(JSON.stringify(k)).digest('hex');
}

/**
 * Whether a build's recorded options (its builds row's JSON) are `mine` but for the thresholds:
 * the same command, run again on a catalog whose cuts were tuned since (the key hashes the cuts
 * as they were when the build started). Its recorded slot budget counts only for a shard.
 */
export function sameBuildButCuts(mine: KeyOptions | SudominoKeyOptions, recorded: string): boolean {
  const theirs = parseKey(recorded) as Partial<KeyOptions> | null;
  if (theirs === null || typeof theirs !== 'object') return false;
  const { thresholds: _mine, ...a } = mine;
  const { thresholds: _theirs, ...b } = theirs;
  if (a.shard === undefined) delete b.maxSlots;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The options a key records, as a command line would give them ("--seed 1 --sizes 3,4 ..."). */
function optionWords(k: Partial<KeyOptions> & { kind?: unknown }): Map<string, string> {
  if (k.kind === 'sudomino') return sudominoWords(k as Partial<SudominoKeyOptions>);
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

/** A Sudomino key's words: it has no methods, tier measures or aims to name. */
function sudominoWords(k: Partial<SudominoKeyOptions>): Map<string, string> {
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

/** Recorded words that are no command-line option: they come with the release and its thresholds. */
const NOT_OPTIONS = ['solver', 'grader', 'thresholds', 'aims'];

/** A recorded key as far as it is an object (it is read from the catalog, which may not be dominosa's). */
function parseKey(json: string): Partial<KeyOptions> & { kind?: unknown } {
  try {
    const k: unknown = JSON.parse(json);
    return typeof k === 'object' && k !== null && !Array.isArray(k) ? k : {};
  } catch {
    return {};
  }
}

/** A recorded key's words; a key of another shape than dominosa writes has none but the defaults. */
function recordedWords(json: string): Map<string, string> {
  try {
    return optionWords(parseKey(json));
  } catch {
    return optionWords({});
  }
}

/** A build's recorded options (its builds row's JSON) as command-line words, for messages. */
export function describeOptions(json: string): string {
  const words = recordedWords(json);
  return [...words]
    .filter(([k]) => !NOT_OPTIONS.includes(k))
    .map(([k, v]) => `--${k} ${v}`)
    .join(' ');
}

/** How `mine` differs from a recorded build's options, option by option ("--seed 2 (the catalog's: 1)"). */
export function describeDifferences(mine: KeyOptions | SudominoKeyOptions, recorded: string): string {
  const a = optionWords(mine);
  const b = recordedWords(recorded);
  const out: string[] = [];
  for (const k of new Set([...a.keys(), ...b.keys()])) {
    const name = NOT_OPTIONS.includes(k) ? `the ${k}` : `--${k}`;
    if (a.get(k) !== b.get(k)) out.push(`${name} ${a.get(k) ?? '(none)'} (the catalog's: ${b.get(k) ?? 'none'})`);
  }
  return out.join(', ');
}
