// Streaming text I/O for the verbs: read lines from a file or stdin, write buffered output
// that respects back-pressure, and write files atomically (temporary file, then rename).
import { createReadStream, promises as fsp } from 'node:fs';
import type { Writable } from 'node:stream';
import { type Board, BoardReader, type BoardFormat, formatBoardError } from '../src/board.js';
import { UserError } from './errors.js';

/** No board line is longer than this (a JSON board is capped at 16M characters). */
export const MAX_LINE_CHARS = 32 * 1024 * 1024;

/**
 * Lines of a file, or of stdin for '-', without their line ends, in batches (one per chunk
 * read): awaiting once per batch instead of once per line keeps big inputs fast. A line longer
 * than MAX_LINE_CHARS is refused as it streams in, before it is held in memory.
 */
export async function* readLineBatches(path: string): AsyncGenerator<string[]> {
  const input = path === '-' ? process.stdin : createReadStream(path, { highWaterMark: 1 << 20 });
  input.setEncoding('utf8');
  // The unfinished last line, in pieces: joining only once its end arrives keeps a long line
  // linear to read instead of quadratic.
  let pending: string[] = [];
  let pendingLen = 0;
  let lineNo = 0;
  try {
    for await (const chunk of input as AsyncIterable<string>) {
      const nl = chunk.indexOf('\n');
      if (nl < 0) {
        pending.push(chunk);
        pendingLen += chunk.length;
        if (pendingLen > MAX_LINE_CHARS) {
          throw new UserError(`${path}: line ${lineNo + 1} is longer than ${MAX_LINE_CHARS / 2 ** 20} MiB characters; no board fits in such a line`);
        }
        continue;
      }
      pending.push(chunk);
      const lines = pending.join('').split('\n');
      const last = lines.pop() ?? '';
      pending = last.length > 0 ? [last] : [];
      pendingLen = last.length;
      lineNo += lines.length;
      yield lines;
    }
  } catch (e) {
    if (e instanceof UserError) throw e;
    throw new UserError(`cannot read ${path}: ${describeFsError(e)}`);
  } finally {
    if (path !== '-') (input as ReturnType<typeof createReadStream>).destroy();
  }
  if (pendingLen > 0) yield [pending.join('')];
}

/** The short reason of a file-system error ("no such file", …). */
export function describeFsError(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  switch (err?.code) {
    case 'ENOENT':
      return 'no such file or directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a directory';
    default:
      return err?.message ?? String(e);
  }
}

/** Collects output and writes it in large chunks, waiting when the stream is full. */
export class BufferedWriter {
  private parts: string[] = [];
  private size = 0;

  constructor(
    private readonly stream: Writable,
    private readonly chunk = 1 << 16,
  ) {}

  async write(text: string): Promise<void> {
    this.parts.push(text);
    this.size += text.length;
    if (this.size >= this.chunk) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.size === 0) return;
    const text = this.parts.join('');
    this.parts = [];
    this.size = 0;
    if (!this.stream.write(text)) {
      await new Promise<void>((resolve) => this.stream.once('drain', resolve));
    }
  }
}

/** Write a file so that readers see either nothing or the whole of it. */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const tmp = `${path}.tmp-${process.pid}`;
  try {
    await fsp.writeFile(tmp, data);
    await fsp.rename(tmp, path);
  } catch (e) {
    await fsp.rm(tmp, { force: true });
    throw new UserError(`cannot write ${path}: ${describeFsError(e)}`);
  }
}

/**
 * Stream the boards of a file (or stdin) through `each`, writing what it returns. The first bad
 * board stops the run with one UserError line, after everything before it has been written.
 */
export async function forEachBoard(
  input: string,
  inputFormat: BoardFormat,
  stdout: NodeJS.WritableStream,
  each: (index: number, board: Board) => string,
): Promise<void> {
  const out = new BufferedWriter(stdout as never);
  const reader = new BoardReader(inputFormat);
  const handle = async (results: ReturnType<BoardReader['push']>): Promise<void> => {
    for (const r of results) {
      if (!r.ok) {
        await out.flush();
        throw new UserError(formatBoardError(r.error));
      }
      await out.write(each(r.index, r.board));
    }
  };
  try {
    for await (const lines of readLineBatches(input)) {
      for (const line of lines) {
        const done = reader.push(line);
        if (done.length > 0) await handle(done);
      }
    }
    await handle(reader.end());
  } finally {
    await out.flush();
  }
}
