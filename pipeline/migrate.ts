// `dominosa migrate`: bring a catalog written by an older release up to this schema version.
// The new catalog is written beside the old one and checked before it replaces it, and the old
// file is kept as <db>.v<N>.bak, so a failed or killed migration leaves the old catalog as it was.
import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { boardFromGrid } from '../src/board.js';
import { CATALOG_APP, SCHEMA_VERSION } from '../src/catalog/schema.js';
import { GRADER_VERSION, storedGrade } from '../src/rank/stored.js';
import type { AuditProgress } from './audit-report.js';
import { Catalog, type PuzzleRow } from './database.js';
import { EXIT_FAILED_CHECK, UserError } from './errors.js';
import { describeFsError } from './io.js';

export interface MigrateOptions {
  db: string;
  /** Keep the old file as <db>.v<N>.bak (default true). */
  backup?: boolean;
}

export interface MigrateResult {
  /** 'current': the catalog already had this release's version; nothing was done. */
  status: 'migrated' | 'current';
  from: number;
  to: number;
  puzzles: number;
  backup: string | null;
}

/** The schema versions a migration can start from. */
const FROM_VERSIONS = [1];

/** A schema-1 puzzle row: no score and no checksum yet. */
type V1Puzzle = Omit<PuzzleRow, 'score' | 'checksum' | 'level' | 'grade'>;

function readVersion(db: Database.Database, path: string): number {
  const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all() as string[];
  const get = tables.includes('meta') ? db.prepare('SELECT value FROM meta WHERE key = ?').pluck() : null;
  if (get === null || get.get('app') !== CATALOG_APP) throw new UserError(`${path} is not a dominosa catalog`);
  const v = Number(get.get('schema_version'));
  if (!Number.isSafeInteger(v) || v < 1) throw new UserError(`${path} has no readable schema version`);
  return v;
}

function openOld(path: string): Database.Database {
  if (!existsSync(path)) throw new UserError(`no catalog at ${path}`);
  try {
    return new Database(path, { fileMustExist: true });
  } catch (e) {
    throw new UserError(`cannot open ${path}: ${(e as Error).message}`);
  }
}

/**
 * Migrate the catalog at opts.db to SCHEMA_VERSION. Refuses (changing nothing) a file that is
 * not a catalog, a damaged one, and one newer than this release.
 */
export function runMigrate(opts: MigrateOptions, progress: AuditProgress): MigrateResult {
  const path = opts.db;
  const old = openOld(path);
  let from: number;
  try {
    from = readVersion(old, path);
    if (from === SCHEMA_VERSION) return { status: 'current', from, to: from, puzzles: 0, backup: null };
    if (from > SCHEMA_VERSION) throw new UserError(`${path} has schema version ${from}, newer than this release's ${SCHEMA_VERSION}; use a newer dominosa`);
    if (!FROM_VERSIONS.includes(from)) throw new UserError(`${path} has schema version ${from}, which this release cannot migrate`);
    const quick = old.pragma('quick_check', { simple: true }) as string;
    if (quick !== 'ok') throw new UserError(`${path} is damaged (${quick}); nothing was changed`, EXIT_FAILED_CHECK);
    // One file, no write-ahead log: the backup is then complete, and no old -wal file can be
    // left beside the new catalog once it takes the old one's name.
    old.pragma('journal_mode = DELETE');
  } catch (e) {
    old.close();
    throw sqliteError(e, path);
  }

  const tmp = `${path}.migrating`;
  rmSync(tmp, { force: true });
  let puzzles: number;
  try {
    puzzles = writeMigrated(old, tmp, from, progress);
  } catch (e) {
    old.close();
    rmSync(tmp, { force: true });
    throw e;
  }
  old.close();
  if (existsSync(`${path}-wal`)) {
    rmSync(tmp, { force: true });
    throw new UserError(`${path} is in use by another process (it has a write-ahead log); nothing was changed`);
  }
  const backup = (opts.backup ?? true) ? `${path}.v${from}.bak` : null;
  try {
    if (backup !== null) copyFileSync(path, backup);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw new UserError(`cannot replace ${path}: ${describeFsError(e)}; the old catalog is unchanged`);
  }
  return { status: 'migrated', from, to: SCHEMA_VERSION, puzzles, backup };
}

