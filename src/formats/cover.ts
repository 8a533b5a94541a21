// What a booklet's cover says besides its contents: a subtitle that does not repeat the title,
// the rules in a few lines, a small worked example (a double-2 before and after; for Sudomino the
// source document's board), and what the stars, the time box and the tally mean. Words and shapes
// only; booklet.ts and pdf.ts place them.
import { TIERS } from '../rank/tiers.js';
import type { Faces } from './faces.js';
import type { PackPuzzle, SudominoPackPuzzle } from './pack.js';

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

/** The Sudomino example: the source document's board, 8×8 with numbers 1–6, and its one solution. */
export const SUDOMINO_EXAMPLE: SudominoPackPuzzle = {
  kind: 'sudomino',
  id: 'example',
  shape: '8x8:6',
  rows: 8,
  cols: 8,
  values: 6,
  tier: 'easy',
  nodes: 0,
  board: ['aabbccdd', '22eff6gh', 'i!e!j6gh', 'i4kkjl33', '!4mm!l!n', 'oo!pqr6n', '!sspqr61', 'ttuu!vv1'],
  solution: [
    [6, 6, 1, 1, 3, 3, 2, 2],
    [2, 2, 3, 5, 5, 6, 1, 4],
    [5, 0, 3, 0, 2, 6, 1, 4],
    [5, 4, 6, 6, 2, 1, 3, 3],
    [0, 4, 2, 2, 0, 1, 0, 5],
    [1, 1, 0, 3, 4, 2, 6, 5],
    [0, 5, 5, 3, 4, 2, 6, 1],
    [3, 3, 4, 4, 0, 5, 5, 1],
  ],
};

/** The cover's second line: how many, which tiers; the kinds (`kinds`, default "Dominosa") only when the title lacks them. */
export function coverSubtitle(title: string, count: number, tiers: readonly string[], kinds = 'Dominosa'): string {
  const named = kinds.split(' and ').every((k) => new RegExp(k, 'i').test(title));
  const what = named ? `${count === 1 ? 'puzzle' : 'puzzles'}` : `${kinds} ${count === 1 ? 'puzzle' : 'puzzles'}`;
  const known = TIERS.filter((t) => tiers.includes(t));
  const span =
    known.length === 0
      ? ''
      : known.length === 1
        ? `, all ${known[0]}`
        : `, from ${known[0]} to ${known[known.length - 1]}`;
  return `${count} ${what}${span}`;
}

/** The rules, as printed on the cover. */
export function rulesText(faces: Faces = 'digits'): string {
  const set =
    faces === 'one-based'
      ? '1-1 to (M+1)-(M+1)'
      : faces === 'pips'
        ? 'blank-blank to the double of the most pips'
        : '0-0 to M-M';
  return (
    `Each grid hides a complete set of dominoes, one of every pair from ${set}. ` +
    'Divide the grid into dominoes (two neighbouring cells each) so that every pair appears exactly once. ' +
    'Every puzzle has one solution, reached by reasoning alone.'
  );
}

/** Sudomino's rules, as printed on the cover. */
export function sudominoRulesText(): string {
  return (
    'Fill every white cell with a number from 1 to N (each puzzle\u2019s title gives N). ' +
    'The two cells of an outlined domino hold the same number, and no number appears on two different dominoes of one row or one column. ' +
    'Grey cells stay empty; the printed numbers are given. Every puzzle has one solution, reached by reasoning alone.'
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
