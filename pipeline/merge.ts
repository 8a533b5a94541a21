// `dominosa merge OUT IN...`: combine the shard catalogs of one build into the catalog the
// unsharded build would have made. The merge walks every size's slots in global order and
// applies the tier caps and the duplicate check there, as the unsharded build decides them.
//
// Why this equals the unsharded build: a shard keeps every board of a new symmetry class in its
// slots, whatever its tier, and stops early only once its own slots alone hold per-tier classes
// of every tier. The unsharded build keeps, per tier, the first per-tier classes in slot order
// (a class always has the same tier), so it is full no later than any shard's early stop: every
// slot it decides was decided by its shard. A board a shard calls a duplicate points at the base
// of its class, so the merge knows its class too. Ids come out in the unsharded order, after
// OUT's own; rows are inserted with INSERT OR IGNORE on their natural keys, so merging again
// changes nothing. Where a kind's slots aim at a tier by slot alone (its aimOf), a slot aimed at
// a full tier is tier-full whatever it made, here as in the build; its tiers are its own rule's.
//
// OUT may hold other builds: it takes the shards' build exactly when `build` would take that
// build (plan.ts's ownBuild: a kind it does not hold, its own build again, or another of a kind
// it holds with --extend), and the merge then starts from what OUT held before it, as that build
// would: each tier counts OUT's bases of the size, and a class OUT holds is a duplicate. The
// argument above still holds, for OUT's classes fill a tier no later than the shard's own did.
import { stallAt } from './runtime/faults.js';
import { existsSync } from 'node:fs';
import type { BuildKey } from '../src/catalog/build.js';
import { decideSlot, tiersFull } from '../src/catalog/decide.js';
import { isObject, keyChecks, readKey } from '../src/catalog/key-check.js';
import type { BuildStatus, SlotOutcome } from '../src/catalog/schema.js';
import type { KindName, PuzzleKind } from '../src/kinds.js';
import type { TierRule } from '../src/rank/rule.js';
import type { Tier } from '../src/rank/tiers.js';
import { buildKey, kindClaiming } from './build/key.js';
import { ownBuild } from './build/plan.js';
import { defaultMaxSlots } from './build/options.js';
import { zeroOutcomes } from './build/sizes.js';
import { Catalog, type BuildRow, type PuzzleRow, type SlotRow } from './catalog/catalog.js';
import { EXIT_FAILED_CHECK, UserError } from './runtime/errors.js';
import { checkCatalogPath } from './io/catalog-path.js';
import { refuseInputs, resolveOutput } from './io/output.js';
import { checkSourceDate, timeStamp } from './runtime/source-date.js';

export interface MergeOptions {
  out: string;
  inputs: string[];
  /** Decided slots per committed transaction (default 500). */
  batchSize?: number;
  /** The kind the shards must hold (--kind); absent, whichever they hold. */
  kind?: KindName;
  /** Add the shards' build to a catalog that holds another build of its kind (--extend), as build --extend would. */
  extend?: boolean;
}

export interface MergeSize {
  /** The size's key, and how people read it. */
  key: string;
  label: string;
  /** done: every tier full; exhausted: the slots ran out first. */
  state: 'done' | 'exhausted';
  slots: number;
  kept: number;
}

export interface MergeResult {
  status: 'finished' | 'incomplete';
  buildId: number;
  shards: number;
  sizes: MergeSize[];
  /** Rows this run added (0 when OUT already held the merge). */
  insertedPuzzles: number;
}

const DEFAULT_BATCH = 500;
const SHARD_CACHE_KB = 64;

interface ShardFile {
  path: string;
  cat: Catalog;
  build: BuildRow;
  /** The kind whose key the shard's build recorded, and the key. */
  kind: PuzzleKind;
  key: BuildKey;
  index: number;
}

/** The recorded options of a shard, with the fields every shard of one build shares. */
function sharedPart(k: BuildKey): string {
  const { shard: _shard, ...rest } = k;
  return JSON.stringify(rest);
}

function openShard(path: string): ShardFile {
  if (!existsSync(path)) throw new UserError(`no shard catalog at ${path}`);
  const cat = Catalog.open(path, { readonly: true });
  try {
    // Every shard stays open for the whole merge, read in slot order: a small page cache per
    // shard keeps memory nearly flat in the shard count (SQLite's default, 2 MB, would not be).
    cat.db.pragma(`cache_size = -${SHARD_CACHE_KB}`);
    // Every shard row and slot is as its build wrote it: a slot turned from kept to rejected
    // behind its back would quietly change the merged catalog.
    cat.beginRead();
    cat.assertSound();
    const builds = cat.builds();
    if (builds.length !== 1) {
      throw new UserError(
        `${path} holds ${builds.length} builds; a shard catalog holds exactly one (made by build --shard)`,
      );
    }
    const build = builds[0];
    const { kind, key } = recordedKey(path, build.options);
    if (key.shard === undefined || key.maxSlots === undefined)
      throw new UserError(`${path} was not built with --shard`);
    if (build.status !== 'finished') {
      throw new UserError(
        `shard ${key.shard.index}/${key.shard.count} in ${path} is ${build.status}: run its build to the end first`,
      );
    }
    return { path, cat, build, kind, key, index: key.shard.index };
  } catch (e) {
    cat.close();
    throw e;
  }
}

