// Which solver and grader versions measured a catalog's rows: a puzzle's build's, or for one
// without a build the current thresholds'. Tune and audit compare them with this release's.
import type { KindName } from '../../src/kinds.js';
import type { Connection } from './connection.js';

/**
 * The solver versions that measured the node counts of a kind's size: each puzzle's build's, or
 * for a puzzle without a build the current thresholds' (null when neither is recorded).
 */
export function solverVersions(conn: Connection, kind: KindName, size: string): (string | null)[] {
  return conn
    .stmt(
      `SELECT DISTINCT COALESCE(b.solver_version, t.solver_version) FROM puzzles p
     LEFT JOIN builds b ON b.id = p.build_id
     LEFT JOIN thresholds t ON t.build_id IS NULL AND t.kind = p.kind AND t.shape = p.shape
     WHERE p.kind = ? AND p.shape = ?`,
    )
    .pluck()
    .all(kind, size) as (string | null)[];
}

/** The grader versions that scored a kind's size's puzzles: their builds' (null for a puzzle without one). */
export function graderVersions(conn: Connection, kind: KindName, size: string): (string | null)[] {
  return conn
    .stmt(
      `SELECT DISTINCT b.grader_version FROM puzzles p LEFT JOIN builds b ON b.id = p.build_id WHERE p.kind = ? AND p.shape = ?`,
    )
    .pluck()
    .all(kind, size) as (string | null)[];
}

/** Base puzzles (of one kind, or all) per grader version of their build (null: no build recorded). */
export function graderVersionCounts(conn: Connection, kind: KindName | null = null): Map<string | null, number> {
  const rows = conn
    .stmt(
      `SELECT b.grader_version AS v, COUNT(*) AS n FROM puzzles p LEFT JOIN builds b ON b.id = p.build_id
     WHERE p.base_id IS NULL AND (? IS NULL OR p.kind = ?) GROUP BY b.grader_version`,
    )
    .all(kind, kind) as { v: string | null; n: number }[];
  return new Map(rows.map((r) => [r.v, r.n]));
}
