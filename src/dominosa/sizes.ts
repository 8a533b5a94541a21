// Dominosa's sizes: the M of a double-M set, on an (M+1)×(M+2) board. A --sizes text names them as
// ranges and single sizes ("3..9", "3,5,7", "3..5,8"); the catalog keys a size by M's digits.
import type { Parsed } from '../parsed.js';
import { MAX_M } from './board.js';

/**
 * The sizes M a text names, sorted and without repeats (equal sets give equal builds), or why it
 * names none: the one line, without the option's name.
 */
export function parseMs(text: string): Parsed<number[]> {
  const bad = (error: string): Parsed<never> => ({ ok: false, error });
  const sizes = new Set<number>();
  for (const raw of text.split(',')) {
    const part = raw.trim();
    const range = /^(.*?)\.\.(.*)$/.exec(part);
    const ends = range ? [range[1].trim(), range[2].trim()] : [part];
    const notSize = ends.find((s) => !/^\d+$/.test(s));
    if (notSize !== undefined) return bad(`"${notSize}" is not a size (use e.g. 3..9 or 3,5,7)`);
    const [lo, hi] = [Number(ends[0]), Number(ends[ends.length - 1])];
    if (lo > hi) return bad(`range ${part} runs backwards`);
    // Checked before the range is spelt out: 3..100000000 must not fill a set first.
    // Quoted as typed: a size past 2^53 would print rounded.
    if (hi > MAX_M) return bad(`${ends[ends.length - 1]} is larger than the largest board size, M=${MAX_M}`);
    for (let m = lo; m <= hi; m++) sizes.add(m);
  }
  for (const m of sizes) if (m < 1) return bad(`${m} is not a board size (M ≥ 1)`);
  return { ok: true, value: [...sizes].sort((a, b) => a - b) };
}

/** "M=6": how people read a size. */
export function sizeLabel(m: number | string): string {
  return `M=${m}`;
}

/** A part of a --sizes list that names Dominosa sizes: digits, or a range of them (shapes have an x). */
export function namesMs(part: string): boolean {
  return !/x/i.test(part);
}
