// `dominosa migrate`: bring a catalog written by an older release up to this schema version.
// The new catalog is written beside the old one through the catalog's own writes (so its
// checksums and digest are this release's), checked as every writing verb checks a catalog, and
// only then renamed over the old one, which is kept as <db>.v<N>.bak: a refused, failed or killed
// migration leaves the old catalog as it was. Both names are dominosa's own: a link planted at
// either is refused, the new file is created exclusively, and an existing backup is never
// replaced. Each old version's rows are read into one shape (readOld); what a row becomes in
// this release is the Regrade step's to say. Schema 3's rows are Dominosa rows as this release
// grades them, schema 4's rows of any kind: each is checked against its checksum and kept, its
// grid and solution written in its kind's compact form (the kind's schema.fromJsonForm) and its
// checksum computed again; a recorded verdict that held for the old row is bound to the new one.
// The rows go in by batches, the main thread free between them, so a signal stops a migration
// there: the scratch file is removed and the old catalog is left as it was (signals.ts).
import { closeSync, existsSync, lstatSync, openSync, renameSync, rmSync, statSync, unlinkSync } from 'node:fs';
import Database from 'better-sqlite3';
import { schema4Checksum } from '../src/catalog/checksum.js';
import { rowDigest, TableDigest } from '../src/catalog/digest.js';
import { isHashHex } from '../src/catalog/hash-bytes.js';
import { CATALOG_APP, SCHEMA_VERSION, type SlotOutcome } from '../src/catalog/schema.js';
import type { VerdictRow } from '../src/catalog/verdict.js';
import type { TierMeasure, TierRule } from '../src/rank/rule.js';
import { DEFAULT_KIND, findKind, kindNamed, type KindName } from '../src/kinds.js';
import type { Tier } from '../src/rank/tiers.js';
import type { AuditProgress } from './audit/report.js';
import { Catalog, type BuildRow, type NewPuzzle, type StoredRule } from './catalog/catalog.js';
import { expectedSchema, isCatalogMeta, kindsOfSchema, schemaObjects } from './catalog/schema.js';
import { PLUGIN_KINDS_VAR } from './runtime/plugin-kinds.js';
import { describeFsError, EXIT_BUSY, EXIT_FAILED_CHECK, faultOf, UserError } from './runtime/errors.js';
import { checkWritableDir, copyOutputSync, prepareOutput, refuseLink, type OutputTarget } from './io/output.js';
import { timeStamp } from './runtime/source-date.js';
import { stallAt } from './runtime/faults.js';
import { onStop } from './runtime/signals.js';

export interface MigrateOptions {
  db: string;
  /** Keep the old file as <db>.v<N>.bak (default true). */
  backup?: boolean;
}

export interface MigrateResult {
  /** 'current': the catalog already had this release's version; 'journal': it had, and was only left in rollback-journal mode. */
  status: 'migrated' | 'current' | 'journal';
  from: number;
  to: number;
  puzzles: number;
  /** True when the rows were graded again (schema 1 and 2), false when checked and kept (schema 3). */
  regraded: boolean;
  /** Base puzzles whose tier the migration changed, and those it kept out (no tier fits them), with their variants. */
  moved: number;
  keptOut: number;
  /** Recorded audit verdicts bound to the migrated rows (each held for its old row). */
  verdicts: number;
  backup: string | null;
}

/** The schema versions a migration can start from. */
const FROM_VERSIONS = [1, 2, 3, 4];
/** The first version whose rows carry this release's grades and checksums (kept, not regraded). */
const CHECKSUMMED = 3;

/**
 * A puzzle row of any older version, grid and solution as JSON: Dominosa's before schema 4,
 * which added kinds; schema 1 has no score and no checksum yet.
 */
export interface OldPuzzle extends Omit<NewPuzzle, 'score'> {
  id: number;
  score: number | null;
  checksum?: string;
}

