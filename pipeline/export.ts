// `dominosa export`: stream the catalog's puzzles out in a chosen format, to stdout or to a file
// that appears only when complete (written to a temporary name, then renamed).
import { createWriteStream, promises as fsp, type WriteStream } from 'node:fs';
import { Catalog, type PuzzleRow } from './catalog.js';
import { UserError } from './errors.js';
import { BufferedWriter, describeFsError } from './io.js';

/** One output format: an optional head and tail around one chunk of text per puzzle. */
interface Format {
  head?(): string;
  row(p: PuzzleRow): string;
  tail?(): string;
}

const FORMATS = {
  jsonl: { row: jsonlRow },
} satisfies Record<string, Format>;

export type ExportFormat = keyof typeof FORMATS;
export const EXPORT_FORMATS = Object.keys(FORMATS) as ExportFormat[];

export interface ExportOptions {
  db: string;
  format: ExportFormat;
  /** A file path, or '-' for stdout. */
  out: string;
}

/**
 * One JSON line per puzzle. grid and solution are stored as compact JSON already, so they are
 * copied as they are; the solution is the [[r1, c1, r2, c2], ...] list `dominosa solve` prints.
 */
function jsonlRow(p: PuzzleRow): string {
  return (
    `{"id":${p.id},"n":${p.m},"rows":${p.rows},"cols":${p.cols},"grid":${p.grid},"solution":${p.solution},` +
    `"tier":${JSON.stringify(p.tier)},"nodes":${p.nodes},"base_id":${p.base_id ?? 'null'},` +
    `"transform":${p.transform === null ? 'null' : JSON.stringify(p.transform)}}\n`
  );
}

/** Write the catalog out; returns the number of puzzles written. */
export async function runExport(opts: ExportOptions, stdout: NodeJS.WritableStream): Promise<number> {
  const format: Format = FORMATS[opts.format];
  if (!format) throw new UserError(`unknown export format "${opts.format}" (expected ${EXPORT_FORMATS.join(', ')})`);
  const cat = Catalog.open(opts.db, { readonly: true });
  try {
    if (opts.out === '-') return await writeAll(cat, format, stdout);
    return await toFileAtomically(opts.out, (stream) => writeAll(cat, format, stream));
  } finally {
    cat.close();
  }
}

async function writeAll(cat: Catalog, format: Format, stream: NodeJS.WritableStream): Promise<number> {
  const out = new BufferedWriter(stream as never);
  // A stream that fails (EPIPE when a reader such as `head` closes early) never drains again:
  // stop waiting on it and throw its error, for the shell to report.
  let failure: unknown = null;
  let onError = (_e: unknown): void => {};
  const failed = new Promise<void>((resolve) => {
    onError = (e) => {
      failure ??= e;
      resolve();
    };
    stream.on('error', onError);
  });
  const write = async (text: string): Promise<void> => {
    await Promise.race([out.write(text), failed]);
    if (failure) throw failure;
  };
  let n = 0;
  try {
    if (format.head) await write(format.head());
    for (const p of cat.iteratePuzzles()) {
      await write(format.row(p));
      n++;
    }
    if (format.tail) await write(format.tail());
    await Promise.race([out.flush(), failed]);
    if (failure) throw failure;
  } finally {
    stream.off('error', onError);
  }
  return n;
}

/** Stream into `path.tmp-PID`, then rename over `path`; on any failure remove the temporary file. */
async function toFileAtomically<T>(path: string, fill: (stream: WriteStream) => Promise<T>): Promise<T> {
  const tmp = `${path}.tmp-${process.pid}`;
  const stream = createWriteStream(tmp, { flags: 'wx' });
  let failure: unknown = null;
  stream.on('error', (e) => (failure ??= e));
  try {
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', reject);
    });
    const result = await fill(stream);
    await new Promise<void>((resolve, reject) => {
      stream.end((e?: Error | null) => (e ? reject(e) : resolve()));
    });
    if (failure) throw failure;
    await fsp.rename(tmp, path);
    return result;
  } catch (e) {
    stream.destroy();
    await fsp.rm(tmp, { force: true });
    if (e instanceof UserError) throw e;
    throw new UserError(`cannot write ${path}: ${describeFsError(e)}`);
  }
}
