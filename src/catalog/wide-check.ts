// The catalog-wide checks of `dominosa audit` that no kind has a part in: the database's
// integrity, the schema's version and objects, the digest over every row, and one base per
// symmetry class of each kind. The checks of a kind's own rows are in check.ts.
import type { Failure } from './check.js';
import type { SchemaObject, StoredDigest } from './digest.js';
import { SCHEMA_VERSION } from './schema.js';

/** No two base puzzles of a kind may share a canonical hash (one base per symmetry class). */
export function checkDistinctBases(bases: readonly { id: number; kind: string; canonical_hash: string }[]): Failure[] {
  // Keyed by kind and hash, as the catalog's index is: each kind hashes its own classes.
  const byHash = new Map<string, number[]>();
  for (const b of bases) {
    const key = `${b.kind}\0${b.canonical_hash}`;
    const ids = byHash.get(key);
    if (ids) ids.push(b.id);
    else byHash.set(key, [b.id]);
  }
  const out: Failure[] = [];
  for (const [key, ids] of byHash) {
    const hash = key.slice(key.indexOf('\0') + 1);
    if (ids.length < 2) continue;
    for (const id of ids.slice(1)) {
      out.push({
        kind: 'duplicate-base',
        puzzleId: id,
        detail: `same symmetry class (hash ${hash.slice(0, 12)}…) as base ${ids[0]}`,
      });
    }
  }
  return out;
}

/** The catalog's schema version must be the one this release reads. */
export function checkSchemaVersion(version: string | null): Failure[] {
  if (version === String(SCHEMA_VERSION)) return [];
  return [
    {
      kind: 'schema-version',
      puzzleId: null,
      detail:
        version !== null && Number(version) >= 1 && Number(version) < SCHEMA_VERSION
          ? `schema version ${version} is older than this release's ${SCHEMA_VERSION}: upgrade it with dominosa migrate`
          : `schema version ${version ?? '(none)'} is not the version ${SCHEMA_VERSION} this release knows`,
    },
  ];
}

/** `PRAGMA integrity_check` answers the single row "ok" for a sound database. */
export function checkIntegrity(rows: readonly string[]): Failure[] {
  if (rows.length === 1 && rows[0] === 'ok') return [];
  return rows.map((r) => ({ kind: 'integrity' as const, puzzleId: null, detail: r }));
}

const describeObject = (o: SchemaObject): string =>
  o.type === 'table' || o.name === o.tbl_name ? `${o.type} ${o.name}` : `${o.type} ${o.name} on ${o.tbl_name}`;

/**
 * The catalog must hold exactly the objects this release's schema makes, SQL text and all: a
 * trigger, view, index or table added (or dropped, or changed) outside dominosa fails. An
 * `optional` object (a table only some verb makes) may be missing, but if there, must match too.
 */
export function checkSchemaObjects(
  actual: readonly SchemaObject[],
  expected: readonly SchemaObject[],
  optional: readonly SchemaObject[] = [],
): Failure[] {
  const key = (o: SchemaObject): string => `${o.type}\0${o.name}`;
  const have = new Map(actual.map((o) => [key(o), o]));
  const want = new Map([...expected, ...optional.filter((o) => have.has(key(o)))].map((o) => [key(o), o]));
  const out: Failure[] = [];
  const fail = (detail: string): void => {
    out.push({ kind: 'schema-mismatch', puzzleId: null, detail });
  };
  for (const [k, o] of have) {
    const w = want.get(k);
    if (w === undefined)
      fail(`unknown ${describeObject(o)}: this release's schema has no such object (added outside dominosa?)`);
    else if (w.sql !== o.sql || w.tbl_name !== o.tbl_name)
      fail(`${describeObject(o)} differs from this release's definition`);
  }
  for (const [k, o] of want) if (!have.has(k)) fail(`${describeObject(o)} is missing`);
  return out;
}

/**
 * The stored digest must equal the one recomputed from the rows and the schema: a row count
 * that differs means rows were deleted or inserted, an equal count with another sum that rows
 * were changed, swapped or replaced, all outside dominosa.
 */
export function checkDigests(
  stored: ReadonlyMap<string, StoredDigest>,
  actual: ReadonlyMap<string, StoredDigest>,
): Failure[] {
  const out: Failure[] = [];
  for (const [name, a] of actual) {
    const s = stored.get(name);
    const what = name === 'schema' ? 'the schema' : `table ${name}`;
    let detail: string | null = null;
    if (s === undefined) detail = `${what} has no digest recorded`;
    else if (s.rows !== a.rows)
      detail = `${what} holds ${a.rows} ${name === 'schema' ? 'objects' : 'rows'}, its digest records ${s.rows}: ${name === 'schema' ? 'objects' : 'rows'} were added or deleted outside dominosa`;
    else if (s.sum !== a.sum)
      detail = `${what} does not match its digest: ${name === 'schema' ? 'an object' : 'a row'} was changed, swapped or replaced outside dominosa`;
    if (detail !== null) out.push({ kind: 'digest-mismatch', puzzleId: null, detail });
  }
  for (const name of stored.keys()) {
    if (!actual.has(name))
      out.push({
        kind: 'digest-mismatch',
        puzzleId: null,
        detail: `the digest records a table ${name} this release does not digest`,
      });
  }
  return out;
}
