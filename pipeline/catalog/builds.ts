// The builds table: one row per distinct set of result-deciding options (its key), with its
// status and counts, so the same command resumes its build.
import { DIGEST_COLUMNS, type BuildStatus } from '../../src/catalog/schema.js';
import type { Connection } from './connection.js';

export interface BuildRow {
  id: number;
  key: string;
  seed: number;
  options: string;
  solver_version: string;
  grader_version: string;
  started_at: string;
  finished_at: string | null;
  counts: string;
  status: BuildStatus;
}

/** A build to insert: id null lets SQLite number it. */
export type NewBuild = Omit<BuildRow, 'id'> & { id: number | null };

/** The builds table's columns, in table order (the digest's too). */
const COLUMNS = DIGEST_COLUMNS.builds;
const INSERT = `INSERT INTO builds (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`;

/** The one insert of a build row; returns its id. */
export function insertBuild(conn: Connection, b: NewBuild): number {
  return conn.write(() => {
    const { id, key, seed, options, solver_version, grader_version, started_at, finished_at, counts, status } = b;
    const info = conn
      .stmt(INSERT)
      .run({ id, key, seed, options, solver_version, grader_version, started_at, finished_at, counts, status });
    const at = id ?? Number(info.lastInsertRowid);
    conn.added('builds', conn.stmt('SELECT * FROM builds WHERE id = ?').get(at) as BuildRow);
    return at;
  });
}

/** A new build, running, with no counts yet; returns its id. */
export function createBuild(conn: Connection, b: Omit<BuildRow, 'id' | 'finished_at' | 'counts'>): number {
  return insertBuild(conn, { ...b, id: null, finished_at: null, counts: '{}' });
}

export function findBuild(conn: Connection, key: string): BuildRow | undefined {
  return conn.stmt('SELECT * FROM builds WHERE key = ?').get(key) as BuildRow | undefined;
}

export function allBuilds(conn: Connection): BuildRow[] {
  return conn.stmt('SELECT * FROM builds ORDER BY id').all() as BuildRow[];
}

/** Mark a build running again, recording the options of this run. */
export function resumeBuild(conn: Connection, id: number, options: string): void {
  conn.changeRows('builds', 'id = ?', [id], () =>
    conn.stmt(`UPDATE builds SET status = 'running', options = ? WHERE id = ?`).run(options, id),
  );
}

export function updateBuild(
  conn: Connection,
  id: number,
  status: BuildStatus,
  counts: unknown,
  finishedAt: string | null,
): void {
  conn.changeRows('builds', 'id = ?', [id], () =>
    conn
      .stmt('UPDATE builds SET status = ?, counts = ?, finished_at = ? WHERE id = ?')
      .run(status, JSON.stringify(counts), finishedAt, id),
  );
}

/** Record that a build stopped (its counts stay those of its last committed batch). */
export function setBuildStatus(conn: Connection, id: number, status: BuildStatus, finishedAt: string | null): void {
  conn.changeRows('builds', 'id = ?', [id], () =>
    conn.stmt('UPDATE builds SET status = ?, finished_at = ? WHERE id = ?').run(status, finishedAt, id),
  );
}