/** What a base puzzle becomes in this release: its grade, its tier and its size's rules. */
export interface Regrade {
  /** The grader version to record for a build whose puzzles were graded by `old` (null: never graded). */
  graderVersion(old: string | null): string;
  /** The current tier rules of the old kind's sizes (by key) in the migrated catalog, from the old catalog's. */
  rules(old: ReadonlyMap<string, StoredRule>): Map<string, StoredRule>;
  /**
   * A base puzzle's score and tier, given its board (grid and solution in this release's forms)
   * and its size's (new) rule. A null tier keeps it and its variants out of the migrated catalog
   * (counted in the result, never silently).
   */
  base(p: OldPuzzle, rule: TierRule | undefined): { score: number; tier: Tier | null };
}

/** The kind of every row of a catalog older than schema 4 (the first catalogs held it alone), and the one Regrade grades. */
const OLD_KIND = kindNamed(DEFAULT_KIND);

/**
 * Re-grade every base with this release's grader and re-tier it by its size's current rule (a
 * node rule keeps node tiers; a grade rule now holds only its band). A base no tier holds is
 * kept out, and counted. Stored scores of another grader could not be checked, so none is kept.
 */
export const REGRADE: Regrade = {
  graderVersion: () => OLD_KIND.checks.versions.grader,
  rules: (old) => new Map(old),
  base: (p, rule) => {
    const graded = OLD_KIND.checks.grade(p);
    if (!graded.ok)
      throw new UserError(
        `puzzle ${p.id}: its grid is not a board; nothing was changed (run dominosa audit)`,
        EXIT_FAILED_CHECK,
      );
    const score = graded.value;
    return { score, tier: rule === undefined ? p.tier : OLD_KIND.tierOf({ nodes: p.nodes, score }, rule) };
  },
};

/** The tables every schema version has, read by readOld. */
const OLD_TABLES = ['meta', 'builds', 'thresholds', 'slots', 'puzzles'];

/**
 * The catalog's schema version, read only once its schema's objects (from sqlite_master) look
 * like a dominosa catalog's of some version: a meta table as dominosa makes it, the tables every
 * version has as tables, and no view or trigger, which no version has and whose rows could run
 * without end. A current catalog's schema is then checked in full (Catalog.open).
 */
function readVersion(db: Database.Database, path: string): number {
  const objects = schemaObjects(db);
  if (!isCatalogMeta(objects)) throw new UserError(`${path} is not a dominosa catalog`);
  // A view or trigger is foreign unless it is one of this release's, as made for the catalog's kinds.
  const made = kindsOfSchema(objects);
  const ours = new Set(expectedSchema(made.kinds).map((o) => `${o.type}\0${o.name}\0${o.sql}`));
  const foreign = objects.find(
    (o) => (o.type === 'view' || o.type === 'trigger') && !ours.has(`${o.type}\0${o.name}\0${o.sql}`),
  );
  if (foreign !== undefined)
    throw new UserError(
      `${path} holds ${foreign.type} ${foreign.name}, which no dominosa catalog has; nothing was changed (run dominosa audit)`,
    );
  const missing = OLD_TABLES.find((t) => !objects.some((o) => o.type === 'table' && o.name === t));
  if (missing !== undefined)
    throw new UserError(
      `${path} has no table ${missing}, which every dominosa catalog has; nothing was changed (run dominosa audit)`,
    );
  const get = db.prepare('SELECT value FROM meta WHERE key = ?').pluck();
  if (get.get('app') !== CATALOG_APP) throw new UserError(`${path} is not a dominosa catalog`);
  const v = Number(get.get('schema_version'));
  if (!Number.isSafeInteger(v) || v < 1) throw new UserError(`${path} has no readable schema version`);
  // Its rows are read by their kinds: a kind not loaded now could not be.
  if (made.unknown.length > 0)
    throw new UserError(
      `${path} was made for puzzle kind ${JSON.stringify(made.unknown[0])}, which is not loaded (name its module in ${PLUGIN_KINDS_VAR}); nothing was changed`,
    );
  return v;
}

