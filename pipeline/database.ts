// The SQLite catalog: open or create it, and the prepared reads and writes the verbs share.
// Readers open the file read-only and change nothing (no sidecar files on a catalog in
// rollback-journal mode); a writer takes the catalog's writer lock, writes with a write-ahead
// log, keeps the digest (src/catalog/digest.ts) in step with every row it writes, and on close
// leaves the catalog in rollback-journal mode when no one else has it open. Writes run inside
// transaction(), one per batch, so a killed process leaves the catalog as of its last commit.
import { accessSync, closeSync, constants, existsSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { checkDigests, checkSchemaObjects, checkStoredRow, type Failure, type SharedFields, type StoredPuzzle } from '../src/catalog/check.js';
import { rowChecksum } from '../src/catalog/checksum.js';
import { rowDigest, schemaDigest, TableDigest, valuesDigest, type SchemaObject, type StoredDigest } from '../src/catalog/digest.js';
import { PREPARED_COLUMNS, type PreparedRow } from '../src/catalog/row.js';
import {
  CATALOG_APP,
  DIGEST_COLUMNS,
  DIGEST_TABLES,
  OPTIONAL_SCHEMA_SQL,
  OPTIONAL_TABLES,
  SCHEMA_ENTRY,
  SCHEMA_SQL,
  SCHEMA_VERSION,
  type BuildStatus,
  type DigestTable,
  type OptionalTable,
  type SlotOutcome,
} from '../src/catalog/schema.js';
import type { VerdictRow } from '../src/catalog/verdict.js';
import { LEVELS, type LevelName } from '../src/dominosa/grade/ladder.js';
import type { GradeBand } from '../src/dominosa/rank/bands.js';
import { measureColumn, tierFor, type TierMeasure, type TierRule } from '../src/dominosa/rank/measure.js';
import type { Tier } from '../src/rank/tiers.js';
import { describeFsError, EXIT_BUSY, EXIT_FAILED_CHECK, faultOf, UserError } from './errors.js';
import { describeHolder, holderState, thisProcess, type Holder } from './lock.js';

/** A stored puzzle: what the checks read (src/catalog/check.ts), plus where it came from. */
export interface PuzzleRow extends Omit<StoredPuzzle, 'tier'> {
  tier: Tier;
  seed: number;
  slot: number;
  method: string;
  build_id: number | null;
  /** Derived by SQLite from score (generated columns). */
  level: number;
  grade: LevelName;
}

/** A row to insert: the catalog computes the checksum, SQLite the level and grade. */
export type NewPuzzle = Omit<PuzzleRow, 'id' | 'checksum' | 'level' | 'grade'>;

export interface BuildRow {
  id: number;
  key: string;
  seed: number;
  options: string;
  solver_version: string;
  grader_version: string;
  started_at: string;
  finished_at: string | null;
  counts: string;
  status: BuildStatus;
}

export interface SlotRow {
  build_id: number;
  m: number;
  slot: number;
  outcome: SlotOutcome;
  attempts: number;
  puzzle_id: number | null;
}

/** A slot row as its values, in SlotRow's (and the digest's) column order. */
export type SlotValues = [build_id: number, m: number, slot: number, outcome: SlotOutcome, attempts: number, puzzle_id: number | null];

/** Per size and tier: how many base puzzles, and their range on the size's tier measure. */
export interface TierStat {
  m: number;
  tier: Tier;
  count: number;
  measure: TierMeasure;
  min: number;
  max: number;
}

/** A size's current (or a build's) tier rule, and the solver version its cuts were set for. */
export type StoredRule = TierRule & { solverVersion: string };

export interface OpenOptions {
  /** Create the file and schema when missing (default false: the catalog must exist). */
  create?: boolean;
  /** Open to read only: no lock, no journal change, nothing written. */
  readonly?: boolean;
  /** A writer's verb, named to a second writer the lock refuses (default 'dominosa'). */
  verb?: string;
}

type Stmt = Database.Statement;

/** A dominosa catalog of a schema version this release does not read (audit reports it as a failed check). */
/** An SQLite file with no tables yet: to a writer, no catalog yet (another writer may be creating it). */
export class EmptyDatabaseError extends UserError {}

export class SchemaVersionError extends UserError {
  constructor(
    message: string,
    readonly version: string | null,
  ) {
    super(message);
  }
}

/** Which puzzles a verb works on; absent filters select everything. */
export interface PuzzleFilter {
  sizes?: readonly number[];
  tiers?: readonly Tier[];
  /** Variants too (default false: base puzzles only). */
  includeVariants?: boolean;
  /** Only puzzles whose grader level lies in this band (a grade target's levels). */
  levels?: GradeBand;
}

/** How long a connection waits for another's lock on the file before giving up (SQLITE_BUSY). */
const BUSY_MS = 5000;
/** The build store's automatic checkpoint size, in pages (64 MiB of 4 KiB pages): it checkpoints on a clock instead, this is a fallback. */
const FALLBACK_CHECKPOINT_PAGES = 16_384;

/** The objects these statements make on an empty database, as its sqlite_master lists them. */
function schemaMadeBy(statements: readonly string[]): SchemaObject[] {
  const mem = new Database(':memory:');
  try {
    for (const sql of statements) mem.exec(sql);
    return schemaObjects(mem);
  } finally {
    mem.close();
  }
}

/** The objects SCHEMA_SQL makes, as a fresh catalog's sqlite_master lists them. */
let expected: SchemaObject[] | null = null;
export function expectedSchema(): SchemaObject[] {
  expected ??= schemaMadeBy([SCHEMA_SQL]);
  return expected;
}

/** The objects the optional tables make (OPTIONAL_SCHEMA_SQL), each checked only where present. */
let optional: SchemaObject[] | null = null;
export function optionalSchema(): SchemaObject[] {
  if (optional === null) {
    const base = new Set(expectedSchema().map((o) => `${o.type}\0${o.name}`));
    optional = schemaMadeBy([SCHEMA_SQL, ...Object.values(OPTIONAL_SCHEMA_SQL)]).filter((o) => !base.has(`${o.type}\0${o.name}`));
  }
  return optional;
}

function schemaObjects(db: Database.Database): SchemaObject[] {
  return db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name').all() as SchemaObject[];
}

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
    const why = err.code === 'EPERM' && target === path ? 'the file is immutable or permission denied' : describeFsError(e);
    throw new UserError(`cannot write catalog ${path}${where}: ${why}`);
  }
}

