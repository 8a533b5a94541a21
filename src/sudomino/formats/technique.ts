// What a Sudomino grade means for a person, in a caption or a pack ("Normal: intersections and
// pairs"): the tier its level makes and the techniques the level adds, from the ladder's table.
import { LEVELS, type LevelName } from '../grade/ladder.js';

/** The techniques each level adds, in words (see LADDER in grade/ladder.ts). */
const WORDS: Readonly<Record<LevelName, string>> = {
  singles: 'singles',
  pairs: 'intersections and pairs',
  subsets: 'triples and starved lines',
  chains: 'chains',
};

/** "Hard: triples and starved lines" for a level name or number; null for one the ladder lacks. */
export function techniqueOf(level: number | string): string | null {
  const l = LEVELS.find((x) => (typeof level === 'number' ? x.level === level : x.name === level));
  if (l === undefined) return null;
  return `${l.tier[0].toUpperCase()}${l.tier.slice(1)}: ${WORDS[l.name]}`;
}