/**
 * A shard's recorded options (its builds row's JSON), checked field by field before the merge
 * trusts one (by the kind that writes such keys): the file is someone else's, and a row can be
 * resealed with its digest.
 */
function recordedKey(path: string, json: string): { kind: PuzzleKind; key: BuildKey } {
  const bad = (what: string): never => {
    throw new UserError(
      `${path}: its build's recorded options are not as dominosa writes them (${what}); run dominosa audit`,
    );
  };
  let k: unknown;
  try {
    k = JSON.parse(json);
  } catch {
    bad('not JSON');
  }
  if (!isObject(k)) return bad('not a JSON object');
  const seed = readKey(() => keyChecks.whole(k.seed, 'seed', Number.MIN_SAFE_INTEGER));
  if (!seed.ok) bad(seed.error);
  const kind = kindClaiming(k);
  if (kind === undefined) return bad('kind is not a kind a build makes');
  const key = kind.build.keys.check(k);
  if (!key.ok) return bad(key.error);
  return { kind, key: key.value };
}

/**
 * Merge shard catalogs into OUT (created if missing). Every shard must be a finished shard build
 * of the same options, and together they must be shards 0..N-1 of N, each once.
 */
export async function runMerge(options: MergeOptions): Promise<MergeResult> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  if (options.inputs.length === 0) throw new UserError('name the shard catalogs to merge');
  checkSourceDate();
  // OUT may not be a shard, whatever links lead there.
  refuseInputs(
    options.out,
    resolveOutput(options.out, `the output ${options.out}`),
    options.inputs,
    `the output ${options.out}`,
  );
  checkCatalogPath(options.out);
  const shards: ShardFile[] = [];
  try {
    for (const p of options.inputs) shards.push(openShard(p));
    const first = shards[0];
    const n = first.key.shard!.count;
    const seen = new Map<number, string>();
    for (const s of shards) {
      if (sharedPart(s.key) !== sharedPart(first.key) || s.key.shard!.count !== n) {
        throw new UserError(`${s.path} is a shard of another build than ${first.path} (options differ)`);
      }
      const other = seen.get(s.index);
      if (other !== undefined) throw new UserError(`${other} and ${s.path} are both shard ${s.index}/${n}`);
      seen.set(s.index, s.path);
    }
    const missing = Array.from({ length: n }, (_, i) => i).filter((i) => !seen.has(i));
    if (missing.length > 0)
      throw new UserError(
        `missing shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${n}`).join(', ')}`,
      );
    shards.sort((a, b) => a.index - b.index);
    const held = shards[0].kind.name;
    if (options.kind !== undefined && options.kind !== held)
      throw new UserError(`the shards hold a ${held} build, not ${options.kind}; nothing was merged`);
    return await mergeInto(options.out, shards, batchSize, options.extend === true);
  } finally {
    for (const s of shards) s.cat.close();
  }
}

async function mergeInto(
  outPath: string,
  shards: ShardFile[],
  batchSize: number,
  extend: boolean,
): Promise<MergeResult> {
  const { kind, key: k } = shards[0];
  const keys = kind.build.keys;
  const n = shards.length;
  const maxSlots = k.maxSlots ?? defaultMaxSlots(k.perTier);
  const unsharded = keys.unsharded(k);
  if (!unsharded.ok) throw new UserError(unsharded.error);
  const keyOptions = unsharded.value;
  const rules = keys.rules(k);
  const wanted = keys.wanted(k);
  const key = buildKey(keyOptions);
  const sizes = keys.sizes(k);
  const { plan: existing, stamp } = Catalog.inspect(outPath, (c) => {
    if (c === null) return undefined;
    c.assertSound();
    c.assertKindFits(kind);
    // What build would say to this build on OUT: its own row (merging again changes nothing), a
    // new build, or the one-line refusal of another build of a kind OUT holds without --extend.
    const own = ownBuild(c, kind, keyOptions, key, { db: outPath, extend });
    // Its rows are tiered by its current thresholds: new rows must be tiered by the same ones.
    for (const [size, r] of c.readThresholds(null, kind.name)) {
      const want = rules[size];
      if (
        want !== undefined &&
        (r.measure !== want.measure || r.th.t1 !== want.th.t1 || r.th.t2 !== want.th.t2 || r.th.t3 !== want.th.t3)
      ) {
        throw new UserError(
          `${outPath} tiers ${kind.sizes.label(size)} by thresholds other than the shards' (changed by tune --apply?); merge into a new catalog`,
        );
      }
    }
    refuseNaturalKeyClash(c, outPath, shards, kind);
    return own;
  });
  const out = Catalog.openWriter(outPath, 'merge', stamp);
  try {
    const now = timeStamp();
    const buildId = out.transaction(() => {
      // The stamp openWriter checked says OUT is as inspected: its own row, if any, is still there.
      const id =
        existing?.id ??
        out.createBuild({
          key,
          seed: k.seed,
          options: JSON.stringify({ ...keyOptions, maxSlots }),
          solver_version: k.solverVersion,
          grader_version: k.graderVersion,
          started_at: now,
          status: 'running',
        });
      const current = out.readThresholds(null, kind.name);
      for (const size of sizes) {
        out.writeThresholds(id, kind.name, size, rules[size], k.solverVersion);
        if (!current.has(size)) out.writeThresholds(null, kind.name, size, rules[size], k.solverVersion);
      }
      return id;
    });
    const before = out.countPuzzles();
    const counts: Record<string, unknown> = {};
    const merged: MergeSize[] = [];
    for (const size of sizes) {
      const res = await mergeSize(
        out,
        buildId,
        shards,
        kind,
        size,
        rules[size],
        wanted.get(size)!,
        k.perTier,
        maxSlots,
        n,
        batchSize,
      );
      merged.push(res.size);
      counts[size] = res.counts;
    }
    const status: BuildStatus = merged.every((s) => s.state === 'done') ? 'finished' : 'incomplete';
    out.transaction(() => out.updateBuild(buildId, status, counts, timeStamp()));
    return { status, buildId, shards: n, sizes: merged, insertedPuzzles: out.countPuzzles() - before };
  } finally {
    out.close();
  }
}

