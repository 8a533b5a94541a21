// Difficulty tiers: per board size M, three thresholds cut a measure (the reference measure, or
// the grade score; see measure.ts) into easy ≤ t1 < normal ≤ t2 < hard ≤ t3 < expert. The
// ranges themselves keep the tiers strictly ordered, so nothing else has to. Thresholds come
// from data/tiers.json.

export type Tier = 'easy' | 'normal' | 'hard' | 'expert';

/** The tiers from easiest to hardest: the one list of their order. */
export const TIERS: readonly Tier[] = ['easy', 'normal', 'hard', 'expert'];

/** A number per tier (base puzzles of one size, say). */
export type TierCounts = Record<Tier, number>;

/** Zero for every tier, in tier order. */
export function zeroTierCounts(): TierCounts {
  return Object.fromEntries(TIERS.map((t) => [t, 0])) as TierCounts;
}

/** easy ≤ t1 < normal ≤ t2 < hard ≤ t3 < expert, on the size's measure. */
export interface Thresholds {
  t1: number;
  t2: number;
  t3: number;
}

/** Thresholds per board size M. */
export type TierTable = Record<number, Thresholds>;

/** Per size, how many puzzles of each tier's band landed inside its range, per 1,000 sampled (0: out of reach). */
export type YieldTable = Record<number, Record<Tier, number>>;

export type TierTableResult =
  | {
      ok: true;
      table: TierTable;
      /** Present when the input was the whole-file shape. */
      solverVersion?: string;
      /** Cuts on the grade score per size (the file's "scores"), and the grader they were set for. */
      scores?: TierTable;
      /** Reference-measure ranges of the grade bands per size (the file's "grade"), and their sample's yields. */
      grade?: TierTable;
      yields?: YieldTable;
      graderVersion?: string;
      /** Other kinds' cuts, each in a section named for its kind ("sudomino"). */
      kinds?: Record<string, KindCuts>;
    }
  | { ok: false; error: string };

/**
 * A kind's section of the file (beside the first kind's, which has the top level): per size key
 * ("8x8:6"), the reference-node ranges of its tiers (a tier is its grader level's, kept inside its
 * range), and the versions of the node counter and grader the cuts were set for.
 */
export interface KindCuts {
  solverVersion: string;
  graderVersion: string;
  grade: Record<string, Thresholds>;
}

/** The tier of a board whose measure (reference nodes or score) is v. */
export function tierOf(v: number, th: Thresholds): Tier {
  if (v <= th.t1) return 'easy';
  if (v <= th.t2) return 'normal';
  if (v <= th.t3) return 'hard';
  return 'expert';
}

const FILE_KEYS = new Set(['solverVersion', 'sizes', 'comment', 'graderVersion', 'grade', 'yields', 'scores']);
const SECTION_KEYS = new Set(['solverVersion', 'graderVersion', 'grade']);
// A kind's section is named as kinds are ("sudomino"); its size keys as the catalog writes them
// ("8x8:6"): letters, digits and the marks sizes are written with, no spaces.
const SECTION_NAME = /^[a-z][a-z0-9-]*$/;
const SECTION_SIZE_KEY = /^[0-9A-Za-z][0-9A-Za-z:x._-]*$/;
const THRESHOLD_KEYS = ['t1', 't2', 't3'] as const;
// A size key is M written plainly: "3", not "03", "3.0" or "+3".
const SIZE_KEY = /^[1-9]\d*$/;

function isObject(x: unknown): x is Record<string, unknown> {
  return x !== null && typeof x === 'object' && !Array.isArray(x);
}

