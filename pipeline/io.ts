// Streaming text I/O for the verbs: read lines from a file or stdin, write buffered output
// that respects back-pressure, and write files atomically (temporary file, then rename).
import { createReadStream, promises as fsp } from 'node:fs';
import type { Writable } from 'node:stream';
import { UserError } from './errors.js';

/**
 * Lines of a file, or of stdin for '-', without their line ends, in batches (one per chunk
 * read): awaiting once per batch instead of once per line keeps big inputs fast.
 */
export async function* readLineBatches(path: string): AsyncGenerator<string[]> {
  const input = path === '-' ? process.stdin : createReadStream(path, { highWaterMark: 1 << 20 });
  input.setEncoding('utf8');
  let rest = '';
  try {
    for await (const chunk of input as AsyncIterable<string>) {
      const text = rest + chunk;
      const lines = text.split('\n');
      rest = lines.pop() ?? '';
      if (lines.length > 0) yield lines;
    }
  } catch (e) {
    throw new UserError(`cannot read ${path}: ${describeFsError(e)}`);
  } finally {
    if (path !== '-') (input as ReturnType<typeof createReadStream>).destroy();
  }
  if (rest.length > 0) yield [rest];
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
