// The SQLite catalog: open or create it (WAL, foreign keys, schema version check), and the
// prepared reads and writes the verbs share. Writes are meant to run inside transaction(), one
// per batch, so a killed process leaves the catalog as of its last committed batch.
import { existsSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { checkStoredRow, type SharedFields, type StoredPuzzle } from '../src/catalog/check.js';
import { rowChecksum } from '../src/catalog/checksum.js';
import { CATALOG_APP, SCHEMA_SQL, SCHEMA_VERSION, type BuildStatus, type SlotOutcome } from '../src/catalog/schema.js';
import type { LevelName } from '../src/grade/ladder.js';
import { measureColumn, tierFor, type TierMeasure, type TierRule } from '../src/rank/measure.js';
import type { Tier } from '../src/rank/tiers.js';
import { EXIT_FAILED_CHECK, UserError } from './errors.js';

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
  readonly?: boolean;
}

type Stmt = Database.Statement;

/** A dominosa catalog of a schema version this release does not read (audit reports it as a failed check). */
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
}

export class Catalog {
  private readonly stmts = new Map<string, Stmt>();

  private constructor(
    readonly db: Database.Database,
    readonly path: string,
  ) {}

  /**
   * Open a catalog. Refuses, with a UserError and before writing anything, a file that is not a
   * SQLite database, a database that is not a catalog, and a catalog of another schema version.
   */
  static open(path: string, options: OpenOptions = {}): Catalog {
    const readonly = options.readonly ?? false;
    const create = !readonly && (options.create ?? false);
    if (!create && !existsSync(path)) throw new UserError(`no catalog at ${path} (run dominosa build first)`);
    if (existsSync(path) && !statSync(path).isFile()) throw new UserError(`${path} is not a file`);
    let db: Database.Database;
    try {
      db = new Database(path, { readonly, fileMustExist: !create });
    } catch (e) {
      throw new UserError(`cannot open ${path}: ${(e as Error).message}`);
    }
    try {
      const cat = new Catalog(db, path);
      cat.init(create);
      return cat;
    } catch (e) {
      db.close();
      if (e instanceof UserError) throw e;
      const err = e as { code?: string; message?: string };
      if (err.code === 'SQLITE_NOTADB') throw new UserError(`${path} is not a SQLite database`);
      throw new UserError(`cannot open ${path}: ${err.message ?? String(e)}`);
    }
  }