/** SQLITE_BUSY as the one line the shell prints (exit 75); other faults as faultOf words them. */
function busyOr(e: unknown, path: string): unknown {
  if (e instanceof UserError) return e;
  const code = (e as { code?: string }).code ?? '';
  if (code.startsWith('SQLITE_BUSY')) {
    return new UserError(`${path} is in use by another process (a reader of a catalog in rollback-journal mode, or a writer starting); try again when it is done`, EXIT_BUSY);
  }
  return faultOf(e, `cannot write ${path}`) ?? e;
}

export class Catalog {
  private readonly stmts = new Map<string, Stmt>();
  /** A writer's running digest per table, and the tables changed since the last commit. */
  private digests: Map<DigestTable, TableDigest> | null = null;
  private readonly dirty = new Set<DigestTable>();
  /** The lock this connection holds (writers only). */
  private holder: Holder | null = null;

  private constructor(
    readonly db: Database.Database,
    readonly path: string,
  ) {}

  /**
   * Open a catalog. Refuses, with a UserError and before writing anything, a file that is not a
   * SQLite database, a database that is not a catalog, and a catalog of another schema version.
   * A writer (not readonly) then takes the writer lock, refusing at once while another process
   * holds it, and creates the schema in the same transaction when the file is new.
   */
  static open(path: string, options: OpenOptions = {}): Catalog {
    const readonly = options.readonly ?? false;
    const create = !readonly && (options.create ?? false);
    if (!create && !existsSync(path)) throw new UserError(`no catalog at ${path} (run dominosa build first)`);
    if (existsSync(path) && !statSync(path).isFile()) throw new UserError(`${path} is not a file`);
    if (!readonly) checkWritable(path);
    // A write-ahead-log catalog that cannot be opened read-only for want of its -shm file.
    const walCannotOpen = (e: unknown): boolean => readonly && (e as { code?: string }).code === 'SQLITE_CANTOPEN' && walHeader(path);
    let db: Database.Database;
    try {
      db = new Database(path, { readonly, fileMustExist: !create });
    } catch (e) {
      if (!walCannotOpen(e)) throw new UserError(`cannot open ${path}: ${(e as Error).message}`);
      db = openWalReadOnly(path, e);
    }
    let cat = new Catalog(db, path);
    try {
      try {
        cat.checkCatalog(create);
      } catch (e) {
        if (!walCannotOpen(e)) throw e;
        db.close();
        cat = new Catalog(openWalReadOnly(path, e), path);
        cat.checkCatalog(false);
      }
      cat.settings();
      if (!readonly) cat.takeLock(options.verb ?? 'dominosa');
      return cat;
    } catch (e) {
      if (cat.db.open) cat.db.close();
      if (e instanceof UserError) throw e;
      const err = e as { code?: string; message?: string };
      if (err.code === 'SQLITE_NOTADB') throw new UserError(`${path} is not a SQLite database`);
      // Unreadable before its first table is: not a catalog this release can open (exit 2).
      if (err.code?.startsWith('SQLITE_CORRUPT')) throw new UserError(`cannot open ${path}: it is damaged (${err.message})`);
      throw faultOf(e, `cannot open ${path}`) ?? new UserError(`cannot open ${path}: ${err.message ?? String(e)}`);
    }
  }

  /**
   * Read a catalog, if there is one, to decide what to write, changing nothing: every check that
   * can refuse it runs here, on a read-only connection, so a refused catalog is left byte for byte
   * as it was. Returns fn's plan and the stamp (the stored digest) a writer then opens with.
   * When the caller will write (`willWrite`), a live holder of the writer lock is refused first.
   */
  static inspect<T>(path: string, fn: (cat: Catalog | null) => T, willWrite = true): { plan: T; stamp: string | null } {
    if (!existsSync(path)) return { plan: fn(null), stamp: null };
    let ro: Catalog;
    try {
      ro = Catalog.open(path, { readonly: true });
    } catch (e) {
      // An empty file is a catalog another writer has only begun to create, or none: openWriter decides.
      if (e instanceof EmptyDatabaseError) return { plan: fn(null), stamp: null };
      throw e;
    }
    try {
      ro.beginRead();
      // A writer at work is named first: its catalog is not yet what the checks below would judge.
      if (willWrite) ro.refuseLiveHolder();
      const plan = fn(ro);
      return { plan, stamp: ro.stamp() };
    } finally {
      ro.endRead();
      ro.close();
    }
  }

  /**
   * Open to write what inspect() planned: `stamp` is the digest it saw (null: no catalog yet),
   * and the catalog is refused if it changed between the two (another writer finished meanwhile).
   */
  static openWriter(path: string, verb: string, stamp: string | null): Catalog {
    const cat = Catalog.open(path, { create: stamp === null, verb });
    const now = cat.stamp();
    const fresh = stamp === null && (cat.db.prepare('SELECT COUNT(*) FROM builds').pluck().get() as number) === 0;
    if (now !== stamp && !fresh) {
      cat.close();
      throw new UserError(`${path} changed while dominosa was starting (another writer finished meanwhile); run the command again`, EXIT_BUSY);
    }
    return cat;
  }

  /**
   * A second connection for a writer of this process that holds the lock and writes nothing
   * meanwhile (the build's store thread): no lock of its own, its running digests from the
   * stored ones, and checkpoints when its owner calls checkpoint() (past a large log, by itself).
   */
  static openBeside(path: string): Catalog {
    const cat = new Catalog(new Database(path, { fileMustExist: true }), path);
    try {
      cat.checkCatalog(false);
      cat.settings();
      cat.db.pragma(`wal_autocheckpoint = ${FALLBACK_CHECKPOINT_PAGES}`);
      cat.loadDigests();
      return cat;
    } catch (e) {
      cat.db.close();
      throw e;
    }
  }