function openOld(path: string): Database.Database {
  if (!existsSync(path)) throw new UserError(`no catalog at ${path}`);
  if (!statSync(path).isFile()) throw new UserError(`${path} is not a file`);
  // The new catalog is written beside the old one, and the old one checkpointed: both need the directory.
  checkWritableDir(path, `cannot migrate ${path}`, '; copy it somewhere writable and migrate the copy');
  try {
    return new Database(path, { fileMustExist: true });
  } catch (e) {
    throw new UserError(`cannot open ${path}: ${(e as Error).message}`);
  }
}

/**
 * Migrate the catalog at opts.db to SCHEMA_VERSION. Refuses (changing nothing) a file that is
 * not a catalog, a damaged one, one newer than this release, and one on a read-only file system.
 */
export async function runMigrate(
  opts: MigrateOptions,
  progress: AuditProgress,
  regrade: Regrade = REGRADE,
): Promise<MigrateResult> {
  const path = opts.db;
  const tmp = `${path}.migrating`;
  const old = openOld(path);
  let from: number;
  let backupTarget: OutputTarget | null;
  try {
    from = readVersion(old, path);
    if (from === SCHEMA_VERSION) {
      const wal = old.pragma('journal_mode', { simple: true }) === 'wal';
      old.close();
      return {
        status: checkCurrent(path, wal),
        from,
        to: from,
        regraded: false,
        puzzles: 0,
        moved: 0,
        keptOut: 0,
        verdicts: 0,
        backup: null,
      };
    }
    if (from > SCHEMA_VERSION)
      throw new UserError(
        `${path} has schema version ${from}, newer than this release's ${SCHEMA_VERSION}; use a newer dominosa`,
      );
    if (!FROM_VERSIONS.includes(from))
      throw new UserError(`${path} has schema version ${from}, which this release cannot migrate`);
    const quick = old.pragma('quick_check', { simple: true }) as string;
    if (quick !== 'ok') throw new UserError(`${path} is damaged (${quick}); nothing was changed`, EXIT_FAILED_CHECK);
    // The names migrate writes are claimed before the old file is touched.
    backupTarget = (opts.backup ?? true) ? prepareBackup(`${path}.v${from}.bak`) : null;
    claimScratch(tmp);
    // One file, no write-ahead log: the backup is then complete, and no old -wal file can be
    // left beside the new catalog once it takes the old one's name.
    old.pragma('busy_timeout = 1000');
    old.pragma('journal_mode = DELETE');
  } catch (e) {
    if (old.open) old.close();
    throw sqliteError(e, path);
  }

  // A stop between batches: the scratch catalog (closed first, by writeMigrated's own cleanup)
  // and its sidecars go, the old catalog is closed as it was.
  const unStop = onStop(() => {
    if (old.open) old.close();
    removeScratch(tmp);
  });
  let done: { puzzles: number; moved: number; keptOut: number; verdicts: number };
  try {
    done = await writeMigrated(old, tmp, from, regrade, progress);
  } catch (e) {
    unStop();
    old.close();
    removeScratch(tmp);
    // SQLite's complaint about a statement is the old file's doing (a column its version lacks).
    if ((e as { code?: unknown }).code === 'SQLITE_ERROR')
      throw new UserError(
        `cannot read ${path} as a catalog of version ${from}: ${(e as Error).message}; the old catalog is unchanged`,
      );
    throw faultOf(e, `cannot write ${tmp}`, '; the old catalog is unchanged') ?? e;
  }
  unStop();
  old.close();
  if (existsSync(`${path}-wal`)) {
    removeScratch(tmp);
    throw new UserError(
      `${path} is in use by another process (it has a write-ahead log); nothing was changed`,
      EXIT_BUSY,
    );
  }
  try {
    if (backupTarget !== null) copyOutputSync(backupTarget, path);
    renameSync(tmp, path);
  } catch (e) {
    removeScratch(tmp);
    if (e instanceof UserError) throw new UserError(`${e.message}; the old catalog is unchanged`, e.exitCode);
    throw new UserError(
      `cannot replace ${path}: ${describeFsError(e)}; the old catalog is unchanged`,
      faultOf(e, '')?.exitCode,
    );
  }
  return {
    status: 'migrated',
    from,
    to: SCHEMA_VERSION,
    regraded: from < CHECKSUMMED,
    ...done,
    backup: backupTarget?.path ?? null,
  };
}

