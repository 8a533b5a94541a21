// The thresholds file a new build reads its tier cuts from (data/tiers.json by default): each
// size's node or score cuts, or the fixed grade bands, checked against the measure's version.
import { readFileSync } from 'node:fs';
import { GRADE_THRESHOLDS, type TierMeasure, type TierRule } from '../../src/rank/measure.js';
import { REFERENCE_VERSION } from '../../src/rank/reference.js';
import { GRADER_VERSION } from '../../src/rank/stored.js';
import { parseTierTable } from '../../src/rank/tiers.js';
import { UserError } from '../errors.js';
import { describeFsError } from '../io.js';

/** Tier rules per size. */
export type RuleTable = Record<number, TierRule>;

/**
 * The tier rule of every size for a measure: node cuts from the tiers file, the fixed grade
 * bands, or score cuts from the file's "scores". Every size must have thresholds.
 */
export function loadTiers(path: string, sizes: number[], measure: TierMeasure = 'nodes'): RuleTable {
  if (measure === 'grade') return Object.fromEntries(sizes.map((m) => [m, { measure, th: GRADE_THRESHOLDS }]));
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new UserError(`cannot read tiers file ${path}: ${describeFsError(e)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new UserError(`tiers file ${path} is not valid JSON: ${(e as Error).message}`);
  }
  const res = parseTierTable(json);
  if (!res.ok) throw new UserError(`tiers file ${path}: ${res.error}`);
  if (res.solverVersion !== undefined && res.solverVersion !== REFERENCE_VERSION) {
    throw new UserError(
      `tiers file ${path} was tuned for solver ${res.solverVersion}, but nodes are now measured by ` +
        `${REFERENCE_VERSION}; re-tune the thresholds`,
    );
  }
  const table = measure === 'nodes' ? res.table : (res.scores ?? {});
  if (measure === 'score' && res.graderVersion !== undefined && res.graderVersion !== GRADER_VERSION) {
    throw new UserError(`tiers file ${path} has score cuts for grader ${res.graderVersion}, but scores are now ${GRADER_VERSION}'s; re-tune them (dominosa tune --measure score)`);
  }
  const known = Object.keys(table).map(Number);
  const what = measure === 'nodes' ? 'thresholds' : 'score thresholds';
  for (const m of sizes) {
    if (!table[m]) {
      const has = known.length > 0 ? `it has sizes ${known.join(', ')}` : 'it has none';
      throw new UserError(`no ${what} for size ${m} in ${path} (${has}${measure === 'score' ? '; set them with dominosa tune --measure score --apply' : ''})`);
    }
  }
  return Object.fromEntries(sizes.map((m) => [m, { measure, th: table[m] }]));
}
