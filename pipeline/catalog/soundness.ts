// Whether a catalog is as dominosa wrote it, without re-solving a puzzle: the checks a verb makes
// before it builds on stored rows (build resuming, tune, merge), and the catalog-wide ones audit
// reports (schema objects and the digest over every row).
import type { Failure, SharedFields } from '../../src/catalog/check.js';
import { checkDigests } from '../../src/catalog/wide-check.js';
import { schemaDigest, type SchemaObject } from '../../src/catalog/digest.js';
import { SCHEMA_ENTRY } from '../../src/catalog/schema.js';
import { allKinds, findKind } from '../../src/kinds.js';
import { EXIT_FAILED_CHECK, UserError } from '../runtime/errors.js';
import type { Connection } from './connection.js';
import { computeDigests, digestWalk, storedDigests } from './digests.js';
import { getPuzzle, sizeCounts, type PuzzleRow } from './puzzles.js';
import { expectedSchema, schemaFailures, schemaObjects } from './schema.js';
import { readThresholds, type StoredRule } from './thresholds.js';

/** SQLite's quick check of every page: 'ok', or the first thing wrong. */
export function quickCheck(conn: Connection): string {
  return conn.db.pragma('quick_check', { simple: true }) as string;
}

/**
 * The checks a verb makes before it writes to (or grades from) a catalog without re-solving
 * it, on one snapshot: the database pages are sound, the schema holds exactly this release's
 * objects, every size holding puzzles has current tier thresholds, every row is as dominosa
 * wrote it (checksum, tier, variant against base) and the digest matches the rows. A catalog
 * that fails them is refused whole; `dominosa audit` says what is wrong.
 */
export function assertSound(conn: Connection): void {
  const refuse = (what: string): never => {
    throw new UserError(`${conn.path} ${what}; nothing was changed (run dominosa audit)`, EXIT_FAILED_CHECK);
  };
  const own = !conn.db.inTransaction;
  if (own) conn.beginRead();
  try {
    const quick = quickCheck(conn);
    if (quick !== 'ok') refuse(`is damaged (${quick})`);
    const schema = schemaFailures(conn.db);
    if (schema.length > 0) refuse(`fails its checks (schema-mismatch: ${schema[0].detail})`);
    const rules = new Map<string, Map<string, StoredRule>>();
    for (const kind of allKinds()) {
      const own = readThresholds(conn, null, kind.name);
      rules.set(kind.name, own);
      const missing = [...sizeCounts(conn, kind.name).keys()].filter((size) => !own.has(size));
      if (missing.length > 0)
        refuse(
          `holds ${kind.title} puzzles of ${missing.map((s) => kind.sizes.label(s)).join(',')} but no current tier thresholds for them`,
        );
    }
    const ruleOf = (p: PuzzleRow): StoredRule | undefined => rules.get(p.kind)?.get(p.shape);
    const digest = checkDigests(storedDigests(conn.db), computeDigests(conn.db, rowChecker(conn, ruleOf)));
    if (digest.length > 0) refuse(`fails its checks (digest-mismatch: ${digest[0].detail})`);
  } finally {
    if (own) conn.endRead();
  }
}

/**
 * A check of each row, in id order, against what dominosa wrote: its checksum matches, its tier
 * is its size's rule's, and a variant agrees with its base. For verbs that build on stored rows
 * without re-solving them (build resuming, tune, merge); audit and export make the full checks.
 */
function rowChecker(conn: Connection, ruleOf: (p: PuzzleRow) => StoredRule | undefined): (p: PuzzleRow) => void {
  const bases = new Map<number, SharedFields>();
  return (p) => {
    const rule = ruleOf(p) ?? null;
    const base = p.base_id === null ? null : (bases.get(p.base_id) ?? getPuzzle(conn, p.base_id) ?? null);
    const kind = findKind(p.kind);
    // A kind this release does not know cannot be in a catalog whose schema is this release's.
    if (kind === undefined) throw new Error(`puzzle ${p.id} is of an unknown kind`);
    const failures = kind.checkRow(p, base, rule);
    if (failures.length > 0) {
      const f = failures[0];
      throw new UserError(
        `${conn.path}: puzzle ${p.id} (${kind.sizes.label(p.shape)}) fails its checks (${f.kind}: ${f.detail}); nothing was changed (run dominosa audit)`,
        EXIT_FAILED_CHECK,
      );
    }
    // Only what variants are compared on, and only recent bases (variants follow their base
    // in id order; an older one is read again): memory stays flat however large the catalog.
    if (p.base_id === null && bases.size >= 1024) bases.clear();
    if (p.base_id === null)
      bases.set(p.id, {
        id: p.id,
        m: p.m,
        tier: p.tier,
        nodes: p.nodes,
        score: p.score,
        canonical_hash: p.canonical_hash,
      });
  };
}

/**
 * The checks that read no row but the digest's: the schema's objects are this release's, and the
 * schema's digest entry matches them (read only while the digest table is as dominosa makes it).
 */
export function checkSchema(conn: Connection): Failure[] {
  const failures = schemaFailures(conn.db);
  const objects = schemaObjects(conn.db);
  const digestSql = (of: readonly SchemaObject[]): string | null | undefined =>
    of.find((o) => o.type === 'table' && o.name === 'digest')?.sql;
  if (digestSql(objects) !== digestSql(expectedSchema())) return failures;
  const stored = storedDigests(conn.db).get(SCHEMA_ENTRY);
  const actual = new Map([[SCHEMA_ENTRY, schemaDigest(objects)]]);
  return [...failures, ...checkDigests(stored === undefined ? new Map() : new Map([[SCHEMA_ENTRY, stored]]), actual)];
}

/** The catalog-wide integrity checks: the schema's objects are this release's, and the digest matches. */
export function checkIntegrityOfCatalog(conn: Connection, eachPuzzle?: (p: PuzzleRow) => void): Failure[] {
  return [...schemaFailures(conn.db), ...checkDigests(storedDigests(conn.db), computeDigests(conn.db, eachPuzzle))];
}

/**
 * checkIntegrityOfCatalog as a walk its caller drives (digestWalk): every puzzle row in id order,
 * then the failures. The caller may await between rows, and read other rows meanwhile.
 */
export function* walkIntegrityOfCatalog(conn: Connection): Generator<PuzzleRow, Failure[], undefined> {
  const schema = schemaFailures(conn.db);
  const actual = yield* digestWalk<PuzzleRow>(conn.db, true);
  return [...schema, ...checkDigests(storedDigests(conn.db), actual)];
}
