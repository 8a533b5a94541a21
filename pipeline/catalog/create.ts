// Making the catalog's objects: the whole schema on an empty file, and an optional table the
// first time the one verb that writes it needs it, each with its digest entries.
import { CATALOG_APP, OPTIONAL_SCHEMA_SQL, SCHEMA_VERSION, type OptionalTable } from '../../src/catalog/schema.js';
import type { Connection } from './connection.js';
import { FLUSH_SQL, putSchemaDigest } from './digests.js';
import { putMeta } from './meta.js';
import { catalogSchemaSql, optionalTables } from './schema.js';
import { timeStamp } from '../runtime/source-date.js';

/** The schema, its meta rows and its digest, on an empty database (inside the lock's transaction). */
export function createSchema(conn: Connection): void {
  conn.db.exec(catalogSchemaSql());
  conn.digests.startEmpty();
  putMeta(conn, 'app', CATALOG_APP);
  putMeta(conn, 'schema_version', String(SCHEMA_VERSION));
  putMeta(conn, 'created_at', timeStamp());
  putSchemaDigest(conn.db);
  // The lock's transaction is SQLite's own, not Connection.transaction: the sums are written here.
  conn.digests.flush(conn.stmt(FLUSH_SQL));
}

/** Make an optional table where it is missing, with its digest entry and the schema's renewed (inside a write). */
export function ensureTable(conn: Connection, table: OptionalTable): void {
  if (optionalTables(conn.db).includes(table)) return;
  conn.db.exec(OPTIONAL_SCHEMA_SQL[table]);
  putSchemaDigest(conn.db);
  conn.digests.track(table);
}