const UNCHANGED = '; nothing was changed';

/** The backup's name, checked before any work: free of links, and of an earlier backup, which is never replaced. */
function prepareBackup(backup: string): OutputTarget {
  try {
    return prepareOutput(backup, {
      chosen: true,
      what: 'the backup',
      exists: 'move it away, or migrate with --no-backup',
    });
  } catch (e) {
    throw e instanceof UserError ? new UserError(`${e.message}${UNCHANGED}`, e.exitCode) : e;
  }
}

/**
 * The new catalog's file, made here and empty, so that SQLite writes only a file of dominosa's
 * own: a link at its name (or its sidecars') is refused; a file a killed migration left is removed.
 */
function claimScratch(tmp: string): void {
  try {
    for (const name of [tmp, `${tmp}-journal`, `${tmp}-wal`, `${tmp}-shm`]) {
      refuseLink(name, name, UNCHANGED);
      const st = existsSync(name) ? lstatSync(name) : null;
      if (st !== null && !st.isFile()) throw new UserError(`${name} is not a regular file; move it away${UNCHANGED}`);
      if (st !== null) unlinkSync(name);
    }
    closeSync(openSync(tmp, 'wx'));
  } catch (e) {
    throw (
      faultOf(e, `cannot create ${tmp}`, UNCHANGED) ??
      new UserError(`cannot create ${tmp}: ${describeFsError(e)}${UNCHANGED}`)
    );
  }
}

/**
 * A current catalog has nothing to migrate, but is checked as every verb checks one, and when
 * left in write-ahead-log mode (a killed build) is left in rollback-journal mode, which any
 * reader can open: a writer's close does exactly that, once it holds the lock (refused while a build runs).
 */
function checkCurrent(path: string, wal: boolean): 'journal' | 'current' {
  const cat = Catalog.open(path, wal ? { verb: 'migrate' } : { readonly: true });
  try {
    cat.assertSound();
  } finally {
    cat.close();
  }
  return wal ? 'journal' : 'current';
}

/** The scratch catalog and whatever sidecar SQLite left beside it. */
function removeScratch(tmp: string): void {
  for (const name of [tmp, `${tmp}-journal`, `${tmp}-wal`, `${tmp}-shm`]) rmSync(name, { force: true });
}

/** SQLite's complaints about a file as the one-line errors of the shell; anything else as it is. */
function sqliteError(e: unknown, path: string): unknown {
  const code = (e as { code?: string }).code;
  if (code === 'SQLITE_NOTADB') return new UserError(`${path} is not a SQLite database`);
  if (code === 'SQLITE_CORRUPT')
    return new UserError(`${path} is damaged (${(e as Error).message}); nothing was changed`, EXIT_FAILED_CHECK);
  return faultOf(e, `cannot migrate ${path}`, '; nothing was changed') ?? e;
}

/** A row of the thresholds table of any version, by kind and shape (schema 1-3 cut Dominosa's sizes by M). */
interface OldThresholds {
  build_id: number | null;
  kind: KindName;
  shape: string;
  measure: TierMeasure;
  t1: number;
  t2: number;
  t3: number;
  solver_version: string;
}

