// Opening a catalog: refuse what is not one (before anything is written), fall back to a private
// copy where a write-ahead-log catalog cannot be read in place, take the writer lock, and the
// read-first-then-write pattern of the writing verbs (inspect, then openWriter). Readers open the
// file read-only and change nothing; a writer writes with a write-ahead log.
import { accessSync, closeSync, constants, existsSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { placeError } from '../io/catalog-path.js';
import { describeFsError, EXIT_BUSY, faultOf, UserError } from '../runtime/errors.js';
import { Connection } from './connection.js';
import { createSchema } from './create.js';
import { stamp, storedDigests } from './digests.js';
import { refuseLiveHolder, takeLock } from './lock.js';
import { checkIdentity, EmptyDatabaseError } from './schema.js';
import { checkSourceDate } from '../runtime/source-date.js';

export interface OpenOptions {
  /** Create the file and schema when missing (default false: the catalog must exist). */
  create?: boolean;
  /** Open to read only: no lock, no journal change, nothing written. */
  readonly?: boolean;
  /** A writer's verb, named to a second writer the lock refuses (default 'dominosa'). */
  verb?: string;
  /** Refuse a catalog whose schema objects are not this release's (default true; audit reports them instead). */
  wholeSchema?: boolean;
}

/** How long a connection waits for another's lock on the file before giving up (SQLITE_BUSY). */
const BUSY_MS = 5000;
/** The build store's automatic checkpoint size, in pages (64 MiB of 4 KiB pages): it checkpoints on a clock instead, this is a fallback. */
const FALLBACK_CHECKPOINT_PAGES = 16_384;

/** True when the file's header says write-ahead log (bytes 18 and 19 are 2). */
function walHeader(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const b = Buffer.alloc(20);
    return readSync(fd, b, 0, 20, 0) === 20 && b[18] === 2 && b[19] === 2;
  } finally {
    closeSync(fd);
  }
}

/** Why the directory of `path` cannot be written, or null when it can. */
function unwritableDir(path: string): NodeJS.ErrnoException | null {
  try {
    accessSync(dirname(resolve(path)), constants.W_OK);
    return null;
  } catch (e) {
    return e as NodeJS.ErrnoException;
  }
}

/**
 * A catalog in write-ahead-log mode needs a -shm file beside it, even to be read. Where that
 * cannot be made: on a read-only file system with no log left over, no writer can exist, so a
 * private in-memory copy (marked rollback-journal) is safe to read; anywhere else a writer
 * might be at work, so the reader is refused with what to do.
 */
function openWalReadOnly(path: string, cause: unknown): Database.Database {
  const dirErr = unwritableDir(path);
  const wal = `${path}-wal`;
  const walEmpty = !existsSync(wal) || statSync(wal).size === 0;
  if (dirErr?.code === 'EROFS' && walEmpty) {
    const bytes = readFileSync(path);
    bytes[18] = 1;
    bytes[19] = 1;
    return new Database(bytes, { readonly: true });
  }
  if (dirErr !== null) {
    throw new UserError(
      `cannot read ${path}: it is in write-ahead-log mode (a build is running, or was stopped) and its directory is not writable (${describeFsError(dirErr)}); ` +
        `when no build is running, its owner can run dominosa migrate --db ${path} to leave it in rollback-journal mode`,
    );
  }
  throw new UserError(`cannot open ${path}: ${(cause as Error).message}`);
}

/** Refuse, before SQLite opens it, a catalog this process could not write, or whose directory it could not (for the log). */
function checkWritable(path: string): void {
  const target = existsSync(path) ? path : dirname(resolve(path));
  try {
    accessSync(target, constants.W_OK);
    accessSync(dirname(resolve(path)), constants.W_OK);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    const where = err.path !== undefined && resolve(err.path) !== resolve(path) ? ` (its directory ${err.path})` : '';
    const why =
      err.code === 'EPERM' && target === path ? 'the file is immutable or permission denied' : describeFsError(e);
    throw new UserError(`cannot write catalog ${path}${where}: ${why}`);
  }
}

/** SQLITE_BUSY as the one line the shell prints (exit 75); other faults as faultOf words them. */
function busyOr(e: unknown, path: string): unknown {
  if (e instanceof UserError) return e;
  const code = (e as { code?: string }).code ?? '';
  if (code.startsWith('SQLITE_BUSY')) {
    return new UserError(
      `${path} is in use by another process (a reader of a catalog in rollback-journal mode, or a writer starting); try again when it is done`,
      EXIT_BUSY,
    );
  }
  return faultOf(e, `cannot write ${path}`) ?? e;
}

function settings(conn: Connection): void {
  const { db } = conn;
  db.pragma(`busy_timeout = ${BUSY_MS}`);
  db.pragma('foreign_keys = ON');
  if (db.readonly) return;
  try {
    db.pragma('journal_mode = WAL');
  } catch (e) {
    throw busyOr(e, conn.path);
  }
  // In WAL mode NORMAL loses no committed transaction when the process dies, only on power loss.
  db.pragma('synchronous = NORMAL');
}

/** Take the writer lock (creating the schema first on an empty file), then the running digests from the stored ones. */
function lock(conn: Connection, verb: string, wholeSchema: boolean): void {
  const { db, path } = conn;
  try {
    conn.holder = takeLock(db, path, verb, () => {
      const empty =
        (db.prepare(`SELECT COUNT(*) FROM sqlite_master WHERE type = 'table'`).pluck().get() as number) === 0;
      if (empty) createSchema(conn);
      else checkIdentity(db, path, false, wholeSchema);
    });
  } catch (e) {
    throw busyOr(e, path);
  }
  conn.digests.load(storedDigests(db));
}