/**
 * Refuse, before anything is written, shards holding a base whose natural key (kind, size, seed,
 * slot) OUT already gives another board: another build of the kind with the same seed but other
 * options made it. Neither the build nor the merge can store both; a board of the same class is
 * no clash (it is a duplicate).
 */
function refuseNaturalKeyClash(c: Catalog, outPath: string, shards: readonly ShardFile[], kind: PuzzleKind): void {
  if (c.sizeCounts(kind.name).size === 0) return;
  for (const s of shards) {
    for (const id of s.cat.puzzleIds({ kind: kind.name })) {
      const p = s.cat.getPuzzle(id)!;
      const there = c.baseAt(kind.name, p.shape, p.seed, p.slot);
      if (there !== undefined && there.canonical_hash !== p.canonical_hash) {
        throw new UserError(
          `${outPath}'s puzzle ${there.id} (seed ${p.seed}, ${kind.sizes.label(p.shape)} slot ${p.slot}) is another board than ${s.path} holds there ` +
            `(a build with other options made it): neither merge nor build can add this build beside it; build the shards with another --seed`,
        );
      }
    }
  }
}

/** A shard row changed behind the catalog's back stops the merge (what was merged so far stays, and is sound). */
function refuseChanged(shard: ShardFile, failures: ReturnType<PuzzleKind['checkRow']>): void {
  if (failures.length === 0) return;
  const f = failures[0];
  throw new UserError(
    `${shard.path}: puzzle ${f.puzzleId} fails its checks (${f.kind}: ${f.detail}); run dominosa audit --db ${shard.path}`,
    EXIT_FAILED_CHECK,
  );
}

