// A build's key: the options that decide which puzzles it keeps (its kind's BuildKey), recorded
// in its builds row and hashed, so that the same command finds its build again and resumes it;
// and a recorded key read back: its kind, and its options in words for messages.
import { createHash } from 'node:crypto';
import type { BuildKey } from '../../src/catalog/build.js';
import { isObject } from '../../src/catalog/key-check.js';
import { allKinds, DEFAULT_KIND, kindNamed, type KindName, type PuzzleKind } from '../../src/kinds.js';

/** A recorded key as far as it is an object (it is read from the catalog, which may not be dominosa's). */
function parseKey(json: string): Record<string, unknown> {
  try {
    const k: unknown = JSON.parse(json);
    return isObject(k) ? k : {};
  } catch {
    return {};
  }
}

/** The kind that writes a recorded key (a JSON object), or undefined when none claims it. */
export function kindClaiming(recorded: Readonly<Record<string, unknown>>): PuzzleKind | undefined {
  return allKinds().find((k) => k.build.keys.claims(recorded));
}

/** The kind a build's recorded options (its builds row's JSON) made; one no kind claims is the default kind's. */
export function kindOfBuild(recorded: string): KindName {
  return kindClaiming(parseKey(recorded))?.name ?? DEFAULT_KIND;
}

/** The key a build row is found by: a hash of its key's JSON. */
export function buildKey(k: BuildKey): string {
  return createHash('sha256').update(JSON.stringify(k)).digest('hex');
}

/**
 * Whether a build's recorded options (its builds row's JSON) are `mine` but for the thresholds:
 * the same command, run again on a catalog whose cuts were tuned since (the key hashes the cuts
 * as they were when the build started). Its recorded slot budget counts only for a shard.
 */
export function sameBuildButCuts(mine: BuildKey, recorded: string): boolean {
  let theirs: unknown;
  try {
    theirs = JSON.parse(recorded);
  } catch {
    return false;
  }
  if (!isObject(theirs)) return false;
  const { thresholds: _mine, ...a } = mine as BuildKey & { thresholds?: unknown };
  const { thresholds: _theirs, ...b } = theirs;
  if (a.shard === undefined) delete b.maxSlots;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Recorded words that are no command-line option: they come with the release and its thresholds. */
const NOT_OPTIONS = ['solver', 'grader', 'thresholds', 'aims'];

/** A key's words, by the kind that writes it; a key of another shape than dominosa writes has none but the defaults. */
function optionWords(k: Readonly<Record<string, unknown>>): Map<string, string> {
  const kind = kindClaiming(k) ?? kindNamed(DEFAULT_KIND);
  try {
    return kind.build.keys.words(k);
  } catch {
    return kindNamed(DEFAULT_KIND).build.keys.words({});
  }
}

/** A build's recorded options (its builds row's JSON) as command-line words, for messages. */
export function describeOptions(json: string): string {
  const words = optionWords(parseKey(json));
  return [...words]
    .filter(([k]) => !NOT_OPTIONS.includes(k))
    .map(([k, v]) => `--${k} ${v}`)
    .join(' ');
}

/**
 * How `mine` differs from a recorded build's options, option by option ("--seed 2 (the catalog's:
 * 1)"). What follows from the options (the thresholds, the aims, the solver's version) is named
 * only when no option differs: it is then the whole difference, else a consequence of it.
 */
export function describeDifferences(mine: BuildKey, recorded: string): string {
  const a = optionWords(mine as unknown as Record<string, unknown>);
  const b = optionWords(parseKey(recorded));
  const options: string[] = [];
  const derived: string[] = [];
  for (const k of new Set([...a.keys(), ...b.keys()])) {
    if (a.get(k) === b.get(k)) continue;
    const derives = NOT_OPTIONS.includes(k);
    (derives ? derived : options).push(
      `${derives ? `the ${k}` : `--${k}`} ${a.get(k) ?? '(none)'} (the catalog's: ${b.get(k) ?? 'none'})`,
    );
  }
  return (options.length > 0 ? options : derived).join(', ');
}
