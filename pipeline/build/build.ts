// `dominosa build`: generate slots in a worker pool (dispatcher.ts), decide them strictly in
// slot order (writer.ts) and commit the decisions in batches (a large build's from a thread of
// their own, store.ts), so --jobs never changes the result
// and a killed, interrupted or timed-out build resumes from its last committed slot. A shard
// build (--shard i/N) decides every N-th slot without tier caps; merge.ts applies them.
import type { BuildStatus } from '../../src/catalog/schema.js';
import { basesTowardTarget, tiersFull } from '../../src/catalog/decide.js';
import { jointAims, planSize, type SizePlan } from '../../src/dominosa/rank/aims.js';
import type { GradeTarget } from '../../src/dominosa/rank/bands.js';
import { DEFAULT_TIER_MEASURE, type TierRule } from '../../src/dominosa/rank/measure.js';
import { REFERENCE_VERSION } from '../../src/dominosa/rank/reference.js';
import type { Tier } from '../../src/rank/tiers.js';
import { GRADER_VERSION } from '../../src/dominosa/rank/stored.js';
import { Catalog, type BuildRow } from '../catalog/catalog.js';
import { EXIT_FAILED_CHECK, faultOf, UserError } from '../errors.js';
import { checkCatalogPath } from '../io.js';
import { workerFile } from '../pool.js';
import type { BuildProgress, BuildSummary } from '../progress.js';
import { Dispatcher, WORKER_HEAP_MB } from './dispatcher.js';
import { buildKey, buildKeyOptions, describeDifferences, describeOptions, type KeyOptions } from './key.js';
import { checkBuildOptions, DEFAULT_BATCH_SIZE, defaultMaxSlots, type BuildOptions } from './options.js';
import { loadTiers, readTiersFile, type RuleTable } from './thresholds.js';
import { countsJson, zeroOutcomes, type SizeRun } from './sizes.js';
import { Store } from './store.js';
import { Writer } from './writer.js';

export type { BuildOptions, Shard } from './options.js';

const DEFAULT_BATCH_MS = 1000;
/** Batches posted to the store and not yet committed before the loop waits for it. */
const STORE_BACKLOG = 2;

export interface BuildResult {
  /**
   * already-finished: the same build had finished before, nothing was done. timed-out: the
   * --time-limit stopped it (recorded as 'interrupted' in the catalog).
   */
  status: 'finished' | 'already-finished' | 'interrupted' | 'timed-out' | 'incomplete';
  buildId: number;
  /** Sizes whose slot budget ran out before every tier was full. */
  exhausted: number[];
  summary: BuildSummary | null;
  /** What the catalog holds, in a phrase for people (already-finished only). */
  holds?: string;
}

/** "2800 puzzles of M = 3..9: 700 base puzzles in 4 tiers, and their variants" */
function holdings(cat: Catalog): string {
  const stats = cat.tierStats();
  const sizes = [...new Set(stats.map((t) => t.m))].sort((a, b) => a - b);
  const bases = stats.reduce((a, t) => a + t.count, 0);
  const tiers = new Set(stats.map((t) => t.tier)).size;
  const run = sizes.length > 1 && sizes[sizes.length - 1] - sizes[0] === sizes.length - 1 ? `${sizes[0]}..${sizes[sizes.length - 1]}` : sizes.join(',');
  return `${cat.countPuzzles()} puzzles of M = ${run}: ${bases} base puzzles in ${tiers} tier${tiers === 1 ? '' : 's'}, and their variants`;
}


/** The plan of a size, or the one-line error (exit 2) of a tier request it cannot satisfy. */
function planOrThrow(m: number, rule: TierRule, grade: GradeTarget | undefined, yields: Record<Tier, number> | undefined): SizePlan {
  const p = planSize(m, rule, grade, yields);
  if (!p.ok) throw new UserError(p.error);
  return p.plan;
}

export interface CheckedBuild {
  table: RuleTable;
  keyOptions: KeyOptions;
  /** Slots per size before a size is given up (--max-slots or its default). */
  maxSlots: number;
  /** The status of this build in the catalog when it ran before (it would resume or find it finished). */
  resumes: BuildRow['status'] | null;
}

/**
 * What runBuild decides before it writes anything (options, tiers file, catalog path, and the
 * catalog's own thresholds and builds, read read-only), alone: build --dry-run, and a cluster
 * job script checking its command line before it submits.
 */