/** Walk a size's slots in global order, deciding and writing them in batches, as the build decides them. */
async function mergeSize(
  out: Catalog,
  buildId: number,
  shards: ShardFile[],
  kind: PuzzleKind,
  size: string,
  rule: TierRule,
  wanted: readonly Tier[],
  perTier: number,
  maxSlots: number,
  n: number,
  batchSize: number,
): Promise<{ size: MergeSize; counts: Record<string, unknown> }> {
  const cursors = shards.map((s) => s.cat.iterateSlots(s.build.id, size));
  const label = kind.sizes.label(size);
  const { aimOf } = kind.build;
  // What OUT held of the size before this build, as the build starts from it (the same counts
  // again when merging again, whatever this build or later ones added since).
  const tiers = out.tierCounts(kind.name, size, buildId);
  // Classes kept so far: at most 4 × perTier per size, so memory does not grow with the shards;
  // OUT's own classes are asked of OUT.
  const kept = new Set<string>();
  const classKept = (hash: string): boolean => kept.has(hash) || out.hasBaseBefore(kind.name, hash, buildId);
  const total = zeroOutcomes();
  let attempts = 0;
  let slots = 0;
  // A size whose tiers OUT already fills decides no slot, as in the build.
  let state = (tiersFull(tiers, perTier, wanted) ? 'done' : 'active') as MergeSize['state'] | 'active';
  const pending: (() => void)[] = [];
  const flush = (): void => {
    if (pending.length === 0) return;
    out.transaction(() => {
      for (const write of pending) write();
    });
    pending.length = 0;
  };
  try {
    for (let slot = 0; state === 'active'; slot++) {
      if (slot >= maxSlots) {
        state = 'exhausted';
        break;
      }
      const shard = shards[slot % n];
      const next = cursors[slot % n].next();
      if (next.done || next.value.slot !== slot) {
        throw new UserError(
          `shard ${shard.index}/${n} (${shard.path}) has no slot ${slot} of ${label}, which the merge needs; ` +
            `was it built with other options?`,
          EXIT_FAILED_CHECK,
        );
      }
      const row = next.value;
      let outcome: SlotOutcome = 'rejected';
      let base: PuzzleRow | undefined;
      // As the build decides: a slot aimed at a full tier is tier-full, with no deals counted.
      const aimFull = aimOf !== null && tiers[aimOf(slot)] >= perTier;
      if (aimFull) outcome = 'tier-full';
      else if (row.outcome === 'kept' || row.outcome === 'duplicate') {
        const ref = row.puzzle_id === null ? undefined : shard.cat.getPuzzle(row.puzzle_id);
        if (ref === undefined || ref.base_id !== null) {
          throw new UserError(
            `${shard.path}: slot ${slot} of ${label} does not point at a base puzzle`,
            EXIT_FAILED_CHECK,
          );
        }
        // Its tier under the shards' cuts must be the one it is stored with (the kind's checks).
        refuseChanged(shard, kind.checkRow(ref, null, rule));
        const tier = kind.tierOf(ref, rule);
        // The unsharded build's rule, in global slot order. A shard's duplicate was seen in an
        // earlier slot of its own, which the merge decided before this one: unless its class was
        // kept then, its tier was full then, and counts only grow.
        outcome = decideSlot(classKept(ref.canonical_hash), tier, tiers, perTier);
        if (row.outcome === 'duplicate' && outcome === 'kept') {
          throw new UserError(
            `${shard.path}: slot ${slot} of ${label} is a duplicate of a class the merge has not seen`,
            EXIT_FAILED_CHECK,
          );
        }
        if (outcome === 'kept' && tier !== null) {
          base = ref;
          kept.add(ref.canonical_hash);
          tiers[tier]++;
        }
      } else if (row.outcome !== 'rejected') {
        throw new UserError(
          `${shard.path}: slot ${slot} of ${label} has outcome ${row.outcome}, which shards never record`,
          EXIT_FAILED_CHECK,
        );
      }
      const slotAttempts = aimFull ? 0 : row.attempts;
      total[outcome]++;
      attempts += slotAttempts;
      slots++;
      const decided: SlotRow = {
        build_id: buildId,
        shape: size,
        slot,
        outcome,
        attempts: slotAttempts,
        puzzle_id: null,
      };
      const variants = base === undefined ? [] : shard.cat.variantsOf(base.id);
      for (const v of variants) refuseChanged(shard, kind.checkRow(v, base ?? null, rule));
      pending.push(() => {
        if (base !== undefined) {
          const { id: _id, ...fields } = base;
          const baseId = out.insertPuzzleOrIgnore({ ...fields, base_id: null, build_id: buildId });
          decided.puzzle_id = baseId;
          if (baseId !== null) {
            for (const v of variants) {
              const { id: _vid, ...vf } = v;
              out.insertPuzzleOrIgnore({ ...vf, base_id: baseId, build_id: buildId });
            }
          }
        }
        out.insertSlots([decided], true);
      });
      if (pending.length >= batchSize) {
        flush();
        // Between batches the main thread is free a moment, so a signal is heard (signals.ts):
        // what was committed stays, and merging again goes on from it.
        await stallAt('merge:batch');
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (tiersFull(tiers, perTier, wanted)) state = 'done';
    }
    flush();
  } finally {
    for (const c of cursors) c.return?.();
  }
  // The loop only ends done or exhausted.
  const final: MergeSize['state'] = state === 'done' ? 'done' : 'exhausted';
  return {
    size: { key: size, label, state: final, slots, kept: kept.size },
    counts: { ...total, attempts, tiers, state: final },
  };
}
