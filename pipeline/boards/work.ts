// What solve and grade share: stream the boards of a file or stdin through the kind's reader,
// have each proved or graded in a worker thread (worker.ts), and write each result in order. A
// bad board stops the run with one line, after the boards before it are written.
import type { BoardFormat, KindName, PuzzleKind } from '../../src/kind.js';
import { boardReader, forEachBoard, inputsOf, kindAndBlocks } from '../io/input.js';
import { withOutput } from '../io/output.js';
import { UserError } from '../runtime/errors.js';
import { OffThread } from '../runtime/off-thread.js';
import { VERB_THREADS } from '../runtime/verb-threads.js';
import type { BoardTask, BoardWork } from './worker.js';

/** Where the boards come from and where their results go, as solve and grade take them. */
export interface BoardsRun {
  input: string;
  inputFormat: BoardFormat;
  /** The puzzle kind; absent: told from the input's start, else the default kind. */
  kind?: KindName;
  /** N for boards that do not say it (a kind's reading.values). */
  values?: number;
  out?: string;
  force?: boolean;
  /** Per-board time limit in milliseconds; undefined: the kind's default for the board. */
  timeoutMs?: number;
  /** The line refusing an option given that the boards' kind does not read, or null (the command line's check). */
  refuseFor?: (kind: PuzzleKind) => string | null;
}

/** Run `work` on every board; `check` may refuse the run for the kind its input holds, before any board. */
export async function runBoards(
  r: BoardsRun,
  work: BoardWork,
  stdout: NodeJS.WritableStream,
  check: (kind: PuzzleKind) => void = () => {},
): Promise<void> {
  const { kind, blocks } = await kindAndBlocks(r.input, r.inputFormat, r.kind);
  const refused = r.refuseFor?.(kind) ?? null;
  if (refused !== null) throw new UserError(refused);
  check(kind);
  const reader = boardReader(kind, r.inputFormat, r.values);
  // Each board in a worker thread, so a signal is heard at once, even inside a long proof.
  const thread = new OffThread<BoardTask, string>(VERB_THREADS[work.verb]);
  try {
    await withOutput(r.out, { force: r.force ?? false, inputs: inputsOf(r.input) }, stdout, (stream) =>
      forEachBoard(blocks, kind, reader, stream, (index, board) =>
        thread.run({ kind: kind.name, work, timeoutMs: r.timeoutMs, index, board }),
      ),
    );
  } finally {
    await thread.close();
  }
}