  /** Refuse (reading only) what is not a catalog of this version; create the schema on an empty file when asked. */
  private checkCatalog(create: boolean): void {
    const tables = this.db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all() as string[];
    if (tables.length === 0) {
      if (!create) throw new EmptyDatabaseError(`${this.path} is an empty database, not a dominosa catalog`);
      return;
    }
    if (!tables.includes('meta')) throw new UserError(`${this.path} is a SQLite database but not a dominosa catalog`);
    const get = this.db.prepare('SELECT value FROM meta WHERE key = ?').pluck();
    const app = get.get('app') as string | undefined;
    if (app !== CATALOG_APP) throw new UserError(`${this.path} is a SQLite database but not a dominosa catalog`);
    const version = get.get('schema_version') as string | undefined;
    if (version !== String(SCHEMA_VERSION)) {
      const older = version !== undefined && Number(version) >= 1 && Number(version) < SCHEMA_VERSION;
      throw new SchemaVersionError(
        `${this.path} has catalog schema version ${version ?? '(none)'}; this dominosa reads version ${SCHEMA_VERSION} only` +
          (older ? ` (upgrade it with: dominosa migrate --db ${this.path})` : ''),
        version ?? null,
      );
    }
  }

  private settings(): void {
    this.db.pragma(`busy_timeout = ${BUSY_MS}`);
    this.db.pragma('foreign_keys = ON');
    if (this.db.readonly) return;
    try {
      this.db.pragma('journal_mode = WAL');
    } catch (e) {
      throw busyOr(e, this.path);
    }
    // In WAL mode NORMAL loses no committed transaction when the process dies, only on power loss.
    this.db.pragma('synchronous = NORMAL');
  }

  /** Copy what the WAL holds into the database file as far as no reader needs it, without waiting for anyone. */
  checkpoint(): void {
    this.db.pragma('wal_checkpoint(PASSIVE)');
  }

  /**
   * Take the writer lock (creating the schema first on an empty file) in one write transaction:
   * a live holder is named and refused; one whose process is gone is replaced.
   */
  private takeLock(verb: string): void {
    const me = thisProcess(verb);
    try {
      this.db
        .transaction(() => {
          const empty = (this.db.prepare(`SELECT COUNT(*) FROM sqlite_master WHERE type = 'table'`).pluck().get() as number) === 0;
          if (empty) this.createSchema();
          else this.checkCatalog(false);
          this.refuseLiveHolder();
          this.db.prepare('INSERT OR REPLACE INTO writer (id, pid, verb, host, boot, start, since) VALUES (1, @pid, @verb, @host, @boot, @start, @since)').run(me);
        })
        .immediate();
    } catch (e) {
      throw busyOr(e, this.path);
    }
    this.holder = me;
    this.loadDigests();
  }

  /** The running digests, from the stored ones. */
  private loadDigests(): void {
    this.digests = new Map(DIGEST_TABLES.map((t) => [t, new TableDigest()]));
    // An optional table's entry too, where the catalog has the table.
    for (const [name, d] of this.storedDigests()) {
      if (Object.hasOwn(DIGEST_COLUMNS, name)) this.digests.set(name as DigestTable, TableDigest.parse(d));
    }
  }

  /** A writer takes up its running digests again after another connection of its process wrote (openBeside). */
  reloadDigests(): void {
    if (this.holder !== null) this.loadDigests();
  }

  /** Refuse, naming it, a holder of the writer lock whose process still runs (exit 75). */
  private refuseLiveHolder(): void {
    const held = this.db.prepare('SELECT pid, verb, host, boot, start, since FROM writer WHERE id = 1').get() as Holder | undefined;
    if (held === undefined) return;
    const state = holderState(held);
    if (state === 'dead') return;
    const unsure = state === 'unknown' ? '; if that process is gone, delete the writer row of the catalog by hand' : '';
    throw new UserError(`${this.path} is being written by ${describeHolder(held)}; wait for it to finish${unsure}`, EXIT_BUSY);
  }

