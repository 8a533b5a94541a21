// A sample of generated boards to set a size's tier cuts from, as sample-cuts and a build that
// calibrates a new size take it: which slot makes which point, and the cuts a sample gives.
// Each point depends only on the seed, the size, the slot and the options.
import type { Generator, MethodChoice } from '../make/generator.js';
import {
  DEFAULT_QUANTILES,
  proposeBandCuts,
  proposeThresholds,
  type BandPoint,
  type Quantiles,
} from '../../rank/cuts.js';
import { TIERS, type Thresholds, type Tier } from '../../rank/tiers.js';
import { bandOfLevel, GRADE_BANDS } from './bands.js';
import type { TierMeasure } from '../../rank/rule.js';
import { LAYERED_FROM_M } from './reference.js';
import { storedGrade } from './stored.js';

export interface SampleSpec {
  seed: number;
  m: number;
  measure: TierMeasure;
  /**
   * Grade samples only: slot k aims at band TIERS[k mod 4], as a build's slots aim (graded
   * generation without the range); otherwise the slots' boards come as they are made.
   */
  aimed: boolean;
  maxAttempts?: number;
  method?: MethodChoice;
}

/** Whether a grade sample of size m aims its slots at the bands (repaired boards as they come are mostly easy). */
export function aimedByDefault(m: number): boolean {
  return m >= LAYERED_FROM_M;
}

/** Slot `slot`'s point: the value the cuts apply to and, for grade, its band; null when the slot finds no board. */
export function samplePoint(gen: Generator, s: SampleSpec, slot: number): BandPoint | null {
  const opts = { maxAttempts: s.maxAttempts, method: s.method };
  if (s.measure === 'grade' && s.aimed) {
    const band = TIERS[slot % TIERS.length];
    const r = gen.generateSlot(s.seed, s.m, slot, { ...opts, grade: GRADE_BANDS[band] });
    return r.ok ? { value: r.puzzle.nodes, band } : null;
  }
  const r = gen.generateSlot(s.seed, s.m, slot, opts);
  if (!r.ok) return null;
  if (s.measure === 'nodes') return { value: r.puzzle.nodes, band: null };
  const g = storedGrade(r.puzzle.board);
  return s.measure === 'score' ? { value: g.score, band: null } : { value: r.puzzle.nodes, band: bandOfLevel(g.level) };
}

export interface SampleCuts {
  thresholds: Thresholds;
  /** Grade only: per tier, its band's points inside its range per 1,000 (aimed: per 1,000 slots aimed at it). */
  yields: Record<Tier, number> | null;
  /** Per tier, its band's points inside its range and in all (grade), or under the cuts (else). */
  inRange: Record<Tier, number>;
  totals: Record<Tier, number> | null;
  notes: string[];
}

/** The cuts a sample of `slots` slots gives (points: the slots' points that found a board); null when none did. */
export function cutsOfSample(
  s: SampleSpec,
  points: readonly BandPoint[],
  slots: number,
  quantiles: Quantiles = DEFAULT_QUANTILES,
): SampleCuts | null {
  if (points.length === 0) return null;
  if (s.measure === 'grade') {
    const p = proposeBandCuts(points);
    const per = s.aimed ? slots / TIERS.length : points.length;
    const yields = Object.fromEntries(TIERS.map((t) => [t, Math.round((10_000 * p.yields[t]) / per) / 10])) as Record<
      Tier,
      number
    >;
    return { thresholds: p.thresholds, yields, inRange: p.yields, totals: p.totals, notes: [] };
  }
  const values = points.map((p) => p.value).sort((a, b) => a - b);
  const p = proposeThresholds(values, quantiles, (v) => `${s.measure} ${v}`);
  return { thresholds: p.thresholds, yields: null, inRange: p.counts, totals: null, notes: p.notes };
}
