// `dominosa build`, of any kind (its build group, src/catalog/build.ts, plans its sizes and makes
// its slots; the rest is shared): generate slots in a worker pool (dispatcher.ts), decide them
// strictly in slot order (decider.ts) and commit the decisions in batches (commit.ts; a large
// build's from the store's thread, store.ts), so --jobs never changes the result and a killed,
// interrupted or timed-out build resumes from its last committed slot. A shard build (--shard
// i/N) decides every N-th slot without tier caps; merge.ts applies them.
import type { BuildKey, RuleTable } from '../../src/catalog/build.js';
import type { BuildStatus } from '../../src/catalog/schema.js';
import { basesTowardTarget, tiersFull } from '../../src/catalog/decide.js';
import type { PuzzleKind } from '../../src/kinds.js';
import { Catalog, type BuildRow } from '../catalog/catalog.js';
import { EXIT_FAILED_CHECK, faultOf, UserError } from '../runtime/errors.js';
import { checkCatalogPath, refuseTransient } from '../io/catalog-path.js';
import { workerFile } from '../runtime/pool.js';
import type { BuildProgress, BuildSummary } from './progress.js';
import { calibrate, sizesToCalibrate, terminalCalibration, type CalibrationUi } from './calibrate.js';
import { Decider } from './decider.js';
import { Dispatcher, WORKER_HEAP_MB } from './dispatcher.js';
import { buildKind, checkBuildOptions, DEFAULT_BATCH_SIZE, defaultMaxSlots, type BuildOptions } from './options.js';
import { builtCatalog, planBuild } from './plan.js';
import { countsJson, openSizeRun, type SizeRun } from './sizes.js';
import { Store } from './store.js';
import { timeStamp } from '../runtime/source-date.js';

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
  /** Sizes whose slot budget ran out before every tier was full, by key. */
  exhausted: string[];
  summary: BuildSummary | null;
  /** What the catalog holds, in a phrase for people (already-finished only). */
  holds?: string;
}

