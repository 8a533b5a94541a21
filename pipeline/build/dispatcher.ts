// The build's dispatcher: runs of slots go to a piscina pool in slot order through a bounded
// window, so the writer can take answers from the head of the window in slot order whatever
// finishes first. Runs queued for a size that is decided done are dropped unrun.
import pLimit from 'p-limit';
import { Piscina } from 'piscina';
import { TIERS } from '../../src/rank/tiers.js';
import { WORKER_EXEC_ARGV } from '../pool.js';
import type { BuildOptions } from './options.js';
import type { SizeRun } from './sizes.js';
import type { SlotAnswer, SlotTask } from './worker.js';

type Settled = { ok: true; value: SlotAnswer[] | null } | { ok: false; error: unknown };

/** A dispatched run of slots, in the window until decided. */
export interface Pending {
  size: SizeRun;
  settled: Settled | null;
  done: Promise<void>;
}

/**
 * Worker time a task should take. A slot often takes well under a millisecond, and every task
 * costs the main thread a round of messages and promises, so tasks group consecutive slots;
 * tasks short enough keep the waste small when a size fills up while tasks of it are running.
 */
const TASK_MS = 20;
const MAX_CHUNK = 256;
const WORKER_YOUNG_MB = 16;
/**
 * The heap bound of a worker: one past it is stopped and the build fails with a clear message
 * (committed slots kept) instead of taking the machine's memory. Far above need.
 */
export const WORKER_HEAP_MB = 512;

export interface DispatchSettings {
  /** The build the workers' rows are for. */
  buildId: number;
  runs: SizeRun[];
  options: BuildOptions;
  workerPath: string;
  maxSlots: number;
  /** Date.now() past which workers give up their slots (--time-limit). */
  deadline?: number;
}

export class Dispatcher {
  /** Runs in flight or waiting to be decided, in slot order. */
  readonly pending: Pending[] = [];
  private readonly pool: Piscina<SlotTask, SlotAnswer[]>;
  private readonly limit: ReturnType<typeof pLimit>;
  private readonly window: number;
  private readonly toDispatch: Generator<{ size: SizeRun; first: number; count: number }>;
  private closing = false;
  /** Trouble the pool reported outside a task; the loop rethrows it. */
  poolError: unknown = null;

  constructor(private readonly s: DispatchSettings) {
    const { jobs } = s.options;
    this.window = 4 * jobs + 4;
    // Two tasks per worker: the next one is already there when a task ends, even while the main
    // thread is busy committing. Without Atomics: piscina's Atomics loop reads the second task and
    // starts it (tasks are synchronous) before the first one's answer is posted.
    this.pool = new Piscina<SlotTask, SlotAnswer[]>({
      filename: s.workerPath,
      minThreads: jobs,
      maxThreads: jobs,
      concurrentTasksPerWorker: 2,
      atomics: 'disabled',
      execArgv: WORKER_EXEC_ARGV,
      // A worker allocates fast and keeps little: a small young generation is collected more
      // often but holds less, which lowered peak RSS and time (README).
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB, maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    // Piscina reports trouble outside a task (e.g. an answer arriving for a task abandoned when a
    // stopped build destroys the pool) as an 'error' event, which unheard would kill the process.
    // While running it fails the build; once closing, abandoned answers are expected and ignored.
    this.pool.on('error', (e: unknown) => {
      if (!this.closing) this.poolError ??= e;
    });
    this.limit = pLimit(2 * jobs);
    this.toDispatch = this.plan();
  }

  private chunkOf(size: SizeRun): number {
    return this.s.options.chunk ?? (size.slotMs > 0 ? Math.max(1, Math.min(MAX_CHUNK, Math.floor(TASK_MS / size.slotMs))) : 4);
  }

  /** Runs of slots to dispatch, in order; a size stops yielding once decided done. */
  private *plan(): Generator<{ size: SizeRun; first: number; count: number }> {
    const { maxSlots } = this.s;
    const stride = this.s.options.shard?.count ?? 1;
    for (const size of this.s.runs) {
      while (size.state === 'active' && size.next < maxSlots) {
        const first = size.next;
        const count = Math.min(this.chunkOf(size), Math.ceil((maxSlots - first) / stride));
        size.next += count * stride;
        yield { size, first, count };
      }
    }
  }

  private dispatch(size: SizeRun, first: number, count: number): Pending {
    const { options, deadline } = this.s;
    const sharded = options.shard !== undefined;
    const stride = options.shard?.count ?? 1;
    const p: Pending = { size, settled: null, done: Promise.resolve() };
    const run = this.limit(async (): Promise<SlotAnswer[] | null> => {
      // Decided done while this run waited in the queue: not worth generating.
      if (size.state !== 'active') return null;
      // A shard keeps every new class whatever its tier, so it wants every board back.
      const fullTiers = sharded ? [] : TIERS.filter((t) => size.counts[t] >= options.perTier);
      const { seed, variants, maxAttempts } = options;
      const method = options.method ?? 'auto';
      const task: SlotTask = { seed, m: size.m, first, count, stride, method, variants, maxAttempts, rule: size.rule, fullTiers, aims: size.plan.aims, buildId: this.s.buildId };
      if (deadline !== undefined) task.deadline = deadline;
      return this.pool.run(task);
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
  }

  /** Fill the window, unless the build is stopping. */
  topUp(): void {
    while (this.pending.length < this.window && !this.s.options.signal?.aborted) {
      const n = this.toDispatch.next();
      if (n.done) return;
      this.pending.push(this.dispatch(n.value.size, n.value.first, n.value.count));
    }
  }

  /** Drop what is queued and stop the workers; runs still going are abandoned. */
  async close(): Promise<void> {
    this.closing = true;
    this.limit.clearQueue();
    await this.pool.destroy();
  }
}
