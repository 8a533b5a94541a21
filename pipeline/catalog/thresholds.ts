// The thresholds table: the tier rule a build graded with (build_id set) and the current one per
// size of a kind (build_id null), on the measure it cuts, with the solver version its cuts were
// set for. A size is named by its kind and its key (the shape column).
import { DIGEST_COLUMNS } from '../../src/catalog/schema.js';
import type { TierMeasure, TierRule } from '../../src/rank/rule.js';
import type { KindName } from '../../src/kinds.js';
import type { Connection } from './connection.js';

/** A size's current (or a build's) tier rule, and the solver version its cuts were set for. */
export type StoredRule = TierRule & { solverVersion: string };

const COLUMNS = DIGEST_COLUMNS.thresholds;
const INSERT = `INSERT INTO thresholds (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`;

/** Record the rule a build tiers a shape with (buildId) or the current one (null), replacing old rows. */
export function writeThresholds(
  conn: Connection,
  buildId: number | null,
  kind: KindName,
  shape: string,
  rule: TierRule,
  solverVersion: string,
): void {
  const { th, measure } = rule;
  const where = 'IFNULL(build_id, 0) = ? AND kind = ? AND shape = ?';
  conn.changeRows('thresholds', where, [buildId ?? 0, kind, shape], () => {
    conn.stmt(`DELETE FROM thresholds WHERE ${where}`).run(buildId ?? 0, kind, shape);
    conn
      .stmt(INSERT)
      .run({ build_id: buildId, kind, shape, measure, t1: th.t1, t2: th.t2, t3: th.t3, solver_version: solverVersion });
  });
}

/** The rules of a build (or the current ones, null) for every size of a kind, by key, in key order. */
export function readThresholds(conn: Connection, buildId: number | null, kind: KindName): Map<string, StoredRule> {
  const rows = conn
    .stmt(
      'SELECT shape, measure, t1, t2, t3, solver_version FROM thresholds WHERE IFNULL(build_id, 0) = ? AND kind = ? ORDER BY shape',
    )
    .all(buildId ?? 0, kind) as {
    shape: string;
    measure: TierMeasure;
    t1: number;
    t2: number;
    t3: number;
    solver_version: string;
  }[];
  return new Map(
    rows.map((r) => [
      r.shape,
      { measure: r.measure, th: { t1: r.t1, t2: r.t2, t3: r.t3 }, solverVersion: r.solver_version },
    ]),
  );
}
