// The thresholds file a new build reads its tier cuts from (data/tiers.json by default), as a
// kind's plan reads it (tiersFileSource: read when asked, its errors one line), and as tune and
// sample-cuts read and write it whole. Its top-level sections are the default kind's (the kind
// of the first catalogs, whose versions head it); another kind's cuts have a section of their own.
import { existsSync, readFileSync } from 'node:fs';
import type { TiersFileSource } from '../../src/catalog/build.js';
import { DEFAULT_KIND, findKind, kindNamed, kindNames } from '../../src/kinds.js';
import { parseTierTable, type KindCuts, type TierTable, type YieldTable } from '../../src/rank/tiers.js';
import { UserError } from '../runtime/errors.js';
import { describeFsError } from '../runtime/errors.js';

export type { RuleTable } from '../../src/catalog/build.js';

/** The file at `path` as a kind's plan reads it: each read once, when first asked. */
export function tiersFileSource(path: string): TiersFileSource {
  let strict: ReturnType<TiersFileSource['json']> | undefined;
  let lenient: ReturnType<TiersFileSource['jsonIfAny']> | undefined;
  return {
    path,
    json() {
      strict ??= readStrict(path);
      return strict;
    },
    jsonIfAny() {
      lenient ??= readLenient(path);
      return lenient;
    },
  };
}

function readStrict(path: string): ReturnType<TiersFileSource['json']> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    return { ok: false, error: `cannot read tiers file ${path}: ${describeFsError(e)}` };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, error: `tiers file ${path} is not valid JSON: ${(e as Error).message}` };
  }
}

function readLenient(path: string): ReturnType<TiersFileSource['jsonIfAny']> {
  if (!existsSync(path)) return { ok: true, value: null };
  try {
    return { ok: true, value: { json: JSON.parse(readFileSync(path, 'utf8')) as unknown } };
  } catch (e) {
    const why = e instanceof SyntaxError ? `not valid JSON: ${e.message}` : describeFsError(e);
    return { ok: false, error: `tiers file ${path}: ${why}` };
  }
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
  /** Other kinds' reference-node ranges per size, each in its kind's section, with their versions. */
  kinds?: Record<string, KindCuts>;
  solverVersion?: string;
  graderVersion?: string;
}

/** The tiers file as it stands, or null when it does not exist yet. */
export function readTiersFile(path: string): TiersFile | null {
  const read = readLenient(path);
  if (!read.ok) throw new UserError(read.error);
  if (read.value === null) return null;
  const { json } = read.value;
  const res = parseTierTable(json);
  if (!res.ok) throw new UserError(`tiers file ${path}: ${res.error}`);
  const sectionError = kindSectionsError(res.kinds ?? {});
  if (sectionError !== null) throw new UserError(`tiers file ${path}: ${sectionError}`);
  const comment =
    typeof (json as { comment?: unknown }).comment === 'string' ? (json as { comment: string }).comment : '';
  return {
    comment,
    table: res.table,
    grade: res.grade ?? {},
    yields: res.yields ?? {},
    scores: res.scores ?? {},
    ...(res.kinds === undefined ? {} : { kinds: res.kinds }),
    solverVersion: res.solverVersion,
    graderVersion: res.graderVersion,
  };
}

/**
 * A kind's section must name a kind this program knows, and each of its size keys must be one size
 * of that kind written as the kind writes it ("8x8:6", not "8x8" or "08x8:6"), so a typo cannot
 * leave a size without cuts.
 */
function kindSectionsError(sections: Record<string, KindCuts>): string | null {
  for (const [name, cuts] of Object.entries(sections)) {
    const kind = findKind(name);
    if (kind === undefined || name === DEFAULT_KIND)
      return `unknown field "${name}" (a kind's section is named for one of ${kindNames()
        .filter((k) => k !== DEFAULT_KIND)
        .join(', ')})`;
    for (const key of Object.keys(cuts.grade)) {
      const read = kind.sizes.parse(key);
      if (!read.ok || read.value.length !== 1 || read.value[0] !== key)
        return `${name}: size key "${key}" is not one ${kind.title} size written as ${kind.title} writes it${read.ok ? '' : ` (${read.error})`}`;
    }
  }
  return null;
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
  const versions = kindNamed(DEFAULT_KIND).build.versions;
  const sections: string[] = [
    `  "solverVersion": ${JSON.stringify(versions.solver)}`,
    `  "comment": ${JSON.stringify(f.comment)}`,
  ];
  const section = (key: string, t: Record<number, object>): void => {
    if (Object.keys(t).length > 0) sections.push(`  "${key}": {\n${tierTableLines(t)}\n  }`);
  };
  section('sizes', f.table);
  if (Object.keys(f.grade).length + Object.keys(f.yields).length + Object.keys(f.scores).length > 0) {
    sections.push(`  "graderVersion": ${JSON.stringify(versions.grader)}`);
  }
  section('grade', f.grade);
  section('yields', f.yields);
  section('scores', f.scores);
  for (const [name, { solverVersion, graderVersion, grade }] of Object.entries(f.kinds ?? {})) {
    if (Object.keys(grade).length === 0) continue;
    const shapes = Object.keys(grade)
      .sort()
      .map(
        (shape) =>
          `      ${JSON.stringify(shape)}: { "t1": ${grade[shape].t1}, "t2": ${grade[shape].t2}, "t3": ${grade[shape].t3} }`,
      )
      .join(',\n');
    sections.push(
      `  ${JSON.stringify(name)}: {\n    "solverVersion": ${JSON.stringify(solverVersion)},\n    "graderVersion": ${JSON.stringify(graderVersion)},\n    "grade": {\n${shapes}\n    }\n  }`,
    );
  }
  return `{\n${sections.join(',\n')}\n}\n`;
}
