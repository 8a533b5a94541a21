// Tuning tier thresholds from the catalog: quantiles of the base puzzles' reference node counts
// (or grade scores) become proposed cuts t1 < t2 < t3, moved to the nearest boundary between
// distinct values, since boards with equal values always share a tier. Notes say where a
// requested split cannot be met.
import { TIERS, tierOf, zeroTierCounts, type Thresholds, type Tier } from './tiers.js';

export type Quantiles = readonly [number, number, number];

/** Quartiles: a build wants the same count in every tier, so cuts there let its tiers fill at one pace. */
export const DEFAULT_QUANTILES: Quantiles = [0.25, 0.5, 0.75];

/**
 * The q-quantile of ascending values, interpolating linearly between order statistics (the
 * usual "type 7" definition: position q·(n−1)). Throws on an empty list or q outside [0, 1].
 */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) throw new RangeError('quantile of no values');
  if (!(q >= 0 && q <= 1)) throw new RangeError(`quantile ${q} is not in [0, 1]`);
  const pos = q * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
}

/** Three quantiles from text like "0.25,0.5,0.75": each strictly between 0 and 1, rising. */
export function parseQuantiles(text: string): { ok: true; quantiles: Quantiles } | { ok: false; error: string } {
  const parts = text.split(',').map((s) => s.trim());
  if (parts.length !== 3)
    return { ok: false, error: `give three quantiles, one per cut (e.g. 0.25,0.5,0.75); got ${parts.length}` };
  const qs = parts.map(Number);
  for (let i = 0; i < 3; i++) {
    if (parts[i] === '' || !Number.isFinite(qs[i]) || qs[i] <= 0 || qs[i] >= 1) {
      return { ok: false, error: `"${parts[i]}" is not a quantile strictly between 0 and 1` };
    }
  }
  if (!(qs[0] < qs[1] && qs[1] < qs[2]))
    return { ok: false, error: `quantiles must rise strictly (got ${parts.join(', ')})` };
  return { ok: true, quantiles: [qs[0], qs[1], qs[2]] };
}

/** Base puzzles per tier under the thresholds. */
export function countTiers(nodes: readonly number[], th: Thresholds): Record<Tier, number> {
  const out = zeroTierCounts();
  for (const v of nodes) out[tierOf(v, th)]++;
  return out;
}

export interface Proposal {
  thresholds: Thresholds;
  /** Base puzzles per tier under the proposed thresholds. */
  counts: Record<Tier, number>;
  /** Where the requested split could not be met, one sentence each. */
  notes: string[];
}

const pct = (x: number): string => `${Math.round(x * 100)}%`;

/**
 * Cuts for ascending node counts (at least one) at the requested quantiles. Cut i lands where the
 * share of boards at or below it comes nearest q_i (the lower cut on a tie), among cuts above
 * the previous one; the cuts are node counts present in the data, or one below the least, so
 * no cut ever separates two equal counts and t1 < t2 < t3 always holds. When a quantile falls
 * inside a run of equal counts the run goes whole to one side: noted, with the share obtained.
 * A tier left with no boards is noted too.
 */