export function checkBuild(options: BuildOptions): CheckedBuild {
  checkBuildOptions(options);
  checkCatalogPath(options.db);
  const { plan } = Catalog.inspect(options.db, (c) => planBuild(c, options), false);
  const maxSlots = options.maxSlots ?? defaultMaxSlots(options.perTier);
  return { table: plan.table, keyOptions: plan.keyOptions, maxSlots, resumes: plan.existing?.status ?? null };
}

/**
 * Run (or resume) a build. Options are checked, the catalog read (read-only: a refusal changes
 * nothing) and the thresholds file read before anything is written, so bad options leave no
 * file behind and a refused catalog is left as it was.
 *
 * A catalog is the one source of truth for its thresholds: a size it holds keeps its own, and the
 * thresholds file only seeds the sizes it has none for. A catalog holds one build unless told to
 * extend it (--extend): the same options find their build row (by key) and resume it from the
 * committed slots; others are refused. An extending build tops the catalog up: a tier is full
 * once the catalog holds perTier bases of it, whichever build made them, and a candidate is a
 * duplicate if its symmetry class is anywhere in the catalog.
 */
export async function runBuild(options: BuildOptions, progress: BuildProgress): Promise<BuildResult> {
  checkBuildOptions(options);
  checkCatalogPath(options.db);
  const worker = workerFile('build/worker.js');
  const maxSlots = options.maxSlots ?? defaultMaxSlots(options.perTier);
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const batchMs = options.batchMs ?? DEFAULT_BATCH_MS;
  const t0 = Date.now();

  const { plan, stamp } = Catalog.inspect(options.db, (c) => planBuild(c, options));
  const { table, seeded, keyOptions, key, existing, plans, holds } = plan;
  // --time-limit stops the run like an interrupt; the workers get the deadline so that slots in
  // progress give up instead of finishing long after it.
  const stop = new AbortController();
  const onAbort = (): void => stop.abort();
  if (options.signal?.aborted) stop.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const deadline = options.timeoutMs === undefined ? undefined : t0 + options.timeoutMs;
  let timedOut = false;
  const clearTimer = longTimeout(options.timeoutMs, () => {
    timedOut = true;
    stop.abort();
  });
  let cat: Catalog | null = null;
  let buildId: number | null = null;
  try {
    if (existing?.status === 'finished') {
      return { status: 'already-finished', buildId: existing.id, exhausted: [], summary: null, holds };
    }
    const w = Catalog.openWriter(options.db, 'build', stamp);
    cat = w;
    const now = new Date().toISOString();
    const recorded = JSON.stringify({ ...keyOptions, maxSlots });
    const id = w.transaction(() => {
      let id: number;
      if (existing) {
        id = existing.id;
        w.resumeBuild(id, recorded);
      } else {
        id = w.createBuild({
          key,
          seed: options.seed,
          options: recorded,
          solver_version: REFERENCE_VERSION,
          grader_version: GRADER_VERSION,
          started_at: now,
          status: 'running',
        });
      }
      for (const m of options.sizes) {
        w.writeThresholds(id, m, table[m], REFERENCE_VERSION);
        if (seeded.has(m)) w.writeThresholds(null, m, table[m], REFERENCE_VERSION);
      }
      return id;
    });
    buildId = id;

    const runs: SizeRun[] = options.sizes.map((m) => {
      const total = zeroOutcomes();
      let totalAttempts = 0;
      for (const [o, s] of w.slotStats(id, m)) {
        total[o] = s.slots;
        totalAttempts += s.attempts;
      }
      const counts = w.tierCounts(m);
      const plan = plans.get(m)!;
      // A shard decides the slots of its residue class: after the last committed one, or from its index.
      const after = w.nextSlot(id, m);
      const next = options.shard === undefined ? after : after === 0 ? options.shard.index : after - 1 + options.shard.count;
      const state = tiersFull(counts, options.perTier, plan.wanted) ? 'done' : next >= maxSlots ? 'exhausted' : 'active';
      return {
        m,
        rule: table[m],
        plan,
        counts,
        next,
        slotMs: 0,
        state,
        total,
        totalAttempts,
        report: { m, state: state === 'active' ? 'open' : state, outcomes: zeroOutcomes(), attempts: 0, workerMs: 0 },
      };
    });
    progress.start(
      runs.map((r) => ({
        m: r.m,
        target: r.plan.wanted.length * options.perTier,
        have: basesTowardTarget(r.counts, options.perTier, r.plan.wanted),
        unreachable: r.plan.unreachable,
      })),
    );

    const status = await decideAll({
      cat: w,
      buildId: id,
      runs,
      options: { ...options, signal: stop.signal },
      workerPath: worker,
      maxSlots,
      batchSize,
      batchMs,
      progress,
      deadline,
      onTimeout: () => {
        timedOut = true;
        stop.abort();
      },
    });
    // A shard that reaches the end of its slice has done all it was asked: the merge decides
    // whether the slices together fill the tiers.
    const exhausted = options.shard ? [] : runs.filter((r) => r.state === 'exhausted').map((r) => r.m);
    const final: BuildStatus = status === 'interrupted' ? 'interrupted' : exhausted.length > 0 ? 'incomplete' : 'finished';
    w.transaction(() => w.updateBuild(id, final, countsJson(runs), new Date().toISOString()));
    const built = new Set(options.sizes);
    const summary: BuildSummary = {
      sizes: runs.map((r) => r.report),
      tiers: w.tierStats().filter((t) => built.has(t.m)),
      wallMs: Date.now() - t0,
    };
    const reported = final === 'interrupted' && timedOut ? 'timed-out' : final;
    return { status: reported, buildId: id, exhausted, summary };
  } catch (e) {
    // A full disk or a failed device: record the build as stopped where it can be, and say how to go on.
    if (cat !== null && buildId !== null) {
      const w = cat;
      const id = buildId;
      try {
        w.transaction(() => w.setBuildStatus(id, 'interrupted', new Date().toISOString()));
      } catch {
        // The disk may be too full even for that; the rerun resumes all the same.
      }
    }
    throw faultOf(e, `cannot write ${options.db}`, '; committed slots are kept: free space and rerun the same command to resume') ?? e;
  } finally {
    clearTimer();
    options.signal?.removeEventListener('abort', onAbort);
    cat?.close();
  }
}