/**
 * Validate a tier table. Accepts either the whole data/tiers.json shape
 * `{"solverVersion": "...", "sizes": {"3": {"t1":..,"t2":..,"t3":..}, ...}, "comment"?: "...",
 *   "graderVersion"?: "...", "grade"?: {"3": {...}, ...}, "yields"?: {"3": {"easy": .., ...}},
 *   "scores"?: {"3": {...}, ...}, "<another kind>"?: {"solverVersion": "...", "graderVersion": "...",
 *   "grade": {"8x8:6": {"t1":..,"t2":..,"t3":..}, ...}}}`
 * (the versions are then returned, for the caller to compare with its own) or the bare `sizes`
 * object. Keys must be sizes M ≥ 1 (a kind's own sizes under its section); node thresholds ("sizes",
 * "grade") integers ≥ 0, score thresholds numbers in [0, 8), with t1 < t2 < t3; yields numbers
 * ≥ 0 for the four tiers.
 * Unknown keys are refused so a typo cannot silently drop a size or a threshold.
 */
export function parseTierTable(json: unknown): TierTableResult {
  if (!isObject(json)) return { ok: false, error: 'tier table is not a JSON object' };
  if (!Object.hasOwn(json, 'sizes')) {
    const bare = parseSizes(json, 'nodes');
    return bare.ok ? { ok: true, table: bare.table } : bare;
  }
  const kinds: Record<string, KindCuts> = {};
  for (const k of Object.keys(json)) {
    if (FILE_KEYS.has(k)) continue;
    // Any other field is another kind's section, and must read as one.
    const section = SECTION_NAME.test(k) && isObject(json[k]) ? parseKindCuts(json[k]) : null;
    if (section === null)
      return { ok: false, error: `unknown field "${k}" (expected ${[...FILE_KEYS].join(', ')}, or a kind's section)` };
    if (!section.ok) return { ok: false, error: `${k}: ${section.error}` };
    kinds[k] = section.cuts;
  }
  const v = json.solverVersion;
  if (typeof v !== 'string' || v === '') return { ok: false, error: 'solverVersion must be a non-empty string' };
  if (json.comment !== undefined && typeof json.comment !== 'string')
    return { ok: false, error: 'comment must be a string' };
  if (!isObject(json.sizes)) return { ok: false, error: 'sizes is not an object of M → thresholds' };
  const nodes = parseSizes(json.sizes, 'nodes');
  if (!nodes.ok) return nodes;
  const out: TierTableResult & { ok: true } = { ok: true, table: nodes.table, solverVersion: v };
  if (Object.keys(kinds).length > 0) out.kinds = kinds;
  if (json.scores === undefined && json.grade === undefined && json.yields === undefined) return out;
  const g = json.graderVersion;
  if (typeof g !== 'string' || g === '')
    return { ok: false, error: 'graderVersion must be a non-empty string when grade or scores are given' };
  out.graderVersion = g;
  for (const key of ['grade', 'scores'] as const) {
    if (json[key] === undefined) continue;
    if (!isObject(json[key])) return { ok: false, error: `${key} is not an object of M → thresholds` };
    const t = parseSizes(json[key], key === 'grade' ? 'nodes' : 'score');
    if (!t.ok) return { ok: false, error: `${key}: ${t.error}` };
    out[key] = t.table;
  }
  if (json.yields !== undefined) {
    const y = parseYields(json.yields);
    if (!y.ok) return { ok: false, error: `yields: ${y.error}` };
    out.yields = y.yields;
  }
  return out;
}

function parseYields(json: unknown): { ok: true; yields: YieldTable } | { ok: false; error: string } {
  if (!isObject(json)) return { ok: false, error: 'not an object of M → yields per tier' };
  const yields: YieldTable = {};
  for (const [key, y] of Object.entries(json)) {
    if (!SIZE_KEY.test(key) || !Number.isSafeInteger(Number(key)))
      return { ok: false, error: `size key "${key}" is not a board size M` };
    if (!isObject(y)) return { ok: false, error: `M=${key}: yields must be an object {easy, normal, hard, expert}` };
    for (const k of Object.keys(y))
      if (!(TIERS as readonly string[]).includes(k)) return { ok: false, error: `M=${key}: unknown tier "${k}"` };
    const row = {} as Record<Tier, number>;
    for (const t of TIERS) {
      const v = y[t];
      if (typeof v !== 'number' || !(v >= 0))
        return { ok: false, error: `M=${key}: ${t} must be a number ≥ 0 (got ${JSON.stringify(v) ?? 'nothing'})` };
      row[t] = v;
    }
    yields[Number(key)] = row;
  }
  return { ok: true, yields };
}

