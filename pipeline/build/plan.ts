// What a build will do to a catalog, decided before anything is written: its kind's plan (each
// size's tier rule, what each size aims at, the build's key), whether the build resumes, and
// what the catalog holds when it had finished; or the one-line refusal of a build the catalog
// cannot take. A catalog holds one build of each kind unless told to extend it.
import type { BuildKey, BuiltCatalog, PlannedSize, RuleTable } from '../../src/catalog/build.js';
import type { KindName, PuzzleKind } from '../../src/kinds.js';
import type { TierRule } from '../../src/rank/rule.js';
import type { BuildRow, Catalog } from '../catalog/catalog.js';
import { UserError } from '../runtime/errors.js';
import { buildKey, describeDifferences, describeOptions, kindOfBuild, sameBuildButCuts } from './key.js';
import { buildKind, type BuildOptions } from './options.js';
import { tiersFileSource } from './thresholds.js';

export interface BuildPlan {
  /** Each size's tier rule: the catalog's own where it has one, else the kind's seed for it. */
  table: RuleTable;
  /** The sizes whose current thresholds this build seeds (the catalog had none for them). */
  seeded: ReadonlySet<string>;
  keyOptions: BuildKey;
  key: string;
  /** This build's row, when it ran before. */
  existing: BuildRow | undefined;
  /** What each size fills and aims at, by key. */
  plans: ReadonlyMap<string, PlannedSize>;
  /** What the catalog holds, when this build had finished before. */
  holds: string | undefined;
}

/** What a catalog holds of one kind, as the kind's summaries read it. */
export function builtCatalog(c: Catalog, kind: KindName): BuiltCatalog {
  return {
    sizeCounts: () => c.sizeCounts(kind),
    tierCounts: (key) => c.tierCounts(kind, key),
    tierStats: () => c.tierStats(kind),
    baseDifficulties: (key) => c.baseDifficulties(kind, key),
  };
}

/** The catalog's current cuts of a kind's sizes, by key (none without a catalog). */
export function storedCuts(c: Catalog | null, kind: PuzzleKind): ReadonlyMap<string, TierRule> {
  return c?.readThresholds(null, kind.name) ?? new Map<string, TierRule>();
}

/**
 * What a build of `o` will do to the catalog (null: none yet), or why it must not. Reads only.
 * `calibrated`: cuts the build sampled for sizes neither the catalog nor the file has.
 */
export function planBuild(c: Catalog | null, o: BuildOptions, calibrated: RuleTable = {}): BuildPlan {
  c?.assertSound();
  const kind = buildKind(o);
  c?.assertKindFits(kind);
  const planned = kind.build.plan({
    settings: o,
    stored: storedCuts(c, kind),
    file: tiersFileSource(o.tiersFile),
    calibrated,
  });
  if (!planned.ok) throw new UserError(planned.error);
  const { table, seeded, key: keyOptions, plans } = planned.value;
  const key = buildKey(keyOptions);
  const existing = ownBuild(c, kind, keyOptions, key, o);
  const holds =
    c !== null && existing?.status === 'finished' ? kind.build.holdings(builtCatalog(c, kind.name)) : undefined;
  return { table, seeded, keyOptions, key, existing, plans, holds };
}

/**
 * This build's row when it ran before, found by its key; or undefined for a new one, unless the
 * catalog holds another build of its kind (and o.extend is not set), which is refused in one line.
 * The one rule of which builds a catalog takes: a build's, and a merge's of a build's shards.
 */
export function ownBuild(
  c: Catalog | null,
  kind: PuzzleKind,
  keyOptions: BuildKey,
  key: string,
  o: Pick<BuildOptions, 'db' | 'extend'>,
): BuildRow | undefined {
  // A catalog's build of another kind is no other build of this one's.
  const mine = c?.builds().filter((b) => kindOfBuild(b.options) === kind.name) ?? [];
  // A tune (--apply) since the build started changed the cuts its key was made with, not the
  // command: the build with these options but other thresholds is this one.
  const existing = c?.findBuild(key) ?? mine.find((b) => sameBuildButCuts(keyOptions, b.options));
  // One catalog, one build key of a kind, unless extending on purpose.
  const other = mine.at(-1);
  if (existing === undefined && other !== undefined && !o.extend) {
    const diff = describeDifferences(keyOptions, other.options);
    // One line: what differs, and the two ways on (the catalog's options in full only when nothing named differs).
    const what =
      diff === ''
        ? `(build ${other.id}: ${describeOptions(other.options)})`
        : `(build ${other.id}), and this one differs in ${diff}`;
    throw new UserError(
      `${o.db} holds another ${kind.build.noun} ${what}: rerun with the catalog's options to resume or check it, or add --extend to add this build's puzzles to it`,
    );
  }
  return existing;
}