interface BuildPlan {
  /** Each size's tier rule: the catalog's own where it has one, else the thresholds file's. */
  table: RuleTable;
  /** The sizes whose current thresholds this build seeds (the catalog had none for them). */
  seeded: Set<number>;
  keyOptions: KeyOptions;
  key: string;
  /** This build's row, when it ran before. */
  existing: BuildRow | undefined;
  /** What each size aims at: its tiers' bands and node ranges, and the tiers out of reach. */
  plans: Map<number, SizePlan>;
  /** What the catalog holds, when this build had finished before. */
  holds: string | undefined;
}

/** What a build of `o` will do to the catalog (null: none yet), or why it must not. Reads only. */
function planBuild(c: Catalog | null, o: BuildOptions): BuildPlan {
  c?.assertSound();
  const stored = c?.readThresholds(null) ?? new Map();
  const measure = o.tierBy ?? DEFAULT_TIER_MEASURE;
  const seeded = new Set(o.sizes.filter((m) => !stored.has(m)));
  const loaded = seeded.size > 0 ? loadTiers(o.tiersFile, [...seeded], measure) : null;
  const table: RuleTable = loaded?.rules ?? {};
  const named = o.tiersExplicit === true && seeded.size < o.sizes.length ? loadTiers(o.tiersFile, o.sizes.filter((m) => stored.has(m)), measure).rules : null;
  for (const m of o.sizes) {
    const own = stored.get(m);
    if (own === undefined) continue;
    if (own.measure !== measure) {
      throw new UserError(`${o.db} tiers M=${m} by ${own.measure}, not ${measure}: a catalog keeps one tier rule per size (build another catalog, or pass --tier-by ${own.measure})`);
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
  // cuts the catalog holds reads them from the file when it has them.
  const yields = loaded?.yields ?? readTiersFile(o.tiersFile)?.yields ?? {};
  // A tier request no puzzle can satisfy fails here, before the catalog is touched.
  const plans = new Map(o.sizes.map((m) => [m, planOrThrow(m, table[m], o.grade, yields[m])]));
  const keyOptions = keyOptionsOf(o, table, plans);
  const key = buildKey(keyOptions);
  const existing = c?.findBuild(key);
  // One catalog, one build key, unless extending on purpose.
  const other = c?.builds().at(-1);
  if (existing === undefined && other !== undefined && !o.extend) {
    const diff = describeDifferences(keyOptions, other.options);
    throw new UserError(
      `${o.db} holds another build (build ${other.id}: ${describeOptions(other.options)}); this one differs${diff === '' ? '' : ` in ${diff}`}. ` +
        `Rerun with the catalog's options to resume or check it, or add --extend to add this build's puzzles to it`,
    );
  }
  const holds = c !== null && existing?.status === 'finished' ? holdings(c) : undefined;
  return { table, seeded, keyOptions, key, existing, plans, holds };
}

/** The build key's options: the tiers each size aims at are part of what was built. */
function keyOptionsOf(o: BuildOptions, table: RuleTable, plans: ReadonlyMap<number, SizePlan>): KeyOptions {
  return buildKeyOptions(o, table, REFERENCE_VERSION, new Map([...plans].map(([m, p]) => [m, p.wanted])), new Map([...plans].map(([m, p]) => [m, jointAims(p)])));
}

/** Node's timers hold at most 2^31 - 1 ms (24.8 days): a longer budget waits in steps. Returns the cancel. */
function longTimeout(ms: number | undefined, fn: () => void): () => void {
  if (ms === undefined || ms === Infinity) return () => {};
  const MAX = 2 ** 31 - 1;
  const end = Date.now() + ms;
  let timer: NodeJS.Timeout;
  const arm = (): void => {
    const left = end - Date.now();
    timer = setTimeout(left > MAX ? arm : fn, Math.min(Math.max(left, 0), MAX));
  };
  arm();
  return () => clearTimeout(timer);
}

interface LoopSettings {
  cat: Catalog;
  buildId: number;
  runs: SizeRun[];
  options: BuildOptions;
  workerPath: string;
  maxSlots: number;
  batchSize: number;
  batchMs: number;
  progress: BuildProgress;
  /** Date.now() past which workers give up their slots (--time-limit). */
  deadline?: number;
  /** Called when a worker reports a slot given up at the deadline. */
  onTimeout: () => void;
}

/**
 * The dispatch/decide loop: the head of the dispatcher's window is awaited and handed to the
 * writer, so decisions happen in slot order whatever finishes first. Returns 'interrupted' when
 * the signal stopped it with work left, else 'ended'.
 */
async function decideAll(ls: LoopSettings): Promise<'ended' | 'interrupted'> {
  const { runs, options } = ls;
  const { signal } = options;
  const dispatcher = new Dispatcher(ls);
  const writer = new Writer({ ...ls, openStore: () => new Store(ls.cat.path, ls.buildId) });
  const pending = dispatcher.pending;
  let gap = false;

  // Wakes the loop when the signal fires while it waits on a slow head.
  const aborted = new Promise<void>((res) => {
    if (!signal) return;
    if (signal.aborted) res();
    else signal.addEventListener('abort', () => res(), { once: true });
  });

  try {
    dispatcher.topUp();
    while (pending.length > 0) {
      if (dispatcher.poolError !== null) throw dispatcher.poolError;
      if (writer.failure !== null) throw writer.failure;
      const head = pending[0];
      // A run of a size already decided can decide nothing: waiting on it would only hold up
      // the other sizes' answers and, at the end, the exit (the pool's close stops it).
      if (head.size.state !== 'active') {
        pending.shift();
        dispatcher.topUp();
        continue;
      }
      if (head.settled === null) {
        // Interrupted: decide only what finished in order, and stop at the first gap.
        if (signal?.aborted) break;
        await Promise.race([head.done, aborted]);
        continue;
      }
      pending.shift();
      const s = head.settled;
      if (!s.ok) {
        // Keep what was decided before the failing run (committed by the close below); a rerun resumes there.
        writer.commit();
        if ((s.error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
          throw new UserError(
            `a worker making M=${head.size.m} slots ran out of its ${WORKER_HEAP_MB} MB memory bound; the slots before it are committed (rerun to resume)`,
            EXIT_FAILED_CHECK,
          );
        }
        throw s.error;
      }
      // Null: skipped in the queue. Slots of a size already decided done are surplus too.
      for (const ans of s.value ?? []) {
        if (head.size.state !== 'active') break;
        // A slot given up at the deadline is no decision: stop here, as on an interrupt.
        if (!ans.ok && ans.timedOut) {
          gap = true;
          ls.onTimeout();
          break;
        }
        writer.decide(head.size, ans);
        writer.commitIfDue();
      }
      if (gap) break;
      dispatcher.topUp();
      // The store commits in order: a few batches may wait there, not the whole build.
      await writer.keepUp(STORE_BACKLOG);
    }
    writer.commit();
    await writer.close();
    if (writer.failure !== null) throw writer.failure;
  } finally {
    await dispatcher.close();
    await writer.close();
  }
  return signal?.aborted && runs.some((r) => r.state === 'active') ? 'interrupted' : 'ended';
}
