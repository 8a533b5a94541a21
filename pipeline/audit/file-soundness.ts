// SQLite's integrity check of a catalog file, the first of audit's checks: it reads every page
// (two seconds of a 1,000,000-row catalog, with every worker idle if the main thread ran it
// first), so audit runs it in one of its workers, on a connection of that thread, beside the walk
// over the rows; where that thread cannot open the file, on the walk's own connection.
import type Database from 'better-sqlite3';
import { Catalog } from '../catalog/catalog.js';

/** What SQLite's integrity check says of the file: ['ok'], or one line per problem found. */
export function integrityRows(db: Database.Database): string[] {
  const rows = db.pragma('integrity_check', { simple: false }) as { integrity_check: string }[];
  return rows.map((r) => r.integrity_check);
}

/** integrityRows of the catalog at `path`, on a read-only connection of its own; null when it cannot be opened so. */
export function integrityRowsAt(path: string): string[] | null {
  let cat: Catalog;
  try {
    cat = Catalog.open(path, { readonly: true, wholeSchema: false });
  } catch {
    return null;
  }
  try {
    return integrityRows(cat.db);
  } finally {
    cat.close();
  }
}
