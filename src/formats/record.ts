// The pack record: one puzzle as the data formats (json, jsonl, csv) hold it, with the same fields
// of the same types whatever its kind. The shared fields are filled here; the kind gives its size
// and its puzzle and solution as text (src/formats/kind.ts, KindPack.record).
import { kindOf, partOf, type FormatsKind, type KindPack, type PackPuzzle, type PackRecord } from './kind.js';

/** The record's fields, in the order every format writes them (the csv header flattens size). */
export const RECORD_FIELDS = [
  'kind',
  'id',
  'size',
  'tier',
  'grade',
  'technique',
  'score',
  'nodes',
  'base_id',
  'transform',
  'puzzle',
  'solution',
] as const satisfies readonly (keyof PackRecord)[];

/** The pack forms of a puzzle's kind. */
export function packOf(kinds: readonly FormatsKind[], p: { kind: string }): KindPack {
  const kind = kindOf(kinds, p);
  return partOf(kind, kind.formats.pack, 'pack');
}

/** The record of a pack puzzle, its fields in RECORD_FIELDS order. */
export function recordOf(p: PackPuzzle, kinds: readonly FormatsKind[]): PackRecord {
  const pack = packOf(kinds, p);
  const own = pack.record(p);
  const grade = p.grade ?? null;
  return {
    kind: p.kind,
    id: p.id,
    size: { key: own.size.key, label: own.size.label },
    tier: p.tier,
    grade,
    technique: grade === null ? null : (pack.technique(grade) ?? grade),
    score: p.score ?? null,
    nodes: p.nodes,
    base_id: p.baseId ?? null,
    transform: p.transform ?? null,
    puzzle: own.puzzle,
    solution: own.solution,
  };
}

function isObject(x: unknown): x is Record<string, unknown> {
  return x !== null && typeof x === 'object' && !Array.isArray(x);
}

const isText = (x: unknown): boolean => typeof x === 'string';
const isTextOrNull = (x: unknown): boolean => x === null || typeof x === 'string';
const isWhole = (x: unknown): boolean => typeof x === 'number' && Number.isInteger(x) && x >= 0;

/**
 * Why a record read back is not one, or null: its fields (every one present, none other) and
 * their types, its kind among `kinds`, its score in its kind's range and its kind's part. `at`
 * names it ("puzzle 3").
 */
export function recordError(kinds: readonly FormatsKind[], r: unknown, at: string): string | null {
  if (!isObject(r)) return `${at} is not an object`;
  const id = r.id;
  if (!(typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))))
    return `${at}: id must be a number or a string`;
  const name = `${at} (id ${JSON.stringify(id)})`;
  const missing = RECORD_FIELDS.find((f) => !Object.hasOwn(r, f));
  if (missing !== undefined) return `${name}: the record has no ${JSON.stringify(missing)} field`;
  const extra = Object.keys(r).find((f) => !(RECORD_FIELDS as readonly string[]).includes(f));
  if (extra !== undefined) return `${name}: ${JSON.stringify(extra)} is no field of a record`;
  const packed = kinds.filter((k) => k.formats.pack !== undefined);
  const kind = packed.find((k) => k.name === r.kind);
  if (kind?.formats.pack === undefined)
    return `${name}: kind must be ${packed.map((k) => JSON.stringify(k.name)).join(' or ')}`;
  const pack = kind.formats.pack;
  const size = r.size;
  if (!isObject(size) || !isText(size.key) || !isText(size.label) || Object.keys(size).length !== 2)
    return `${name}: size must be an object {key, label} of two strings`;
  if (!isText(r.tier)) return `${name}: tier must be a string`;
  if (!isWhole(r.nodes)) return `${name}: nodes must be a non-negative integer`;
  if (!isTextOrNull(r.grade)) return `${name}: grade must be a string or null`;
  if (!isTextOrNull(r.technique) || (r.grade === null) !== (r.technique === null))
    return `${name}: technique must be a string with a grade, null without`;
  const top = pack.levels + 1;
  if (r.score !== null && (typeof r.score !== 'number' || !(r.score >= 1 && r.score < top)))
    return `${name}: score must be null or a number from 1 to below ${top}`;
  if (r.base_id !== null && !isWhole(r.base_id)) return `${name}: base_id must be a non-negative integer or null`;
  if (!isTextOrNull(r.transform)) return `${name}: transform must be a string or null`;
  if (!isText(r.puzzle) || !isText(r.solution)) return `${name}: puzzle and solution must be strings`;
  const why = pack.recordError(r);
  return why === null ? null : `${name}: ${why}`;
}
