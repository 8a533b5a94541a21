// The data a web pack carries to its page: per puzzle its number and what its kind needs to play it
// (the solution and the grader's deductions as packed steps, worded in the page, so the file stays
// small), and per pack the checksum that keys saved progress, so a moved or renamed file resumes.
// A kind's entries and the pack fields they need are its own (src/<kind>/play/pack.ts).
import type { Faces } from '../formats/faces.js';
import { TIERS } from '../rank/tiers.js';

export const WEB_PACK_FORMAT = 'dominosa-web';
export const WEB_PACK_VERSION = 1;

/** What every puzzle of a web pack carries, whatever its kind. */
export interface WebEntry {
  /** Its kind's name; absent on the default kind's puzzles (the first packs held that kind alone). */
  kind?: string;
  id: number | string;
  /** The puzzle's number in the pack, 1..N in the index's order (see packNumbers). */
  number?: number;
  rows: number;
  cols: number;
  tier: string;
  /** The grader's level name for the puzzle, when the catalog has it. */
  grade?: string;
  /** The technique that grade needs, for people ("Hard: set analysis"). */
  technique?: string;
  /** How the grader's telling ends: 'solved' unless it ran out of search budget. */
  ending: string;
}

/**
 * A web pack; `P` narrows its puzzles where a pack is known to hold one kind. The kinds' own pack
 * fields (the rules their steps index into) sit beside these, as each kind names them.
 */
export interface WebPack<P extends WebEntry = WebEntry> {
  format: typeof WEB_PACK_FORMAT;
  version: typeof WEB_PACK_VERSION;
  name: string;
  /** How the page shows numbers (absent: digits). */
  faces?: Faces;
  /** The json pack's checksum of the same puzzles (see formats/pack.ts). */
  checksum: string;
  puzzles: P[];
}

/**
 * Numbers 1..N for a pack's puzzles in the order a player meets them: tiers from easy to expert
 * (unknown tiers after, as they first appear), then as `compare` orders them (by kind, then by
 * size), then as the pack lists them.
 */
export function packNumbers<P extends { tier: string }>(
  puzzles: readonly P[],
  compare: (a: P, b: P) => number,
): number[] {
  const known = TIERS as readonly string[];
  const unknown = [...new Set(puzzles.map((p) => p.tier).filter((t) => !known.includes(t)))];
  const rank = (t: string): number => (known.includes(t) ? known.indexOf(t) : known.length + unknown.indexOf(t));
  const order = puzzles
    .map((_, i) => i)
    .sort((a, b) => rank(puzzles[a].tier) - rank(puzzles[b].tier) || compare(puzzles[a], puzzles[b]) || a - b);
  const numbers = new Array<number>(puzzles.length);
  order.forEach((i, k) => (numbers[i] = k + 1));
  return numbers;
}
