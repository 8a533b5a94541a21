// `dominosa build`: generate slots in a worker pool, decide them strictly in slot order (keep,
// duplicate, tier-full, rejected), and commit decisions in batches, so --jobs never changes the
// result and a killed, interrupted or timed-out build resumes from its last committed slot. A
// shard build (--shard i/N) decides every N-th slot without tier caps; merge.ts applies them.
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import pLimit from 'p-limit';
import { Piscina } from 'piscina';
import { SLOT_OUTCOMES, type BuildStatus, type SlotOutcome } from '../src/catalog/schema.js';
import { METHOD_CHOICES, REJECTION_MAX_M, type MethodChoice } from '../src/make/generator.js';
import type { GradeTarget } from '../src/rank/bands.js';
import { GRADE_THRESHOLDS, TIER_MEASURES, tierFor, type TierMeasure, type TierRule } from '../src/rank/measure.js';
import { REFERENCE_VERSION } from '../src/rank/reference.js';
import { GRADER_VERSION } from '../src/rank/stored.js';
import { TIERS, parseTierTable, type Thresholds, type Tier } from '../src/rank/tiers.js';
import { Catalog, type NewPuzzle, type SlotRow } from './database.js';
import { EXIT_FAILED_CHECK, UserError } from './errors.js';
import { describeFsError } from './io.js';
import { WORKER_EXEC_ARGV, workerFile } from './pool.js';
import type { BuildProgress, BuildSummary, SizeReport } from './progress.js';
import type { SlotAnswer, SlotTask } from './worker.js';

export interface BuildOptions {
  /** Board sizes M, built in this order. */
  sizes: number[];
  /** Base puzzles wanted per tier and size. */
  perTier: number;
  /** Variants stored per base puzzle. */
  variants: number;
  seed: number;
  /** Worker threads. */
  jobs: number;
  db: string;
  tiersFile: string;
  /** Deals the generator tries per slot before rejecting it. */
  maxAttempts: number;
  /** Slots per size before the size is given up as exhausted (default: defaultMaxSlots). */
  maxSlots?: number;
  /** Decisions per committed batch (default 64); a batch also commits after batchMs (default 1000). */
  batchSize?: number;
  batchMs?: number;
  /** Slots per worker task; by default sized to take about TASK_MS. Does not change the result. */
  chunk?: number;
  /** Stops the build at the next decision: the in-order finished prefix is committed. */
  signal?: AbortSignal;
  /** How boards are made (default 'auto': per size, see methodFor). Part of the build's key unless 'auto'. */
  method?: MethodChoice;
  /** What the tiers cut (default 'nodes', the catalog's contract). Part of the build's key unless 'nodes'. */
  tierBy?: TierMeasure;
  /** Keep only puzzles of this human grade (graded generation). Part of the build's key when set. */
  grade?: GradeTarget;
  /**
   * Wall-clock budget of this run in ms: past it, slots in progress give up and the build stops
   * as if interrupted (committed slots are kept; rerunning the command continues).
   */
  timeoutMs?: number;
  /**
   * Build only shard `index` of `count`: slots index, index+count, index+2·count, ... of every
   * size, below maxSlots, with no tier caps (see decide). merge.ts combines the shards.
   */
  shard?: Shard;
}

export interface Shard {
  index: number;
  count: number;
}

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


/** Enough for tiers as rare as a few percent of candidates, with room for duplicates. */
export function defaultMaxSlots(perTier: number): number {
  return Math.max(1000, 100 * perTier);
}

const DEFAULT_BATCH = 64;
const DEFAULT_BATCH_MS = 1000;
/**
 * Worker time a task should take. A slot often takes well under a millisecond, about what a
 * message costs, so tasks group consecutive slots; short tasks keep the waste small when a size
 * fills up while tasks of it are still running.
 */
const TASK_MS = 4;
const MAX_CHUNK = 64;
const WORKER_YOUNG_MB = 16;
/**
 * The heap bound of a worker: one past it is stopped and the build fails with a clear message
 * (committed slots kept) instead of taking the machine's memory. Far above need: with --jobs 1,
 * the whole process (main thread and one worker) peaked at 113 MB of RSS building M=9 (50 per
 * tier) and 135 MB building M=100.
 */
export const WORKER_HEAP_MB = 512;
const MAX_JOBS = 64;

/** Tier rules per size. */
export type RuleTable = Record<number, TierRule>;

/**
 * The tier rule of every size for a measure: node cuts from the tiers file, the fixed grade
 * bands, or score cuts from the file's "scores". Every size must have thresholds.
 */
