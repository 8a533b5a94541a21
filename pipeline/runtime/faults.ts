// Faults a test injects by name through the DOMINOSA_FAULT variable, for moments no test can
// reach by timing: `kill:POINT` kills the process (SIGKILL) there, `enospc:POINT` fails there as
// a full disk does, `stall:POINT` waits there for the test to signal it, `deadline:POINT` makes
// the --time-limit run out there, `exhaust:POINT` spends a budget taken there at once. Unset in
// normal use, where they do nothing.
export function fault(point: string): void {
  const f = process.env.DOMINOSA_FAULT;
  if (f === undefined || f === '') return;
  if (f === `kill:${point}`) process.kill(process.pid, 'SIGKILL');
  if (f === `enospc:${point}`)
    throw Object.assign(new Error(`ENOSPC: no space left on device (injected at ${point})`), { code: 'ENOSPC' });
}

/** `stall:POINT`: say so on stderr, then wait (a minute at most) with the event loop free, so signals are handled there. */
export async function stallAt(point: string): Promise<void> {
  if (process.env.DOMINOSA_FAULT !== `stall:${point}`) return;
  process.stderr.write(`dominosa: fault: stalled at ${point}\n`);
  await new Promise((resolve) => setTimeout(resolve, 60_000));
}

/** `stall:POINT` in a worker thread, which cannot await: say so on stderr, then block it there (a minute at most). */
export function stallWorkerAt(point: string): void {
  if (process.env.DOMINOSA_FAULT !== `stall:${point}`) return;
  process.stderr.write(`dominosa: fault: stalled at ${point}\n`);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
  // Only a run that waited on the stall gets here: a test of one that must not wait looks for this.
  process.stderr.write(`dominosa: fault: went on after ${point}\n`);
}

/** `deadline:POINT`: true there, where the caller treats its --time-limit as run out whatever the clock says. */
export function deadlineAt(point: string): boolean {
  return process.env.DOMINOSA_FAULT === `deadline:${point}`;
}

/** `exhaust:POINT`: a budget taken there is spent from its start, as on a machine too slow for any. */
export function exhausted(point: string): boolean {
  return process.env.DOMINOSA_FAULT === `exhaust:${point}`;
}
