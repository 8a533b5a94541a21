// One open catalog as the catalog layer's modules share it: the SQLite connection, its prepared
// statements, a writer's running digest and lock, and the transactions that keep the digest in
// step with every row written (one per batch, so a killed process leaves its last commit).
import type Database from 'better-sqlite3';
import type { DigestTable } from '../../src/catalog/schema.js';
import { rowDigest } from '../../src/catalog/digest.js';
import { FLUSH_SQL, RunningDigests } from './digests.js';
import { releaseLock, type Holder } from './lock.js';

export class Connection {
  private readonly stmts = new Map<string, Database.Statement>();
  readonly digests = new RunningDigests();
  /** The lock this connection holds (writers only). */
  holder: Holder | null = null;

  constructor(
    readonly db: Database.Database,
    readonly path: string,
  ) {}

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
   * Release the writer lock and leave the file in rollback-journal mode (when no other
   * connection has it open; else it stays in WAL mode until a later writer closes), then close.
   */
  close(): void {
    if (!this.db.open) return;
    if (this.holder === null) this.endRead();
    if (this.holder !== null) {
      try {
        this.db.pragma('busy_timeout = 1000');
        releaseLock(this.db, this.holder);
        this.holder = null;
        this.db.pragma('journal_mode = DELETE');
      } catch {
        // Left to the next writer: a lock whose process is gone is stale, a WAL file stays readable.
      }
    }
    this.db.close();
  }
}