/** The old catalog's rows, of whichever version, in this release's shape (scores null where never graded). */
function readOld(old: Database.Database) {
  const columns = (table: string): Set<string> =>
    new Set((old.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name));
  const builds = columns('builds');
  const thresholds = columns('thresholds');
  const puzzles = columns('puzzles');
  // Before schema 4 every row is Dominosa's, its size named by M; schema 1's has no score yet.
  const kinded = puzzles.has('kind');
  const asOld = (p: OldPuzzle): OldPuzzle => ({
    ...p,
    ...(kinded ? {} : { kind: OLD_KIND.name }),
    ...(puzzles.has('score') ? {} : { score: null }),
  });
  const puzzle = old.prepare('SELECT * FROM puzzles WHERE id = ?');
  const batch = old.prepare('SELECT * FROM puzzles WHERE id > ? ORDER BY id LIMIT ?');
  return {
    meta: () => old.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[],
    builds: () =>
      (
        old.prepare('SELECT * FROM builds ORDER BY id').all() as (Omit<BuildRow, 'grader_version'> & {
          grader_version?: string;
        })[]
      ).map((b) => ({
        ...b,
        grader_version: builds.has('grader_version') ? (b.grader_version ?? null) : null,
      })),
    // Schema 1 cut tiers on nodes only.
    thresholds: (): OldThresholds[] =>
      (
        old.prepare('SELECT * FROM thresholds').all() as (Omit<OldThresholds, 'kind' | 'shape' | 'measure'> & {
          kind?: KindName;
          shape?: string;
          m?: number;
          measure?: TierMeasure;
        })[]
      ).map(({ m, kind, shape, measure, ...t }) => ({
        ...t,
        kind: kind ?? OLD_KIND.name,
        shape: shape ?? String(m),
        measure: thresholds.has('measure') ? (measure as TierMeasure) : ('nodes' as const),
      })),
    /** Up to `limit` puzzles by id after `id`: a batch read whole, so no scan stays open between batches. */
    puzzlesAfter: (id: number, limit: number): OldPuzzle[] => (batch.all(id, limit) as OldPuzzle[]).map(asOld),
    puzzle: (id: number) => {
      const p = puzzle.get(id) as OldPuzzle | undefined;
      return p === undefined ? p : asOld(p);
    },
    slots: () =>
      (function* () {
        const bySize = columns('slots').has('shape') ? 'shape' : 'm';
        const rows = old
          .prepare(`SELECT * FROM slots ORDER BY build_id, ${bySize}, slot`)
          .iterate() as IterableIterator<{
          build_id: number;
          shape?: string;
          m?: number;
          slot: number;
          outcome: SlotOutcome;
          attempts: number;
          puzzle_id: number | null;
        }>;
        for (const { m, shape, ...s } of rows) yield { ...s, shape: shape ?? String(m) };
      })(),
    verdicts: () => oldVerdicts(old),
  };
}

/**
 * The old catalog's recorded verdicts (schema 3 and 4 may hold them, checksums as hex), one at a
 * time, or none when it has none or they do not match its digest (a first pass): export would not
 * trust those either.
 */
function* oldVerdicts(old: Database.Database): Generator<VerdictRow> {
  const has = (name: string): boolean =>
    old.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(name) !== undefined;
  if (!has('verdicts') || !has('digest')) return;
  const rows = (): IterableIterator<VerdictRow> =>
    old.prepare('SELECT * FROM verdicts ORDER BY puzzle_id').iterate() as IterableIterator<VerdictRow>;
  const sum = new TableDigest();
  for (const v of rows()) sum.add(rowDigest('verdicts', v));
  const stored = old.prepare(`SELECT rows, sum FROM digest WHERE name = 'verdicts'`).get() as
    { rows: number; sum: string } | undefined;
  const now = sum.stored();
  if (stored === undefined || stored.rows !== now.rows || stored.sum !== now.sum) return;
  yield* rows();
}