function parseKindCuts(json: Record<string, unknown>): { ok: true; cuts: KindCuts } | { ok: false; error: string } {
  for (const k of Object.keys(json))
    if (!SECTION_KEYS.has(k))
      return { ok: false, error: `unknown field "${k}" (expected ${[...SECTION_KEYS].join(', ')})` };
  for (const k of ['solverVersion', 'graderVersion'] as const) {
    if (typeof json[k] !== 'string' || json[k] === '') return { ok: false, error: `${k} must be a non-empty string` };
  }
  if (!isObject(json.grade)) return { ok: false, error: 'grade is not an object of size → thresholds' };
  const grade: Record<string, Thresholds> = {};
  for (const [key, th] of Object.entries(json.grade)) {
    if (!SECTION_SIZE_KEY.test(key)) return { ok: false, error: `size key "${key}" is not a size` };
    const t = parseThresholds(th, key, 'nodes');
    if (!t.ok) return t;
    grade[key] = t.th;
  }
  return {
    ok: true,
    cuts: { solverVersion: json.solverVersion as string, graderVersion: json.graderVersion as string, grade },
  };
}

function parseSizes(
  sizes: Record<string, unknown>,
  kind: 'nodes' | 'score',
): { ok: true; table: TierTable } | { ok: false; error: string } {
  const table: TierTable = {};
  const entries = Object.entries(sizes);
  if (entries.length === 0) return { ok: false, error: 'tier table has no sizes' };
  for (const [key, th] of entries) {
    if (!SIZE_KEY.test(key) || !Number.isSafeInteger(Number(key))) {
      return { ok: false, error: `size key "${key}" is not a board size M (a whole number ≥ 1)` };
    }
    const t = parseThresholds(th, `M=${key}`, kind);
    if (!t.ok) return t;
    table[Number(key)] = t.th;
  }
  return { ok: true, table };
}

/** One size's {t1, t2, t3}: whole node counts or scores, rising strictly. */
function parseThresholds(
  th: unknown,
  where: string,
  kind: 'nodes' | 'score',
): { ok: true; th: Thresholds } | { ok: false; error: string } {
  if (!isObject(th)) return { ok: false, error: `${where}: thresholds must be an object {t1, t2, t3}` };
  for (const k of Object.keys(th)) {
    if (!(THRESHOLD_KEYS as readonly string[]).includes(k)) {
      return { ok: false, error: `${where}: unknown field "${k}" (expected t1, t2, t3)` };
    }
  }
  for (const k of THRESHOLD_KEYS) {
    const v = th[k];
    if (kind === 'nodes' && (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0)) {
      return { ok: false, error: `${where}: ${k} must be a whole number ≥ 0 (got ${JSON.stringify(v) ?? 'nothing'})` };
    }
    // A cut may sit one below the least score (no easy boards), so from 0.
    if (kind === 'score' && (typeof v !== 'number' || !(v >= 0 && v < 8))) {
      return {
        ok: false,
        error: `${where}: ${k} must be a score from 0 to below 8 (got ${JSON.stringify(v) ?? 'nothing'})`,
      };
    }
  }
  const t1 = th.t1 as number;
  const t2 = th.t2 as number;
  const t3 = th.t3 as number;
  if (!(t1 < t2 && t2 < t3)) {
    return { ok: false, error: `${where}: thresholds must rise strictly, t1 < t2 < t3 (got ${t1}, ${t2}, ${t3})` };
  }
  return { ok: true, th: { t1, t2, t3 } };
}