  private init(create: boolean): void {
    const tables = this.db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all() as string[];
    if (tables.length === 0) {
      if (!create) throw new UserError(`${this.path} is an empty database, not a dominosa catalog`);
      this.db.pragma('journal_mode = WAL');
      this.db.transaction(() => {
        this.db.exec(SCHEMA_SQL);
        const put = this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
        put.run('app', CATALOG_APP);
        put.run('schema_version', String(SCHEMA_VERSION));
        put.run('created_at', new Date().toISOString());
      })();
    } else {
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
      if (!this.db.readonly) this.db.pragma('journal_mode = WAL');
    }
    this.db.pragma('foreign_keys = ON');
    // In WAL mode NORMAL loses no committed transaction when the process dies, only on power loss.
    if (!this.db.readonly) this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /** Run fn in one transaction (committed when it returns, rolled back when it throws). */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  private stmt(sql: string): Stmt {
    let s = this.stmts.get(sql);
    if (s === undefined) {
      s = this.db.prepare(sql);
      this.stmts.set(sql, s);
    }
    return s;
  }

  // --- builds ---

  findBuild(key: string): BuildRow | undefined {
    return this.stmt('SELECT * FROM builds WHERE key = ?').get(key) as BuildRow | undefined;
  }

  createBuild(b: Omit<BuildRow, 'id' | 'finished_at' | 'counts'>): number {
    const info = this.stmt(
      `INSERT INTO builds (key, seed, options, solver_version, grader_version, started_at, status)
       VALUES (@key, @seed, @options, @solver_version, @grader_version, @started_at, @status)`,
    ).run(b);
    return Number(info.lastInsertRowid);
  }

  /** Mark a build running again, recording the options of this run. */
  resumeBuild(id: number, options: string): void {
    this.stmt(`UPDATE builds SET status = 'running', options = ? WHERE id = ?`).run(options, id);
  }

  updateBuild(id: number, status: BuildStatus, counts: unknown, finishedAt: string | null): void {
    this.stmt('UPDATE builds SET status = ?, counts = ?, finished_at = ? WHERE id = ?').run(
      status,
      JSON.stringify(counts),
      finishedAt,
      id,
    );
  }

  // --- thresholds ---

  /** Record the rule a build tiers with (buildId) or the current one (null), replacing old rows. */
  writeThresholds(buildId: number | null, m: number, rule: TierRule, solverVersion: string): void {
    const { th, measure } = rule;
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
  }

  readThresholds(buildId: number | null): Map<number, StoredRule> {
    const rows = this.stmt('SELECT m, measure, t1, t2, t3, solver_version FROM thresholds WHERE IFNULL(build_id, 0) = ? ORDER BY m').all(
      buildId ?? 0,
    ) as { m: number; measure: TierMeasure; t1: number; t2: number; t3: number; solver_version: string }[];
    return new Map(rows.map((r) => [r.m, { measure: r.measure, th: { t1: r.t1, t2: r.t2, t3: r.t3 }, solverVersion: r.solver_version }]));
  }

  // --- slots ---

  insertSlot(row: SlotRow): void {
    this.stmt(
      `INSERT INTO slots (build_id, m, slot, outcome, attempts, puzzle_id)
       VALUES (@build_id, @m, @slot, @outcome, @attempts, @puzzle_id)`,
    ).run(row);
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
    const info = this.stmt(`INSERT INTO puzzles ${INSERT_COLUMNS}`).run(withChecksum(p));
    return Number(info.lastInsertRowid);
  }

  /** Insert a puzzle, with its checksum, under a given id (a migration keeps every row's). */
  insertPuzzleWithId(id: number, p: NewPuzzle): void {
    this.stmt(`INSERT INTO puzzles ${INSERT_COLUMNS_WITH_ID}`).run({ id, ...withChecksum(p) });
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
    this.stmt(`INSERT OR IGNORE INTO puzzles ${INSERT_COLUMNS}`).run(withChecksum(p));
    const id = this.stmt(`SELECT id FROM puzzles WHERE m = ? AND seed = ? AND slot = ? AND IFNULL(transform, '') = ?`)
      .pluck()
      .get(p.m, p.seed, p.slot, p.transform ?? '');
    return (id as number | undefined) ?? null;
  }

  insertSlotOrIgnore(row: SlotRow): void {
    this.stmt(
      `INSERT OR IGNORE INTO slots (build_id, m, slot, outcome, attempts, puzzle_id)
       VALUES (@build_id, @m, @slot, @outcome, @attempts, @puzzle_id)`,
    ).run(row);
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
    if (!filter.includeVariants) where.push('base_id IS NULL');
    const sql = `SELECT id FROM puzzles ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id`;
    return this.db.prepare(sql).pluck().all(...args) as number[];
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
   * it: the database pages are sound, every size holding puzzles has current tier thresholds,
   * and every row is as dominosa wrote it (assertRowsSound). A catalog that fails them is
   * refused whole; `dominosa audit` says what is wrong.
   */
  assertSound(): void {
    const quick = this.db.pragma('quick_check', { simple: true }) as string;
    if (quick !== 'ok') {
      throw new UserError(`${this.path} is damaged (${quick}); nothing was changed (run dominosa audit)`, EXIT_FAILED_CHECK);
    }
    const thresholds = this.readThresholds(null);
    const missing = [...this.sizeCounts().keys()].filter((m) => !thresholds.has(m));
    if (missing.length > 0) {
      throw new UserError(
        `${this.path} holds puzzles of M=${missing.join(',')} but no current tier thresholds for them; nothing was changed (run dominosa audit)`,
        EXIT_FAILED_CHECK,
      );
    }
    this.assertRowsSound();
  }

  /**
   * Every row is as dominosa wrote it: its checksum matches, its tier is its size's rule's, and
   * a variant agrees with its base. For verbs that build on stored rows without re-solving them
   * (build resuming, tune); audit and export make the full checks. Reads every row once.
   */
  private assertRowsSound(): void {
    const rules = this.readThresholds(null);
    const bases = new Map<number, SharedFields>();
    for (const p of this.iteratePuzzles()) {
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
    }
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

  metaValue(key: string): string | null {
    return (this.stmt('SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined) ?? null;
  }

  /**
   * Re-tier size m under `rule`: every row (a variant has its base's nodes and score, so it
   * lands in its base's tier), with its checksum renewed. Returns how many rows changed tier;
   * throws (rolling the transaction back) if a puzzle would fit no tier. Meant to run inside transaction().
   */
  retier(m: number, rule: TierRule): number {
    const update = this.stmt('UPDATE puzzles SET tier = ?, checksum = ? WHERE id = ?');
    const changed: [Tier, string, number][] = [];
    for (const p of this.stmt('SELECT * FROM puzzles WHERE m = ?').iterate(m) as IterableIterator<PuzzleRow>) {
      const tier = tierFor(p, rule);
      // Only the grade rule leaves a puzzle out of every tier; re-tiering never drops one.
      if (tier === null) throw new UserError(`M=${m}: puzzle ${p.id} (${p.grade}, ${p.nodes}) would fit no tier under these cuts; nothing was changed`, EXIT_FAILED_CHECK);
      if (tier !== p.tier) changed.push([tier, rowChecksum({ ...p, tier }), p.id]);
    }
    for (const c of changed) update.run(...c);
    return changed.length;
  }
}

/** A puzzle row's stored columns, in table order; SQLite gives the id (unless told) and derives level and grade. */
const PUZZLE_COLUMNS = ['m', 'rows', 'cols', 'grid', 'solution', 'tier', 'nodes', 'score', 'attempts', 'canonical_hash', 'base_id', 'transform', 'seed', 'slot', 'method', 'build_id', 'checksum'];
const columnsAndValues = (cols: readonly string[]): string => `(${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`;
const INSERT_COLUMNS = columnsAndValues(PUZZLE_COLUMNS);
const INSERT_COLUMNS_WITH_ID = columnsAndValues(['id', ...PUZZLE_COLUMNS]);

/** The named parameters of INSERT_COLUMNS: exactly the row's own fields, plus its checksum. */
function withChecksum(p: NewPuzzle): Record<string, unknown> {
  const { m, rows, cols, grid, solution, tier, nodes, score, attempts, canonical_hash, base_id, transform, seed, slot, method, build_id } = p;
  const row = { m, rows, cols, grid, solution, tier, nodes, score, attempts, canonical_hash, base_id, transform, seed, slot, method, build_id };
  return { ...row, checksum: rowChecksum(row) };
}
