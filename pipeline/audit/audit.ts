// `dominosa audit`: open a catalog read-only, run the catalog-wide checks (integrity, schema
// objects, the digest over every row, and each kind's own: tier order, thresholds, versions) and
// re-prove every puzzle of every kind (or of one, or a seeded sample) in a piscina pool, each as
// its kind checks it, all on one read snapshot. Writes
// nothing, a broken catalog is reported, not repaired; only `--record` then stores each checked
// puzzle's verdict, holding the writer lock from start to end so the catalog it judged is the
// one it writes to.
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import {
  FAILURE_KINDS,
  checkGraderVersions,
  checkSolverVersions,
  checksumFailures,
  type Failure,
  type KindCatalogFacts,
} from '../../src/catalog/check.js';
import { checkDistinctBases, checkIntegrity, checkSchemaVersion } from '../../src/catalog/wide-check.js';
import { integrityRows } from './file-soundness.js';
import { CatalogTally } from './tally.js';
import { sampleOf } from '../../src/catalog/sample.js';
import { allKinds, findKind, kindNamed, type KindName, type PuzzleKind } from '../../src/kinds.js';
import { passVerdict } from '../../src/catalog/verdict.js';
import { checkBatch, ItemChecker, type AuditAnswer, type AuditItem, type AuditTask } from './item-check.js';
import { failingPuzzles, type AuditProgress, type AuditReport } from './report.js';
import { Catalog, SchemaVersionError, type PuzzleRow } from '../catalog/catalog.js';
import { UserError } from '../runtime/errors.js';
import { checkTimeLimit } from './proof-budget.js';
import { WORKER_EXEC_ARGV, workerFile, MAX_JOBS } from '../runtime/pool.js';
import { timeStamp } from '../runtime/source-date.js';

export interface AuditOptions {
  db: string;
  jobs: number;
  /** Check this many puzzles, drawn with `seed`; absent: all. */
  sample?: number;
  seed: number;
  /** Store the verdict of every puzzle checked in the catalog (the verdicts table), for export to trust. */
  record?: boolean;
  /** Each puzzle's proofs give up after this long (--time-limit); absent: what solve gives its size. */
  timeLimitMs?: number;
  /** Audit this kind's puzzles and kind-wide checks only; absent: every kind (the whole catalog). */
  kind?: KindName;
}

/** How a report line names a puzzle's size: its kind and the size's label ("dominosa M=4", "sudomino 8x8:6"). */
export function puzzleScope(p: { kind: KindName; shape: string }): string {
  return `${p.kind} ${findKind(p.kind)?.sizes.label(p.shape) ?? p.shape}`;
}

/**
 * A worker task closes at this many puzzles or this much cost (cells squared: a proof's cost grows
 * faster than its board), whichever comes first: boards up to M = 9 go 64 to a message (a task
 * of a few ms, far more than its message costs), a board from M = 31 up alone, so no worker sits
 * on a batch of large boards while the others idle.
 */
export const BATCH = 64;
export const BATCH_COST = 1_000_000;

/**
 * Tasks a worker holds at once: it starts the next without waiting for the main thread to hear
 * its answer, and has work while the main thread checks a task of its own.
 */
const HELD = 8;

/**
 * The main thread checks a task itself only while it is this cheap (64 boards of M = 6 and less
 * cost 200,000), so it stays free to hear a signal within milliseconds: long proofs stay on the workers.
 */
const MAIN_TASK_COST = 250_000;

function mainMayCheck(batch: readonly AuditItem[]): boolean {
  let sum = 0;
  for (const it of batch) sum += auditCost(it.puzzle);
  return sum <= MAIN_TASK_COST;
}

/** A puzzle's share of a task. */
export function auditCost(p: { rows: number; cols: number }): number {
  return (p.rows * p.cols) ** 2;
}

/**
 * Items in order, cut into tasks that close at BATCH items or BATCH_COST of cost; with `joins`,
 * never between an item and the next one that joins it (a task then closes at the first item
 * that does not).
 */
