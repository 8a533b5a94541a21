// What a booklet's cover says besides its contents: a subtitle that does not repeat the title,
// the rules in a few lines, a small worked example (a double-2 before and after), and what the
// stars, the time box and the tally mean. Words and shapes only; booklet.ts and pdf.ts place them.
import { TIERS } from '../rank/tiers.js';
import type { Faces } from './faces.js';
import type { PackPuzzle } from './pack.js';

/** The worked example: a double-2 set on 3 × 4 cells, one solution, found by singles alone. */
export const EXAMPLE: PackPuzzle = {
  id: 'example',
  m: 2,
  rows: 3,
  cols: 4,
  tier: 'easy',
  nodes: 0,
  grid: [
    [0, 1, 1, 2],
    [2, 0, 0, 2],
    [1, 0, 2, 1],
  ],
  solution: [
    [0, 0, 1, 0],
    [0, 1, 0, 2],
    [0, 3, 1, 3],
    [1, 1, 1, 2],
    [2, 0, 2, 1],
    [2, 2, 2, 3],
  ],
};

/** The cover's second line: how many, which tiers; "Dominosa" only when the title lacks it. */
export function coverSubtitle(title: string, count: number, tiers: readonly string[]): string {
  const what = /dominosa/i.test(title) ? `${count === 1 ? 'puzzle' : 'puzzles'}` : `Dominosa ${count === 1 ? 'puzzle' : 'puzzles'}`;
  const known = TIERS.filter((t) => tiers.includes(t));
  const span = known.length === 0 ? '' : known.length === 1 ? `, all ${known[0]}` : `, from ${known[0]} to ${known[known.length - 1]}`;
  return `${count} ${what}${span}`;
}

/** The rules, as printed on the cover. */
export function rulesText(faces: Faces = 'digits'): string {
  const set = faces === 'one-based' ? '1-1 to (M+1)-(M+1)' : faces === 'pips' ? 'blank-blank to the double of the most pips' : '0-0 to M-M';
  return (
    `Each grid hides a complete set of dominoes, one of every pair from ${set}. ` +
    'Divide the grid into dominoes (two neighbouring cells each) so that every pair appears exactly once. ' +
    'Every puzzle has one solution, reached by reasoning alone.'
  );
}

/** The lines under the example: what a caption's parts mean. */
export function legendLines(tally: boolean): string[] {
  return [
    'Stars give the difficulty: one for easy, two normal, three hard, four expert.',
    'Write your solving time in the box beside each puzzle.',
    ...(tally ? ['The table by each puzzle has a box per domino: tick it off once you have placed it.'] : []),
    'Solutions are at the back.',
  ];
}

/** A five-pointed star's outline around (cx, cy), point up, y downwards: ten corners. */
export function starCorners(cx: number, cy: number, r: number): [number, number][] {
  return Array.from({ length: 10 }, (_, i) => {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const d = i % 2 === 0 ? r : r * 0.45;
    return [cx + d * Math.cos(a), cy + d * Math.sin(a)];
  });
}
