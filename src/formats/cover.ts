// What a booklet's cover says besides its contents and each kind's rules and worked example (its
// KindCover): a subtitle that does not repeat the title, what the stars, the time box and the
// tally mean, and the stars' shape. Words and shapes only; booklet-html.ts and pdf.ts place them.
import { TIERS } from '../rank/tiers.js';

/** The cover's second line: how many, which tiers; the kinds in words (`kinds`) only when the title lacks them. */
export function coverSubtitle(title: string, count: number, tiers: readonly string[], kinds: string): string {
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

/** The lines under the example: what a caption's parts mean. */
export function legendLines(tally: boolean, solutions: 'back' | 'separate' | 'none' = 'back'): string[] {
  const where = { back: ['Solutions are at the back.'], separate: ['Solutions are in the answer booklet.'], none: [] };
  return [
    'Stars give the difficulty: one for easy, two normal, three hard, four expert.',
    'Write your solving time in the box beside each puzzle.',
    ...(tally ? ['The table by each puzzle has a box per domino: tick it off once you have placed it.'] : []),
    ...where[solutions],
  ];
}

/** A page's footer: its number of the total, after the credit line if any. */
export function footerText(page: number, total: number, credit: string): string {
  return credit ? `${credit} \u00b7 ${page} / ${total}` : `${page} / ${total}`;
}

/** A five-pointed star's outline around (cx, cy), point up, y downwards: ten corners. */
export function starCorners(cx: number, cy: number, r: number): [number, number][] {
  return Array.from({ length: 10 }, (_, i) => {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const d = i % 2 === 0 ? r : r * 0.45;
    return [cx + d * Math.cos(a), cy + d * Math.sin(a)];
  });
}
