// The tier rule of a size, whatever its kind: the measure its cuts cut and the cuts. 'grade' (the
// default): the tier is the one the kind gives the puzzle's grade level, and within the size the
// tiers are also ranges of the reference measure, so a tier holds the puzzles of its level band
// inside its range and nothing else. 'nodes': ranges of the reference measure alone. 'score':
// ranges of the grade score. Every tier decision (build, retier, audit, merge) goes through
// tierUnder with the kind's level tiers, so all share one set of rules:
// easy ≤ t1 < normal ≤ t2 < hard ≤ t3 < expert.
import { tierOf, type Thresholds, type Tier } from './tiers.js';

export type TierMeasure = 'nodes' | 'grade' | 'score';
// In the order the schema's CHECK has always listed them.
export const TIER_MEASURES: readonly TierMeasure[] = ['nodes', 'grade', 'score'];
export const DEFAULT_TIER_MEASURE: TierMeasure = 'grade';

/** What the catalog knows of a puzzle's difficulty. The grade's level is floor(score). */
export interface Difficulty {
  nodes: number;
  score: number;
}

/** A size's tier cuts and the measure they cut (for 'grade', the reference measure's ranges of the bands). */
export interface TierRule {
  measure: TierMeasure;
  th: Thresholds;
}

/**
 * The value the cuts of a rule apply to: the reference measure for 'nodes' and 'grade' (whose
 * tiers are ordered by it), the score for 'score'.
 */
export function measureValue(measure: TierMeasure, d: Difficulty): number {
  return measure === 'score' ? d.score : d.nodes;
}

/**
 * The tier of a puzzle under a size's rule, or null when it fits none. `tierOfLevel` is the
 * kind's: the tier its grader's level names, or null for a level in no tier. Under 'grade', a
 * puzzle whose level is in no tier, or whose reference measure lies outside its level's tier's
 * range, fits none; under 'nodes' and 'score' the range its value falls in is its tier.
 */
export function tierUnder(d: Difficulty, rule: TierRule, tierOfLevel: (level: number) => Tier | null): Tier | null {
  const byCuts = tierOf(measureValue(rule.measure, d), rule.th);
  if (rule.measure !== 'grade') return byCuts;
  return tierOfLevel(Math.floor(d.score)) === byCuts ? byCuts : null;
}

/** The inclusive range of the cut value a tier takes under thresholds th (lo may be -Infinity, hi Infinity). */
export function tierRange(tier: Tier, th: Thresholds): { lo: number; hi: number } {
  if (tier === 'easy') return { lo: -Infinity, hi: th.t1 };
  if (tier === 'normal') return { lo: th.t1, hi: th.t2 };
  if (tier === 'hard') return { lo: th.t2, hi: th.t3 };
  return { lo: th.t3, hi: Infinity };
}

/** Whole values of the reference measure, both ends included. */
export interface NodeRange {
  min: number;
  max: number;
}

/**
 * Whole reference-measure values a tier takes, both ends included: the range a graded slot
 * aiming at the tier keeps its board in.
 */
export function nodeRange(tier: Tier, th: Thresholds): NodeRange {
  const r = tierRange(tier, th);
  return { min: r.lo === -Infinity ? 0 : Math.floor(r.lo) + 1, max: r.hi };
}

/** The catalog column (or expression) whose order the tiers of a measure follow, for SQL that orders by it. */
export function measureColumn(measure: TierMeasure): string {
  return measure === 'score' ? 'score' : 'nodes';
}

/** How a value of the measure is written for people: scores to 3 decimals, counts as they are. */
export function formatMeasure(measure: TierMeasure, v: number): string {
  return measure === 'score' ? v.toFixed(3) : String(v);
}
