// One open catalog as the catalog layer's modules share it: the SQLite connection, its prepared
// statements, a writer's running digest and lock, and the transactions that keep the digest in
// step with every row written (one per batch, so a killed process leaves its last commit).
import type Database from 'better-sqlite3';
import type { DigestTable } from '../../src/catalog/schema.js';
import { rowDigest } from '../../src/catalog/digest.js';
import { FLUSH_SQL, RunningDigests } from './digests.js';
import { releaseLock, type Holder } from './lock.js';
import { rewriteCanonical, wantsCanonical } from './canonical.js';
import { note } from '../io/terminal.js';
import { faultOf } from '../runtime/errors.js';
import { fault } from '../runtime/faults.js';
import { onStop } from '../runtime/signals.js';
import { openIterators } from './open-iterators.js';

/** The connections open in this process, which a stop (signals.ts) closes. */
const live = new Set<Connection>();

/**
 * On a stop: close every open catalog as a failure does, readers first, so that each writer's
 * closing checkpoint finds no reader of this process in its way and leaves its catalog one file,
 * its last commit kept and its lock released.
 */
function closeAll(): void {
  // A reader mid-scan cannot close: its scan ends first.
  for (const it of openIterators) it.return?.();
  openIterators.clear();
  const all = [...live];
  const close = (c: Connection): void => {
    try {
      c.abandon();
    } catch {
      // A reader mid-query cannot close; the writers still can, and the process is going.
    }
  };
  for (const c of all) if (c.holder === null) close(c);
  for (const c of all) if (c.holder !== null) close(c);
}

export class Connection {
  private readonly stmts = new Map<string, Database.Statement>();
  readonly digests = new RunningDigests();
  /** The lock this connection holds (writers only). */
  holder: Holder | null = null;

  constructor(
    readonly db: Database.Database,
    readonly path: string,
  ) {
    if (live.size === 0) onStop(closeAll);
    live.add(this);
  }

  /** A statement prepared once per connection. */
  stmt(sql: string): Database.Statement {
    let s = this.stmts.get(sql);
    if (s === undefined) {
      s = this.db.prepare(sql);
      this.stmts.set(sql, s);
    }
    return s;
  }

  /**
   * Run fn in one transaction (committed when it returns, rolled back when it throws). A writer's
   * digest is written in the same transaction, and rolled back with it.
   */
  transaction<T>(fn: () => T): T {
    const outer = !this.db.inTransaction;
    const saved = this.digests.save();
    try {
      return this.db.transaction(() => {
        const r = fn();
        if (outer) this.digests.flush(this.stmt(FLUSH_SQL));
        return r;
      })();
    } catch (e) {
      this.digests.restore(saved);
      throw e;
    }
  }

  /** fn inside the current transaction, or in one of its own. */
  write<T>(fn: () => T): T {
    return this.db.inTransaction ? fn() : this.transaction(fn);
  }

  added(table: DigestTable, row: object): void {
    this.digests.of(table, this.path).add(rowDigest(table, row));
  }

  removed(table: DigestTable, row: object): void {
    this.digests.of(table, this.path).remove(rowDigest(table, row));
  }

  /** Replace rows, keeping the digest: `change` runs between reading the rows before and after. */
  changeRows(table: DigestTable, where: string, args: unknown[], change: () => void): void {
    this.write(() => {
      const select = this.stmt(`SELECT * FROM ${table} WHERE ${where}`);
      for (const old of select.all(...args) as Record<string, unknown>[]) this.removed(table, old);
      change();
      for (const now of select.all(...args) as Record<string, unknown>[]) this.added(table, now);
    });
  }

  /** Copy what the WAL holds into the database file as far as no reader needs it, without waiting for anyone. */
  checkpoint(): void {
    this.db.pragma('wal_checkpoint(PASSIVE)');
  }

  /** Read everything from here to endRead() from one snapshot of the catalog (one read transaction). */
  beginRead(): void {
    if (this.db.inTransaction) return;
    this.db.exec('BEGIN');
    this.db.prepare('SELECT COUNT(*) FROM meta').pluck().get();
  }

  endRead(): void {
    if (this.db.inTransaction) this.db.exec('COMMIT');
  }

  /**
   * Close. A writer first releases its lock, copies the whole write-ahead log into the database
   * file and puts the file back in rollback-journal mode, so a finished catalog is one file. A
   * disk that cannot take the copy is an error (exit 74): the rows stay whole in the -wal file,
   * where the next writer (a rerun, or migrate) finds them. Another process holding the file
   * open keeps it in WAL mode, which is said on stderr: never a silent success with the rows in
   * the -wal alone.
   */
  close(): void {
    this.shut(true);
  }

  /**
   * Close after a failure the verb reports itself (a full disk mid-build): the same steps as
   * close, a failing one left unsaid, so the verb's own line is the one the user reads.
   */
  abandon(): void {
    this.shut(false);
  }

  private shut(loud: boolean): void {
    live.delete(this);
    if (!this.db.open) return;
    if (this.holder === null) this.endRead();
    if (this.holder === null) {
      this.db.close();
      return;
    }
    try {
      this.db.pragma('busy_timeout = 1000');
      // With SOURCE_DATE_EPOCH a finished writer rewrites the file canonically (canonical.ts),
      // holding the lock until the copy replaces it: the lock's row goes with the old file.
      const canonical = loud && wantsCanonical();
      if (!canonical) this.release();
      let kept = this.intoOneFile();
      if (canonical && kept === null) {
        rewriteCanonical(this.db, this.path);
        this.holder = null;
      } else if (canonical) {
        this.release();
        kept = this.intoOneFile();
      }
      if (kept !== null && loud)
        note(
          `${this.path} stays in WAL mode (${kept})${canonical ? ', so SOURCE_DATE_EPOCH could not make it canonical' : ''}: keep its -wal file beside it`,
        );
    } catch (e) {
      if (!loud) return;
      throw (
        faultOf(
          e,
          `cannot finish writing ${this.path}`,
          '; its rows are kept in its -wal file: free space and rerun, or run dominosa migrate',
        ) ?? e
      );
    } finally {
      this.db.close();
    }
  }

  /** Release the writer lock, if it can be: a lock whose process is gone is stale, and the next writer takes it over. */
  private release(): void {
    if (this.holder === null) return;
    try {
      releaseLock(this.db, this.holder);
      this.holder = null;
    } catch {
      // Left for the next writer to take over.
    }
  }

  /**
   * Checkpoint the whole log and leave WAL mode: null when the catalog is one file again, else
   * why not (another connection has it open). A fault of the disk throws.
   */
  private intoOneFile(): string | null {
    fault('close-checkpoint');
    const [ck] = this.db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number; log: number; checkpointed: number }[];
    if (ck !== undefined && ck.busy !== 0) return 'another process has it open';
    fault('journal-mode');
    try {
      const mode = this.db.pragma('journal_mode = DELETE', { simple: true }) as string;
      return mode === 'delete' ? null : `its journal mode is ${mode}`;
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      if (typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')))
        return 'another process has it open';
      throw e;
    }
  }
}