/** SQLite's complaints about a file as the one-line errors of the shell; anything else as it is. */
function sqliteError(e: unknown, path: string): unknown {
  const code = (e as { code?: string }).code;
  if (code === 'SQLITE_NOTADB') return new UserError(`${path} is not a SQLite database`);
  if (code === 'SQLITE_CORRUPT') return new UserError(`${path} is damaged (${(e as Error).message}); nothing was changed`, EXIT_FAILED_CHECK);
  return e;
}

/** Write the schema-1 catalog `old` as a current one at tmp (one transaction), check it, close it. */
function writeMigrated(old: Database.Database, tmp: string, from: number, progress: AuditProgress): number {
  const cat = Catalog.open(tmp, { create: true });
  try {
    const db = cat.db;
    const total = old.prepare('SELECT COUNT(*) FROM puzzles').pluck().get() as number;
    progress.start(total);
    cat.transaction(() => {
      const putMeta = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
      for (const r of old.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[]) {
        if (r.key !== 'schema_version') putMeta.run(r.key, r.value);
      }
      putMeta.run('migrated_from', String(from));
      putMeta.run('migrated_at', new Date().toISOString());
      // Builds get this release's grader: the grades stored below are its.
      const putBuild = db.prepare(
        `INSERT INTO builds (id, key, seed, options, solver_version, grader_version, started_at, finished_at, counts, status)
         VALUES (@id, @key, @seed, @options, @solver_version, @grader_version, @started_at, @finished_at, @counts, @status)`,
      );
      for (const b of old.prepare('SELECT * FROM builds ORDER BY id').iterate() as IterableIterator<Record<string, unknown>>) {
        putBuild.run({ ...b, grader_version: GRADER_VERSION });
      }
      // Schema 1 cut tiers on nodes only.
      const putTh = db.prepare(`INSERT INTO thresholds (build_id, m, measure, t1, t2, t3, solver_version) VALUES (?, ?, 'nodes', ?, ?, ?, ?)`);
      for (const t of old.prepare('SELECT * FROM thresholds').iterate() as IterableIterator<Record<string, number | string | null>>) {
        putTh.run(t.build_id, t.m, t.t1, t.t2, t.t3, t.solver_version);
      }
      // Ids are kept, so slots and variants keep pointing at the same rows.
      const scores = new Map<number, number>();
      const scoreOf = (p: V1Puzzle): number => {
        const known = scores.get(p.base_id ?? p.id);
        if (known !== undefined) return known;
        const base = p.base_id === null ? p : (old.prepare('SELECT * FROM puzzles WHERE id = ?').get(p.base_id) as V1Puzzle | undefined);
        if (base === undefined) throw new UserError(`puzzle ${p.id}: its base ${p.base_id} is missing; nothing was changed (run dominosa audit)`, EXIT_FAILED_CHECK);
        let grid: unknown = null;
        try {
          grid = JSON.parse(base.grid);
        } catch {
          // Reported just below, as any other grid that is not a board.
        }
        const parsed = boardFromGrid(grid, 0);
        if (!parsed.ok) throw new UserError(`puzzle ${base.id}: its grid is not a board; nothing was changed (run dominosa audit)`, EXIT_FAILED_CHECK);
        const s = storedGrade(parsed.board).score;
        scores.set(base.id, s);
        return s;
      };
      let done = 0;
      for (const p of old.prepare('SELECT * FROM puzzles ORDER BY id').iterate() as IterableIterator<V1Puzzle>) {
        // Variants follow their base in id order, so old bases' scores can go (memory stays flat).
        if (p.base_id === null && scores.size >= 1024) scores.clear();
        cat.insertPuzzleWithId(p.id, { ...p, score: scoreOf(p) });
        if (++done % 256 === 0) progress.advance(256);
      }
      progress.advance(done % 256);
      const putSlot = db.prepare(
        `INSERT INTO slots (build_id, m, slot, outcome, attempts, puzzle_id) VALUES (@build_id, @m, @slot, @outcome, @attempts, @puzzle_id)`,
      );
      for (const s of old.prepare('SELECT * FROM slots').iterate() as IterableIterator<Record<string, unknown>>) putSlot.run(s);
    });
    progress.finish();
    // The result must pass what every writing verb checks before it is trusted with the name.
    cat.assertSound();
    const fk = db.pragma('foreign_key_check') as unknown[];
    if (fk.length > 0) throw new UserError(`the migrated catalog has ${fk.length} broken references; nothing was changed (run dominosa audit on the old one)`, EXIT_FAILED_CHECK);
    db.pragma('journal_mode = DELETE');
    return total;
  } finally {
    cat.close();
  }
}
