// A catalog rewritten in one canonical form when SOURCE_DATE_EPOCH is set (reproducible builds),
// so the same writes give the same bytes whatever the batches, checkpoints, pids and hosts were:
// its pages in order with no free space or old cell bytes, its header's counters fresh. Measured:
// two builds of the same options differ only in the change counter (how many commits grew the
// file), the bytes of rows rewritten in place (the digest) and the released lock's row.
import { chmodSync, closeSync, fsyncSync, openSync, realpathSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';

/** Whether a writer's close rewrites its catalog canonically: SOURCE_DATE_EPOCH is set. */
export function wantsCanonical(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.SOURCE_DATE_EPOCH !== undefined;
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Replace the catalog at `path` by its canonical copy: VACUUM INTO a file beside it (a snapshot
 * with its pages in order), the writer lock's row deleted there with secure_delete (an emptied
 * page is reset, so no pid or host is left), then renamed over it. `db` holds the writer lock and
 * is in rollback-journal mode with nothing left in a log: nobody else has the file open, and no
 * other writer can start while the lock is held; after the rename `db` must only be closed.
 * A failure leaves the catalog as it was, and no copy.
 */
export function rewriteCanonical(db: Database.Database, path: string): void {
  const real = realpathSync(path);
  const copy = join(dirname(real), `.${basename(real)}.canonical-${process.pid}`);
  rmSync(copy, { force: true });
  try {
    db.prepare('VACUUM INTO ?').run(copy);
    const c = new Database(copy);
    try {
      c.pragma('secure_delete = ON');
      c.exec('DELETE FROM writer');
    } finally {
      c.close();
    }
    chmodSync(copy, statSync(real).mode & 0o7777);
    fsyncPath(copy);
    renameSync(copy, real);
    fsyncPath(dirname(real));
  } catch (e) {
    rmSync(copy, { force: true });
    throw e;
  }
}
