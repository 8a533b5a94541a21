// The verbs' streaming input: blocks of whole lines from a file or stdin, the kind of the boards
// in them, and the boards, each read by its kind's reader and handed to a verb whose output goes
// out through a BufferedWriter.
import { createReadStream } from 'node:fs';
import type { BoardFormat } from '../../src/kind.js';
import {
  allKinds,
  DEFAULT_KIND,
  foreignBoard,
  kindNamed,
  kindOfInput,
  type KindName,
  type PuzzleKind,
} from '../../src/kinds.js';
import type { BoardReader, ReadBoard } from '../../src/solve/reading.js';
import { BufferedWriter } from './buffered-writer.js';
import { isJsonPack, packRecords } from './pack-input.js';
import { describeFsError, UserError } from '../runtime/errors.js';

/** No board line is longer than this (a JSON board is capped at 16M characters). */
export const MAX_LINE_CHARS = 32 * 1024 * 1024;

/**
 * Text of a file, or of stdin for '-', in blocks of whole lines (one per chunk read): each
 * block ends just after a '\n', except the last of an input without a final line end. Blocks,
 * not a string per line, let the reader parse lines in place, and leave the collector no
 * line strings to move. A line longer than MAX_LINE_CHARS is refused as it streams in, before
 * it is held in memory.
 */
export async function* readLineBlocks(path: string): AsyncGenerator<string> {
  const input = path === '-' ? process.stdin : createReadStream(path, { highWaterMark: 1 << 20 });
  input.setEncoding('utf8');
  // The unfinished last line, in pieces: joining only once its end arrives keeps a long line
  // linear to read instead of quadratic.
  let pending: string[] = [];
  let pendingLen = 0;
  // Complete lines so far, for naming an overlong line.
  let lineNo = 0;
  try {
    for await (const chunk of input as AsyncIterable<string>) {
      const nl = chunk.lastIndexOf('\n');
      if (nl < 0) {
        pending.push(chunk);
        pendingLen += chunk.length;
        if (pendingLen > MAX_LINE_CHARS) {
          throw new UserError(
            `${path}: line ${lineNo + 1} is longer than ${MAX_LINE_CHARS / 2 ** 20} MiB characters; no board fits in such a line`,
          );
        }
        continue;
      }
      pending.push(chunk.slice(0, nl + 1));
      const block = pending.join('');
      const rest = chunk.slice(nl + 1);
      pending = rest.length > 0 ? [rest] : [];
      pendingLen = rest.length;
      for (let i = block.indexOf('\n'); i >= 0; i = block.indexOf('\n', i + 1)) lineNo++;
      yield block;
    }
  } catch (e) {
    if (e instanceof UserError) throw e;
    throw new UserError(`cannot read ${path}: ${describeFsError(e)}`);
  } finally {
    if (path !== '-') (input as ReturnType<typeof createReadStream>).destroy();
  }
  if (pendingLen > 0) yield pending.join('');
}

/**
 * The first block of an input (empty if there is none) and every block, that one included:
 * a verb can look at the start of stdin before choosing how to read it.
 */
export async function peekLineBlocks(path: string): Promise<{ head: string; blocks: AsyncGenerator<string> }> {
  const source = readLineBlocks(path);
  const first = await source.next();
  const head = first.done === true ? '' : first.value;
  async function* all(): AsyncGenerator<string> {
    if (first.done === true) return;
    yield head;
    yield* source;
  }
  return { head, blocks: all() };
}

/**
 * The kind of a board verb's input and its blocks, told once: a given --kind, else what the
 * input's first lines show (Tatham game IDs are the kind's that reads them; a JSON pack's, its
 * records', pack-input.ts), else the default kind.
 */
export async function kindAndBlocks(
  input: string,
  inputFormat: BoardFormat,
  given: KindName | undefined,
): Promise<{ kind: PuzzleKind; blocks: AsyncIterable<string> | Iterable<string> }> {
  const peeked = await peekLineBlocks(input);
  if (inputFormat !== 'tatham' && isJsonPack(peeked.head)) {
    const pack = await packRecords(input, peeked.blocks);
    return { kind: kindNamed(given ?? pack.kind ?? DEFAULT_KIND), blocks: pack.blocks };
  }
  if (given !== undefined) return { kind: kindNamed(given), blocks: peeked.blocks };
  const told =
    inputFormat === 'tatham' ? allKinds().find((k) => k.reading.gameIds !== undefined)?.name : kindOfInput(peeked.head);
  return { kind: kindNamed(told ?? DEFAULT_KIND), blocks: peeked.blocks };
}

/**
 * The reader of a kind's boards in a format, `values` the N of boards that do not say it; a
 * format the kind has no reader for is refused in one line.
 */
export function boardReader(kind: PuzzleKind, format: BoardFormat, values: number | undefined): BoardReader {
  if (format !== 'tatham') return kind.reading.reader(format, values);
  if (kind.reading.gameIds !== undefined) return kind.reading.gameIds();
  const readers = allKinds().filter((k) => k.reading.gameIds !== undefined);
  throw new UserError(
    `--input-format tatham reads ${readers.map((k) => k.title).join(', ')} game IDs; ${kind.title} boards are text or JSON lines`,
  );
}

/**
 * Stream the boards of blocks of lines through `each`, writing what it returns. The first bad
 * board stops the run with one UserError line, after everything before it has been written.
 */
export async function forEachBoard(
  blocks: AsyncIterable<string> | Iterable<string>,
  kind: PuzzleKind,
  reader: BoardReader,
  stdout: NodeJS.WritableStream,
  each: (index: number, board: unknown) => Promise<string>,
): Promise<void> {
  const out = new BufferedWriter(stdout as never);
  const result = (r: ReadBoard, line?: string): Promise<string> => {
    if (!r.ok) {
      // A refused line another kind claims is named as that kind's, whatever the reader said.
      const foreign = line === undefined || r.where === undefined ? null : foreignBoard(kind, line);
      throw new UserError(foreign === null ? r.error : `${r.where}: ${foreign}`);
    }
    return each(r.index, r.board);
  };
  // Boards are handled one at a time, in order (each in the verb's worker thread).
  try {
    for await (const block of blocks) {
      for (let start = 0; start < block.length;) {
        const nl = block.indexOf('\n', start);
        const end = nl < 0 ? block.length : nl;
        const r = reader.push(block, start, end);
        if (r !== null && out.add(await result(r, r.ok ? undefined : block.slice(start, end)))) await out.flush();
        start = end + 1;
      }
    }
    for (const r of reader.end()) if (out.add(await result(r))) await out.flush();
  } finally {
    await out.flush();
  }
}

/** The files a verb reads from `input` ('-' is stdin, no file), which its output may not be. */
export function inputsOf(input: string): string[] {
  return input === '-' ? [] : [input];
}