export function proposeThresholds(
  nodes: readonly number[],
  quantiles: Quantiles = DEFAULT_QUANTILES,
  /** How a value reads in the notes. */
  describe: (v: number) => string = (v) => `${v} node${v === 1 ? '' : 's'}`,
): Proposal {
  const n = nodes.length;
  if (n === 0) throw new RangeError('no node counts to tune from');
  for (let i = 1; i < n; i++) if (nodes[i] < nodes[i - 1]) throw new RangeError('node counts must be sorted ascending');
  // Candidate cuts and how many boards lie at or below each.
  const cuts: number[] = [];
  const below: number[] = [];
  if (nodes[0] >= 1) {
    cuts.push(nodes[0] - 1);
    below.push(0);
  }
  for (let i = 0; i < n; i++) {
    if (i + 1 < n && nodes[i + 1] === nodes[i]) continue;
    cuts.push(nodes[i]);
    below.push(i + 1);
  }
  const notes: string[] = [];
  const chosen: number[] = [];
  let prev = -1;
  for (let i = 0; i < 3; i++) {
    const want = quantiles[i] * n;
    let best = -1;
    for (let j = 0; j < cuts.length; j++) {
      if (cuts[j] <= prev) continue;
      if (best < 0 || Math.abs(below[j] - want) < Math.abs(below[best] - want)) best = j;
    }
    const cut = best < 0 ? prev + 1 : cuts[best];
    chosen.push(cut);
    prev = cut;
    // Any cut misses a fractional target by under one board; missing by more means a run of
    // equal counts sits across the split point and went whole to one side.
    const got = best < 0 ? n : below[best];
    if (Math.abs(got - want) >= 1) {
      const run = runAround(nodes, want);
      // Otherwise the earlier cuts took the nearer candidates: too few distinct counts.
      const why =
        run.count > 1
          ? `${run.count} boards share ${describe(run.value)} across the ${pct(quantiles[i])} quantile and cannot be split`
          : `t${i + 1} must lie above t${i}, and too few distinct values are left`;
      const share = `${TIERS.slice(0, i + 1).join('+')} hold${i === 0 ? 's' : ''} ${got} of ${n} (${pct(got / n)}, asked ${pct(quantiles[i])})`;
      notes.push(`t${i + 1}: ${why}; ${share}`);
    }
  }
  const thresholds: Thresholds = { t1: chosen[0], t2: chosen[1], t3: chosen[2] };
  const counts = countTiers(nodes, thresholds);
  for (const t of TIERS) if (counts[t] === 0) notes.push(`${t} is empty: no node counts fall in its range`);
  return { thresholds, counts, notes };
}

/** The run of equal values holding the first board at or after split point `at`. */
function runAround(nodes: readonly number[], at: number): { value: number; count: number } {
  const i = Math.min(Math.max(Math.floor(at), 0), nodes.length - 1);
  const value = nodes[i];
  let lo = i;
  let hi = i;
  while (lo > 0 && nodes[lo - 1] === value) lo--;
  while (hi + 1 < nodes.length && nodes[hi + 1] === value) hi++;
  return { value, count: hi - lo + 1 };
}

/** One sampled or catalogued puzzle for the band cuts: its reference measure, the tier its grade's band is (null: none), and its weight. */
export interface BandPoint {
  value: number;
  band: Tier | null;
  /** How much it counts towards its band's yield (1 when every point is one puzzle). */
  weight?: number;
}

export interface BandProposal {
  thresholds: Thresholds;
  /** Per tier, the weight of its band's points inside its range (the yield). */
  yields: Record<Tier, number>;
  /** Per tier, the weight of its band's points in all. */
  totals: Record<Tier, number>;
}

/**
 * Cuts t1 < t2 < t3 on the reference measure for the grade rule: tier k keeps the puzzles of its
 * band whose value lies in its range, so the cuts that serve every tier best are those that
 * maximise the smallest yield (weight of band-k points inside range k); among those, the largest
 * total yield, and then the lowest cuts. Cuts are values present in the points, one below the
 * least, or one or two above the greatest, so no cut separates two equal values, and the ranges of
 * tiers with no points above the others' lie past the data instead of cutting into a tier below
 * (one tier alone keeps every point). Needs at least one point.
 */