export interface CheckedBuild {
  table: RuleTable;
  keyOptions: BuildKey;
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
export async function checkBuild(
  options: BuildOptions,
  ui: CalibrationUi = terminalCalibration,
): Promise<CheckedBuild> {
  checkBuildOptions(options);
  refuseTransient(options.db);
  const toCalibrate = Catalog.inspect(options.db, (c) => sizesToCalibrate(c, options), false).plan;
  // Cuts to calibrate mean a catalog to write: say it cannot be written before the sampling.
  if (toCalibrate.length > 0) checkCatalogPath(options.db);
  const calibrated = await calibrate(toCalibrate, options, ui);
  const { plan } = Catalog.inspect(options.db, (c) => planBuild(c, options, calibrated.table), false);
  if (calibrated.line !== null) ui.announce(calibrated.line);
  // A finished build needs nothing written, so a catalog it cannot write is no obstacle.
  if (plan.existing?.status !== 'finished') checkCatalogPath(options.db);
  const maxSlots = options.maxSlots ?? defaultMaxSlots(options.perTier);
  return { table: plan.table, keyOptions: plan.keyOptions, maxSlots, resumes: plan.existing?.status ?? null };
}

/**
 * Run (or resume) a build. Options are checked, the catalog read (read-only: a refusal changes
 * nothing) and the thresholds file read before anything is written, so bad options leave no
 * file behind and a refused catalog is left as it was.
 *
 * A catalog is the one source of truth for its thresholds: a size it holds keeps its own, and the
 * thresholds file only seeds the sizes it has none for. A catalog holds one build of each kind
 * unless told to extend it (--extend): the same options find their build row (by key) and resume it from the
 * committed slots; others are refused. An extending build tops the catalog up: a tier is full
 * once the catalog holds perTier bases of it, whichever build made them, and a candidate is a
 * duplicate if its symmetry class (of its kind) is anywhere in the catalog.
 */
export async function runBuild(
  options: BuildOptions,
  progress: BuildProgress,
  ui: CalibrationUi = terminalCalibration,
): Promise<BuildResult> {
  checkBuildOptions(options);
  refuseTransient(options.db);
  const kind = buildKind(options);
  const worker = workerFile('build/worker.js');
  const sizes = options.sizes;
  const maxSlots = options.maxSlots ?? defaultMaxSlots(options.perTier);
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const batchMs = options.batchMs ?? DEFAULT_BATCH_MS;
  const t0 = Date.now();
  // Process-wide: worker threads' CPU is in it too.
  const cpu0 = process.cpuUsage();

  // Sizes without cuts anywhere are calibrated first (reading only), then planned with the rest.
  const toCalibrate = Catalog.inspect(options.db, (c) => sizesToCalibrate(c, options)).plan;
  if (toCalibrate.length > 0) checkCatalogPath(options.db);
  const calibrated = await calibrate(toCalibrate, options, ui);
  const { plan, stamp } = Catalog.inspect(options.db, (c) => planBuild(c, options, calibrated.table));
  // Said once the plan holds: a refused build says its refusal alone.
  if (calibrated.line !== null) ui.announce(calibrated.line);
  const { table, seeded, keyOptions, key, existing, plans, holds } = plan;
  if (existing?.status !== 'finished') checkCatalogPath(options.db);
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
    const now = timeStamp();
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
          solver_version: keyOptions.solverVersion,
          grader_version: keyOptions.graderVersion,
          started_at: now,
          status: 'running',
        });
      }
      for (const key of sizes) {
        w.writeThresholds(id, kind.name, key, table[key], keyOptions.solverVersion);
        if (seeded.has(key)) w.writeThresholds(null, kind.name, key, table[key], keyOptions.solverVersion);
      }
      return id;
    });
    buildId = id;

    // A shard decides the slots of its residue class: after the last committed one, or from its index.
    const starts = new Map<string, number>();
    const runs: SizeRun[] = sizes.map((key) => {
      const counts = w.tierCounts(kind.name, key);
      const plan = plans.get(key)!;
      const after = w.nextSlot(id, key);
      const next =
        options.shard === undefined ? after : after === 0 ? options.shard.index : after - 1 + options.shard.count;
      starts.set(key, next);
      const state = tiersFull(counts, options.perTier, plan.wanted)
        ? 'done'
        : next >= maxSlots
          ? 'exhausted'
          : 'active';
      const size = { key, label: kind.sizes.label(key) };
      return openSizeRun(size, table[key], plan, counts, w.slotStats(id, key), state);
    });
    progress.start(
      runs.map((r) => ({
        key: r.key,
        label: r.label,
        target: r.plan.wanted.length * options.perTier,
        have: basesTowardTarget(r.counts, options.perTier, r.plan.wanted),
        unreachable: r.plan.unreachable,
      })),
    );

    const status = await decideAll({
      cat: w,
      buildId: id,
      kind,
      runs,
      starts,
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
    const exhausted = options.shard ? [] : runs.filter((r) => r.state === 'exhausted').map((r) => r.key);
    const final: BuildStatus =
      status === 'interrupted' ? 'interrupted' : exhausted.length > 0 ? 'incomplete' : 'finished';
    w.transaction(() => w.updateBuild(id, final, countsJson(runs), timeStamp()));
    const summary: BuildSummary = {
      sizes: runs.map((r) => r.report),
      tiers: kind.build.summary(builtCatalog(w, kind.name), sizes),
      wallMs: Date.now() - t0,
      cpuMs: cpuMsSince(cpu0),
    };
    const reported = final === 'interrupted' && timedOut ? 'timed-out' : final;
    return { status: reported, buildId: id, exhausted, summary };
  } catch (e) {
    // A full disk or a failed device: record the build as stopped where it can be, and say how to go on.
    if (cat !== null && buildId !== null) {
      const w = cat;
      const id = buildId;
      try {
        w.transaction(() => w.setBuildStatus(id, 'interrupted', timeStamp()));
      } catch {
        // The disk may be too full even for that; the rerun resumes all the same.
      }
    }
    cat?.abandon();
    throw (
      faultOf(
        e,
        `cannot write ${options.db}`,
        '; committed slots are kept: free space and rerun the same command to resume',
      ) ?? e
    );
  } finally {
    clearTimer();
    options.signal?.removeEventListener('abort', onAbort);
    cat?.close();
  }
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
  kind: PuzzleKind;
  /** Handed to the decider, which alone changes them from here on. */
  runs: SizeRun[];
  /** The slot each size dispatches first, by key. */
  starts: ReadonlyMap<string, number>;
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
 * The dispatch/decide loop: the dispatcher hands on runs in slot order, whatever finishes first,
 * and the decider decides them, so decisions happen in slot order. Returns 'interrupted' when the
 * signal stopped it with work left, else 'ended'.
 */
async function decideAll(ls: LoopSettings): Promise<'ended' | 'interrupted'> {
  const { signal } = ls.options;
  const decider = new Decider({ ...ls, openStore: () => new Store(ls.cat.path, ls.buildId) });
  const dispatcher = new Dispatcher({ ...ls, runs: decider.sizes });
  let gap = false;
  // A call, not an inline check: TypeScript would carry one check's narrowing of the getter past
  // the awaits that follow, where the store may since have failed.
  const throwIfStoreFailed = (): void => {
    const failure = decider.failure;
    if (failure !== null) throw failure;
  };
  try {
    dispatcher.topUp();
    for (;;) {
      throwIfStoreFailed();
      const run = await dispatcher.next();
      if (run === 'end' || run === 'stopped') break;
      throwIfStoreFailed();
      const { size } = run;
      if ('error' in run) {
        // Keep what was decided before the failing run (committed by the close below); a rerun resumes there.
        decider.commit();
        if ((run.error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
          throw new UserError(
            `a worker making ${size.label} slots ran out of its ${WORKER_HEAP_MB} MB memory bound; the slots before it are committed (rerun to resume)`,
            EXIT_FAILED_CHECK,
          );
        }
        throw run.error;
      }
      // Null: skipped in the queue. Slots of a size already decided done are surplus too.
      for (const ans of run.answers ?? []) {
        if (size.state !== 'active') break;
        // A slot given up at the deadline is no decision: stop here, as on an interrupt.
        if (!ans.ok && ans.timedOut) {
          gap = true;
          ls.onTimeout();
          break;
        }
        decider.decide(size.key, ans);
        decider.commitIfDue();
      }
      if (gap) break;
      dispatcher.topUp();
      // The store commits in order: a few batches may wait there, not the whole build.
      await decider.keepUp(STORE_BACKLOG);
    }
    decider.commit();
    await decider.close();
    throwIfStoreFailed();
  } finally {
    await dispatcher.close();
    await decider.close();
  }
  return signal?.aborted && decider.sizes.some((r) => r.state === 'active') ? 'interrupted' : 'ended';
}

/** CPU time of the process (user and system, all threads) since `start`, in ms. */
function cpuMsSince(start: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(start);
  return (d.user + d.system) / 1000;
}