export function loadTiers(path: string, sizes: number[], measure: TierMeasure = 'nodes'): RuleTable {
  if (measure === 'grade') return Object.fromEntries(sizes.map((m) => [m, { measure, th: GRADE_THRESHOLDS }]));
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new UserError(`cannot read tiers file ${path}: ${describeFsError(e)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new UserError(`tiers file ${path} is not valid JSON: ${(e as Error).message}`);
  }
  const res = parseTierTable(json);
  if (!res.ok) throw new UserError(`tiers file ${path}: ${res.error}`);
  if (res.solverVersion !== undefined && res.solverVersion !== REFERENCE_VERSION) {
    throw new UserError(
      `tiers file ${path} was tuned for solver ${res.solverVersion}, but nodes are now measured by ` +
        `${REFERENCE_VERSION}; re-tune the thresholds`,
    );
  }
  const table = measure === 'nodes' ? res.table : (res.scores ?? {});
  if (measure === 'score' && res.graderVersion !== undefined && res.graderVersion !== GRADER_VERSION) {
    throw new UserError(`tiers file ${path} has score cuts for grader ${res.graderVersion}, but scores are now ${GRADER_VERSION}'s; re-tune them (dominosa tune --measure score)`);
  }
  const known = Object.keys(table).map(Number);
  const what = measure === 'nodes' ? 'thresholds' : 'score thresholds';
  for (const m of sizes) {
    if (!table[m]) {
      const has = known.length > 0 ? `it has sizes ${known.join(', ')}` : 'it has none';
      throw new UserError(`no ${what} for size ${m} in ${path} (${has}${measure === 'score' ? '; set them with dominosa tune --measure score --apply' : ''})`);
    }
  }
  return Object.fromEntries(sizes.map((m) => [m, { measure, th: table[m] }]));
}

/** Refuse a catalog path that could not be created or written, before anything is opened. */
export function checkCatalogPath(path: string): void {
  const abs = resolve(path);
  const dir = dirname(abs);
  try {
    if (!statSync(dir).isDirectory()) throw new UserError(`cannot create catalog ${path}: ${dir} is not a directory`);
    // SQLite writes its -wal and -shm files next to the catalog, so the directory must be writable.
    accessSync(dir, constants.W_OK);
  } catch (e) {
    if (e instanceof UserError) throw e;
    throw new UserError(`cannot create catalog ${path}: ${dir}: ${describeFsError(e)}`);
  }
  if (existsSync(abs)) {
    if (!statSync(abs).isFile()) throw new UserError(`catalog ${path} is not a file`);
    try {
      accessSync(abs, constants.R_OK | constants.W_OK);
    } catch (e) {
      throw new UserError(`cannot write catalog ${path}: ${describeFsError(e)}`);
    }
  }
}

function checkOptions(o: BuildOptions): void {
  const whole = (v: number, min: number, name: string): void => {
    if (!Number.isSafeInteger(v) || v < min) throw new UserError(`${name} must be a whole number ≥ ${min} (got ${v})`);
  };
  if (o.sizes.length === 0) throw new UserError('no sizes to build');
  for (const m of o.sizes) whole(m, 1, 'a size');
  whole(o.perTier, 1, '--per-tier');
  whole(o.variants, 0, '--variants');
  if (!Number.isSafeInteger(o.seed)) throw new UserError(`--seed must be a whole number (got ${o.seed})`);
  whole(o.jobs, 1, '--jobs');
  if (o.jobs > MAX_JOBS) throw new UserError(`--jobs must be at most ${MAX_JOBS} (got ${o.jobs})`);
  whole(o.maxAttempts, 1, '--max-attempts');
  if (o.maxSlots !== undefined) whole(o.maxSlots, 1, '--max-slots');
  if (o.method !== undefined && !METHOD_CHOICES.includes(o.method)) {
    throw new UserError(`--method must be one of ${METHOD_CHOICES.join(', ')} (got ${o.method})`);
  }
  if (o.method === 'rejection') {
    const big = o.sizes.filter((m) => m > REJECTION_MAX_M);
    if (big.length > 0) throw new UserError(`--method rejection supports M ≤ ${REJECTION_MAX_M} (got ${big.join(', ')}); use repair or auto`);
  }
  if (o.method === 'repair' && o.sizes.some((m) => m < 2)) throw new UserError('--method repair needs sizes M ≥ 2');
  if (o.tierBy !== undefined && !TIER_MEASURES.includes(o.tierBy)) {
    throw new UserError(`--tier-by must be one of ${TIER_MEASURES.join(', ')} (got ${o.tierBy})`);
  }
  if (o.timeoutMs !== undefined && !(o.timeoutMs > 0)) throw new UserError(`--timeout must be a positive number of seconds`);
  if (o.shard !== undefined) {
    const { index, count } = o.shard;
    if (!Number.isSafeInteger(count) || count < 1 || !Number.isSafeInteger(index) || index < 0 || index >= count) {
      throw new UserError(`--shard must be i/N with 0 ≤ i < N (got ${index}/${count})`);
    }
  }
}

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
  /** Only when not 'nodes'. */
  tierBy?: TierMeasure;
  /** Only when set: the grade target's name (a band or a level). */
  grade?: string;
  /** A shard's slice, and its slot budget (which decides where a shard stops). */
  shard?: Shard;
  maxSlots?: number;
}

