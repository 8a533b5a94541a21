// Dominosa's cuts in the thresholds file (data/tiers.json by default): each size's cuts for the
// measure a build tiers by (the grade bands' ranges "grade", node cuts "sizes" or score cuts
// "scores") and, for the grade rule, the yields of the sample they were set from, checked
// against the versions of the measures they cut. The file reaches here through its source.
import type { TiersFileSource } from '../../catalog/build.js';
import type { Parsed } from '../../parsed.js';
import type { TierMeasure, TierRule } from '../../rank/rule.js';
import { parseTierTable, type TierTable, type YieldTable } from '../../rank/tiers.js';
import { REFERENCE_VERSION } from './reference.js';
import { GRADER_VERSION } from './stored.js';

export interface LoadedCuts {
  /** Tier rules per size M. */
  rules: Record<number, TierRule>;
  /** The grade rule's sample yields per size, when the file has them. */
  yields: YieldTable;
}

/** How a size without cuts gets them, for the error that names it. */
export function sampleHint(m: number, measure: TierMeasure): string {
  if (measure === 'score') return 'set them with dominosa tune --measure score --apply';
  const what = measure === 'grade' ? '' : ' --measure nodes';
  return `sample them with: node dist/scripts/dev/sample-cuts.js --sizes ${m}${what} --write data/tiers.json`;
}

/** The file's section of cuts for a measure. */
export function cutsSection(
  file: { table: TierTable; grade?: TierTable; scores?: TierTable },
  measure: TierMeasure,
): TierTable {
  return measure === 'nodes' ? file.table : measure === 'grade' ? (file.grade ?? {}) : (file.scores ?? {});
}

/**
 * The tier rule of every size for a measure: the grade bands' reference-measure ranges from the
 * file's "grade", node cuts from its "sizes", or score cuts from its "scores". Every size must
 * have cuts; a size without them is refused, with how to get them.
 */
export function loadCuts(file: TiersFileSource, sizes: readonly number[], measure: TierMeasure): Parsed<LoadedCuts> {
  const { path } = file;
  const json = file.json();
  if (!json.ok) return json;
  const res = parseTierTable(json.value);
  if (!res.ok) return { ok: false, error: `tiers file ${path}: ${res.error}` };
  if (measure !== 'score' && res.solverVersion !== undefined && res.solverVersion !== REFERENCE_VERSION) {
    return {
      ok: false,
      error:
        `tiers file ${path} was tuned for solver ${res.solverVersion}, but nodes are now measured by ` +
        `${REFERENCE_VERSION}; re-tune the thresholds`,
    };
  }
  if (measure !== 'nodes' && res.graderVersion !== undefined && res.graderVersion !== GRADER_VERSION) {
    const how = measure === 'score' ? 'dominosa tune --measure score' : 'node dist/scripts/dev/sample-cuts.js --write';
    return {
      ok: false,
      error: `tiers file ${path} has ${measure} cuts for grader ${res.graderVersion}, but grades are now ${GRADER_VERSION}'s; re-tune them (${how})`,
    };
  }
  const table = cutsSection(res, measure);
  const known = Object.keys(table).map(Number);
  const what = measure === 'nodes' ? 'node thresholds' : measure === 'grade' ? 'grade-band ranges' : 'score thresholds';
  for (const m of sizes) {
    if (!table[m]) {
      const has = known.length > 0 ? `it has sizes ${known.join(', ')}` : 'it has none';
      return { ok: false, error: `no ${what} for M=${m} in ${path} (${has}); ${sampleHint(m, measure)}` };
    }
  }
  return {
    ok: true,
    value: { rules: Object.fromEntries(sizes.map((m) => [m, { measure, th: table[m] }])), yields: res.yields ?? {} },
  };
}

/** The file's cut tables as they stand, or null when there is no file. */
export function readCuts(
  file: TiersFileSource,
): Parsed<{ table: TierTable; grade?: TierTable; scores?: TierTable; yields?: YieldTable } | null> {
  const json = file.jsonIfAny();
  if (!json.ok) return json;
  if (json.value === null) return { ok: true, value: null };
  const res = parseTierTable(json.value.json);
  if (!res.ok) return { ok: false, error: `tiers file ${file.path}: ${res.error}` };
  return { ok: true, value: res };
}
