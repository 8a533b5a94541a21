// Every file a verb writes goes through here (solve, grade and generate --out, export --out,
// tune's plots and thresholds file, migrate's backup): regular files only, never one of the
// command's inputs, written to a temporary file beside the target and moved into place, so a
// reader sees nothing or the whole file. Temporary files are removed on every exit that can be
// caught (an error, Ctrl-C, SIGTERM, SIGHUP); one left by a killed run is removed by the next
// run that writes the same file, and named when it does so.
//
// Symbolic links: an --out the user names that is a link to a regular file is written through
// (the file it points to is replaced, the link stays), and only with --force, as for any existing
// file; a link to nothing is refused, so nothing is ever created through a link. A name dominosa
// chooses itself (a backup, a plot, a temporary file) is never followed: a link planted there is
// refused, and its own files are created exclusively (O_EXCL), so a link that appears later fails.
import {
  accessSync,
  constants,
  copyFileSync,
  createWriteStream,
  existsSync,
  linkSync,
  lstatSync,
  promises as fsp,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
  type Stats,
  type WriteStream,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { describeFsError, faultOf, UserError } from '../runtime/errors.js';
import { onStop } from '../runtime/signals.js';
import { fault, stallAt } from '../runtime/faults.js';

export interface OutputTarget {
  /** The path as the user gave it, for messages. */
  path: string;
  /** The file that will be replaced: the path itself, or the file a link at it points to. */
  final: string;
  /** The temporary file beside `final`. */
  tmp: string;
  force: boolean;
  /** What to say when the name is taken: how to free it. */
  exists: string;
}

export interface OutputOptions {
  /** Replace an existing file (default false: refuse it). */
  force?: boolean;
  /** Files the command reads (a catalog, shards): the output may not be any of them, or their SQLite sidecars. */
  inputs?: readonly string[];
  /** How to name the path in messages (default the path alone). */
  what?: string;
  /** dominosa chose the name (a plot, a backup): a link at it is refused, never followed. */
  chosen?: boolean;
  /** What to say after a refusal of an existing file (default: use --force). */
  exists?: string;
}

function kindOf(st: Stats): string {
  if (st.isDirectory()) return 'a directory';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isFIFO()) return 'a FIFO';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

/** Refuse a path whose directory cannot be written, with one line. */
export function checkWritableDir(path: string, subject: string, after = ''): void {
  const dir = dirname(resolve(path));
  try {
    if (!statSync(dir).isDirectory()) throw new UserError(`${subject}: ${dir} is not a directory${after}`);
    accessSync(dir, constants.W_OK);
  } catch (e) {
    if (e instanceof UserError) throw e;
    throw new UserError(`${subject}: ${dir}: ${describeFsError(e)}${after}`);
  }
}

/** The real path of an input and its SQLite sidecars, and the (device, inode) of those that exist. */
function inputIdentities(inputs: readonly string[]): { paths: Map<string, string>; inodes: Map<string, string> } {
  const paths = new Map<string, string>();
  const inodes = new Map<string, string>();
  for (const input of inputs) {
    let real: string;
    try {
      real = realpathSync(input);
    } catch {
      real = resolve(input);
    }
    for (const suffix of ['', '-wal', '-shm', '-journal']) {
      paths.set(real + suffix, input + suffix);
      const st = lstatOrNull(real + suffix);
      if (st !== null) inodes.set(`${st.dev}:${st.ino}`, input + suffix);
    }
  }
  return { paths, inodes };
}

/**
 * Where writing `path` really lands: through a symbolic link at it (a link to nothing is
 * refused), and with the directory's own links resolved.
 */
export function resolveOutput(path: string, name = path): string {
  const link = lstatOrNull(path);
  if (link?.isSymbolicLink()) {
    try {
      return realpathSync(path);
    } catch {
      throw new UserError(
        `${name} is a symbolic link to a file that does not exist; dominosa does not create files through links`,
      );
    }
  }
  const dir = dirname(resolve(path));
  return existsSync(dir) ? join(realpathSync(dir), basename(path)) : resolve(path);
}

/** Refuse an output that is one of the inputs (or their SQLite sidecars), by real path or by inode (hard links). */
export function refuseInputs(path: string, final: string, inputs: readonly string[], name = path): void {
  const { paths, inodes } = inputIdentities(inputs);
  const target = lstatOrNull(final);
  const input = paths.get(final) ?? (target === null ? undefined : inodes.get(`${target.dev}:${target.ino}`));
  if (input === undefined) return;
  const how = resolve(input) === resolve(path) ? '' : ' (it resolves to it)';
  throw new UserError(`${name} is ${input}${how}, an input of this command; write somewhere else`);
}

/**
 * Check an output path before any work is done, and clear temporary files a killed run left
 * beside it. Throws a UserError (exit 2) for what can never be written: a directory, device,
 * FIFO or socket, a link to nothing, an existing file without `force`, a directory that cannot
 * be written, or one of the command's inputs (symbolic and hard links resolved).
 */
export function prepareOutput(path: string, o: OutputOptions = {}): OutputTarget {
  const force = o.force ?? false;
  const name = o.what === undefined ? path : `${o.what} ${path}`;
  if (o.chosen) refuseLink(path, name);
  const final = o.chosen ? inRealDir(path) : resolveOutput(path, name);
  refuseInputs(path, final, o.inputs ?? [], name);
  const target = lstatOrNull(final);
  if (target !== null && !target.isFile())
    throw new UserError(`${name} is ${kindOf(target)}; dominosa writes regular files only`);
  checkWritableDir(final, `cannot write ${name}`);
  cleanLeftovers(final);
  const exists = o.exists ?? 'use --force to overwrite it';
  if (target !== null && !force) throw new UserError(`${path} already exists; ${exists}`);
  return { path, final, tmp: `${final}.tmp-${process.pid}`, force, exists };
}

/** The path with its directory's links resolved, and its own name as it is (never followed). */
function inRealDir(path: string): string {
  const dir = dirname(resolve(path));
  return existsSync(dir) ? join(realpathSync(dir), basename(path)) : resolve(path);
}

/**
 * Refuse a symbolic link at a name dominosa chose (checked with lstat, so a dangling link counts):
 * someone who can write the folder could aim it at any file of the user's.
 */
export function refuseLink(path: string, name = path, after = ''): void {
  if (lstatOrNull(path)?.isSymbolicLink()) {
    throw new UserError(
      `${name} is a symbolic link, which dominosa did not make and will not write through; remove it${after}`,
    );
  }
}

/** Whether a process of this id runs (EPERM: it does, as another user). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Temporary files of `final` (`final.tmp-PID`) left by a run that was killed: removed when their
 * process is gone, named when it still runs (it may be writing the same file now).
 */
export function cleanLeftovers(final: string): void {
  const dir = dirname(final);
  const prefix = `${basename(final)}.tmp-`;
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.startsWith(prefix) && /^\d+$/.test(n.slice(prefix.length)));
  } catch {
    return;
  }
  for (const n of names) {
    const pid = Number(n.slice(prefix.length));
    const leftover = join(dir, n);
    if (pid !== process.pid && running(pid)) {
      process.stderr.write(
        `dominosa: note: ${leftover} belongs to process ${pid}, which is still running; left alone\n`,
      );
      continue;
    }
    try {
      unlinkSync(leftover);
      process.stderr.write(`dominosa: note: removed ${leftover}, left by an interrupted run (pid ${pid})\n`);
    } catch (e) {
      process.stderr.write(
        `dominosa: note: ${leftover} was left by an interrupted run and could not be removed (${describeFsError(e)})\n`,
      );
    }
  }
}

