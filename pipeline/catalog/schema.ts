// What a catalog's schema must be, and the checks that a file holds one: a dominosa catalog (its
// meta table, as dominosa makes it, says so), of this schema version, whose tables, views,
// triggers, indexes and generated columns are exactly this release's for the kinds it was made
// for; all read from sqlite_master before any other row is, so a foreign object (a view that
// never ends) runs never.
import Database from 'better-sqlite3';
import type { Failure } from '../../src/catalog/check.js';
import { checkSchemaObjects } from '../../src/catalog/wide-check.js';
import type { SchemaObject } from '../../src/catalog/digest.js';
import {
  CATALOG_APP,
  OPTIONAL_SCHEMA_SQL,
  OPTIONAL_TABLES,
  schemaSql,
  SCHEMA_VERSION,
  type OptionalTable,
} from '../../src/catalog/schema.js';
import { allKinds, builtInKinds, findKind, type KindName, type PuzzleKind } from '../../src/kinds.js';
import { UserError } from '../runtime/errors.js';
import { PLUGIN_KINDS_VAR } from '../runtime/plugin-kinds.js';

/** An SQLite file with no tables yet: to a writer, no catalog yet (another writer may be creating it). */
export class EmptyDatabaseError extends UserError {}

/** A dominosa catalog of a schema version this release does not read (audit reports it as a failed check). */
export class SchemaVersionError extends UserError {
  constructor(
    message: string,
    readonly version: string | null,
  ) {
    super(message);
  }
}

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

/** The schema a catalog made for these kinds has; a new catalog is made for every registered kind (src/kinds.ts). */
export function catalogSchemaSql(kinds: readonly PuzzleKind[] = allKinds()): string {
  return schemaSql(kinds.map((k) => k.schema));
}

/** The objects catalogSchemaSql makes for these kinds, as a fresh catalog's sqlite_master lists them (kept per schema text). */
const expected = new Map<string, SchemaObject[]>();
export function expectedSchema(kinds: readonly PuzzleKind[] = allKinds()): SchemaObject[] {
  const sql = catalogSchemaSql(kinds);
  let objects = expected.get(sql);
  if (objects === undefined) {
    objects = schemaMadeBy([sql]);
    expected.set(sql, objects);
  }
  return objects;
}

// How schemaSql names a catalog's kinds in its puzzles table.
const KIND_CHECK = /\bkind +TEXT NOT NULL CHECK \(kind IN \(([^)]*)\)\)/;
const KIND_NAME = /^'([a-z][a-z0-9-]*)'$/;

/**
 * The kinds a catalog's schema was made for: the built-in kinds, then the plugin kinds that were
 * registered when it was made, as its puzzles table lists them (so the built-in kinds' catalogs
 * keep their schema whatever plugins are loaded). `unknown`: the kinds it lists that are not
 * registered now. A schema that lists none so (not as schemaSql writes it) is judged against a
 * new catalog's, which it then fails.
 */
export function kindsOfSchema(objects: readonly SchemaObject[]): { kinds: PuzzleKind[]; unknown: KindName[] } {
  const sql = objects.find((o) => o.type === 'table' && o.name === 'puzzles')?.sql ?? '';
  const list = KIND_CHECK.exec(sql)?.[1].split(', ') ?? [];
  const names = list.flatMap((x) => KIND_NAME.exec(x)?.[1] ?? []);
  const builtIn = builtInKinds().map((k) => k.name);
  const asWritten =
    names.length === list.length && new Set(names).size === names.length && builtIn.every((n, i) => names[i] === n);
  if (!asWritten) return { kinds: allKinds(), unknown: [] };
  const found = names.map((n) => findKind(n));
  const unknown = names.filter((_, i) => found[i] === undefined);
  if (unknown.length > 0) return { kinds: allKinds(), unknown };
  return { kinds: found.filter((k) => k !== undefined), unknown: [] };
}

/** Why a catalog made for kinds that are not loaded cannot be read (one line, naming the first). */
function unknownKinds(unknown: readonly KindName[]): string {
  return `it was made for puzzle kind ${JSON.stringify(unknown[0])}, which is not loaded (name its module in ${PLUGIN_KINDS_VAR})`;
}

/** The names of the kinds a catalog's schema was made for (whose rows its tables take). */
export function catalogKinds(db: Database.Database): KindName[] {
  return kindsOfSchema(schemaObjects(db)).kinds.map((k) => k.name);
}

/**
 * Refuse, in one line, to write a kind's puzzles into a catalog made before the kind was loaded:
 * its tables' checks name the kinds it was made for, and SQLite cannot change them in place.
 */
