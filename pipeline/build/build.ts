// `dominosa build`: generate slots in a worker pool (dispatcher.ts), decide them strictly in
// slot order and commit the decisions in batches (writer.ts), so --jobs never changes the result
// and a killed, interrupted or timed-out build resumes from its last committed slot. A shard
// build (--shard i/N) decides every N-th slot without tier caps; merge.ts applies them.
import type { BuildStatus } from '../../src/catalog/schema.js';
import { basesTowardTarget, tiersFull } from '../../src/catalog/decide.js';
import { REFERENCE_VERSION } from '../../src/rank/reference.js';
import { GRADER_VERSION } from '../../src/rank/stored.js';
import { Catalog } from '../database.js';
import { EXIT_FAILED_CHECK, UserError } from '../errors.js';
import { checkCatalogPath } from '../io.js';
import { workerFile } from '../pool.js';
import type { BuildProgress, BuildSummary } from '../progress.js';
import { Dispatcher, WORKER_HEAP_MB } from './dispatcher.js';
import { buildKey, buildKeyOptions, type KeyOptions } from './key.js';
import { checkBuildOptions, defaultMaxSlots, type BuildOptions } from './options.js';
import { loadTiers, type RuleTable } from './thresholds.js';
import { countsJson, zeroOutcomes, type SizeRun } from './sizes.js';
import { Writer } from './writer.js';

export type { BuildOptions, Shard } from './options.js';

const DEFAULT_BATCH = 64;
const DEFAULT_BATCH_MS = 1000;

export interface BuildResult {
  /**
   * already-finished: the same build had finished before, nothing was done. timed-out: the
   * --timeout budget stopped it (recorded as 'interrupted' in the catalog).
   */
  status: 'finished' | 'already-finished' | 'interrupted' | 'timed-out' | 'incomplete';
  buildId: number;
  /** Sizes whose slot budget ran out before every tier was full. */
  exhausted: number[];
  summary: BuildSummary | null;
}


export interface CheckedBuild {
  table: RuleTable;
  keyOptions: KeyOptions;
  /** Slots per size before a size is given up (--max-slots or its default). */
  maxSlots: number;
}

/**
 * What runBuild checks before it opens the catalog (options, tiers file, catalog path), alone:
 * build --dry-run, and a cluster job script checking its command line before it submits.
 */
export function checkBuild(options: BuildOptions): CheckedBuild {
  checkBuildOptions(options);
  const table = loadTiers(options.tiersFile, options.sizes, options.tierBy);
  checkCatalogPath(options.db);
  return { table, keyOptions: buildKeyOptions(options, table), maxSlots: options.maxSlots ?? defaultMaxSlots(options.perTier) };
}

/**
 * Run (or resume) a build. Options are checked, the tiers file read and the catalog path
 * tested before the catalog is opened, so bad options leave no file behind.
 *
 * A tier of a size is full once the catalog holds perTier base puzzles of it, whichever build
 * made them, and a candidate is a duplicate if its symmetry class is anywhere in the catalog.
 * So rerunning with more sizes or a larger --per-tier tops the catalog up, and the same options
 * find their build row (by key) and resume it from the committed slots.
 */
export async function runBuild(options: BuildOptions, progress: BuildProgress): Promise<BuildResult> {
  const { table, keyOptions, maxSlots } = checkBuild(options);
  const worker = workerFile('build/worker.js');
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const batchMs = options.batchMs ?? DEFAULT_BATCH_MS;
  const t0 = Date.now();

  const key = buildKey(keyOptions);
  // --timeout stops the run like an interrupt; the workers get the deadline so that slots in
  // progress give up instead of finishing long after it.
  const stop = new AbortController();
  const onAbort = (): void => stop.abort();
  if (options.signal?.aborted) stop.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const deadline = options.timeoutMs === undefined ? undefined : t0 + options.timeoutMs;
  let timedOut = false;
  const timer =
    options.timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          stop.abort();
        }, options.timeoutMs);
  const cat = Catalog.open(options.db, { create: true });
  try {
    cat.assertSound();
    const existing = cat.findBuild(key);
    if (existing?.status === 'finished') {
      return { status: 'already-finished', buildId: existing.id, exhausted: [], summary: null };
    }
    const now = new Date().toISOString();
    const recorded = JSON.stringify({ ...keyOptions, maxSlots });
    const buildId = cat.transaction(() => {
      let id: number;
      if (existing) {
        id = existing.id;
        cat.resumeBuild(id, recorded);
      } else {
        id = cat.createBuild({
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
        cat.writeThresholds(id, m, table[m], REFERENCE_VERSION);
        cat.writeThresholds(null, m, table[m], REFERENCE_VERSION);
      }
      return id;
    });

    const runs: SizeRun[] = options.sizes.map((m) => {
      const total = zeroOutcomes();
      let totalAttempts = 0;
      for (const [o, s] of cat.slotStats(buildId, m)) {
        total[o] = s.slots;
        totalAttempts += s.attempts;
      }
      const counts = cat.tierCounts(m);
      // A shard decides the slots of its residue class: after the last committed one, or from its index.
      const after = cat.nextSlot(buildId, m);
      const next = options.shard === undefined ? after : after === 0 ? options.shard.index : after - 1 + options.shard.count;
      const state = tiersFull(counts, options.perTier) ? 'done' : next >= maxSlots ? 'exhausted' : 'active';
      return {
        m,
        rule: table[m],
        counts,
        next,
        slotMs: 0,
        state,
        total,
        totalAttempts,
        report: { m, state: state === 'active' ? 'open' : state, outcomes: zeroOutcomes(), attempts: 0, workerMs: 0 },
      };
    });
    progress.start(runs.map((r) => ({ m: r.m, target: 4 * options.perTier, have: basesTowardTarget(r.counts, options.perTier) })));

    const status = await decideAll({
      cat,
      buildId,
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
    cat.transaction(() => cat.updateBuild(buildId, final, countsJson(runs), new Date().toISOString()));
    const built = new Set(options.sizes);
    const summary: BuildSummary = {
      sizes: runs.map((r) => r.report),
      tiers: cat.tierStats().filter((t) => built.has(t.m)),
      wallMs: Date.now() - t0,
    };
    const reported = final === 'interrupted' && timedOut ? 'timed-out' : final;
    return { status: reported, buildId, exhausted, summary };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    cat.close();
  }
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
  /** Date.now() past which workers give up their slots (--timeout). */
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
  const writer = new Writer(ls);
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
      const head = pending[0];
      if (head.settled === null) {
        // Interrupted: decide only what finished in order, and stop at the first gap.
        if (signal?.aborted) break;
        await Promise.race([head.done, aborted]);
        continue;
      }
      pending.shift();
      const s = head.settled;
      if (!s.ok) {
        // Keep what was decided before the failing run; a rerun resumes there.
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
    }
    writer.commit();
  } finally {
    await dispatcher.close();
  }
  return signal?.aborted && runs.some((r) => r.state === 'active') ? 'interrupted' : 'ended';
}
