// A catalog's WAL checkpoints, run on a thread of their own while a build writes it. Copying
// the log into the file, and the fsyncs around that copy, otherwise fall on the committing
// connection at every thousand pages (SQLite's advice for a busy writer: checkpoint from
// another connection); checkpoints a few times a second also copy a page changed by many
// batches once, not once per thousand pages.
import { Worker } from 'node:worker_threads';
import { workerFile } from './pool.js';

/** How often the thread checkpoints what was committed since. */
const PERIOD_MS = 200;
/** How long stop() waits for the thread to close its connection. */
const STOP_WAIT_MS = 10_000;
const RUNNING = 0;

export class Checkpointer {
  /** RUNNING until the thread has closed its connection (checkpointer-worker.ts). */
  private readonly state = new Int32Array(new SharedArrayBuffer(4));
  private readonly worker: Worker;
  private stopped = false;

  constructor(path: string) {
    this.worker = new Worker(workerFile('checkpointer-worker.js'), { workerData: { path, periodMs: PERIOD_MS, state: this.state }, execArgv: [], resourceLimits: { maxYoungGenerationSizeMb: 2 } });
    // It must never keep the process alive, nor fail it: the writer's own checkpoints are the fallback.
    this.worker.unref();
    this.worker.on('error', () => {});
  }

  /**
   * Stop the thread and wait (blocking, briefly) until its connection is closed, so the writer
   * that closes next is the catalog's last connection and can leave WAL mode.
   */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.worker.postMessage('stop');
    Atomics.wait(this.state, 0, RUNNING, STOP_WAIT_MS);
    void this.worker.terminate();
  }
}