  /** The schema, its meta rows and its digest, on an empty database (inside takeLock's transaction). */
  private createSchema(): void {
    this.db.exec(SCHEMA_SQL);
    this.digests = new Map(DIGEST_TABLES.map((t) => [t, new TableDigest()]));
    this.putMeta('app', CATALOG_APP);
    this.putMeta('schema_version', String(SCHEMA_VERSION));
    this.putMeta('created_at', new Date().toISOString());
    const s = schemaDigest(schemaObjects(this.db));
    this.db.prepare('INSERT INTO digest (name, rows, sum) VALUES (?, ?, ?)').run(SCHEMA_ENTRY, s.rows, s.sum);
    // Every table has its entry from the start, empty ones too: a missing entry is then damage.
    for (const t of DIGEST_TABLES) this.dirty.add(t);
    this.flushDigest();
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
        const h = this.holder;
        this.db.prepare('DELETE FROM writer WHERE id = 1 AND pid = ? AND start = ?').run(h.pid, h.start);
        this.holder = null;
        this.db.pragma('journal_mode = DELETE');
      } catch {
        // Left to the next writer: a lock whose process is gone is stale, a WAL file stays readable.
      }
    }
    this.db.close();
  }

  /**
   * Run fn in one transaction (committed when it returns, rolled back when it throws). A writer's
   * digest is written in the same transaction, and rolled back with it.
   */
  transaction<T>(fn: () => T): T {
    const outer = !this.db.inTransaction;
    const saved = this.digests === null ? null : new Map([...this.digests].map(([k, v]) => [k, v.clone()]));
    try {
      return this.db.transaction(() => {
        const r = fn();
        if (outer) this.flushDigest();
        return r;
      })();
    } catch (e) {
      if (saved !== null) this.digests = saved;
      throw e;
    }
  }

  /** fn inside the current transaction, or in one of its own. */
  private write<T>(fn: () => T): T {
    return this.db.inTransaction ? fn() : this.transaction(fn);
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

  private stmt(sql: string): Stmt {
    let s = this.stmts.get(sql);
    if (s === undefined) {
      s = this.db.prepare(sql);
      this.stmts.set(sql, s);
    }
    return s;
  }

  // --- digest ---

  private digestOf(table: DigestTable): TableDigest {
    const d = this.digests?.get(table);
    if (d === undefined) throw new Error(`${this.path} is not open to write`);
    this.dirty.add(table);
    return d;
  }

  private added(table: DigestTable, row: object): void {
    this.digestOf(table).add(rowDigest(table, row));
  }

  private removed(table: DigestTable, row: object): void {
    this.digestOf(table).remove(rowDigest(table, row));
  }

  private flushDigest(): void {
    if (this.digests === null || this.dirty.size === 0) return;
    const put = this.stmt('INSERT INTO digest (name, rows, sum) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET rows = excluded.rows, sum = excluded.sum');
    for (const t of this.dirty) {
      const d = this.digests.get(t)!.stored();
      put.run(t, d.rows, d.sum);
    }
    this.dirty.clear();
  }

  /** The digest as stored, per table and for the schema. */
  storedDigests(): Map<string, StoredDigest> {
    const rows = this.stmt('SELECT name, rows, sum FROM digest ORDER BY name').all() as ({ name: string } & StoredDigest)[];
    return new Map(rows.map((r) => [r.name, { rows: r.rows, sum: r.sum }]));
  }

  /** The stored digest as one string: equal stamps, equal catalogs. */
  stamp(): string {
    return JSON.stringify([...this.storedDigests()]);
  }

  /** The objects of this catalog's schema, as sqlite_master lists them. */
  schemaObjects(): SchemaObject[] {
    return schemaObjects(this.db);
  }

  /**
   * The digest recomputed from every row and the schema (a full scan). Each puzzle row is handed
   * to `eachPuzzle` on the way, so a caller checks rows in the same pass.
   */
  computeDigests(eachPuzzle?: (p: PuzzleRow) => void): Map<string, StoredDigest> {
    const out = new Map<string, StoredDigest>();
    for (const t of [...DIGEST_TABLES, ...this.optionalTables()]) {
      const d = new TableDigest();
      const all = t === 'puzzles' && eachPuzzle !== undefined;
      // An optional table is read whole: if redefined outside dominosa it may lack a column (the schema check names it).
      const cols = all || (OPTIONAL_TABLES as readonly string[]).includes(t) ? '*' : DIGEST_COLUMNS[t].join(', ');
      const order = t === 'puzzles' ? ' ORDER BY id' : '';
      for (const row of this.db.prepare(`SELECT ${cols} FROM ${t}${order}`).iterate() as IterableIterator<Record<string, unknown>>) {
        d.add(rowDigest(t, row));
        if (all) eachPuzzle(row as unknown as PuzzleRow);
      }
      out.set(t, d.stored());
    }
    out.set(SCHEMA_ENTRY, schemaDigest(this.schemaObjects()));
    return out;
  }

  /** The catalog-wide integrity checks: the schema's objects are this release's, and the digest matches. */
  checkIntegrityOfCatalog(eachPuzzle?: (p: PuzzleRow) => void): Failure[] {
    return [...this.schemaFailures(), ...checkDigests(this.storedDigests(), this.computeDigests(eachPuzzle))];
  }

  /** The schema's objects against this release's: every one SCHEMA_SQL makes, and the optional tables present as OPTIONAL_SCHEMA_SQL makes them. */
  private schemaFailures(): Failure[] {
    return checkSchemaObjects(this.schemaObjects(), expectedSchema(), optionalSchema());
  }

  /** The optional tables this catalog has. */
  optionalTables(): OptionalTable[] {
    const have = new Set(this.stmt(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all() as string[]);
    return OPTIONAL_TABLES.filter((t) => have.has(t));
  }

  /** Make an optional table where it is missing, with its digest entry and the schema's renewed (inside a write). */
  private ensureTable(table: OptionalTable): void {
    if (this.optionalTables().includes(table)) return;
    this.db.exec(OPTIONAL_SCHEMA_SQL[table]);
    const s = schemaDigest(this.schemaObjects());
    this.stmt('INSERT OR REPLACE INTO digest (name, rows, sum) VALUES (?, ?, ?)').run(SCHEMA_ENTRY, s.rows, s.sum);
    this.digests?.set(table, new TableDigest());
    this.dirty.add(table);
  }

  // --- recorded audit verdicts (the optional verdicts table) ---

  /**
   * Record verdicts: `passed` replace any earlier verdict of their puzzles, `failed` puzzle ids lose
   * theirs. Makes the table on first use; one transaction with its digest.
   */
  recordVerdicts(passed: readonly VerdictRow[], failed: readonly number[]): void {
    this.write(() => {
      this.ensureTable('verdicts');
      const get = this.stmt('SELECT * FROM verdicts WHERE puzzle_id = ?');
      const drop = this.stmt('DELETE FROM verdicts WHERE puzzle_id = ?');
      const put = this.stmt(`INSERT INTO verdicts ${columnsAndValues(DIGEST_COLUMNS.verdicts)}`);
      const forget = (id: number): void => {
        const old = get.get(id) as VerdictRow | undefined;
        if (old === undefined) return;
        drop.run(id);
        this.removed('verdicts', old);
      };
      for (const id of failed) forget(id);
      for (const v of passed) {
        forget(v.puzzle_id);
        put.run(v);
        this.added('verdicts', v);
      }
    });
  }

  /**
   * The recorded verdicts by puzzle id, or why none can be trusted: the table is missing (never
   * recorded), or its definition or rows do not match what dominosa wrote (the digest).
   */
  readVerdicts(): { ok: true; verdicts: Map<number, VerdictRow> } | { ok: false; why: string; tampered: boolean } {
    if (!this.optionalTables().includes('verdicts')) return { ok: false, why: 'no verdicts recorded (run dominosa audit --record)', tampered: false };
    const def = this.schemaObjects().find((o) => o.type === 'table' && o.name === 'verdicts');
    if (def?.sql !== optionalSchema().find((o) => o.name === 'verdicts')?.sql) return { ok: false, why: 'the verdicts table is not as dominosa makes it', tampered: true };
    const verdicts = new Map<number, VerdictRow>();
    const d = new TableDigest();
    for (const v of this.stmt('SELECT * FROM verdicts').iterate() as IterableIterator<VerdictRow>) {
      d.add(rowDigest('verdicts', v));
      verdicts.set(v.puzzle_id, v);
    }
    const stored = this.storedDigests().get('verdicts');
    const now = d.stored();
    if (stored === undefined || stored.rows !== now.rows || stored.sum !== now.sum) {
      return { ok: false, why: 'the recorded verdicts do not match their digest (changed outside dominosa)', tampered: true };
    }
    return { ok: true, verdicts };
  }

  // --- meta ---

  putMeta(key: string, value: string): void {
    this.write(() => {
      const old = this.stmt('SELECT key, value FROM meta WHERE key = ?').get(key) as { key: string; value: string } | undefined;
      if (old !== undefined) this.removed('meta', old);
      this.stmt('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(key, value);
      this.added('meta', { key, value });
    });
  }

  /** Replace a row, keeping the digest: `change` runs between reading the row before and after. */
  private changeRow(table: DigestTable, where: string, args: unknown[], change: () => void): void {
    this.write(() => {
      const select = this.stmt(`SELECT * FROM ${table} WHERE ${where}`);
      for (const old of select.all(...args) as Record<string, unknown>[]) this.removed(table, old);
      change();
      for (const now of select.all(...args) as Record<string, unknown>[]) this.added(table, now);
    });
  }

  // --- builds ---

  findBuild(key: string): BuildRow | undefined {
    return this.stmt('SELECT * FROM builds WHERE key = ?').get(key) as BuildRow | undefined;
  }

  createBuild(b: Omit<BuildRow, 'id' | 'finished_at' | 'counts'>): number {
    return this.write(() => {
      const info = this.stmt(
        `INSERT INTO builds (key, seed, options, solver_version, grader_version, started_at, status)
         VALUES (@key, @seed, @options, @solver_version, @grader_version, @started_at, @status)`,
      ).run(b);
      const id = Number(info.lastInsertRowid);
      this.added('builds', this.stmt('SELECT * FROM builds WHERE id = ?').get(id) as BuildRow);
      return id;
    });
  }

  /** Insert a build row as it was (a migration keeps every build's id and fields). */
  insertBuildRow(b: BuildRow): void {
    this.write(() => {
      this.stmt(
        `INSERT INTO builds (id, key, seed, options, solver_version, grader_version, started_at, finished_at, counts, status)
         VALUES (@id, @key, @seed, @options, @solver_version, @grader_version, @started_at, @finished_at, @counts, @status)`,
      ).run(b);
      this.added('builds', this.stmt('SELECT * FROM builds WHERE id = ?').get(b.id) as BuildRow);
    });
  }

  /** Mark a build running again, recording the options of this run. */
  resumeBuild(id: number, options: string): void {
    this.changeRow('builds', 'id = ?', [id], () => this.stmt(`UPDATE builds SET status = 'running', options = ? WHERE id = ?`).run(options, id));
  }

  updateBuild(id: number, status: BuildStatus, counts: unknown, finishedAt: string | null): void {
    this.changeRow('builds', 'id = ?', [id], () =>
      this.stmt('UPDATE builds SET status = ?, counts = ?, finished_at = ? WHERE id = ?').run(status, JSON.stringify(counts), finishedAt, id),
    );
  }

  /** Record that a build stopped (its counts stay those of its last committed batch). */
  setBuildStatus(id: number, status: BuildStatus, finishedAt: string | null): void {
    this.changeRow('builds', 'id = ?', [id], () => this.stmt('UPDATE builds SET status = ?, finished_at = ? WHERE id = ?').run(status, finishedAt, id));
  }

  // --- thresholds ---

  /** Record the rule a build tiers with (buildId) or the current one (null), replacing old rows. */
  writeThresholds(buildId: number | null, m: number, rule: TierRule, solverVersion: string): void {
    const { th, measure } = rule;
    this.changeRow('thresholds', 'IFNULL(build_id, 0) = ? AND m = ?', [buildId ?? 0, m], () => {
      this.stmt('DELETE FROM thresholds WHERE IFNULL(build_id, 0) = ? AND m = ?').run(buildId ?? 0, m);
      this.stmt('INSERT INTO thresholds (build_id, m, measure, t1, t2, t3, solver_version) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
        buildId,
        m,
        measure,
        th.t1,
        th.t2,
        th.t3,
        solverVersion,
      );
    });
  }

  readThresholds(buildId: number | null): Map<number, StoredRule> {
    const rows = this.stmt('SELECT m, measure, t1, t2, t3, solver_version FROM thresholds WHERE IFNULL(build_id, 0) = ? ORDER BY m').all(
      buildId ?? 0,
    ) as { m: number; measure: TierMeasure; t1: number; t2: number; t3: number; solver_version: string }[];
    return new Map(rows.map((r) => [r.m, { measure: r.measure, th: { t1: r.t1, t2: r.t2, t3: r.t3 }, solverVersion: r.solver_version }]));
  }

  // --- slots ---

  insertSlot(row: SlotRow): void {
    this.write(() => {
      this.stmt(
        `INSERT INTO slots (build_id, m, slot, outcome, attempts, puzzle_id)
         VALUES (@build_id, @m, @slot, @outcome, @attempts, @puzzle_id)`,
      ).run(row);
      this.added('slots', row);
    });
  }

  /** Insert slot rows given as values (a build's writer, a batch at a time). */
  insertSlotValues(rows: readonly SlotValues[]): void {
    this.write(() => {
      const head = 'INSERT INTO slots (build_id, m, slot, outcome, attempts, puzzle_id) VALUES ';
      const insert = this.stmt(`${head}(?, ?, ?, ?, ?, ?)`);
      // A slot row is small, so the statement's own cost dominates: SLOT_ROWS_PER_INSERT rows
      // share one (a quarter less CPU per slot measured in memory), in the same order.
      const many = this.stmt(`${head}${Array<string>(SLOT_ROWS_PER_INSERT).fill('(?, ?, ?, ?, ?, ?)').join(', ')}`);
      const digest = this.digestOf('slots');
      const values: SlotValues[number][] = [];
      let i = 0;
      for (; i + SLOT_ROWS_PER_INSERT <= rows.length; i += SLOT_ROWS_PER_INSERT) {
        values.length = 0;
        for (let k = i; k < i + SLOT_ROWS_PER_INSERT; k++) values.push(...rows[k]);
        many.run(values);
      }
      for (; i < rows.length; i++) insert.run(rows[i]);
      for (const r of rows) digest.add(valuesDigest('slots', r));
    });
  }

  /** The first slot of size m not yet committed for the build (slots commit in order). */
  nextSlot(buildId: number, m: number): number {
    const v = this.stmt('SELECT MAX(slot) FROM slots WHERE build_id = ? AND m = ?').pluck().get(buildId, m) as number | null;
    return v === null ? 0 : v + 1;
  }

  /** Committed slots of a build and size, by outcome, with their attempts. */
  slotStats(buildId: number, m: number): Map<SlotOutcome, { slots: number; attempts: number }> {
    const rows = this.stmt(
      'SELECT outcome, COUNT(*) AS slots, SUM(attempts) AS attempts FROM slots WHERE build_id = ? AND m = ? GROUP BY outcome',
    ).all(buildId, m) as { outcome: SlotOutcome; slots: number; attempts: number }[];
    return new Map(rows.map((r) => [r.outcome, { slots: r.slots, attempts: r.attempts }]));
  }

  // --- puzzles ---

  /** Insert a puzzle, with its checksum; returns its id. */
  insertPuzzle(p: NewPuzzle): number {
    return this.write(() => {
      const row = withChecksum(p);
      const id = Number(this.stmt(`INSERT INTO puzzles ${INSERT_COLUMNS}`).run(row).lastInsertRowid);
      this.added('puzzles', { id, base_id: p.base_id, build_id: p.build_id, checksum: row.checksum });
      return id;
    });
  }

  /** Insert a puzzle, with its checksum, under a given id (a migration keeps every row's). */
  insertPuzzleWithId(id: number, p: NewPuzzle): void {
    this.write(() => {
      const row = withChecksum(p);
      this.stmt(`INSERT INTO puzzles ${INSERT_COLUMNS_WITH_ID}`).run({ id, ...row });
      this.added('puzzles', { id, base_id: p.base_id, build_id: p.build_id, checksum: row.checksum });
    });
  }

  /** The id SQLite gives the next puzzle row inserted without one: one past the largest. */
  nextPuzzleId(): number {
    return this.stmt('SELECT IFNULL(MAX(id), 0) + 1 FROM puzzles').pluck().get() as number;
  }

  /**
   * Insert rows as prepared (src/catalog/row.ts), ids and checksums included: a build's workers
   * make and checksum the rows, its writer numbers them, and this binds each array as it is.
   */
  insertPreparedPuzzles(rows: readonly PreparedRow[]): void {
    this.write(() => {
      const insert = this.stmt(`INSERT INTO puzzles (${PREPARED_COLUMNS.join(', ')}) VALUES (${PREPARED_COLUMNS.map(() => '?').join(', ')})`);
      const digest = this.digestOf('puzzles');
      const values = PUZZLE_DIGEST_AT.map(() => null as PreparedRow[number]);
      for (const r of rows) {
        insert.run(r);
        for (let k = 0; k < values.length; k++) values[k] = r[PUZZLE_DIGEST_AT[k]];
        digest.add(valuesDigest('puzzles', values));
      }
    });
  }

  /** True when a base puzzle of this symmetry class is already in the catalog. */
  hasBase(canonicalHash: string): boolean {
    return this.stmt('SELECT 1 FROM puzzles WHERE canonical_hash = ? AND base_id IS NULL').get(canonicalHash) !== undefined;
  }

  /** Base puzzles of size m per tier. */
  tierCounts(m: number): Record<Tier, number> {
    const counts: Record<Tier, number> = { easy: 0, normal: 0, hard: 0, expert: 0 };
    const rows = this.stmt('SELECT tier, COUNT(*) AS n FROM puzzles WHERE m = ? AND base_id IS NULL GROUP BY tier').all(m) as {
      tier: Tier;
      n: number;
    }[];
    for (const r of rows) counts[r.tier] = r.n;
    return counts;
  }

  /**
   * Count of the base puzzles per size and tier, and their range on the measure the size's
   * current thresholds cut (nodes when it has none).
   */
  tierStats(): TierStat[] {
    const rules = this.readThresholds(null);
    const out: TierStat[] = [];
    for (const m of this.sizeCounts().keys()) {
      const measure = rules.get(m)?.measure ?? 'nodes';
      const col = measureColumn(measure);
      const rows = this.stmt(
        `SELECT tier, COUNT(*) AS count, MIN(${col}) AS min, MAX(${col}) AS max
         FROM puzzles WHERE m = ? AND base_id IS NULL GROUP BY tier ORDER BY MIN(${col})`,
      ).all(m) as { tier: Tier; count: number; min: number; max: number }[];
      for (const r of rows) out.push({ m, measure, ...r });
    }
    return out;
  }

  /** All puzzles in id order, one row at a time (memory stays flat on a large catalog). */
  iteratePuzzles(): IterableIterator<PuzzleRow> {
    return this.stmt('SELECT * FROM puzzles ORDER BY id').iterate() as IterableIterator<PuzzleRow>;
  }

  countPuzzles(): number {
    return this.stmt('SELECT COUNT(*) FROM puzzles').pluck().get() as number;
  }

  // --- shards and merge ---

  /** Id of the base puzzle of a symmetry class, or null. */
  baseIdByHash(canonicalHash: string): number | null {
    const id = this.stmt('SELECT id FROM puzzles WHERE canonical_hash = ? AND base_id IS NULL').pluck().get(canonicalHash);
    return (id as number | undefined) ?? null;
  }

  /** Committed slot rows of a build and size in slot order, one at a time. */
  iterateSlots(buildId: number, m: number): IterableIterator<SlotRow> {
    return this.stmt('SELECT * FROM slots WHERE build_id = ? AND m = ? ORDER BY slot').iterate(buildId, m) as IterableIterator<SlotRow>;
  }

  /** The variants of a base puzzle, in id order. */
  variantsOf(baseId: number): PuzzleRow[] {
    return this.stmt('SELECT * FROM puzzles WHERE base_id = ? ORDER BY id').all(baseId) as PuzzleRow[];
  }

  /**
   * Insert a puzzle unless one with its natural key (m, seed, slot, transform) is there, and
   * return the id of the row holding that key (null if a base of its class holds it elsewhere).
   */
  insertPuzzleOrIgnore(p: NewPuzzle): number | null {
    return this.write(() => {
      const row = withChecksum(p);
      const info = this.stmt(`INSERT OR IGNORE INTO puzzles ${INSERT_COLUMNS}`).run(row);
      if (info.changes === 1) {
        this.added('puzzles', { id: Number(info.lastInsertRowid), base_id: p.base_id, build_id: p.build_id, checksum: row.checksum });
      }
      const id = this.stmt(`SELECT id FROM puzzles WHERE m = ? AND seed = ? AND slot = ? AND IFNULL(transform, '') = ?`)
        .pluck()
        .get(p.m, p.seed, p.slot, p.transform ?? '');
      return (id as number | undefined) ?? null;
    });
  }

  insertSlotOrIgnore(row: SlotRow): void {
    this.write(() => {
      const info = this.stmt(
        `INSERT OR IGNORE INTO slots (build_id, m, slot, outcome, attempts, puzzle_id)
         VALUES (@build_id, @m, @slot, @outcome, @attempts, @puzzle_id)`,
      ).run(row);
      if (info.changes === 1) this.added('slots', row);
    });
  }

  // --- catalog tools (audit, export, tune) ---

  getPuzzle(id: number): PuzzleRow | undefined {
    return this.stmt('SELECT * FROM puzzles WHERE id = ?').get(id) as PuzzleRow | undefined;
  }

  /** Ids of the puzzles the filter selects, ascending. */
  puzzleIds(filter: PuzzleFilter = {}): number[] {
    const where: string[] = [];
    const args: (number | string)[] = [];
    if (filter.sizes) {
      where.push(`m IN (${filter.sizes.map(() => '?').join(', ') || 'NULL'})`);
      args.push(...filter.sizes);
    }
    if (filter.tiers) {
      where.push(`tier IN (${filter.tiers.map(() => '?').join(', ') || 'NULL'})`);
      args.push(...filter.tiers);
    }
    if (filter.levels) {
      const { minLevel, maxLevel } = filter.levels;
      const names = LEVELS.filter((l) => l.level >= minLevel && l.level <= maxLevel).map((l) => l.name);
      where.push(`grade IN (${names.map(() => '?').join(', ') || 'NULL'})`);
      args.push(...names);
    }
    if (!filter.includeVariants) where.push('base_id IS NULL');
    const sql = `SELECT id FROM puzzles ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id`;
    return this.db.prepare(sql).pluck().all(...args) as number[];
  }

  /** The canonical hash of every base puzzle, one at a time (memory stays flat on a large catalog). */
  iterateBaseHashes(): IterableIterator<string> {
    return this.stmt('SELECT canonical_hash FROM puzzles WHERE base_id IS NULL').pluck().iterate() as IterableIterator<string>;
  }

  /** Id and canonical hash of every base puzzle. */
  baseHashes(): { id: number; canonical_hash: string }[] {
    return this.stmt('SELECT id, canonical_hash FROM puzzles WHERE base_id IS NULL ORDER BY id').all() as {
      id: number;
      canonical_hash: string;
    }[];
  }

  /** Nodes and score of the base puzzles of size m, in id order. */
  baseDifficulties(m: number): { nodes: number; score: number; tier: Tier }[] {
    return this.stmt('SELECT nodes, score, tier FROM puzzles WHERE m = ? AND base_id IS NULL ORDER BY id').all(m) as {
      nodes: number;
      score: number;
      tier: Tier;
    }[];
  }

  /**
   * The checks a verb makes before it writes to (or grades from) a catalog without re-solving
   * it, on one snapshot: the database pages are sound, the schema holds exactly this release's
   * objects, every size holding puzzles has current tier thresholds, every row is as dominosa
   * wrote it (checksum, tier, variant against base) and the digest matches the rows. A catalog
   * that fails them is refused whole; `dominosa audit` says what is wrong.
   */
  assertSound(): void {
    const refuse = (what: string): never => {
      throw new UserError(`${this.path} ${what}; nothing was changed (run dominosa audit)`, EXIT_FAILED_CHECK);
    };
    const own = !this.db.inTransaction;
    if (own) this.beginRead();
    try {
      const quick = this.db.pragma('quick_check', { simple: true }) as string;
      if (quick !== 'ok') refuse(`is damaged (${quick})`);
      const schema = this.schemaFailures();
      if (schema.length > 0) refuse(`fails its checks (schema-mismatch: ${schema[0].detail})`);
      const thresholds = this.readThresholds(null);
      const missing = [...this.sizeCounts().keys()].filter((m) => !thresholds.has(m));
      if (missing.length > 0) refuse(`holds puzzles of M=${missing.join(',')} but no current tier thresholds for them`);
      const rows = this.rowChecker(thresholds);
      const digest = checkDigests(this.storedDigests(), this.computeDigests(rows));
      if (digest.length > 0) refuse(`fails its checks (digest-mismatch: ${digest[0].detail})`);
    } finally {
      if (own) this.endRead();
    }
  }

  /**
   * A check of each row, in id order, against what dominosa wrote: its checksum matches, its tier
   * is its size's rule's, and a variant agrees with its base. For verbs that build on stored rows
   * without re-solving them (build resuming, tune, merge); audit and export make the full checks.
   */
  private rowChecker(rules: Map<number, StoredRule>): (p: PuzzleRow) => void {
    const bases = new Map<number, SharedFields>();
    return (p) => {
      const rule = rules.get(p.m);
      const base = p.base_id === null ? null : (bases.get(p.base_id) ?? this.getPuzzle(p.base_id) ?? null);
      const failures = checkStoredRow(p, base, rule ?? null);
      if (failures.length > 0) {
        const f = failures[0];
        throw new UserError(
          `${this.path}: puzzle ${p.id} (M=${p.m}) fails its checks (${f.kind}: ${f.detail}); nothing was changed (run dominosa audit)`,
          EXIT_FAILED_CHECK,
        );
      }
      // Only what variants are compared on, and only recent bases (variants follow their base
      // in id order; an older one is read again): memory stays flat however large the catalog.
      if (p.base_id === null && bases.size >= 1024) bases.clear();
      if (p.base_id === null) bases.set(p.id, { id: p.id, m: p.m, tier: p.tier, nodes: p.nodes, score: p.score, canonical_hash: p.canonical_hash });
    };
  }

  /** Puzzles per size (bases and variants). */
  sizeCounts(): Map<number, number> {
    const rows = this.stmt('SELECT m, COUNT(*) AS n FROM puzzles GROUP BY m ORDER BY m').all() as { m: number; n: number }[];
    return new Map(rows.map((r) => [r.m, r.n]));
  }

  builds(): BuildRow[] {
    return this.stmt('SELECT * FROM builds ORDER BY id').all() as BuildRow[];
  }

  /**
   * The solver versions that measured the node counts of size m: each puzzle's build's, or for
   * a puzzle without a build the current thresholds' (null when neither is recorded).
   */
  solverVersions(m: number): (string | null)[] {
    return this.stmt(
      `SELECT DISTINCT COALESCE(b.solver_version, t.solver_version) FROM puzzles p
       LEFT JOIN builds b ON b.id = p.build_id
       LEFT JOIN thresholds t ON t.build_id IS NULL AND t.m = p.m
       WHERE p.m = ?`,
    ).pluck().all(m) as (string | null)[];
  }

  /** The grader versions that scored size m's puzzles: their builds' (null for a puzzle without one). */
  graderVersions(m: number): (string | null)[] {
    return this.stmt(
      `SELECT DISTINCT b.grader_version FROM puzzles p LEFT JOIN builds b ON b.id = p.build_id WHERE p.m = ?`,
    ).pluck().all(m) as (string | null)[];
  }

  /** Base puzzles per grader version of their build (null: no build recorded). */
  graderVersionCounts(): Map<string | null, number> {
    const rows = this.stmt(
      `SELECT b.grader_version AS v, COUNT(*) AS n FROM puzzles p LEFT JOIN builds b ON b.id = p.build_id WHERE p.base_id IS NULL GROUP BY b.grader_version`,
    ).all() as { v: string | null; n: number }[];
    return new Map(rows.map((r) => [r.v, r.n]));
  }

  metaValue(key: string): string | null {
    return (this.stmt('SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined) ?? null;
  }

  /**
   * Re-tier size m under `rule`: every row (a variant has its base's nodes and score, so it
   * lands in its base's tier), with its checksum renewed. Returns how many rows changed tier;
   * throws (rolling the transaction back) if a puzzle would fit no tier. Meant to run inside transaction().
   */
  retier(m: number, rule: TierRule): number {
    return this.write(() => {
      const update = this.stmt('UPDATE puzzles SET tier = ?, checksum = ? WHERE id = ?');
      // Only what the update and the digest need, not whole rows: memory stays small.
      const changed: { id: number; base_id: number | null; build_id: number | null; checksum: string; old: string; tier: Tier }[] = [];
      for (const p of this.stmt('SELECT * FROM puzzles WHERE m = ?').iterate(m) as IterableIterator<PuzzleRow>) {
        const tier = tierFor(p, rule);
        // Only the grade rule leaves a puzzle out of every tier; re-tiering never drops one.
        if (tier === null) throw new UserError(`M=${m}: puzzle ${p.id} (${p.grade}, ${p.nodes}) would fit no tier under these cuts; nothing was changed`, EXIT_FAILED_CHECK);
        if (tier !== p.tier) changed.push({ id: p.id, base_id: p.base_id, build_id: p.build_id, old: p.checksum, tier, checksum: rowChecksum({ ...p, tier }) });
      }
      for (const c of changed) {
        update.run(c.tier, c.checksum, c.id);
        this.removed('puzzles', { ...c, checksum: c.old });
        this.added('puzzles', c);
      }
      return changed.length;
    });
  }
}

/** A puzzle row's stored columns, in table order; SQLite gives the id (unless told) and derives level and grade. */
const PUZZLE_COLUMNS = ['m', 'rows', 'cols', 'grid', 'solution', 'tier', 'nodes', 'score', 'attempts', 'canonical_hash', 'base_id', 'transform', 'seed', 'slot', 'method', 'build_id', 'checksum'];
const columnsAndValues = (cols: readonly string[]): string => `(${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`;
const INSERT_COLUMNS = columnsAndValues(PUZZLE_COLUMNS);
/** Slot rows bound to one multi-row INSERT by insertSlotValues. */
const SLOT_ROWS_PER_INSERT = 32;
/** Where a prepared row holds the puzzle digest's columns. */
const PUZZLE_DIGEST_AT = DIGEST_COLUMNS.puzzles.map((c) => PREPARED_COLUMNS.indexOf(c));
const INSERT_COLUMNS_WITH_ID = columnsAndValues(['id', ...PUZZLE_COLUMNS]);

/** The named parameters of INSERT_COLUMNS: exactly the row's own fields, plus its checksum. */
function withChecksum(p: NewPuzzle): Record<string, unknown> {
  const { m, rows, cols, grid, solution, tier, nodes, score, attempts, canonical_hash, base_id, transform, seed, slot, method, build_id } = p;
  const row = { m, rows, cols, grid, solution, tier, nodes, score, attempts, canonical_hash, base_id, transform, seed, slot, method, build_id };
  return { ...row, checksum: rowChecksum(row) };
}
