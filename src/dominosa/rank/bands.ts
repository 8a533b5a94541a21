// Grade bands: which levels of the human-technique ladder (grade/ladder.ts) each of the four
// tiers holds, and the parsing of a grade target (a band, or one level) for graded generation.
// The ladder grades; this file only says which grades a tier's puzzles may have.
import { LEVELS, type LevelName, type TathamLevel } from '../grade/ladder.js';
import { TIERS, type Tier } from '../../rank/tiers.js';

/** Levels [minLevel, maxLevel] of the ladder, both inclusive (1 singles … the search level). */
export interface GradeBand {
  minLevel: number;
  maxLevel: number;
}

/** The ladder's number for a level name. */
export function levelNumber(name: LevelName): number {
  const l = LEVELS.find((x) => x.name === name);
  if (l === undefined) throw new Error(`no grader level named ${name}`);
  return l.level;
}

/** The grader's level for Simon Tatham's Extreme. */
export const EXTREME_LEVEL: LevelName = 'extreme';

const levels = (lo: LevelName, hi: LevelName = lo): GradeBand =>
  Object.freeze({ minLevel: levelNumber(lo), maxLevel: levelNumber(hi) });

/**
 * The tiers are Simon Tatham's four levels, each the grader's levels that restate it: easy =
 * Trivial (singles), normal = Basic (intersections, local duplicates, parity), hard = Hard (set
 * analysis), expert = Extreme. What lies beyond Extreme (reasoning stronger than his, search)
 * is in no band, so a tier never holds a puzzle that needs guessing.
 */
export const GRADE_BANDS: Readonly<Record<Tier, GradeBand>> = Object.freeze({
  easy: levels('singles'),
  normal: levels('intersections', 'parity'),
  hard: levels('sets'),
  expert: levels(EXTREME_LEVEL),
});

/** Each band by the name of Tatham's level it is (the ladder's name for its easiest level). */
export const TATHAM_NAMES: Readonly<Record<Tier, TathamLevel>> = Object.freeze(
  Object.fromEntries(TIERS.map((t) => [t, LEVELS[GRADE_BANDS[t].minLevel - 1].tatham])) as Record<Tier, TathamLevel>,
);

/** The technique a level names, in words. */
const TECHNIQUE_WORDS: Readonly<Record<LevelName, string>> = {
  singles: 'singles',
  intersections: 'intersections',
  duplicates: 'local duplicates',
  parity: 'parity',
  sets: 'set analysis',
  extreme: 'set analysis with the double, forcing chains',
  lookahead: 'lookahead',
  search: 'trial and error',
};

/**
 * The technique a grader level needs, for people: the tier its band is and the level's words
 * ("Hard: set analysis"; "Beyond expert: trial and error"), as every kind words it, by level
 * number or name; null for a name the ladder lacks.
 */
export function techniqueOf(level: number | string): string | null {
  const l = LEVELS.find((x) => (typeof level === 'number' ? x.level === level : x.name === level));
  if (l === undefined) return null;
  const tier = bandOfLevel(l.level);
  const head = tier === null ? 'Beyond expert' : `${tier[0].toUpperCase()}${tier.slice(1)}`;
  return `${head}: ${TECHNIQUE_WORDS[l.name]}`;
}

/** Whether a grader level lies in the band. */
export function inBand(band: GradeBand, level: number): boolean {
  return level >= band.minLevel && level <= band.maxLevel;
}

/** The tier whose band holds a grader level, or null for a level beyond every band. */
export function bandOfLevel(level: number): Tier | null {
  for (const tier of TIERS) if (inBand(GRADE_BANDS[tier], level)) return tier;
  return null;
}

/** Whether two bands share a level. */
export function bandsMeet(a: GradeBand, b: GradeBand): boolean {
  return a.minLevel <= b.maxLevel && b.minLevel <= a.maxLevel;
}

/** What graded generation aims for: a band's levels, or a single level's. */
export interface GradeTarget extends GradeBand {
  /** The band or level name it was given as. */
  name: Tier | LevelName;
}

export type GradeTargetResult = { ok: true; target: GradeTarget } | { ok: false; error: string };

/** All names a target may be given as: the bands, then the levels. */
export const GRADE_TARGET_NAMES: readonly string[] = [...TIERS, ...LEVELS.map((l) => l.name)];

/**
 * Read a grade target: a band name (easy, normal, hard, expert: its levels) or a level name
 * (singles … search: exactly that level). Case and surrounding spaces are ignored.
 */
export function parseGradeTarget(text: string): GradeTargetResult {
  const key = text.trim().toLowerCase();
  if ((TIERS as readonly string[]).includes(key)) {
    const name = key as Tier;
    return { ok: true, target: { name, ...GRADE_BANDS[name] } };
  }
  const level = LEVELS.find((l) => l.name === key);
  if (level !== undefined)
    return { ok: true, target: { name: level.name, minLevel: level.level, maxLevel: level.level } };
  return { ok: false, error: `unknown grade target "${text}" (expected one of ${GRADE_TARGET_NAMES.join(', ')})` };
}
