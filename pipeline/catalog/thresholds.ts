// The thresholds table: the tier rule a build graded with (build_id set) and the current one per
// size (build_id null), on the measure it cuts, with the solver version its cuts were set for.
import { DIGEST_COLUMNS } from '../../src/catalog/schema.js';
import type { TierMeasure, TierRule } from '../../src/dominosa/rank/measure.js';
import type { Connection } from './connection.js';

/** A size's current (or a build's) tier rule, and the solver version its cuts were set for. */
export type StoredRule = TierRule & { solverVersion: string };

const COLUMNS = DIGEST_COLUMNS.thresholds;
const INSERT = `INSERT INTO thresholds (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`;

/** Record the rule a build tiers with (buildId) or the current one (null), replacing old rows. */
export function writeThresholds(conn: Connection, buildId: number | null, m: number, rule: TierRule, solverVersion: string): void {
  const { th, measure } = rule;
  conn.changeRows('thresholds', 'IFNULL(build_id, 0) = ? AND m = ?', [buildId ?? 0, m], () => {
    conn.stmt('DELETE FROM thresholds WHERE IFNULL(build_id, 0) = ? AND m = ?').run(buildId ?? 0, m);
    conn.stmt(INSERT).run({ build_id: buildId, m, measure, t1: th.t1, t2: th.t2, t3: th.t3, solver_version: solverVersion });
  });
}

export function readThresholds(conn: Connection, buildId: number | null): Map<number, StoredRule> {
  const rows = conn.stmt('SELECT m, measure, t1, t2, t3, solver_version FROM thresholds WHERE IFNULL(build_id, 0) = ? ORDER BY m').all(
    buildId ?? 0,
  ) as { m: number; measure: TierMeasure; t1: number; t2: number; t3: number; solver_version: string }[];
  return new Map(rows.map((r) => [r.m, { measure: r.measure, th: { t1: r.t1, t2: r.t2, t3: r.t3 }, solverVersion: r.solver_version }]));
}