/**
 * Everything that decides which puzzles a build keeps; --jobs, --timeout and (unsharded)
 * --max-slots do not. The field order is part of the key: keep it.
 */
export function buildKeyOptions(o: BuildOptions, table: RuleTable, solverVersion: string = REFERENCE_VERSION): KeyOptions {
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
  if (o.tierBy !== undefined && o.tierBy !== 'nodes') key.tierBy = o.tierBy;
  if (o.grade !== undefined) key.grade = o.grade.name;
  if (o.shard !== undefined) {
    key.shard = { index: o.shard.index, count: o.shard.count };
    key.maxSlots = o.maxSlots ?? defaultMaxSlots(o.perTier);
  }
  return key;
}

/** The key a build row is found by: a hash of its KeyOptions. */
export function buildKey(k: KeyOptions): string {
  return createHash('sha256').update(JSON.stringify(k)).digest('hex');
}

type Settled = { ok: true; value: SlotAnswer[] | null } | { ok: false; error: unknown };

/** A dispatched run of slots, in the window until decided. */
interface Pending {
  size: SizeRun;
  settled: Settled | null;
  done: Promise<void>;
}

interface SizeRun {
  m: number;
  rule: TierRule;
  /** Base puzzles per tier in the catalog plus those decided but not yet committed. */
  counts: Record<Tier, number>;
  /** Next slot to dispatch. */
  next: number;
  /** Running mean of worker ms per slot, to size the tasks (0: nothing measured yet). */
  slotMs: number;
  state: 'active' | 'done' | 'exhausted';
  /** Slots decided so far in this build, all runs (for the builds row). */
  total: Record<SlotOutcome, number>;
  totalAttempts: number;
  report: SizeReport;
}

interface Decision {
  slot: SlotRow;
  base: NewPuzzle | null;
  variants: NewPuzzle[];
  /** Shard builds: a duplicate's slot row points at the base of its class (by this hash). */
  duplicateOf?: string;
}

function zeroOutcomes(): Record<SlotOutcome, number> {
  return Object.fromEntries(SLOT_OUTCOMES.map((o) => [o, 0])) as Record<SlotOutcome, number>;
}

function isFull(counts: Record<Tier, number>, perTier: number): boolean {
  return TIERS.every((t) => counts[t] >= perTier);
}