/** Why a migration stops on a row of the old catalog: one line, the old catalog unchanged. */
function badRow(id: number, what: string): UserError {
  return new UserError(`puzzle ${id}: ${what}; nothing was changed (run dominosa audit)`, EXIT_FAILED_CHECK);
}

/** An old row's grid and solution in its kind's compact form, its canonical hash checked. */
function compactForm(p: OldPuzzle): { grid: string; solution: string } {
  const kind = findKind(p.kind);
  if (kind === undefined) throw badRow(p.id, `its kind ${JSON.stringify(p.kind)} is not loaded`);
  if (typeof p.canonical_hash !== 'string' || !isHashHex(p.canonical_hash))
    throw badRow(p.id, 'its canonical hash is not a SHA-256 hash in hex');
  const form = kind.schema.fromJsonForm(p);
  if (!form.ok) throw badRow(p.id, form.error);
  return form.value;
}

/** Puzzle rows (graded again with their bases, from schema 1 and 2) written per transaction, between which a signal is heard. */
const MIGRATE_BATCH = 64;

/**
 * Write the old catalog as a current one at tmp, check it, close it. The rows go in by
 * transactions (the file is scratch until renamed, so a stop only has to remove it), and the
 * main thread is given back between them so that a signal is heard: a stop closes the scratch
 * catalog here, and runMigrate's cleanup removes it.
 */
async function writeMigrated(
  old: Database.Database,
  tmp: string,
  from: number,
  regrade: Regrade,
  progress: AuditProgress,
): Promise<{ puzzles: number; moved: number; keptOut: number; verdicts: number }> {
  const src = readOld(old);
  const cat = Catalog.open(tmp, { create: true, verb: 'migrate' });
  const unStop = onStop(() => cat.abandon());
  try {
    const total = old.prepare('SELECT COUNT(*) FROM puzzles').pluck().get() as number;
    progress.start(total);
    let moved = 0;
    let verdicts = 0;
    const keptOut = new Set<number>();
    let rules = new Map<string, StoredRule>();
    cat.transaction(() => {
      for (const r of src.meta()) {
        if (r.key !== 'schema_version' && r.key !== 'app') cat.putMeta(r.key, r.value);
      }
      cat.putMeta('migrated_from', String(from));
      cat.putMeta('migrated_at', timeStamp());
      // Rows kept as they are keep the grader version of their scores (a Sudomino build's is its own).
      for (const b of src.builds())
        cat.insertBuild({
          ...b,
          status: b.status,
          grader_version:
            from >= CHECKSUMMED && b.grader_version !== null
              ? b.grader_version
              : regrade.graderVersion(b.grader_version),
        });
      // The old kind's current rules go through Regrade (schema 1 and 2 are graded again by them).
      const oldRules = new Map<string, StoredRule>();
      for (const t of src.thresholds()) {
        const rule = { measure: t.measure, th: { t1: t.t1, t2: t.t2, t3: t.t3 } };
        if (t.build_id === null && t.kind === OLD_KIND.name)
          oldRules.set(t.shape, { ...rule, solverVersion: t.solver_version });
        else cat.writeThresholds(t.build_id, t.kind, t.shape, rule, t.solver_version);
      }
      rules = regrade.rules(oldRules);
      for (const [shape, r] of rules)
        cat.writeThresholds(null, OLD_KIND.name, shape, { measure: r.measure, th: r.th }, r.solverVersion);
    });

    // Ids are kept, so slots, variants and verdicts keep pointing at the same rows. Variants
    // follow their base in id order, so old bases' results can go (memory stays flat).
    const graded = new Map<number, { score: number; tier: Tier | null }>();
    const gradeOf = (p: OldPuzzle): { score: number; tier: Tier | null } => {
      if (from >= CHECKSUMMED) return keptAsIs(p);
      const known = graded.get(p.base_id ?? p.id);
      if (known !== undefined) return known;
      const base = p.base_id === null ? p : src.puzzle(p.base_id);
      if (base === undefined) throw badRow(p.id, `its base ${p.base_id} is missing`);
      const g = regrade.base({ ...base, ...compactForm(base) }, rules.get(OLD_KIND.sizes.keyOf(base)));
      if (g.tier === null) keptOut.add(base.id);
      else if (g.tier !== base.tier) moved++;
      graded.set(base.id, g);
      return g;
    };
    for (let after = Number.MIN_SAFE_INTEGER, batch = src.puzzlesAfter(after, MIGRATE_BATCH); batch.length > 0;) {
      cat.transaction(() => {
        for (const p of batch) {
          if (p.base_id === null && graded.size >= 1024) graded.clear();
          const g = gradeOf(p);
          if (g.tier !== null) cat.insertPuzzle({ ...p, ...compactForm(p), score: g.score, tier: g.tier }, p.id);
        }
      });
      progress.advance(batch.length);
      after = batch[batch.length - 1].id;
      await stallAt('migrate:batch');
      await new Promise((resolve) => setImmediate(resolve));
      batch = src.puzzlesAfter(after, MIGRATE_BATCH);
    }
    cat.transaction(() => {
      // A slot whose puzzle was kept out now holds nothing: it is recorded as given up.
      for (const s of src.slots()) {
        const out = s.puzzle_id !== null && keptOut.has(s.puzzle_id);
        cat.insertSlots([out ? { ...s, outcome: 'failed', puzzle_id: null } : s]);
      }
      verdicts = carryVerdicts(src, cat);
    });
    progress.finish();
    // The result must pass what every writing verb checks before it is trusted with the name.
    cat.assertSound();
    const fk = cat.db.pragma('foreign_key_check') as unknown[];
    if (fk.length > 0)
      throw new UserError(
        `the migrated catalog has ${fk.length} broken references; nothing was changed (run dominosa audit on the old one)`,
        EXIT_FAILED_CHECK,
      );
    return { puzzles: total, moved, keptOut: keptOut.size, verdicts };
  } finally {
    unStop();
    cat.close();
  }
}