// --- temporary files in flight, removed on any exit that can be caught ---

const live = new Set<string>();
let released: (() => void) | null = null;

function removeLive(): void {
  for (const t of live) rmSync(t, { force: true });
  live.clear();
}

// A stop (signals.ts) removes them; so does any other exit that can be caught.
function track(tmp: string): void {
  if (live.size === 0) {
    process.on('exit', removeLive);
    released = onStop(removeLive);
  }
  live.add(tmp);
}

function untrack(tmp: string): void {
  live.delete(tmp);
  if (live.size === 0) {
    process.off('exit', removeLive);
    released?.();
    released = null;
  }
}

/** Move the finished temporary file into place: rename with force, else a hard link that cannot clobber. */
function moveIntoPlace(t: OutputTarget): void {
  fault('output:before-rename');
  const now = lstatOrNull(t.final);
  if (now !== null && !now.isFile())
    throw new UserError(`${t.path} became ${kindOf(now)} while it was being written; nothing was written`);
  // rename replaces the name itself, so a link that appeared at it is replaced, not followed.
  if (t.force) {
    renameSync(t.tmp, t.final);
    return;
  }
  try {
    linkSync(t.tmp, t.final);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new UserError(`${t.path} already exists; ${t.exists}`);
    // A file system without hard links: fall back to a checked rename.
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw e;
    if (lstatOrNull(t.final) !== null) throw new UserError(`${t.path} already exists; ${t.exists}`);
    renameSync(t.tmp, t.final);
    return;
  }
  rmSync(t.tmp, { force: true });
}

