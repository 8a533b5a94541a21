// Streaming text I/O for the verbs: read blocks of whole lines from a file or stdin, write
// buffered output that respects back-pressure, and write files atomically (temporary file,
// then rename).
import { accessSync, constants, createReadStream, createWriteStream, existsSync, promises as fsp, statSync, type WriteStream } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { type Board, BoardReader, type BoardFormat, formatBoardError, type ParseResult } from '../src/dominosa/board.js';
import { parseTathamId } from '../src/dominosa/formats/tatham.js';
import { describeFsError, UserError } from './errors.js';

export { describeFsError } from './errors.js';

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
          throw new UserError(`${path}: line ${lineNo + 1} is longer than ${MAX_LINE_CHARS / 2 ** 20} MiB characters; no board fits in such a line`);
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

/** Collects output and writes it in large chunks, waiting when the stream is full. */
export class BufferedWriter {
  private parts: string[] = [];
  private size = 0;

  constructor(
    private readonly stream: Writable,
    private readonly chunk = 1 << 16,
  ) {}

  /**
   * Buffer text without waiting; true once a chunk's worth is held, when the caller should
   * `await flush()`. Loops that write per item use this to await once per chunk, not per item.
   */
  add(text: string): boolean {
    this.parts.push(text);
    this.size += text.length;
    return this.size >= this.chunk;
  }

  async write(text: string): Promise<void> {
    if (this.add(text)) await this.flush();
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
  blocks: AsyncIterable<string> = readLineBlocks(input),
): Promise<void> {
  const out = new BufferedWriter(stdout as never);
  const reader = new BoardReader(inputFormat, parseTathamId);
  const result = (r: ParseResult): string => {
    if (!r.ok) throw new UserError(formatBoardError(r.error));
    return each(r.index, r.board);
  };
  // Boards are handled synchronously; the loop awaits only to read and to flush a full buffer.
  try {
    for await (const block of blocks) {
      for (let start = 0; start < block.length; ) {
        const nl = block.indexOf('\n', start);
        const end = nl < 0 ? block.length : nl;
        const r = reader.pushPart(block, start, end);
        if (r !== null && out.add(result(r))) await out.flush();
        start = end + 1;
      }
    }
    for (const r of reader.end()) if (out.add(result(r))) await out.flush();
  } finally {
    await out.flush();
  }
}

/** Refuse a catalog path that could not be created or written, before anything is opened. */
export function checkCatalogPath(path: string): void {
  const abs = resolve(path);
  const dir = dirname(abs);
  try {
    if (!statSync(dir).isDirectory()) throw new UserError(`cannot create catalog ${path}: ${dir} is not a directory`);
    // SQLite writes its -wal and -shm files next to the catalog, so the directory must be writable.
    accessSync(dir, constants.W_OK);
  } catch (e) {
    if (e instanceof UserError) throw e;
    throw new UserError(`cannot create catalog ${path}: ${dir}: ${describeFsError(e)}`);
  }
  if (existsSync(abs)) {
    if (!statSync(abs).isFile()) throw new UserError(`catalog ${path} is not a file`);
    try {
      accessSync(abs, constants.R_OK | constants.W_OK);
    } catch (e) {
      throw new UserError(`cannot write catalog ${path}: ${describeFsError(e)}`);
    }
  }
}

/** Run `fill` on `stdout` for '-' (or no --out), else on a file that appears only if fill succeeds. */
export async function withOutput(
  out: string | undefined,
  force: boolean,
  stdout: NodeJS.WritableStream,
  fill: (stream: NodeJS.WritableStream) => Promise<void>,
): Promise<void> {
  if (out === undefined || out === '-') return fill(stdout);
  checkOutputPath(out, force);
  await toFileAtomically(out, force, fill);
}

/** Refuse an --out path before any work: a directory, or an existing file without --force. */
export function checkOutputPath(path: string, force: boolean): void {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) throw new UserError(`cannot write ${path}: is a directory`);
  if (!force) throw new UserError(`${path} already exists; use --force to overwrite it`);
}

/**
 * Stream into `path.tmp-PID`, then move it to `path`: rename when overwriting is allowed, else a
 * hard link, which fails rather than replace a file that appeared meanwhile. On any failure the
 * temporary file is removed, so nothing half-written is ever left.
 */
export async function toFileAtomically(path: string, force: boolean, fill: (stream: WriteStream) => Promise<void>): Promise<void> {
  const tmp = `${path}.tmp-${process.pid}`;
  const stream = createWriteStream(tmp, { flags: 'wx' });
  let failure: unknown = null;
  stream.on('error', (e) => (failure ??= e));
  try {
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', reject);
    });
    await fill(stream);
    await new Promise<void>((resolve, reject) => {
      stream.end((e?: Error | null) => (e ? reject(e) : resolve()));
    });
    if (failure) throw failure;
    if (force) await fsp.rename(tmp, path);
    else await linkNoClobber(tmp, path);
  } catch (e) {
    stream.destroy();
    await fsp.rm(tmp, { force: true });
    if (e instanceof UserError) throw e;
    throw new UserError(`cannot write ${path}: ${describeFsError(e)}`);
  }
}

async function linkNoClobber(tmp: string, path: string): Promise<void> {
  try {
    await fsp.link(tmp, path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new UserError(`${path} already exists; use --force to overwrite it`);
    // A file system without hard links: fall back to a checked rename.
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw e;
    if (existsSync(path)) throw new UserError(`${path} already exists; use --force to overwrite it`);
    await fsp.rename(tmp, path);
    return;
  }
  await fsp.rm(tmp, { force: true });
}
