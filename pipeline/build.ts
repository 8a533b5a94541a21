// `dominosa build`: generate slots in a worker pool, decide them strictly in slot order (keep,
// duplicate, tier-full, rejected), and commit decisions in batches, so --jobs never changes the
// result and a killed or interrupted build resumes from its last committed slot.
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pLimit from 'p-limit';
import { Piscina } from 'piscina';
import { SLOT_OUTCOMES, type BuildStatus, type SlotOutcome } from '../src/catalog/schema.js';
import { SOLVER_VERSION } from '../src/grade/reference.js';
import { TIERS, parseTierTable, tierOf, type Thresholds, type Tier, type TierTable } from '../src/grade/tiers.js';
import { Catalog, type NewPuzzle, type SlotRow } from './catalog.js';
import { UserError } from './errors.js';
import { describeFsError } from './io.js';
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
}

export interface BuildResult {
  /** already-finished: the same build had finished before, nothing was done. */
  status: 'finished' | 'already-finished' | 'interrupted' | 'incomplete';
  buildId: number;
  /** Sizes whose slot budget ran out before every tier was full. */
  exhausted: number[];
  summary: BuildSummary | null;
}

export const DEFAULT_MAX_ATTEMPTS = 100_000;

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
const MAX_JOBS = 64;

/** The compiled worker: next to this file in dist/, or in dist/ when this file runs from source (tests). */
function workerFile(): string {
  const here = import.meta.url;
  const url = here.endsWith('.ts') ? new URL('../dist/pipeline/worker.js', here) : new URL('./worker.js', here);
  const file = fileURLToPath(url);
  if (!existsSync(file)) throw new Error(`compiled worker ${file} is missing (run npx tsc -p .)`);
  return file;
}

/** Read and check the tier table; every size must have thresholds. */
export function loadTiers(path: string, sizes: number[]): TierTable {
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
  if (res.solverVersion !== undefined && res.solverVersion !== SOLVER_VERSION) {
    throw new UserError(
      `tiers file ${path} was tuned for solver ${res.solverVersion}, but nodes are now measured by ` +
        `${SOLVER_VERSION}; re-tune the thresholds`,
    );
  }
  const known = Object.keys(res.table).map(Number);
  for (const m of sizes) {
    if (!res.table[m]) throw new UserError(`no thresholds for size ${m} in ${path} (it has sizes ${known.join(', ')})`);
  }
  return res.table;
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
}

/** Everything that decides which puzzles a build keeps; --jobs and --max-slots do not. */
function buildKeyOptions(o: BuildOptions, table: TierTable) {
  return {
    seed: o.seed,
    sizes: o.sizes,
    perTier: o.perTier,
    variants: o.variants,
    maxAttempts: o.maxAttempts,
    solverVersion: SOLVER_VERSION,
    thresholds: Object.fromEntries(o.sizes.map((m) => [m, table[m]])),
  };
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
  th: Thresholds;
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
  const table = loadTiers(options.tiersFile, options.sizes);
  checkCatalogPath(options.db);
  const worker = workerFile();
  const maxSlots = options.maxSlots ?? defaultMaxSlots(options.perTier);
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const batchMs = options.batchMs ?? DEFAULT_BATCH_MS;
  const t0 = Date.now();

  const keyOptions = buildKeyOptions(options, table);
  const key = createHash('sha256').update(JSON.stringify(keyOptions)).digest('hex');
  const cat = Catalog.open(options.db, { create: true });
  try {
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
          solver_version: SOLVER_VERSION,
          started_at: now,
          status: 'running',
        });
      }
      for (const m of options.sizes) {
        cat.writeThresholds(id, m, table[m], SOLVER_VERSION);
        cat.writeThresholds(null, m, table[m], SOLVER_VERSION);
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
      const next = cat.nextSlot(buildId, m);
      const state = isFull(counts, options.perTier) ? 'done' : next >= maxSlots ? 'exhausted' : 'active';
      return {
        m,
        th: table[m],
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

    const status = await decideAll({ cat, buildId, runs, options, workerPath: worker, maxSlots, batchSize, batchMs, progress });
    const exhausted = runs.filter((r) => r.state === 'exhausted').map((r) => r.m);
    const final: BuildStatus = status === 'interrupted' ? 'interrupted' : exhausted.length > 0 ? 'incomplete' : 'finished';
    cat.transaction(() => cat.updateBuild(buildId, final, countsJson(runs), new Date().toISOString()));
    const built = new Set(options.sizes);
    const summary: BuildSummary = {
      sizes: runs.map((r) => r.report),
      tiers: cat.tierStats().filter((t) => built.has(t.m)),
      wallMs: Date.now() - t0,
    };
    return { status: final, buildId, exhausted, summary };
  } finally {
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
}

/**
 * The dispatch/decide loop. Runs of slots go to the pool in order through a bounded window; the
 * head of the window is awaited and decided, so decisions happen in slot order whatever
 * finishes first. Returns 'interrupted' when the signal stopped it with work left, else 'ended'.
 */
async function decideAll(ls: LoopSettings): Promise<'ended' | 'interrupted'> {
  const { cat, buildId, runs, options, maxSlots, progress } = ls;
  const { perTier, signal, jobs } = options;
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
        const count = Math.min(chunkOf(size), maxSlots - first);
        size.next += count;
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
      const fullTiers = TIERS.filter((t) => size.counts[t] >= perTier);
      const { seed, variants, maxAttempts } = options;
      return pool.run({ seed, m: size.m, first, count, variants, maxAttempts, thresholds: size.th, fullTiers });
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
    const variants: NewPuzzle[] = [];
    if (ans.ok) {
      const p = ans.puzzle;
      const tier = tierOf(p.nodes, size.th);
      if (batchHashes.has(p.canonicalHash) || cat.hasBase(p.canonicalHash)) outcome = 'duplicate';
      else if (size.counts[tier] >= perTier) outcome = 'tier-full';
      else {
        // Counts only grow, so a tier full when the task was sent is full now: the board is here.
        const b = p.board;
        if (b === null || p.variants === null) throw new Error(`M=${m} slot ${slot}: kept, but its board was not sent`);
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
        base = { ...common, ...b, nodes: p.nodes, base_id: null, transform: null };
        // A variant's base_id is set at commit, once the base has its id.
        for (const v of p.variants) variants.push({ ...common, ...v, base_id: null });
      }
    }
    const attempts = ans.ok ? ans.puzzle.attempts : ans.attempts;
    batch.push({ slot: { build_id: buildId, m, slot, outcome, attempts, puzzle_id: null }, base, variants });
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
    } else if (slot + 1 >= maxSlots) {
      size.state = r.state = 'exhausted';
      progress.sizeEnded(m, 'exhausted');
    }
  };

  // Wakes the loop when the signal fires while it waits on a slow head.
  const aborted = new Promise<void>((res) => {
    if (!signal) return;
    if (signal.aborted) res();
    else signal.addEventListener('abort', () => res(), { once: true });
  });

  try {
    topUp();
    while (pending.length > 0) {
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
        throw s.error;
      }
      // Null: skipped in the queue. Slots of a size already decided done are surplus too.
      for (const ans of s.value ?? []) {
        if (head.size.state !== 'active') break;
        decide(head.size, ans);
        if (batch.length >= ls.batchSize || Date.now() - lastCommit >= ls.batchMs) commit();
      }
      topUp();
    }
    commit();
  } finally {
    limit.clearQueue();
    // Runs still going are abandoned: their promises settle into `settled` and are ignored.
    await pool.destroy();
  }
  return signal?.aborted && runs.some((r) => r.state === 'active') ? 'interrupted' : 'ended';
}
