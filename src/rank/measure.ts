// What a size's tiers are cut on: reference search nodes (the catalog's contract), the human
// grade's level, or its score. Every tier decision (build, retier, audit, merge) goes through
// tierFor, so the three measures share one set of rules: easy ≤ t1 < normal ≤ t2 < hard ≤ t3 < expert.
import { GRADE_BANDS } from './bands.js';
import { tierOf, type Thresholds, type Tier } from './tiers.js';

export type TierMeasure = 'nodes' | 'grade' | 'score';
export const TIER_MEASURES: readonly TierMeasure[] = ['nodes', 'grade', 'score'];

/** What the catalog knows of a puzzle's difficulty. The grade's level is floor(score). */
export interface Difficulty {
  nodes: number;
  score: number;
}

/** A size's tier cuts and the measure they cut. */
export interface TierRule {
  measure: TierMeasure;
  th: Thresholds;
}

/**
 * The grade bands (bands.ts: easy = singles, normal = intersections, hard = duplicates and
 * parity, expert = sets, chains and search) as cuts on the level. Fixed, not tuned: a level
 * names a technique.
 */
export const GRADE_THRESHOLDS: Thresholds = Object.freeze({
  t1: GRADE_BANDS.easy.maxLevel,
  t2: GRADE_BANDS.normal.maxLevel,
  t3: GRADE_BANDS.hard.maxLevel,
});

/** The value the measure reads off a puzzle. */
export function measureValue(measure: TierMeasure, d: Difficulty): number {
  if (measure === 'nodes') return d.nodes;
  if (measure === 'grade') return Math.floor(d.score);
  return d.score;
}

/** The tier of a puzzle under a size's rule. */
export function tierFor(d: Difficulty, rule: TierRule): Tier {
  return tierOf(measureValue(rule.measure, d), rule.th);
}

/** The catalog column (or expression) a measure reads, for SQL that tiers or orders by it. */
export function measureColumn(measure: TierMeasure): string {
  return measure === 'nodes' ? 'nodes' : measure === 'grade' ? 'level' : 'score';
}

/** How a value of the measure is written for people: scores to 3 decimals, counts as they are. */
export function formatMeasure(measure: TierMeasure, v: number): string {
  return measure === 'score' ? v.toFixed(3) : String(v);
}
