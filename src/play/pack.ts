// The data a web pack carries to its page: per puzzle the numbers, the solution and the
// grader's deductions as packed steps (worded in the page, so the file stays small), and per
// pack the checksum that keys saved progress, so a moved or renamed file resumes. A pack may
// mix in Sudomino puzzles (src/sudomino/play/pack.ts), told apart by their kind.
import type { Faces } from '../formats/faces.js';
import { TIERS } from '../rank/tiers.js';
import type { SudominoWebPuzzle } from '../sudomino/play/pack.js';
import type { SudominoRuleEntry } from '../sudomino/play/steps.js';
import type { PlayBoard } from '../dominosa/play/game.js';
import { unpackStep, type HintStep, type PackedStep, type RuleEntry } from '../dominosa/play/steps.js';

export const WEB_PACK_FORMAT = 'dominosa-web';
export const WEB_PACK_VERSION = 1;

export interface WebPuzzle {
  /** Absent on Dominosa's puzzles (packs written before Sudomino have none). */
  kind?: 'dominosa';
  id: number | string;
  /** The puzzle's number in the pack, 1..N in the index's order (see packNumbers). */
  number?: number;
  m: number;
  rows: number;
  cols: number;
  tier: string;
  /** The grader's level name for the puzzle, when the catalog has it. */
  grade?: string;
  /** The technique that grade needs, for people ("Hard: set analysis"). */
  technique?: string;
  /** Row-major numbers. */
  values: number[];
  /** The solution as placements (see geometry.ts), increasing. */
  solution: number[];
  steps: PackedStep[];
  /** How the grader's telling ends: 'solved' unless it ran out of search budget. */
  ending: string;
}

/** Any puzzle of a web pack. */
export type AnyWebPuzzle = WebPuzzle | SudominoWebPuzzle;

export function isSudominoWeb(p: AnyWebPuzzle): p is SudominoWebPuzzle {
  return p.kind === 'sudomino';
}

/** A web pack; `P` narrows its puzzles where a pack is known to hold one kind (a test's Dominosa pack). */
export interface WebPack<P extends AnyWebPuzzle = AnyWebPuzzle> {
  format: typeof WEB_PACK_FORMAT;
  version: typeof WEB_PACK_VERSION;
  name: string;
  /** How the page shows numbers (absent: digits 0..M). */
  faces?: Faces;
  /** The json pack's checksum of the same puzzles (see formats/pack.ts). */
  checksum: string;
  /** The rules the steps index into. */
  rules: RuleEntry[];
  /** The Sudomino rules its steps index into; present when the pack holds Sudomino puzzles. */
  sudominoRules?: SudominoRuleEntry[];
  puzzles: P[];
}

/**
 * Numbers 1..N for a pack's puzzles in the order a player meets them: tiers from easy to
 * expert (unknown tiers after, as they first appear), then Dominosa before Sudomino, then by
 * size (M, or N, then rows), then as the pack lists them.
 */
export function packNumbers(puzzles: readonly { tier: string; m: number; rows: number; kind?: string }[]): number[] {
  const known = TIERS as readonly string[];
  const unknown = [...new Set(puzzles.map((p) => p.tier).filter((t) => !known.includes(t)))];
  const rank = (t: string): number => (known.includes(t) ? known.indexOf(t) : known.length + unknown.indexOf(t));
  const order = puzzles
    .map((_, i) => i)
    .sort(
      (a, b) =>
        rank(puzzles[a].tier) - rank(puzzles[b].tier) ||
        kindRank(puzzles[a].kind) - kindRank(puzzles[b].kind) ||
        puzzles[a].m - puzzles[b].m ||
        puzzles[a].rows - puzzles[b].rows ||
        a - b,
    );
  const numbers = new Array<number>(puzzles.length);
  order.forEach((i, k) => (numbers[i] = k + 1));
  return numbers;
}

const kindRank = (kind: string | undefined): number => (kind === 'sudomino' ? 1 : 0);

/** A puzzle ready to play: its board, solution and steps as the hint logic takes them. */
export interface PlayPuzzle {
  puzzle: WebPuzzle;
  board: PlayBoard;
  solution: number[];
  steps: HintStep[];
}

export function playPuzzle(pack: WebPack, puzzle: WebPuzzle): PlayPuzzle {
  const board: PlayBoard = { rows: puzzle.rows, cols: puzzle.cols, m: puzzle.m, values: puzzle.values };
  return { puzzle, board, solution: puzzle.solution, steps: puzzle.steps.map((s) => unpackStep(board, pack.rules, s)) };
}
