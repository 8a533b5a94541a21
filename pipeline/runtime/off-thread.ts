// Long synchronous work of a verb (a board's proof, a slot, a stored puzzle's checks) runs in one
// worker thread, so the main thread stays free to hear a signal and stop at once (signals.ts);
// the work's own clock (--time-limit) is polled inside it. A worker's answer comes back as an
// Outcome, so the one-line refusals it words reach the shell as they would from the main thread.
import { Piscina } from 'piscina';
import { EXIT_BAD_INPUT, UserError } from './errors.js';
import { WORKER_EXEC_ARGV, workerFile } from './pool.js';

/** A worker's answer: its value, or the one line (and exit code) that refuses its task. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string; exitCode: number };

/** In a worker: `fn` with its UserError refusals turned into Outcomes (anything else stays a bug). */
export function served<I, O>(fn: (input: I) => O): (input: I) => Outcome<O> {
  return (input) => {
    try {
      return { ok: true, value: fn(input) };
    } catch (e) {
      if (e instanceof UserError) return { ok: false, message: e.message, exitCode: e.exitCode };
      throw e;
    }
  };
}

/** A pool of one thread running the compiled worker `name`. */
function onePool(name: string): Piscina {
  return new Piscina({ filename: workerFile(name), minThreads: 1, maxThreads: 1, execArgv: WORKER_EXEC_ARGV });
}

// Threads started before their verb asked for one (startEarly), by worker: the first OffThread of
// that worker takes it. A worker loads both kinds (some 250 modules): started first, it loads
// them while the command line loads its own, instead of after.
const early = new Map<string, { pool: Piscina; failed: () => void }>();

/** Start the thread of worker `name` now, for the OffThread of that worker the verb will make. */
export function startEarly(name: string): void {
  if (early.has(name)) return;
  const pool = onePool(name);
  // A worker that cannot load (a broken plugin kind) is the command line's to report, as it
  // loads the same: the thread is dropped unseen, and a verb that goes on starts its own.
  const failed = (): void => {
    early.delete(name);
    void pool.destroy();
  };
  pool.on('error', failed);
  early.set(name, { pool, failed });
}

/** The thread started early for worker `name`, handed over once, or undefined. */
function takeEarly(name: string): Piscina | undefined {
  const started = early.get(name);
  if (started === undefined) return undefined;
  early.delete(name);
  started.pool.off('error', started.failed);
  return started.pool;
}

/** End the threads started early that no verb took (bad options, a run that stopped before its work). */
export async function closeEarly(): Promise<void> {
  const left = [...early.values()];
  early.clear();
  await Promise.all(left.map((s) => s.pool.destroy()));
}

/**
 * One worker thread running the compiled worker `name` (from pipeline/, e.g. 'solve/worker.js'):
 * its default export, or the export `exported`, made by served(). The thread startEarly started
 * for that worker, if any, else a new one.
 */
export class OffThread<I, O> {
  // A stop ends the process, and this thread with it, whatever it is doing.
  private readonly pool: Piscina<I, Outcome<O>>;

  constructor(
    name: string,
    private readonly exported = 'default',
  ) {
    this.pool = (takeEarly(name) ?? onePool(name)) as Piscina<I, Outcome<O>>;
  }

  /** The task's value, or its refusal thrown as the UserError it was. */
  async run(input: I): Promise<O> {
    const out = await this.pool.run(input, { name: this.exported });
    if (!out.ok) throw new UserError(out.message, out.exitCode ?? EXIT_BAD_INPUT);
    return out.value;
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