/**
 * Bind the old catalog's verdicts to the migrated rows: a verdict that held for its old row (its
 * checksum, and its base's for a variant, as stored then) holds for the same puzzle written in this
 * release's forms, so it is kept with the rows' new checksums; any other is left behind, as export
 * would not have trusted it. Returns how many were kept.
 */
function carryVerdicts(src: ReturnType<typeof readOld>, cat: Catalog): number {
  const kept: VerdictRow[] = [];
  const flush = (): void => {
    if (kept.length > 0) cat.recordVerdicts(kept.splice(0), []);
  };
  let count = 0;
  for (const v of src.verdicts()) {
    const was = src.puzzle(v.puzzle_id);
    const now = cat.getPuzzle(v.puzzle_id);
    if (was === undefined || now === undefined || was.checksum !== v.checksum) continue;
    let baseChecksum: string | null = null;
    if (was.base_id !== null) {
      const wasBase = src.puzzle(was.base_id);
      const nowBase = cat.getPuzzle(was.base_id);
      if (wasBase === undefined || nowBase === undefined || wasBase.checksum !== v.base_checksum) continue;
      baseChecksum = nowBase.checksum;
    } else if (v.base_checksum !== null) continue;
    kept.push({ ...v, checksum: now.checksum, base_checksum: baseChecksum });
    count++;
    if (kept.length >= 4096) flush();
  }
  flush();
  return count;
}

/** A checksummed row's own score and tier, once its checksum shows it is the row its catalog wrote. */
function keptAsIs(p: OldPuzzle): { score: number; tier: Tier } {
  if (p.score === null || p.checksum !== schema4Checksum({ ...p, score: p.score }))
    throw new UserError(
      `puzzle ${p.id} does not match its checksum; nothing was changed (run dominosa audit)`,
      EXIT_FAILED_CHECK,
    );
  return { score: p.score, tier: p.tier };
}
