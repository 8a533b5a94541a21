// Difficulty tiers from reference node counts: per board size M, three thresholds cut the node
// counts into easy ≤ t1 < normal ≤ t2 < hard ≤ t3 < expert. The ranges themselves keep the
// tiers strictly ordered, so nothing else has to. Thresholds come from data/tiers.json.

export type Tier = 'easy' | 'normal' | 'hard' | 'expert';

/** The tiers from easiest to hardest. */
export const TIERS: readonly Tier[] = ['easy', 'normal', 'hard', 'expert'];

/** easy ≤ t1 < normal ≤ t2 < hard ≤ t3 < expert, in reference search nodes. */
export interface Thresholds {
  t1: number;
  t2: number;
  t3: number;
}

/** Thresholds per board size M. */
export type TierTable = Record<number, Thresholds>;

export type TierTableResult =
  | { ok: true; table: TierTable; /** Present when the input was the whole-file shape. */ solverVersion?: string }
  | { ok: false; error: string };

/** The tier of a board that took `nodes` reference search nodes. */
export function tierOf(nodes: number, th: Thresholds): Tier {
  if (nodes <= th.t1) return 'easy';
  if (nodes <= th.t2) return 'normal';
  if (nodes <= th.t3) return 'hard';
  return 'expert';
}

const FILE_KEYS = new Set(['solverVersion', 'sizes', 'comment']);
const THRESHOLD_KEYS = ['t1', 't2', 't3'] as const;
// A size key is M written plainly: "3", not "03", "3.0" or "+3".
const SIZE_KEY = /^[1-9]\d*$/;

function isObject(x: unknown): x is Record<string, unknown> {
  return x !== null && typeof x === 'object' && !Array.isArray(x);
}

/**
 * Validate a tier table. Accepts either the whole data/tiers.json shape
 * `{"solverVersion": "...", "sizes": {"3": {"t1":..,"t2":..,"t3":..}, ...}, "comment"?: "..."}`
 * (solverVersion is then returned, for the caller to compare with SOLVER_VERSION) or the bare
 * `sizes` object. Keys must be sizes M ≥ 1; thresholds integers ≥ 0 with t1 < t2 < t3; unknown
 * keys are refused so a typo cannot silently drop a size or a threshold.
 */
export function parseTierTable(json: unknown): TierTableResult {
  if (!isObject(json)) return { ok: false, error: 'tier table is not a JSON object' };
  let sizes: unknown = json;
  let solverVersion: string | undefined;
  if (Object.hasOwn(json, 'sizes')) {
    for (const k of Object.keys(json)) {
      if (!FILE_KEYS.has(k)) return { ok: false, error: `unknown field "${k}" (expected solverVersion, sizes, comment)` };
    }
    const v = json.solverVersion;
    if (typeof v !== 'string' || v === '') return { ok: false, error: 'solverVersion must be a non-empty string' };
    if (json.comment !== undefined && typeof json.comment !== 'string') return { ok: false, error: 'comment must be a string' };
    solverVersion = v;
    sizes = json.sizes;
    if (!isObject(sizes)) return { ok: false, error: 'sizes is not an object of M → thresholds' };
  }
  const table: TierTable = {};
  const entries = Object.entries(sizes as Record<string, unknown>);
  if (entries.length === 0) return { ok: false, error: 'tier table has no sizes' };
  for (const [key, th] of entries) {
    if (!SIZE_KEY.test(key) || !Number.isSafeInteger(Number(key))) {
      return { ok: false, error: `size key "${key}" is not a board size M (a whole number ≥ 1)` };
    }
    const where = `M=${key}`;
    if (!isObject(th)) return { ok: false, error: `${where}: thresholds must be an object {t1, t2, t3}` };
    for (const k of Object.keys(th)) {
      if (!(THRESHOLD_KEYS as readonly string[]).includes(k)) {
        return { ok: false, error: `${where}: unknown field "${k}" (expected t1, t2, t3)` };
      }
    }
    for (const k of THRESHOLD_KEYS) {
      const v = th[k];
      if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) {
        return { ok: false, error: `${where}: ${k} must be a whole number ≥ 0 (got ${JSON.stringify(v) ?? 'nothing'})` };
      }
    }
    const t1 = th.t1 as number;
    const t2 = th.t2 as number;
    const t3 = th.t3 as number;
    if (!(t1 < t2 && t2 < t3)) {
      return { ok: false, error: `${where}: thresholds must rise strictly, t1 < t2 < t3 (got ${t1}, ${t2}, ${t3})` };
    }
    table[Number(key)] = { t1, t2, t3 };
  }
  return solverVersion === undefined ? { ok: true, table } : { ok: true, table, solverVersion };
}
