// The build's store: a thread of its own (store-worker.ts) commits the decider's batches to the
// catalog, one transaction each, in the order they are posted, so the deciding thread never
// waits on SQLite's inserts, commits and checkpoints; it keeps its own connection to read. Once
// a batch fails, none after it is committed: the catalog keeps a prefix of the decisions.
import { Worker } from 'node:worker_threads';
import { workerFile } from '../runtime/pool.js';
import type { Decision } from './commit.js';

/** The thread's young generation: it keeps a batch or two at a time, and a small one holds less (as the workers'). */
const STORE_YOUNG_MB = 16;
/** Its heap bound, its own whatever the process was started with: far above the few batches it holds. */
const STORE_HEAP_MB = 256;

export type StoreRequest =
  | { kind: 'batch'; seq: number; buildId: number; decisions: Decision[]; counts: Record<string, unknown> }
  | { kind: 'close' };

export type StoreReply =
  | { kind: 'committed'; seq: number }
  | { kind: 'failed'; seq: number; error: { message: string; code?: string } }
  | { kind: 'closed' };

export class Store {
  private readonly worker: Worker;
  private seq = 0;
  /** What to run when each batch posted and not yet answered is committed, by sequence number. */
  private readonly waiting = new Map<number, () => void>();
  /** The first failure: a batch the store could not commit, or the thread's end. */
  failure: Error | null = null;
  private wake: (() => void) | null = null;
  private closed = false;
  private readonly ended: Promise<void>;

  constructor(
    path: string,
    private readonly buildId: number,
  ) {
    // No options of this process's own (an --input-type, say) carry over to the thread.
    this.worker = new Worker(workerFile('build/store-worker.js'), {
      workerData: { path },
      execArgv: [],
      resourceLimits: { maxYoungGenerationSizeMb: STORE_YOUNG_MB, maxOldGenerationSizeMb: STORE_HEAP_MB },
    });
    this.worker.on('message', (r: StoreReply) => this.answer(r));
    this.worker.on('error', (e: Error) => this.fail(e));
    this.ended = new Promise((resolve) => {
      this.worker.on('exit', () => {
        if (!this.closed) this.fail(new Error('the catalog store thread ended before the build closed it'));
        resolve();
      });
    });
  }

  /** Batches posted and not yet answered. */
  get backlog(): number {
    return this.waiting.size;
  }

  /** Commit decisions after those posted before; `committed` runs once they are. */
  post(decisions: Decision[], counts: Record<string, unknown>, committed: () => void): void {
    const seq = this.seq++;
    this.waiting.set(seq, committed);
    const req: StoreRequest = { kind: 'batch', seq, buildId: this.buildId, decisions, counts };
    this.worker.postMessage(req);
  }

  /** Resolves once at most `n` batches wait to be answered, or the store has failed. */
  async settle(n = 0): Promise<void> {
    while (this.waiting.size > n && this.failure === null) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }

  /** Commit what was posted (as far as the store can), then close the thread's connection. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.settle();
    this.closed = true;
    const req: StoreRequest = { kind: 'close' };
    this.worker.postMessage(req);
    await this.ended;
  }

  private answer(r: StoreReply): void {
    if (r.kind === 'closed') return;
    const done = this.waiting.get(r.seq);
    this.waiting.delete(r.seq);
    if (r.kind === 'committed') done?.();
    else this.fail(Object.assign(new Error(r.error.message), r.error.code === undefined ? {} : { code: r.error.code }));
    this.poke();
  }

  private fail(e: Error): void {
    this.failure ??= e;
    this.waiting.clear();
    this.poke();
  }

  private poke(): void {
    const w = this.wake;
    this.wake = null;
    w?.();
  }
}