/**
 * Open a catalog. Refuses, with a UserError and before writing anything, a file that is not a
 * SQLite database, a database that is not a catalog, and a catalog of another schema version or
 * (unless told otherwise) with any schema object not this release's. A writer (not readonly) then
 * takes the writer lock, refusing at once while another process holds it, and creates the schema
 * in the same transaction when the file is new.
 */
export function openCatalog(path: string, options: OpenOptions = {}): Connection {
  const readonly = options.readonly ?? false;
  const create = !readonly && (options.create ?? false);
  const wholeSchema = options.wholeSchema ?? true;
  const place = placeError(path);
  if (place !== null) throw new UserError(create ? `cannot create catalog ${path}: ${place}` : place);
  const there = existsSync(path);
  if (!create && !there) throw new UserError(`no catalog at ${path} (run dominosa build first)`);
  if (there && !statSync(path).isFile()) throw new UserError(`${path} is not a file`);
  if (!readonly) checkWritable(path);
  // A writer stamps what it writes from SOURCE_DATE_EPOCH when set: a bad one is refused before the file is touched.
  if (!readonly) checkSourceDate();
  // A write-ahead-log catalog that cannot be opened read-only for want of its -shm file.
  const walCannotOpen = (e: unknown): boolean =>
    readonly && (e as { code?: string }).code === 'SQLITE_CANTOPEN' && walHeader(path);
  let db: Database.Database;
  try {
    db = new Database(path, { readonly, fileMustExist: !create });
  } catch (e) {
    if (!walCannotOpen(e)) throw new UserError(`cannot open ${path}: ${(e as Error).message}`);
    db = openWalReadOnly(path, e);
  }
  let conn = new Connection(db, path);
  try {
    try {
      checkIdentity(conn.db, path, create, wholeSchema);
    } catch (e) {
      if (!walCannotOpen(e)) throw e;
      db.close();
      conn = new Connection(openWalReadOnly(path, e), path);
      checkIdentity(conn.db, path, false, wholeSchema);
    }
    settings(conn);
    if (!readonly) lock(conn, options.verb ?? 'dominosa', wholeSchema);
    return conn;
  } catch (e) {
    if (conn.db.open) conn.db.close();
    if (e instanceof UserError) throw e;
    const err = e as { code?: string; message?: string };
    if (err.code === 'SQLITE_NOTADB') throw new UserError(`${path} is not a SQLite database`);
    // Unreadable before its first table is: not a catalog this release can open (exit 2).
    if (err.code?.startsWith('SQLITE_CORRUPT'))
      throw new UserError(`cannot open ${path}: it is damaged (${err.message})`);
    throw faultOf(e, `cannot open ${path}`) ?? new UserError(`cannot open ${path}: ${err.message ?? String(e)}`);
  }
}

/**
 * Read a catalog, if there is one, to decide what to write, changing nothing: every check that
 * can refuse it runs here, on a read-only connection, so a refused catalog is left byte for byte
 * as it was. Returns fn's plan and the stamp (the stored digest) a writer then opens with.
 * When the caller will write (`willWrite`), a live holder of the writer lock is refused first.
 */
export function inspectCatalog<T>(
  path: string,
  fn: (conn: Connection | null) => T,
  willWrite: boolean,
): { plan: T; stamp: string | null } {
  if (!existsSync(path)) return { plan: fn(null), stamp: null };
  let ro: Connection;
  try {
    ro = openCatalog(path, { readonly: true });
  } catch (e) {
    // An empty file is a catalog another writer has only begun to create, or none: openWriter decides.
    if (e instanceof EmptyDatabaseError) return { plan: fn(null), stamp: null };
    throw e;
  }
  try {
    ro.beginRead();
    // A writer at work is named first: its catalog is not yet what the checks below would judge.
    if (willWrite) refuseLiveHolder(ro.db, path);
    const plan = fn(ro);
    return { plan, stamp: stamp(ro.db) };
  } finally {
    ro.endRead();
    ro.close();
  }
}

/**
 * Open to write what inspect() planned: `seen` is the stamp it saw (null: no catalog yet), and
 * the catalog is refused if it changed between the two (another writer finished meanwhile).
 */
export function openWriter(path: string, verb: string, seen: string | null): Connection {
  const conn = openCatalog(path, { create: seen === null, verb });
  const fresh = seen === null && (conn.db.prepare('SELECT COUNT(*) FROM builds').pluck().get() as number) === 0;
  if (stamp(conn.db) !== seen && !fresh) {
    conn.close();
    throw new UserError(
      `${path} changed while dominosa was starting (another writer finished meanwhile); run the command again`,
      EXIT_BUSY,
    );
  }
  return conn;
}

/**
 * A second connection for a writer of this process that holds the lock and writes nothing
 * meanwhile (the build's store thread): no lock of its own, its running digests from the
 * stored ones, and checkpoints when its owner asks (past a large log, by itself).
 */
export function openBeside(path: string): Connection {
  const conn = new Connection(new Database(path, { fileMustExist: true }), path);
  try {
    checkIdentity(conn.db, path, false, true);
    settings(conn);
    conn.db.pragma(`wal_autocheckpoint = ${FALLBACK_CHECKPOINT_PAGES}`);
    conn.digests.load(storedDigests(conn.db));
    return conn;
  } catch (e) {
    conn.db.close();
    throw e;
  }
}
