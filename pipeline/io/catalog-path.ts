// The name of a catalog, as every verb takes it (--db, DOMINOSA_DB, merge's catalogs): one check
// that the name means a file, the same bytes then opened; and whether a catalog can be created or
// written where its path says, the one writability check of the writing verbs (build, merge).
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { describeFsError, UserError } from '../runtime/errors.js';
import { checkWritableDir } from './output.js';

/** What to do when a catalog cannot be written: name another. */
export const ANOTHER_CATALOG = '; name a writable catalog with --db FILE or the DOMINOSA_DB variable';

/** SQLite's names for databases that end with the process (in memory, or a temporary file). */
export function isTransient(path: string): boolean {
  return path.trim() === '' || path === ':memory:' || /^file:/i.test(path);
}

/**
 * Why `name` cannot name a catalog file, or null when it can: blank names and SQLite's special
 * ones, a name its driver would open without its edge spaces, and "-". Every verb's catalog name
 * passes here, as its options are read, before it is opened as it is (placeError then looks at
 * the file system, when the verb opens it).
 */
export function catalogNameError(name: string): string | null {
  if (name.trim() === '') return 'a blank name names no file';
  if (isTransient(name))
    return 'SQLite keeps such a database in memory or as a temporary file, gone when dominosa exits; name a file';
  // better-sqlite3 trims the name it opens: what is checked must be what is opened.
  if (name !== name.trim())
    return 'a name that begins or ends with a space would be opened without it; name the file without them';
  if (name === '-') return '"-" is standard input or output, not a catalog; name a file';
  return null;
}

/** Why no catalog file can be at `path`, or null: it is a directory, or its folder does not exist. */
export function placeError(path: string): string | null {
  if (existsSync(path)) return statSync(path).isDirectory() ? `${path} is a directory, not a catalog file` : null;
  const folder = dirname(path);
  return existsSync(folder) ? null : `the folder of ${path}, ${folder}, does not exist`;
}

/**
 * The catalog a verb opens: `given` (--db), else the DOMINOSA_DB variable when set and not empty,
 * else the package's own `packaged`; checked by catalogNameError, its refusal naming where the
 * name came from.
 */
export function catalogPath(
  given: string | undefined,
  env: NodeJS.ProcessEnv,
  packaged: string,
): { ok: true; value: string } | { ok: false; error: string } {
  const named = env[CATALOG_VARIABLE];
  const [name, from] =
    given !== undefined
      ? [given, '--db']
      : named !== undefined && named !== ''
        ? [named, CATALOG_VARIABLE]
        : [packaged, "the package's catalog"];
  const why = catalogNameError(name);
  return why === null ? { ok: true, value: name } : { ok: false, error: `${from} ${JSON.stringify(name)}: ${why}` };
}

/** The environment variable naming the catalog when --db is not given. */
export const CATALOG_VARIABLE = 'DOMINOSA_DB';

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
  const place = placeError(path);
  if (place !== null) throw new UserError(`cannot create catalog ${path}: ${place}${ANOTHER_CATALOG}`);
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
