// The build's dispatcher: runs of slots go to a piscina pool in slot order through a bounded
// window, and come back out of it in that order (next()) whatever finishes first, for the
// decider. It owns where each size's next slot is; runs of a size decided done are dropped.
import pLimit from 'p-limit';
import { Piscina } from 'piscina';
import type { SlotAnswer } from '../../src/catalog/slot.js';
import type { KindName } from '../../src/kinds.js';
import { TIERS } from '../../src/rank/tiers.js';
import { WORKER_EXEC_ARGV } from '../runtime/pool.js';
import type { BuildOptions } from './options.js';
import type { SizeView } from './sizes.js';
import type { SlotTask } from './worker.js';

type Settled = { ok: true; value: SlotAnswer[] | null } | { ok: false; error: unknown };

/** A dispatched run of slots, in the window until taken. */
interface Pending {
  size: SizeView;
  settled: Settled | null;
  done: Promise<void>;
}

/**
 * What next() hands the decider: a run's answers in slot order (null: dropped unrun), the error
 * its task ended with, 'stopped' when the signal fired first, or 'end' when no run is left.
 */
export type NextRun =
  { size: SizeView; answers: SlotAnswer[] | null } | { size: SizeView; error: unknown } | 'stopped' | 'end';

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
  /** The kind built, by name: the worker makes its slots. */
  kind: { readonly name: KindName };
  /** The sizes in build order, and the slot each dispatches first (by shape). */
  runs: readonly SizeView[];
  starts: ReadonlyMap<string, number>;
  options: BuildOptions;
  workerPath: string;
  maxSlots: number;
  /** Date.now() past which workers give up their slots (--time-limit). */
  deadline?: number;
}

export class Dispatcher {
  /** Runs in flight or waiting to be taken, in slot order. */
  private readonly pending: Pending[] = [];
  private readonly pool: Piscina<SlotTask, SlotAnswer[]>;
  private readonly limit: ReturnType<typeof pLimit>;
  private readonly window: number;
  private readonly toDispatch: Generator<{ size: SizeView; first: number; count: number }>;
  private closing = false;
  /** Trouble the pool reported outside a task; next() throws it. */
  private poolError: unknown = null;
  /** Resolves once the signal fires: wakes next() while it waits on a slow head. */
  private readonly aborted: Promise<void>;

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
      // often but holds less, which lowered peak RSS and time (scripts/bench/README.md).
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
    const { signal } = s.options;
    this.aborted = new Promise<void>((res) => {
      if (!signal) return;
      if (signal.aborted) res();
      else signal.addEventListener('abort', () => res(), { once: true });
    });
  }

  private chunkOf(size: SizeView): number {
    return (
      this.s.options.chunk ??
      (size.slotMs > 0 ? Math.max(1, Math.min(MAX_CHUNK, Math.floor(TASK_MS / size.slotMs))) : 4)
    );
  }

  /** Runs of slots to dispatch, in order; a size stops yielding once decided done. */
  private *plan(): Generator<{ size: SizeView; first: number; count: number }> {
    const { maxSlots } = this.s;
    const stride = this.s.options.shard?.count ?? 1;
    for (const size of this.s.runs) {
      let next = this.s.starts.get(size.key) ?? 0;
      while (size.state === 'active' && next < maxSlots) {
        const first = next;
        const count = Math.min(this.chunkOf(size), Math.ceil((maxSlots - first) / stride));
        next += count * stride;
        yield { size, first, count };
      }
    }
  }

  private dispatch(size: SizeView, first: number, count: number): Pending {
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
      const task: SlotTask = {
        kind: this.s.kind.name,
        seed,
        key: size.key,
        first,
        count,
        stride,
        variants,
        maxAttempts,
        rule: size.rule,
        fullTiers,
        make: size.plan.make,
        buildId: this.s.buildId,
      };
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

  /**
   * The run at the head of the window once it has settled, in slot order; runs of a size no
   * longer active are skipped. Once the signal fires, only runs already settled are handed on.
   */
  async next(): Promise<NextRun> {
    for (;;) {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- re-throws what the pool emitted, as it was
      if (this.poolError !== null) throw this.poolError;
      const head = this.pending[0];
      if (head === undefined) return 'end';
      // A run of a size already decided can decide nothing: waiting on it would only hold up
      // the other sizes' answers and, at the end, the exit (the pool's close stops it).
      if (head.size.state !== 'active') {
        this.pending.shift();
        this.topUp();
        continue;
      }
      if (head.settled === null) {
        // Interrupted: hand on only what finished in order, and stop at the first gap.
        if (this.s.options.signal?.aborted) return 'stopped';
        await Promise.race([head.done, this.aborted]);
        continue;
      }
      this.pending.shift();
      const s = head.settled;
      return s.ok ? { size: head.size, answers: s.value } : { size: head.size, error: s.error };
    }
  }

  /** Drop what is queued and stop the workers; runs still going are abandoned. */
  async close(): Promise<void> {
    this.closing = true;
    this.limit.clearQueue();
    await this.pool.destroy();
  }
}