export function* costBatches<T>(
  items: Iterable<T>,
  cost: (item: T) => number,
  joins?: (item: T, previous: T) => boolean,
): Generator<T[]> {
  let batch: T[] = [];
  let sum = 0;
  let full = false;
  for (const it of items) {
    if (full && !joins!(it, batch[batch.length - 1])) {
      yield batch;
      batch = [];
      sum = 0;
    }
    batch.push(it);
    sum += cost(it);
    full = batch.length >= BATCH || sum >= BATCH_COST;
    if (full && joins === undefined) {
      yield batch;
      batch = [];
      sum = 0;
      full = false;
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * A variant joins the item before it when that is its base or a variant of the same base: a
 * class goes to one task, where its base's proofs prove its variants (worker.ts).
 */
export function sameClass(it: AuditItem, previous: AuditItem): boolean {
  const b = it.puzzle.base_id;
  return b !== null && (previous.puzzle.id === b || previous.puzzle.base_id === b);
}

function checkOptions(o: AuditOptions): void {
  if (!Number.isSafeInteger(o.jobs) || o.jobs < 1 || o.jobs > MAX_JOBS) {
    throw new UserError(`--jobs must be a whole number from 1 to ${MAX_JOBS} (got ${o.jobs})`);
  }
  if (o.sample !== undefined && (!Number.isSafeInteger(o.sample) || o.sample < 1)) {
    throw new UserError(`--sample must be a whole number ≥ 1 (got ${o.sample})`);
  }
  if (!Number.isSafeInteger(o.seed)) throw new UserError(`--seed must be a whole number (got ${o.seed})`);
  checkTimeLimit(o.timeLimitMs);
}

function sortFailures(failures: Failure[]): Failure[] {
  const rank = (f: Failure): number => FAILURE_KINDS.indexOf(f.kind);
  return failures.sort((a, b) => (a.puzzleId ?? -1) - (b.puzzleId ?? -1) || rank(a) - rank(b));
}

/**
 * Audit the catalog at opts.db. Throws a UserError (exit 2) when the file is missing, unreadable
 * or not a catalog; everything else, a catalog of an unknown schema version included, comes back
 * as failures in the report.
 */
export async function runAudit(opts: AuditOptions, progress: AuditProgress): Promise<AuditReport> {
  checkOptions(opts);
  const t0 = performance.now();
  const guardrails: AuditReport['guardrails'] = [];
  const report = (
    failures: Failure[],
    checked: number,
    puzzles: number,
    recorded: AuditReport['recorded'] = null,
    nothingChecked: string | null = null,
  ): AuditReport => ({
    db: opts.db,
    checked,
    puzzles,
    sample: opts.sample ?? null,
    seed: opts.sample === undefined ? null : opts.seed,
    jobs: opts.jobs,
    ms: performance.now() - t0,
    failures: sortFailures(failures),
    recorded,
    guardrails,
    nothingChecked,
  });

  // --record takes the writer lock first: a writer at work is refused at once (exit 75), and no
  // other writer can change the catalog between the checks and the verdicts.
  let recorder: Catalog | null = null;
  let cat: Catalog;
  try {
    // A wrong schema is reported below, before a row is read, rather than refused here.
    if (opts.record) recorder = Catalog.open(opts.db, { verb: 'audit --record', wholeSchema: false });
    cat = Catalog.open(opts.db, { readonly: true, wholeSchema: false });
  } catch (e) {
    recorder?.close();
    // A catalog, but of a version whose tables this release cannot interpret: a failed check.
    if (e instanceof SchemaVersionError)
      return report(
        checkSchemaVersion(e.version),
        0,
        0,
        opts.record ? { verdicts: 0, why: 'the catalog failed its checks' } : null,
      );
    throw e;
  }
  // The workers load their modules while the main thread checks the file; each holds a few tasks
  // at once, so it goes on to the next while the main thread is busy scanning rows.
  const pool = new Piscina<AuditTask, AuditAnswer>({
    filename: workerFile('audit/worker.js'),
    minThreads: opts.jobs,
    maxThreads: opts.jobs,
    concurrentTasksPerWorker: HELD,
    execArgv: WORKER_EXEC_ARGV,
  });
  // Every check reads one snapshot: a writer committing meanwhile is seen whole or not at all.
  cat.beginRead();
  // SQLite's integrity check, in a worker while this thread reads the schema and walks the rows
  // (file-soundness.ts); its failures, when there are any, are the whole report, as if it ran first.
  const integrityRun = (pool as unknown as Piscina<string, string[] | null>).run(opts.db, { name: 'integrity' });
  integrityRun.catch(() => {});
  // Read once, however many paths ask (the main thread's fallback reads every page again).
  let integrityFailures: Promise<Failure[]> | null = null;
  const integrity = (): Promise<Failure[]> =>
    (integrityFailures ??= integrityRun
      .catch(() => null)
      .then((rows) => checkIntegrity(rows ?? integrityRows(cat.db))));
  const damaged = (failures: Failure[]): AuditReport =>
    report(failures, 0, 0, recorder === null ? null : { verdicts: 0, why: 'the database is damaged' });
  try {
    // Objects not this release's (a view in a table's place, a changed generated column) are
    // reported before any row is read: reading through them could run without end.
    const schema = cat.checkSchema();
    if (schema.some((f) => f.kind === 'schema-mismatch'))
      return report(
        [...(await integrity()), ...schema],
        0,
        0,
        recorder === null ? null : { verdicts: 0, why: 'the catalog failed its checks' },
      );
    const failures: Failure[] = [];
    const orphans = cat.db.pragma('foreign_key_check') as { table: string; rowid: number; parent: string }[];
    for (const o of orphans) {
      failures.push({
        kind: 'integrity',
        puzzleId: null,
        detail: `${o.table} row ${o.rowid} refers to a missing ${o.parent} row`,
      });
    }
    // Pages a check found damaged may throw on read: report what was found, do not go on.
    if (failures.length > 0) return damaged([...(await integrity()), ...failures]);
    failures.push(...checkSchemaVersion(cat.metaValue('schema_version')));
    const kinds = opts.kind === undefined ? allKinds() : [kindNamed(opts.kind)];
    const wanted = (kind: KindName): boolean => kinds.some((k) => k.name === kind);
    const items = auditItems(cat);

    const all = cat.puzzleIds({ includeVariants: true, kind: opts.kind });
    // Ascending, as the walk below meets them.
    const ids = opts.sample === undefined ? all : sampleOf(all, opts.sample, opts.seed);
    // Per kind, the puzzles checked whose stored nodes audit cannot count again, by solver version.
    const unmeasured = new Map<KindName, Map<string | null, number>>();
    // The catalog-wide checks of the kinds, read once the walk is done (while the workers finish
    // its last tasks), keep their place in the failures' order: they come before the walk's.
    const wide: Failure[] = [];
    const puzzles: Failure[] = [];
    // What the catalog-wide checks read of the rows, counted on the walk.
    const tally = new CatalogTally();
    progress.start(ids.length);
    let checked = 0;
    try {
      // One walk over every row: the digest counts it, an audited row goes to the workers with its
      // base, and any other of the kinds audited has its checksum checked here.
      const walk = cat.walkIntegrityOfCatalog();
      let walked: Failure[] = [];
      const bases = new Map<number, PuzzleRow>();
      const queue = (function* (): Generator<AuditItem> {
        try {
          let next = 0;
          let r = walk.next();
          for (; r.done !== true; r = walk.next()) {
            const p = r.value;
            tally.add(p);
            // Variants follow their base: the recent bases are at hand, an older one is read again.
            // (Only a few: rows kept longer reach the old generation, which costs the collector more.)
            if (p.base_id === null) {
              if (bases.size >= 16) bases.clear();
              bases.set(p.id, p);
            }
            if (next < ids.length && ids[next] === p.id) {
              next++;
              const base = p.base_id === null ? null : (bases.get(p.base_id) ?? cat.getPuzzle(p.base_id) ?? null);
              const item = items.itemOf(p, base);
              // A version that counts this size as the current one does is no mismatch.
              if (!kindNamed(p.kind).checks.versions.remeasuresNodes(p, item.solverVersion)) {
                const own = unmeasured.get(p.kind) ?? new Map<string | null, number>();
                own.set(item.solverVersion, (own.get(item.solverVersion) ?? 0) + 1);
                unmeasured.set(p.kind, own);
              }
              yield item;
            } else if (wanted(p.kind)) puzzles.push(...checksumFailures(p));
          }
          walked = r.value;
        } finally {
          // Stopped early (a worker failed): the scan's statement is let go.
          walk.return([]);
        }
      })();
      const answered = (ans: AuditAnswer): void => {
        checked += ans.checked;
        for (const f of ans.failures) puzzles.push(f);
        progress.advance(ans.checked);
      };
      const inFlight = new Set<Promise<void>>();
      const window = (HELD + 2) * opts.jobs;
      // This thread's own share of the checking, one small task at a time between its other work,
      // where a core is left beside the workers' (with a worker per core it only adds a third
      // thread's warm-up and switching: on two cores, --jobs 2 spent about 10% more CPU).
      const own = new ItemChecker();
      const spareCore = opts.jobs < availableParallelism();
      for (const batch of costBatches(queue, (it) => auditCost(it.puzzle), sameClass)) {
        const task = { items: batch, timeLimitMs: opts.timeLimitMs };
        if (inFlight.size >= window) {
          if (spareCore && mainMayCheck(batch)) {
            // Every worker holds tasks enough: check this one here, then hear the workers' answers.
            answered(checkBatch(own, task));
            await new Promise((resolve) => setImmediate(resolve));
            continue;
          }
          // A bounded window keeps memory flat on a large catalog while every worker stays busy.
          await Promise.race(inFlight);
        }
        const sent: Promise<void> = pool.run(task).then((ans) => {
          answered(ans);
          inFlight.delete(sent);
        });
        inFlight.add(sent);
        // A task that fails is heard at the next race or at the end, not as unhandled while this thread checks.
        sent.catch(() => {});
      }
      // Each kind's own catalog-wide checks: its tier order (or guardrail) and thresholds present.
      for (const kind of kinds) {
        const own = kind.checks.catalog(catalogFacts(cat, tally, kind.name));
        wide.push(...own.failures);
        guardrails.push(...own.guardrails);
      }
      wide.push(...checkDistinctBases(tally.baseHashes().filter((b) => wanted(b.kind))));
      await Promise.all(inFlight);
      // One at a time: a catalog failing every row has too many for one call's arguments.
      for (const f of [wide, puzzles, walked].flat()) failures.push(f);
    } finally {
      progress.finish();
    }
    const unsound = await integrity();
    if (unsound.length > 0) return damaged(unsound);
    const builds = new Map(cat.builds().map((b) => [b.id, b]));
    const graderOf = (build: number | null): string | null =>
      build === null ? null : (builds.get(build)?.grader_version ?? null);
    for (const kind of kinds)
      failures.push(
        ...versionFailures(tally.graderVersionCounts(kind.name, graderOf), kind, unmeasured.get(kind.name)),
      );
    nameScopes(cat, failures);
    // A selection that held no puzzle checked nothing: no pass, and no verdict to record.
    const nothing =
      ids.length === 0
        ? `the catalog holds no ${opts.kind === undefined ? '' : `${kindNamed(opts.kind).title} `}puzzles`
        : null;
    const recorded =
      recorder === null
        ? null
        : nothing !== null
          ? { verdicts: 0, why: 'nothing was checked' }
          : recordVerdicts(recorder, cat.stamp(), items, ids, failures);
    return report(failures, checked, all.length, recorded, nothing);
  } catch (e) {
    // A damaged page can throw on read: the integrity check then says what is damaged.
    const unsound = await integrity();
    if (unsound.length > 0) return damaged(unsound);
    throw e;
  } finally {
    cat.endRead();
    cat.close();
    recorder?.close();
    await pool.destroy();
  }
}

/** What a kind's catalog-wide checks read of the catalog: its own rows, as the walk counted them (tally.ts). */
function catalogFacts(cat: Catalog, tally: CatalogTally, kind: KindName): KindCatalogFacts {
  return {
    sizeCounts: () => tally.sizeCounts(kind),
    sizesWithThresholds: () => new Set(cat.readThresholds(null, kind).keys()),
    tierRanges: () => tally.tierStats(kind, cat.readThresholds(null, kind)),
    bases: (size) => tally.baseDifficulties(kind, size),
  };
}

/**
 * A kind's stored figures audit could not measure again: nodes of the puzzles checked
 * (`unmeasured`, by solver version), and scores of every base, sampled or not, by grader version.
 */
function versionFailures(
  /** The kind's bases by the grader version of their score (Catalog.graderVersionCounts). */
  graded: ReadonlyMap<string | null, number>,
  kind: PuzzleKind,
  unmeasured: ReadonlyMap<string | null, number> = new Map(),
): Failure[] {
  const { versions } = kind.checks;
  const ungraded = [...graded].filter(([v]) => !versions.regrades(v));
  return [
    ...checkSolverVersions(unmeasured, versions.reference),
    ...checkGraderVersions(new Map(ungraded), versions.grader),
  ];
}

/** Each puzzle's failure names the puzzle's kind and shape, for the report's lines. */
function nameScopes(cat: Catalog, failures: Failure[]): void {
  for (const f of failures) {
    const p = f.puzzleId === null ? undefined : cat.getPuzzle(f.puzzleId);
    if (p !== undefined) f.scope = puzzleScope(p);
  }
}

/**
 * Store the verdicts of an audit's checked puzzles: a pass for each with no failure, and no
 * verdict for each that failed. Nothing is recorded when a catalog-wide check failed (the catalog
 * is not as dominosa wrote it, or its tiers or versions cannot be trusted), or when the catalog
 * changed since the snapshot the checks read (outside dominosa: the lock keeps dominosa out).
 */
function recordVerdicts(
  recorder: Catalog,
  stamp: string,
  items: ReturnType<typeof auditItems>,
  ids: readonly number[],
  failures: readonly Failure[],
): NonNullable<AuditReport['recorded']> {
  if (failures.some((f) => f.puzzleId === null)) return { verdicts: 0, why: 'a catalog-wide check failed' };
  if (recorder.stamp() !== stamp) return { verdicts: 0, why: 'the catalog changed while it was audited' };
  const failed = new Set(failingPuzzles(failures));
  const at = timeStamp();
  const passed = ids
    .filter((id) => !failed.has(id))
    .map((id) => {
      const item = items.itemFor(id);
      return passVerdict(item, at, kindNamed(item.puzzle.kind).checks.versions);
    });
  recorder.transaction(() => recorder.recordVerdicts(passed, [...failed]));
  return { verdicts: passed.length, why: null };
}

/**
 * What the per-puzzle checks need of each stored puzzle: the row, its base row when a variant,
 * its size's current tier rule (by its kind and shape), the solver version its nodes were
 * measured with (its build's, else the one its size's current thresholds were set for) and the
 * grader version of its score (its build's). Shared with export, which re-checks every puzzle it
 * is about to write.
 */
export function auditItems(cat: Catalog): {
  itemFor(id: number): AuditItem;
  itemOf(puzzle: PuzzleRow, base: PuzzleRow | null): AuditItem;
} {
  const rules = new Map(allKinds().map((k) => [k.name, cat.readThresholds(null, k.name)]));
  const builds = new Map(cat.builds().map((b) => [b.id, b]));
  // The item of a row read already, with its base's row (null: a base, or its base is missing).
  const itemOf = (puzzle: PuzzleRow, base: PuzzleRow | null): AuditItem => {
    const rule = rules.get(puzzle.kind)?.get(puzzle.shape);
    const build = puzzle.build_id === null ? undefined : builds.get(puzzle.build_id);
    return {
      puzzle,
      base,
      rule: rule ?? null,
      solverVersion: build?.solver_version ?? rule?.solverVersion ?? null,
      graderVersion: build?.grader_version ?? null,
    };
  };
  return {
    itemFor(id: number): AuditItem {
      const puzzle = cat.getPuzzle(id) as PuzzleRow;
      return itemOf(puzzle, puzzle.base_id === null ? null : (cat.getPuzzle(puzzle.base_id) ?? null));
    },
    itemOf,
  };
}
