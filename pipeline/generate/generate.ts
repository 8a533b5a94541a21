// `dominosa generate`: make slots 0..count-1 of each size and write each proven-unique puzzle
// to stdout or a file, as JSON lines or as text boards with the solution in comments. No
// database: this is the quick way to look at what the build would store. The kind is looked up
// once and its maker makes and words each slot (src/make/generating.ts) in a worker thread
// (worker.ts), under the run's clock; the progress and the output are kept here. With a grade
// target, each slot keeps only a puzzle of it.
import { DEFAULT_KIND, kindNamed, type KindName } from '../../src/kinds.js';
import type { MadeSlot } from '../../src/make/generating.js';
import { EXIT_BAD_INPUT, EXIT_FAILED_CHECK, EXIT_OK, UserError } from '../runtime/errors.js';
import { type CountProgress, countProgress } from '../runtime/count-progress.js';
import { deadlineAt } from '../runtime/faults.js';
import { OffThread } from '../runtime/off-thread.js';
import { VERB_THREADS } from '../runtime/verb-threads.js';
import { BufferedWriter } from '../io/buffered-writer.js';
import { withOutput } from '../io/output.js';
import type { SlotTask } from './worker.js';

export interface GenerateCommand {
  /** The puzzle kind; absent: the default kind. */
  kind?: KindName;
  /** The sizes' keys, in this order; each gets slots 0..count-1. */
  sizes: readonly string[];
  count: number;
  seed: number;
  format: 'jsonl' | 'text';
  /** A file to write (whole or not at all), or '-' / absent for stdout. */
  out?: string;
  force?: boolean;
  /** The kind's grade target, as its `generating.target` read it: keep only puzzles of it. */
  target?: unknown;
  /** The way to make boards, and the deals a slot may try (a kind with `methods` only). */
  method?: string;
  maxAttempts?: number;
  /** Wall-clock budget of the whole run in ms: puzzles made so far are printed, then exit 1. */
  timeoutMs?: number;
}

/** Generate and write; `wrote` hears how many puzzles a finished run wrote (the shell says so for a file). */
export async function runGenerate(
  cmd: GenerateCommand,
  stdout: NodeJS.WritableStream,
  progress: CountProgress = countProgress(0, ''),
  wrote?: (n: number) => void,
): Promise<number> {
  const kind = kindNamed(cmd.kind ?? DEFAULT_KIND);
  const run = {
    seed: cmd.seed,
    format: cmd.format,
    target: cmd.target,
    method: cmd.method,
    maxAttempts: cmd.maxAttempts,
  };
  // The maker here only names slots; each slot is made in a worker thread, so a signal is heard
  // at once, even inside a slot.
  const maker = kind.generating.maker(run);
  let deadline = cmd.timeoutMs === undefined ? null : Date.now() + cmd.timeoutMs;
  const several = cmd.sizes.length > 1;
  let written = 0;
  // Where the time limit ran out: what was made before it is still written out (exit 1).
  // Typed by `as`: it is set inside the callback, past what TypeScript's narrowing sees.
  let stoppedAt = null as string | null;
  const thread = new OffThread<SlotTask, MadeSlot>(VERB_THREADS.generate);
  await withOutput(cmd.out, { force: cmd.force ?? false }, stdout, async (stream) => {
    const out = new BufferedWriter(stream as never);
    try {
      for (const key of cmd.sizes) {
        for (let slot = 0; slot < cmd.count && stoppedAt === null; slot++) {
          if (deadlineAt(`slot:${key}:${slot}`)) deadline = 0;
          const made = await thread.run({ kind: kind.name, run, key, slot, deadline });
          const where = maker.where(key, slot, several);
          progress.tick(where);
          if (!made.ok && made.timedOut) stoppedAt = where;
          else if (!made.ok) {
            throw new UserError(`${where}: ${made.error}`, made.badOptions ? EXIT_BAD_INPUT : EXIT_FAILED_CHECK);
          } else {
            await out.write(made.text);
            written++;
          }
        }
      }
    } finally {
      progress.stop();
      await out.flush();
    }
  }).finally(() => thread.close());
  if (stoppedAt !== null) {
    throw new UserError(
      `the --time-limit of ${(cmd.timeoutMs ?? 0) / 1000} s ran out at ${stoppedAt} (${written} puzzle${written === 1 ? '' : 's'} written)`,
      EXIT_FAILED_CHECK,
    );
  }
  wrote?.(written);
  return EXIT_OK;
}
