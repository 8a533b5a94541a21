// What a catalog's schema must be, and the checks that a file holds one: a dominosa catalog (its
// meta table, as dominosa makes it, says so), of this schema version, whose tables, views,
// triggers, indexes and generated columns are exactly this release's; all read from
// sqlite_master before any other row is, so a foreign object (a view that never ends) runs never.
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
import { allKinds } from '../../src/kinds.js';
import { UserError } from '../runtime/errors.js';

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

/** The schema this release writes: the registered kinds' (src/kinds.ts). */
export function catalogSchemaSql(): string {
  return schemaSql(allKinds().map((k) => k.schema));
}

/** The objects catalogSchemaSql makes, as a fresh catalog's sqlite_master lists them (kept per schema text). */
let expected: { sql: string; objects: SchemaObject[] } | null = null;
export function expectedSchema(): SchemaObject[] {
  const sql = catalogSchemaSql();
  if (expected?.sql !== sql) expected = { sql, objects: schemaMadeBy([sql]) };
  return expected.objects;
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

/** The schema's objects against this release's: every one catalogSchemaSql makes, and the optional tables present as OPTIONAL_SCHEMA_SQL makes them. */
export function schemaFailures(db: Database.Database): Failure[] {
  return checkSchemaObjects(schemaObjects(db), expectedSchema(), optionalSchema());
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
  const wrong = checkSchemaObjects(objects, expectedSchema(), optionalSchema());
  if (wrong.length > 0) {
    const more = wrong.length > 1 ? ` (and ${wrong.length - 1} more)` : '';
    // A table's failure says most (a dropped table takes its indexes with it): named first.
    const first = wrong.find((f) => /^(unknown )?table /.test(f.detail)) ?? wrong[0];
    throw new UserError(
      `${path} is not a dominosa catalog as this release writes it: ${first.detail}${more}; nothing was read or changed (run dominosa audit)`,
    );
  }
}
