// The adapter between the Sudomino grader's log and the web pack: each step stored compactly
// (its rule as an index into the pack's rule table, what it placed and removed as flat lists of
// domino, value, and the grader's reason as it is) and read back into the grader's own step.
import type { Step, Technique } from '../grade/step.js';

/** A rule as the pack names it once: its technique and its ladder level (by name, and its number). */
export type RuleEntry = [technique: Technique, level: string, levelNumber: number];

/** One step in the pack: [rule index, placed as d, v, d, v…, removed as d, v…, the reason]. */
export type PackedStep = [rule: number, placed: number[], eliminated: number[], reason: Step['reason']];

/** A step as the page reasons about it: the grader's step and its level's name. */
export interface HintStep extends Step {
  levelName: string;
}

/**
 * Pack a log. `levelName` names a ladder level by its number (the exporter passes the grader's
 * LEVELS); `rules` collects the rule table the steps index into, shared by a whole pack.
 */
export function packSteps(
  log: readonly Step[],
  rules: RuleEntry[],
  levelName: (level: number) => string,
): PackedStep[] {
  return log.map((step) => {
    let r = rules.findIndex(([t]) => t === step.technique);
    if (r < 0) r = rules.push([step.technique, levelName(step.level), step.level]) - 1;
    return [r, step.placed.flat(), step.eliminated.flat(), step.reason];
  });
}

const pairs = (flat: readonly number[]): [number, number][] => {
  const out: [number, number][] = [];
  for (let k = 0; k + 1 < flat.length; k += 2) out.push([flat[k], flat[k + 1]]);
  return out;
};

export function unpackStep(rules: readonly RuleEntry[], [r, placed, eliminated, reason]: PackedStep): HintStep {
  const [technique, levelName, level] = rules[r];
  return { technique, level, levelName, reason, placed: pairs(placed), eliminated: pairs(eliminated) };
}

/** The dominoes a hint about this step highlights: those its reason names and those it places. */
export function stepDominoes(step: Step): number[] {
  const out = new Set<number>();
  const r = step.reason as unknown as Record<string, unknown>;
  if (typeof r.domino === 'number') out.add(r.domino);
  if (Array.isArray(r.dominoes)) for (const d of r.dominoes) out.add(d as number);
  for (const [d] of step.placed) out.add(d);
  return [...out].sort((a, b) => a - b);
}

/** The lines (rows, then columns) a hint about this step highlights. */
export function stepLines(step: Step): number[] {
  const r = step.reason as unknown as Record<string, unknown>;
  return [r.line, r.other].filter((l): l is number => typeof l === 'number');
}