function failed(t: OutputTarget, e: unknown): UserError {
  return (
    faultOf(e, `cannot write ${t.path}`, '; nothing was written') ??
    new UserError(`cannot write ${t.path}: ${describeFsError(e)}`)
  );
}

/** Make the target's temporary file with `make`, then move it into place: the whole file appears, or nothing does. */
function placeSync(t: OutputTarget, make: (tmp: string) => void): void {
  track(t.tmp);
  try {
    make(t.tmp);
    moveIntoPlace(t);
  } catch (e) {
    rmSync(t.tmp, { force: true });
    throw failed(t, e);
  } finally {
    untrack(t.tmp);
  }
}

/** Write `data` to the target: the whole file appears, or nothing does. */
export function writeOutputSync(t: OutputTarget, data: string | Uint8Array): void {
  placeSync(t, (tmp) => writeFileSync(tmp, data, { flag: 'wx' }));
}

/** Copy the file `src` to the target (a backup): the whole copy appears, or nothing does. */
export function copyOutputSync(t: OutputTarget, src: string): void {
  placeSync(t, (tmp) => copyFileSync(src, tmp, constants.COPYFILE_EXCL));
}

/** Stream into the target's temporary file with `fill`, then move it into place; on any failure nothing is left. */
export async function writeOutput(t: OutputTarget, fill: (stream: WriteStream) => Promise<void>): Promise<void> {
  track(t.tmp);
  const stream = createWriteStream(t.tmp, { flags: 'wx' });
  let failure: unknown = null;
  stream.on('error', (e) => (failure ??= e));
  try {
    await new Promise<void>((res, rej) => {
      stream.once('open', () => res());
      stream.once('error', rej);
    });
    await fill(stream);
    await stallAt('output:filled');
    await new Promise<void>((res, rej) => {
      stream.end((e?: Error | null) => (e ? rej(e) : res()));
    });
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- re-throws what the stream emitted, as it was
    if (failure) throw failure;
    moveIntoPlace(t);
  } catch (e) {
    stream.destroy();
    await fsp.rm(t.tmp, { force: true });
    throw failed(t, e);
  } finally {
    untrack(t.tmp);
  }
}

/**
 * Run `fill` on `stdout` for '-' (or no --out), else on the file --out names, which appears only
 * if fill succeeds (the rules of prepareOutput, checked before any work).
 */
export async function withOutput(
  out: string | undefined,
  o: OutputOptions,
  stdout: NodeJS.WritableStream,
  fill: (stream: NodeJS.WritableStream) => Promise<void>,
): Promise<void> {
  if (out === undefined || out === '-') return fill(stdout);
  await writeOutput(prepareOutput(out, o), fill);
}
