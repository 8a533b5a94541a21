// Whether a catalog can be created or written where its path says, checked before any work: the
// one writability check of the verbs that write a catalog (build, merge). Where the path comes
// from (--db, DOMINOSA_DB, the package's own) is the shell's: scripts/commands/options.ts.
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { describeFsError, UserError } from '../runtime/errors.js';
import { checkWritableDir } from './output.js';

/** What to do when a catalog cannot be written: name another. */
export const ANOTHER_CATALOG = '; name a writable catalog with --db FILE or the DOMINOSA_DB variable';

/** SQLite's names for databases that end with the process (in memory, or a temporary file). */
export function isTransient(path: string): boolean {
  return path === '' || path === ':memory:' || /^file:/i.test(path);
}

/** Refuse a path SQLite would not keep as a file: a catalog must outlive the process. */
export function refuseTransient(path: string): void {
  if (isTransient(path)) {
    throw new UserError(
      `${JSON.stringify(path)} is not a file: SQLite would keep that catalog in memory or not at all, and it would be gone when dominosa exits; name a file with --db`,
    );
  }
}

/** Refuse a catalog path that could not be created or written, before anything is opened. */
export function checkCatalogPath(path: string): void {
  refuseTransient(path);
  // SQLite writes its -wal and -shm files next to the catalog, so the directory must be writable.
  const there = existsSync(path);
  checkWritableDir(
    path,
    there
      ? `cannot write catalog ${path} (SQLite keeps its journal in the same folder)`
      : `cannot create catalog ${path}`,
    ANOTHER_CATALOG,
  );
  if (there) {
    if (!statSync(path).isFile()) throw new UserError(`catalog ${path} is not a file`);
    try {
      accessSync(path, constants.R_OK | constants.W_OK);
    } catch (e) {
      throw new UserError(`cannot write catalog ${path}: ${describeFsError(e)}${ANOTHER_CATALOG}`);
    }
  }
}