function have(counts: Record<Tier, number>, perTier: number): number {
  return TIERS.reduce((a, t) => a + Math.min(counts[t], perTier), 0);
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
  checkOptions(options);
  const table = loadTiers(options.tiersFile, options.sizes, options.tierBy);
  checkCatalogPath(options.db);
  const worker = workerFile('worker.js');
  const maxSlots = options.maxSlots ?? defaultMaxSlots(options.perTier);
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const batchMs = options.batchMs ?? DEFAULT_BATCH_MS;
  const t0 = Date.now();

  const keyOptions = buildKeyOptions(options, table);
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
      const state = isFull(counts, options.perTier) ? 'done' : next >= maxSlots ? 'exhausted' : 'active';
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
    progress.start(runs.map((r) => ({ m: r.m, target: 4 * options.perTier, have: have(r.counts, options.perTier) })));

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

function countsJson(runs: SizeRun[]): Record<string, unknown> {
  return Object.fromEntries(
    runs.map((r) => [r.m, { ...r.total, attempts: r.totalAttempts, tiers: r.counts, state: r.state }]),
  );
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
 * The dispatch/decide loop. Runs of slots go to the pool in order through a bounded window; the
 * head of the window is awaited and decided, so decisions happen in slot order whatever
 * finishes first. Returns 'interrupted' when the signal stopped it with work left, else 'ended'.
 */
async function decideAll(ls: LoopSettings): Promise<'ended' | 'interrupted'> {
  const { cat, buildId, runs, options, maxSlots, progress } = ls;
  const { perTier, signal, jobs } = options;
  const sharded = options.shard !== undefined;
  const stride = options.shard?.count ?? 1;
  const chunkOf = (size: SizeRun): number =>
    options.chunk ?? (size.slotMs > 0 ? Math.max(1, Math.min(MAX_CHUNK, Math.floor(TASK_MS / size.slotMs))) : 4);
  // Runs in flight or waiting to be decided. Those still queued when their size is decided
  // done are dropped unrun, so only the ones already sent to a worker are wasted.
  const window = 4 * jobs + 4;
  // Two tasks per worker: the next one is already there when a task ends, even while the main
  // thread is busy committing.
  const pool = new Piscina<SlotTask, SlotAnswer[]>({
    filename: ls.workerPath,
    minThreads: jobs,
    maxThreads: jobs,
    concurrentTasksPerWorker: 2,
    execArgv: WORKER_EXEC_ARGV,
    // A worker allocates fast and keeps little: a small young generation is collected more often
    // but holds less. M=6, 8,000 per tier, --jobs 2: peak RSS 281 MB / 9.6 s by default, 235 MB /
    // 8.8 s at 16 MB (8 MB: 227 MB / 8.6 s; 32 MB: 278 MB / 9.4 s).
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB, maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  // Piscina reports trouble outside a task (e.g. an answer arriving for a task abandoned when a
  // stopped build destroys the pool) as an 'error' event, which unheard would kill the process.
  // While running it fails the build; once closing, abandoned answers are expected and ignored.
  let closing = false;
  let poolError: unknown = null;
  pool.on('error', (e: unknown) => {
    if (!closing) poolError ??= e;
  });
  const limit = pLimit(2 * jobs);
  const pending: Pending[] = [];
  const batch: Decision[] = [];
  // Bases kept in the batch not yet committed, for the duplicate check.
  const batchHashes = new Set<string>();
  let lastCommit = Date.now();
  let committedSlots = 0;

  // Runs of slots to dispatch, in order; a size stops yielding once decided done.
  function* plan(): Generator<{ size: SizeRun; first: number; count: number }> {
    for (const size of runs) {
      while (size.state === 'active' && size.next < maxSlots) {
        const first = size.next;
        const count = Math.min(chunkOf(size), Math.ceil((maxSlots - first) / stride));
        size.next += count * stride;
        yield { size, first, count };
      }
    }
  }
  const toDispatch = plan();

  const dispatch = (size: SizeRun, first: number, count: number): Pending => {
    const p: Pending = { size, settled: null, done: Promise.resolve() };
    const run = limit(async (): Promise<SlotAnswer[] | null> => {
      // Decided done while this run waited in the queue: not worth generating.
      if (size.state !== 'active') return null;
      // A shard keeps every new class whatever its tier, so it wants every board back.
      const fullTiers = sharded ? [] : TIERS.filter((t) => size.counts[t] >= perTier);
      const { seed, variants, maxAttempts } = options;
      const method = options.method ?? 'auto';
      const task: SlotTask = { seed, m: size.m, first, count, stride, method, variants, maxAttempts, rule: size.rule, fullTiers };
      if (options.grade !== undefined) task.grade = { minLevel: options.grade.minLevel, maxLevel: options.grade.maxLevel };
      if (ls.deadline !== undefined) task.deadline = ls.deadline;
      return pool.run(task);
    });
    p.done = run.then(
      (value) => {
        p.settled = { ok: true, value };
      },
      (error: unknown) => {
        p.settled = { ok: false, error };
      },
    );
    return p;
  };

  const topUp = (): void => {
    while (pending.length < window && !signal?.aborted) {
      const n = toDispatch.next();
      if (n.done) return;
      pending.push(dispatch(n.value.size, n.value.first, n.value.count));
    }
  };

  const commit = (): void => {
    if (batch.length === 0) return;
    cat.transaction(() => {
      for (const d of batch) {
        let puzzleId: number | null = null;
        if (d.base) {
          puzzleId = cat.insertPuzzle(d.base);
          for (const v of d.variants) cat.insertPuzzle({ ...v, base_id: puzzleId });
        } else if (d.duplicateOf !== undefined) {
          // Its class's base was inserted earlier in this transaction or in an earlier batch.
          puzzleId = cat.baseIdByHash(d.duplicateOf);
          if (puzzleId === null) throw new Error(`duplicate of ${d.duplicateOf}, whose base is not in the catalog`);
        }
        cat.insertSlot({ ...d.slot, puzzle_id: puzzleId });
      }
      cat.updateBuild(buildId, 'running', countsJson(runs), null);
    });
    committedSlots += batch.length;
    batch.length = 0;
    batchHashes.clear();
    lastCommit = Date.now();
    progress.committed(committedSlots);
  };

  const decide = (size: SizeRun, ans: SlotAnswer): void => {
    const { m } = size;
    const { slot } = ans;
    let outcome: SlotOutcome = 'rejected';
    let base: NewPuzzle | null = null;
    let duplicateOf: string | undefined;
    const variants: NewPuzzle[] = [];
    if (ans.ok) {
      const p = ans.puzzle;
      // Ungraded candidates are those of a size tiered by nodes (the score is then not read).
      const tier = tierFor({ nodes: p.nodes, score: p.score ?? 1 }, size.rule);
      if (batchHashes.has(p.canonicalHash) || cat.hasBase(p.canonicalHash)) {
        outcome = 'duplicate';
        if (sharded) duplicateOf = p.canonicalHash;
      }
      // Shards have no tier caps: which of their boards the catalog keeps depends on the other
      // shards' slots, so the merge decides, in slot order.
      else if (!sharded && size.counts[tier] >= perTier) outcome = 'tier-full';
      else {
        // Counts only grow, so a tier full when the task was sent is full now: the board is here.
        const b = p.board;
        if (b === null || p.variants === null || p.score === null) throw new Error(`M=${m} slot ${slot}: kept, but its board was not sent`);
        if (b.rows !== m + 1 || b.cols !== m + 2) throw new Error(`M=${m} slot ${slot}: board is ${b.rows}x${b.cols}, not wide`);
        outcome = 'kept';
        size.counts[tier]++;
        batchHashes.add(p.canonicalHash);
        const common = {
          m,
          tier,
          attempts: p.attempts,
          canonical_hash: p.canonicalHash,
          seed: options.seed,
          slot,
          method: p.method,
          build_id: buildId,
        };
        base = { ...common, ...b, nodes: p.nodes, score: p.score, base_id: null, transform: null };
        // A variant's base_id is set at commit, once the base has its id.
        for (const v of p.variants) variants.push({ ...common, ...v, score: p.score, base_id: null });
      }
    }
    const attempts = ans.ok ? ans.puzzle.attempts : ans.attempts;
    const decision: Decision = { slot: { build_id: buildId, m, slot, outcome, attempts, puzzle_id: null }, base, variants };
    if (duplicateOf !== undefined) decision.duplicateOf = duplicateOf;
    batch.push(decision);
    size.total[outcome]++;
    size.totalAttempts += attempts;
    const r = size.report;
    r.outcomes[outcome]++;
    r.attempts += attempts;
    r.workerMs += ans.ms;
    size.slotMs = size.slotMs === 0 ? ans.ms : 0.9 * size.slotMs + 0.1 * ans.ms;
    progress.decided(m, have(size.counts, perTier), Object.values(r.outcomes).reduce((x, y) => x + y, 0));
    if (isFull(size.counts, perTier)) {
      size.state = r.state = 'done';
      progress.sizeEnded(m, 'done');
    } else if (slot + stride >= maxSlots) {
      size.state = r.state = 'exhausted';
      progress.sizeEnded(m, 'exhausted');
    }
  };
  let gap = false;

  // Wakes the loop when the signal fires while it waits on a slow head.
  const aborted = new Promise<void>((res) => {
    if (!signal) return;
    if (signal.aborted) res();
    else signal.addEventListener('abort', () => res(), { once: true });
  });

  try {
    topUp();
    while (pending.length > 0) {
      if (poolError !== null) throw poolError;
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
        commit();
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
        decide(head.size, ans);
        if (batch.length >= ls.batchSize || Date.now() - lastCommit >= ls.batchMs) commit();
      }
      if (gap) break;
      topUp();
    }
    commit();
  } finally {
    closing = true;
    limit.clearQueue();
    // Runs still going are abandoned: their promises settle into `settled` and are ignored.
    await pool.destroy();
  }
  return signal?.aborted && runs.some((r) => r.state === 'active') ? 'interrupted' : 'ended';
}