export function proposeBandCuts(points: readonly BandPoint[]): BandProposal {
  if (points.length === 0) throw new RangeError('no points to cut');
  const values = [...new Set(points.map((p) => p.value))].sort((a, b) => a - b);
  const top = values[values.length - 1];
  // Above the data last: the lowest cuts win ties, so these serve only where they keep more.
  const cand = [values[0] - 1, ...values, top + 1, top + 2];
  const at = new Map(cand.map((v, i) => [v, i]));
  const c = cand.length;
  // prefix[k][i]: weight of band-k points with value ≤ cand[i].
  const prefix = TIERS.map(() => new Float64Array(c));
  for (const p of points) if (p.band !== null) prefix[TIERS.indexOf(p.band)][at.get(p.value)!] += p.weight ?? 1;
  for (const row of prefix) for (let i = 1; i < c; i++) row[i] += row[i - 1];
  const [pe, pn, ph, px] = prefix;
  const totals = Object.fromEntries(TIERS.map((t, k) => [t, prefix[k][c - 1]])) as Record<Tier, number>;
  const yieldsOf = (i: number, j: number, k: number): number[] => [
    pe[i],
    pn[j] - pn[i],
    ph[k] - ph[j],
    px[c - 1] - px[k],
  ];
  // The best smallest yield: the greedy lowest cuts reaching y are feasible iff any cuts are.
  const greedy = (y: number): [number, number, number] | null => {
    const first = (row: Float64Array, from: number, base: number): number => {
      for (let i = from; i < c; i++) if (row[i] - base >= y) return i;
      return -1;
    };
    const i = first(pe, 0, 0);
    if (i < 0) return null;
    const j = first(pn, i + 1, pn[i]);
    if (j < 0) return null;
    const k = first(ph, j + 1, ph[j]);
    if (k < 0 || px[c - 1] - px[k] < y) return null;
    return [i, j, k];
  };
  // Candidate yields are differences of prefix sums; with weights, search the value instead.
  let lo = 0;
  let hi = Math.max(...Object.values(totals));
  if (greedy(hi) !== null) lo = hi;
  for (let iter = 0; iter < 60 && hi - lo > 1e-9 * Math.max(1, hi); iter++) {
    const mid = (lo + hi) / 2;
    if (greedy(mid) !== null) lo = mid;
    else hi = mid;
  }
  const floor = lo;
  // Among cuts keeping every yield ≥ floor, the largest total, the lowest cuts on a tie. The total
  // is (pe[i] − pn[i]) + (pn[j] − ph[j]) + (ph[k] − px[k]) + all expert, so each cut's best
  // predecessor is found once: O(c²).
  const ok = (y: number): boolean => y >= floor - 1e-9;
  const bestI = new Int32Array(c).fill(-1);
  const scoreJ = new Float64Array(c).fill(-Infinity);
  for (let j = 1; j < c; j++) {
    for (let i = 0; i < j; i++) {
      if (!ok(pe[i]) || !ok(pn[j] - pn[i])) continue;
      const v = pe[i] - pn[i] + pn[j] - ph[j];
      if (v > scoreJ[j] + 1e-9) {
        scoreJ[j] = v;
        bestI[j] = i;
      }
    }
  }
  let best: [number, number, number] | null = null;
  let bestSum = -Infinity;
  for (let k = 2; k < c; k++) {
    if (!ok(px[c - 1] - px[k])) continue;
    for (let j = 1; j < k; j++) {
      if (bestI[j] < 0 || !ok(ph[k] - ph[j])) continue;
      const sum = scoreJ[j] + ph[k] - px[k] + px[c - 1];
      if (sum > bestSum + 1e-9) {
        bestSum = sum;
        best = [bestI[j], j, k];
      }
    }
  }
  // Fewer than four distinct values: cuts still rise strictly, above the data.
  const [i, j, k] = best ?? [0, Math.min(1, c - 1), Math.min(2, c - 1)];
  const t1 = cand[i];
  const t2 = Math.max(cand[j], t1 + 1);
  const t3 = Math.max(cand[k], t2 + 1);
  const ys = yieldsOf(i, j, k);
  return {
    thresholds: { t1, t2, t3 },
    yields: Object.fromEntries(TIERS.map((t, n) => [t, ys[n]])) as Record<Tier, number>,
    totals,
  };
}
