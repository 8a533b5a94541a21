// The thresholds file a new build reads its tier cuts from (data/tiers.json by default): each
// size's cuts for the measure the build tiers by (the grade bands' ranges, node cuts or score
// cuts) and, for the grade rule, the yields of the sample they were set from, checked against
// the versions of the measures they cut.
import { existsSync, readFileSync } from 'node:fs';
import type { TierMeasure, TierRule } from '../../src/rank/rule.js';
import { REFERENCE_VERSION } from '../../src/dominosa/rank/reference.js';
import { GRADER_VERSION } from '../../src/dominosa/rank/stored.js';
import { parseTierTable, type SudominoCuts, type TierTable, type YieldTable } from '../../src/rank/tiers.js';
import { UserError } from '../runtime/errors.js';
import { describeFsError } from '../runtime/errors.js';

/** Tier rules per size (Dominosa's M, or a Sudomino shape). */
export type RuleTable = Record<string, TierRule>;

export interface LoadedTiers {
  rules: RuleTable;
  /** The grade rule's sample yields per size, when the file has them. */
  yields: YieldTable;
}

/** How a size without cuts gets them, for the error that names it. */
export function sampleHint(m: number, measure: TierMeasure): string {
  if (measure === 'score') return 'set them with dominosa tune --measure score --apply';
  const what = measure === 'grade' ? '' : ' --measure nodes';
  return `sample them with: node dist/scripts/dev/sample-cuts.js --sizes ${m}${what} --write data/tiers.json`;
}

/**
 * The tier rule of every size for a measure: the grade bands' reference-measure ranges from the
 * tiers file's "grade", node cuts from its "sizes", or score cuts from its "scores". Every size
 * must have cuts; a size without them fails here, before anything is built, with how to get them.
 */
export function loadTiers(path: string, sizes: number[], measure: TierMeasure): LoadedTiers {
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
  if (measure !== 'score' && res.solverVersion !== undefined && res.solverVersion !== REFERENCE_VERSION) {
    throw new UserError(
      `tiers file ${path} was tuned for solver ${res.solverVersion}, but nodes are now measured by ` +
        `${REFERENCE_VERSION}; re-tune the thresholds`,
    );
  }
  if (measure !== 'nodes' && res.graderVersion !== undefined && res.graderVersion !== GRADER_VERSION) {
    const how = measure === 'score' ? 'dominosa tune --measure score' : 'node dist/scripts/dev/sample-cuts.js --write';
    throw new UserError(
      `tiers file ${path} has ${measure} cuts for grader ${res.graderVersion}, but grades are now ${GRADER_VERSION}'s; re-tune them (${how})`,
    );
  }
  const table = measure === 'nodes' ? res.table : measure === 'grade' ? (res.grade ?? {}) : (res.scores ?? {});
  const known = Object.keys(table).map(Number);
  const what = measure === 'nodes' ? 'node thresholds' : measure === 'grade' ? 'grade-band ranges' : 'score thresholds';
  for (const m of sizes) {
    if (!table[m]) {
      const has = known.length > 0 ? `it has sizes ${known.join(', ')}` : 'it has none';
      throw new UserError(`no ${what} for M=${m} in ${path} (${has}); ${sampleHint(m, measure)}`);
    }
  }
  return { rules: Object.fromEntries(sizes.map((m) => [m, { measure, th: table[m] }])), yields: res.yields ?? {} };
}

/** A tiers file's sections, as read or about to be written. */
export interface TiersFile {
  comment: string;
  /** Node-only cuts ("sizes"), for --tier-by nodes. */
  table: TierTable;
  /** The grade bands' ranges ("grade") and their sample's yields ("yields"), for --tier-by grade. */
  grade: TierTable;
  yields: YieldTable;
  /** Score cuts ("scores"), for --tier-by score. */
  scores: TierTable;
  /** Sudomino's reference-node ranges per shape ("sudomino"), with their versions. */
  sudomino?: SudominoCuts;
  solverVersion?: string;
  graderVersion?: string;
}

/** The tiers file as it stands, or null when it does not exist yet. */
export function readTiersFile(path: string): TiersFile | null {
  if (!existsSync(path)) return null;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    const why = e instanceof SyntaxError ? `not valid JSON: ${e.message}` : describeFsError(e);
    throw new UserError(`tiers file ${path}: ${why}`);
  }
  const res = parseTierTable(json);
  if (!res.ok) throw new UserError(`tiers file ${path}: ${res.error}`);
  const comment =
    typeof (json as { comment?: unknown }).comment === 'string' ? (json as { comment: string }).comment : '';
  return {
    comment,
    table: res.table,
    grade: res.grade ?? {},
    yields: res.yields ?? {},
    scores: res.scores ?? {},
    ...(res.sudomino === undefined ? {} : { sudomino: res.sudomino }),
    solverVersion: res.solverVersion,
    graderVersion: res.graderVersion,
  };
}

/** A table's sizes as the tiers file lays them out: one line per size, in size order. */
export function tierTableLines(t: Record<number, object>): string {
  return Object.keys(t)
    .map(Number)
    .sort((a, b) => a - b)
    .map(
      (m) =>
        `    "${m}": ${JSON.stringify(t[m]).replace(/^\{/, '{ ').replace(/\}$/, ' }').replace(/,"/g, ', "').replace(/":/g, '": ')}`,
    )
    .join(',\n');
}

/** The tiers file's text, as data/tiers.json is laid out (versions: this release's). */
export function tiersFileText(f: Omit<TiersFile, 'solverVersion' | 'graderVersion'>): string {
  const sections: string[] = [
    `  "solverVersion": ${JSON.stringify(REFERENCE_VERSION)}`,
    `  "comment": ${JSON.stringify(f.comment)}`,
  ];
  const section = (key: string, t: Record<number, object>): void => {
    if (Object.keys(t).length > 0) sections.push(`  "${key}": {\n${tierTableLines(t)}\n  }`);
  };
  section('sizes', f.table);
  if (Object.keys(f.grade).length + Object.keys(f.yields).length + Object.keys(f.scores).length > 0) {
    sections.push(`  "graderVersion": ${JSON.stringify(GRADER_VERSION)}`);
  }
  section('grade', f.grade);
  section('yields', f.yields);
  section('scores', f.scores);
  if (f.sudomino !== undefined && Object.keys(f.sudomino.grade).length > 0) {
    const { solverVersion, graderVersion, grade } = f.sudomino;
    const shapes = Object.keys(grade)
      .sort()
      .map(
        (shape) =>
          `      ${JSON.stringify(shape)}: { "t1": ${grade[shape].t1}, "t2": ${grade[shape].t2}, "t3": ${grade[shape].t3} }`,
      )
      .join(',\n');
    sections.push(
      `  "sudomino": {\n    "solverVersion": ${JSON.stringify(solverVersion)},\n    "graderVersion": ${JSON.stringify(graderVersion)},\n    "grade": {\n${shapes}\n    }\n  }`,
    );
  }
  return `{\n${sections.join(',\n')}\n}\n`;
}
