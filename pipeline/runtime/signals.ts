// One signal policy for every verb. SIGINT (Ctrl-C), SIGTERM (a scheduler) and SIGHUP (a closed
// terminal) stop the run: the command line installs the policy before any verb starts, so no
// signal ever finds the process without it. A verb that can stop gracefully (build: commit what
// is decided, then exit) takes the first signal for as long as it can; otherwise, and on a second
// signal, the run stops at once: the stop cleanups run (temporary files, worker threads, a
// writer's catalog closed into one file), one line is printed, and the process exits 130.
//
// The main thread must be free for a signal to be heard: long proofs and slots run in worker
// threads (off-thread.ts), which the stop terminates, and poll `stopRequested()` in between.
import { EXIT_INTERRUPTED } from './errors.js';

export const STOP_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** How people name a signal in the stop line: Ctrl-C for SIGINT, the signal's name otherwise. */
export function signalWords(signal: NodeJS.Signals): string {
  return signal === 'SIGINT' ? 'Ctrl-C' : signal;
}

type Taker = (signal: NodeJS.Signals) => void;

const takers: Taker[] = [];
const cleanups = new Set<() => void>();
let installed = false;
let stopping = false;
let finished = false;
/** What the stop line says after "stopped by X; ": what the verb leaves behind. */
let leaves = 'nothing was written';
/** Set once a signal has come: shared with worker threads, which poll it between units of work. */
const flag = new Int32Array(new SharedArrayBuffer(4));

/** Install the policy (the command line, once, before the verb). */
export function installStopPolicy(): void {
  if (installed) return;
  installed = true;
  for (const s of STOP_SIGNALS) process.on(s, onSignal);
}

function onSignal(signal: NodeJS.Signals): void {
  // A verb whose work was synchronous to its end hears a signal only after: what it did is done
  // and said, and the process ends with its own exit code.
  if (finished) return;
  Atomics.store(flag, 0, 1);
  const take = takers.pop();
  if (take !== undefined && !stopping) {
    take(signal);
    return;
  }
  stopNow(signal);
}

/** Stop at once: run every cleanup (each on its own: one failing does not keep the others), say so, exit 130. */
function stopNow(signal: NodeJS.Signals): never {
  stopping = true;
  for (const c of [...cleanups].reverse()) {
    try {
      c();
    } catch {
      // The process is going: a cleanup that cannot finish leaves what the next run mends.
    }
  }
  cleanups.clear();
  process.stderr.write(`dominosa: stopped by ${signal}; ${leaves}\n`);
  process.exit(EXIT_INTERRUPTED);
}

/** The verb has finished (the command line, as its promise settles): a signal heard later changes nothing. */
export function verbFinished(): void {
  finished = true;
}

/**
 * Take the first signal while `taker` is in place (a graceful stop: the verb finishes its own
 * way and exits 130 itself); a second signal stops at once. Returns the release, called when the
 * span ends.
 */
export function takeStop(taker: Taker): () => void {
  takers.push(taker);
  return () => {
    const i = takers.lastIndexOf(taker);
    if (i >= 0) takers.splice(i, 1);
  };
}

/** Run `cleanup` on a stop (a temporary file removed, a thread ended, a catalog closed); returns its removal. */
export function onStop(cleanup: () => void): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/** What the stop line says the run leaves behind ("nothing was written" unless a verb says more). */
export function stopLeaves(words: string): void {
  leaves = words;
}

/** True once a signal has come. */
export function stopRequested(): boolean {
  return Atomics.load(flag, 0) === 1;
}

/** The shared flag, for worker threads (stopRequestedBy reads it there). */
export function stopFlag(): SharedArrayBuffer {
  return flag.buffer;
}

/** In a worker thread: true once the main thread has heard a signal (its shared flag set). */
export function stopRequestedBy(shared: SharedArrayBuffer | undefined): () => boolean {
  if (shared === undefined) return () => false;
  const f = new Int32Array(shared);
  return () => Atomics.load(f, 0) === 1;
}
