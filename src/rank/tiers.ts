// Difficulty tiers: per board size M, three thresholds cut a measure (reference node counts by
// default; see measure.ts) into easy ≤ t1 < normal ≤ t2 < hard ≤ t3 < expert. The ranges
// themselves keep the tiers strictly ordered, so nothing else has to. Thresholds come from
// data/tiers.json.

export type Tier = 'easy' | 'normal' | 'hard' | 'expert';

/** The tiers from easiest to hardest. */
export const TIERS: readonly Tier[] = ['easy', 'normal', 'hard', 'expert'];

/** easy ≤ t1 < normal ≤ t2 < hard ≤ t3 < expert, on the size's measure. */
export interface Thresholds {
  t1: number;
  t2: number;
  t3: number;
}

/** Thresholds per board size M. */
export type TierTable = Record<number, Thresholds>;

export type TierTableResult =
  | {
      ok: true;
      table: TierTable;
      /** Present when the input was the whole-file shape. */
      solverVersion?: string;
      /** Cuts on the grade score per size (the file's "scores"), and the grader they were set for. */
      scores?: TierTable;
      graderVersion?: string;
    }
  | { ok: false; error: string };

/** The tier of a board whose measure (reference nodes, level or score) is v. */
export function tierOf(v: number, th: Thresholds): Tier {
  if (v <= th.t1) return 'easy';
  if (v <= th.t2) return 'normal';
  if (v <= th.t3) return 'hard';
  return 'expert';
}

const FILE_KEYS = new Set(['solverVersion', 'sizes', 'comment', 'graderVersion', 'scores']);
const THRESHOLD_KEYS = ['t1', 't2', 't3'] as const;
// A size key is M written plainly: "3", not "03", "3.0" or "+3".
const SIZE_KEY = /^[1-9]\d*$/;

function isObject(x: unknown): x is Record<string, unknown> {
  return x !== null && typeof x === 'object' && !Array.isArray(x);
}

/**
 * Validate a tier table. Accepts either the whole data/tiers.json shape
 * `{"solverVersion": "...", "sizes": {"3": {"t1":..,"t2":..,"t3":..}, ...}, "comment"?: "...",
 *   "graderVersion"?: "...", "scores"?: {"3": {...}, ...}}`
 * (the versions are then returned, for the caller to compare with its own) or the bare `sizes`
 * object. Keys must be sizes M ≥ 1; node thresholds integers ≥ 0, score thresholds numbers in
 * [1, 8), with t1 < t2 < t3; unknown keys are refused so a typo cannot silently drop a size or
 * a threshold.
 */
export function parseTierTable(json: unknown): TierTableResult {
  if (!isObject(json)) return { ok: false, error: 'tier table is not a JSON object' };
  if (!Object.hasOwn(json, 'sizes')) {
    const bare = parseSizes(json, 'nodes');
    return bare.ok ? { ok: true, table: bare.table } : bare;
  }
  for (const k of Object.keys(json)) {
    if (!FILE_KEYS.has(k)) return { ok: false, error: `unknown field "${k}" (expected ${[...FILE_KEYS].join(', ')})` };
  }
  const v = json.solverVersion;
  if (typeof v !== 'string' || v === '') return { ok: false, error: 'solverVersion must be a non-empty string' };
  if (json.comment !== undefined && typeof json.comment !== 'string') return { ok: false, error: 'comment must be a string' };
  if (!isObject(json.sizes)) return { ok: false, error: 'sizes is not an object of M → thresholds' };
  const nodes = parseSizes(json.sizes, 'nodes');
  if (!nodes.ok) return nodes;
  if (json.scores === undefined) return { ok: true, table: nodes.table, solverVersion: v };
  const g = json.graderVersion;
  if (typeof g !== 'string' || g === '') return { ok: false, error: 'graderVersion must be a non-empty string when scores are given' };
  if (!isObject(json.scores)) return { ok: false, error: 'scores is not an object of M → thresholds' };
  const scores = parseSizes(json.scores, 'score');
  if (!scores.ok) return { ok: false, error: `scores: ${scores.error}` };
  return { ok: true, table: nodes.table, solverVersion: v, scores: scores.table, graderVersion: g };
}

function parseSizes(sizes: Record<string, unknown>, kind: 'nodes' | 'score'): { ok: true; table: TierTable } | { ok: false; error: string } {
  const table: TierTable = {};
  const entries = Object.entries(sizes);
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
      if (kind === 'nodes' && (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0)) {
        return { ok: false, error: `${where}: ${k} must be a whole number ≥ 0 (got ${JSON.stringify(v) ?? 'nothing'})` };
      }
      // A cut may sit one below the least score (no easy boards), so from 0.
      if (kind === 'score' && (typeof v !== 'number' || !(v >= 0 && v < 8))) {
        return { ok: false, error: `${where}: ${k} must be a score from 0 to below 8 (got ${JSON.stringify(v) ?? 'nothing'})` };
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
  return { ok: true, table };
}