export function assertKindFits(db: Database.Database, path: string, kind: PuzzleKind): void {
  if (catalogKinds(db).includes(kind.name)) return;
  throw new UserError(
    `${path} was made before ${kind.title} puzzles were loaded, and has no place for them; put them in a new catalog (--db)`,
  );
}

/** The objects the optional tables make (OPTIONAL_SCHEMA_SQL), each checked only where present. */
let optional: { sql: string; objects: SchemaObject[] } | null = null;
export function optionalSchema(): SchemaObject[] {
  const sql = catalogSchemaSql();
  if (optional?.sql !== sql) {
    const base = new Set(expectedSchema().map((o) => `${o.type}\0${o.name}`));
    const objects = schemaMadeBy([sql, ...Object.values(OPTIONAL_SCHEMA_SQL)]).filter(
      (o) => !base.has(`${o.type}\0${o.name}`),
    );
    optional = { sql, objects };
  }
  return optional.objects;
}

/** The objects of a catalog's schema, as sqlite_master lists them. */
export function schemaObjects(db: Database.Database): SchemaObject[] {
  return db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name').all() as SchemaObject[];
}

/**
 * The schema's objects against this release's: every one catalogSchemaSql makes for the kinds the
 * catalog was made for, and the optional tables present as OPTIONAL_SCHEMA_SQL makes them.
 */
export function schemaFailures(db: Database.Database): Failure[] {
  return objectFailures(schemaObjects(db));
}

function objectFailures(objects: readonly SchemaObject[]): Failure[] {
  const made = kindsOfSchema(objects);
  if (made.unknown.length > 0) return [{ kind: 'schema-mismatch', puzzleId: null, detail: unknownKinds(made.unknown) }];
  return checkSchemaObjects(objects, expectedSchema(made.kinds), optionalSchema());
}

/** The optional tables this catalog has. */
export function optionalTables(db: Database.Database): OptionalTable[] {
  const have = new Set(db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all() as string[]);
  return OPTIONAL_TABLES.filter((t) => have.has(t));
}

/** True when these objects hold a meta table as every schema version defines it (so reading it reads a table). */
export function isCatalogMeta(objects: readonly SchemaObject[]): boolean {
  const sql = (of: readonly SchemaObject[]): string | null | undefined =>
    of.find((o) => o.type === 'table' && o.name === 'meta')?.sql;
  return sql(objects) !== undefined && sql(objects) === sql(expectedSchema());
}

/**
 * Refuse (reading only) what is not a catalog of this version: a file with no meta table as
 * dominosa makes it, or none saying it is a dominosa catalog, is foreign; another version is a
 * SchemaVersionError. With `wholeSchema`, every other object must then be this release's too
 * (audit asks for less, and reports a wrong schema as a failed check). An empty file is an
 * EmptyDatabaseError unless `create` (the caller makes the schema).
 */
export function checkIdentity(db: Database.Database, path: string, create: boolean, wholeSchema: boolean): void {
  const objects = schemaObjects(db);
  if (!objects.some((o) => o.type === 'table')) {
    if (!create) throw new EmptyDatabaseError(`${path} is an empty database, not a dominosa catalog`);
    return;
  }
  if (!isCatalogMeta(objects)) throw new UserError(`${path} is a SQLite database but not a dominosa catalog`);
  // A trigger never fires on a read, and no view is read here: the meta table is read as stored.
  const get = db.prepare('SELECT value FROM meta WHERE key = ?').pluck();
  const app = get.get('app') as string | undefined;
  if (app !== CATALOG_APP) throw new UserError(`${path} is a SQLite database but not a dominosa catalog`);
  const version = get.get('schema_version') as string | undefined;
  if (version !== String(SCHEMA_VERSION)) {
    const older = version !== undefined && Number(version) >= 1 && Number(version) < SCHEMA_VERSION;
    throw new SchemaVersionError(
      `${path} has catalog schema version ${version ?? '(none)'}; this dominosa reads version ${SCHEMA_VERSION} only` +
        (older ? ` (upgrade it with: dominosa migrate --db ${path})` : ''),
      version ?? null,
    );
  }
  if (!wholeSchema) return;
  const unknown = kindsOfSchema(objects).unknown;
  if (unknown.length > 0) throw new UserError(`${path}: ${unknownKinds(unknown)}`);
  const wrong = objectFailures(objects);
  if (wrong.length > 0) {
    const more = wrong.length > 1 ? ` (and ${wrong.length - 1} more)` : '';
    // A table's failure says most (a dropped table takes its indexes with it): named first.
    const first = wrong.find((f) => /^(unknown )?table /.test(f.detail)) ?? wrong[0];
    throw new UserError(
      `${path} is not a dominosa catalog as this release writes it: ${first.detail}${more}; nothing was read or changed (run dominosa audit)`,
    );
  }
}
