// Grade bands: which levels of the human-technique ladder (ladder.ts) each of the four tiers
// holds, and the parsing of a grade target (a band, or one level) for graded generation.
// The ladder grades; this file only says which grades a tier's puzzles may have.
import { LEVELS, SEARCH_LEVEL, type LevelName } from '../grade/ladder.js';
import type { Tier } from './tiers.js';

/** Levels [minLevel, maxLevel] of the ladder, both inclusive (1 singles … SEARCH_LEVEL search). */
export interface GradeBand {
  minLevel: number;
  maxLevel: number;
}

/**
 * The tiers by grader level. Simon Tatham's own grader files its Dominosa deductions in four
 * groups: Trivial (one option left for a cell or a pair), Basic (the intersection rules, the
 * rules about duplicated pairs, parity), Hard (set analysis) and Extreme (set analysis on the
 * double, forcing chains). We keep his cut between the easy groups and the hard ones, and split
 * his Basic in two because it is wide: one technique beyond singles (intersections) makes a
 * normal puzzle, the duplicate and parity arguments a hard one. The issue asks that expert hold
 * every puzzle that needs set analysis, forcing chains or search, so his Hard and Extreme
 * together (and search beyond them) are the expert band.
 */
export const GRADE_BANDS: Readonly<Record<Tier, GradeBand>> = {
  easy: { minLevel: 1, maxLevel: 1 },
  normal: { minLevel: 2, maxLevel: 2 },
  hard: { minLevel: 3, maxLevel: 4 },
  expert: { minLevel: 5, maxLevel: SEARCH_LEVEL },
};

/** Whether a grader level lies in the band. */
export function inBand(band: GradeBand, level: number): boolean {
  return level >= band.minLevel && level <= band.maxLevel;
}

const BAND_ORDER: readonly Tier[] = ['easy', 'normal', 'hard', 'expert'];

/** The tier whose band holds a grader level (1–SEARCH_LEVEL; out-of-range levels clamp to the ends). */
export function bandOfLevel(level: number): Tier {
  for (const tier of BAND_ORDER) if (level <= GRADE_BANDS[tier].maxLevel) return tier;
  return 'expert';
}

/** What graded generation aims for: a band's levels, or a single level's. */
export interface GradeTarget extends GradeBand {
  /** The band or level name it was given as. */
  name: Tier | LevelName;
}

export type GradeTargetResult = { ok: true; target: GradeTarget } | { ok: false; error: string };

/** All names a target may be given as: the bands, then the levels. */
export const GRADE_TARGET_NAMES: readonly string[] = [...BAND_ORDER, ...LEVELS.map((l) => l.name)];

/**
 * Read a grade target: a band name (easy, normal, hard, expert: its levels) or a level name
 * (singles … search: exactly that level). Case and surrounding spaces are ignored.
 */
export function parseGradeTarget(text: string): GradeTargetResult {
  const key = text.trim().toLowerCase();
  if ((BAND_ORDER as readonly string[]).includes(key)) {
    const name = key as Tier;
    return { ok: true, target: { name, ...GRADE_BANDS[name] } };
  }
  const level = LEVELS.find((l) => l.name === key);
  if (level !== undefined) return { ok: true, target: { name: level.name, minLevel: level.level, maxLevel: level.level } };
  return { ok: false, error: `unknown grade target "${text}" (expected one of ${GRADE_TARGET_NAMES.join(', ')})` };
}
