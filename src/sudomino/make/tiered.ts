// Making a Sudomino puzzle of one tier: givens are taken away only while the puzzle stays unique
// and the tier's own techniques still solve it, so easy puzzles keep more givens; a deal whose
// result does not need the tier's top technique is dealt again from the same slot's stream.
import type { Board } from '../board.js';
import { Grader, LEVELS } from '../grade/ladder.js';
import { Solver } from '../solve/solver.js';
import type { Shape } from '../shape.js';
import type { Tier } from '../../rank/tiers.js';
import { derive, type Rng } from '../../rng.js';
import { randomFilled, type MadePuzzle } from './generator.js';
import { RemovalCheck } from './removal-check.js';

export interface TieredPuzzle extends MadePuzzle {
  /** The deals this slot drew before this one fitted (1 when the first did). */
  attempts: number;
}

/** The level a tier's puzzles need at the most, and at the least (one above the tier below). */
export function levelOfTier(tier: Tier): number {
  const found = LEVELS.find((l) => l.tier === tier);
  if (found === undefined) throw new Error(`no Sudomino level makes tier ${tier}`);
  return found.level;
}

/**
 * One deal thinned for a level: each given, in a random order, is taken away unless the puzzle
 * would then have a second solution or need a technique above the level. A grader that solves a
 * board has proved it unique, so the cheap proof only spares it the boards it would refuse.
 */
export function thinForLevel(
  shape: Shape,
  level: number,
  rng: Rng,
  solver: Solver,
  grader: Grader,
  interrupt?: () => boolean,
): MadePuzzle {
  const { board, filling } = randomFilled(shape, rng);
  const given = board.given;
  const order = rng.shuffle(Int32Array.from({ length: given.length }, (_, d) => d));
  const check = new RemovalCheck(board, filling, solver);
  for (const d of order) {
    given[d] = 0;
    const keep =
      !check.staysUnique(d, interrupt) ||
      grader.grade(board, { maxLevel: level, log: false, interrupt }).status !== 'solved';
    if (keep) given[d] = filling[d];
  }
  return { board, filling };
}

/** Sudomino's tiered slots draw from streams of their own, apart from untiered ones. */
const TIERED_KEY = 3;

/**
 * Slot k of a shape and tier: deals from derive(seed, key, R, C, N, tier, k) until one, thinned
 * for the tier's level, needs that level (one level down cannot solve it); null after maxAttempts.
 * `judgedOn` names the board the level is judged on (default the deal itself): the catalog judges
 * on the class's board, the one whose grade it stores; the level is the same on every turn of a
 * board, the steps behind it are not.
 */
export function makeTieredSlot(
  seed: number,
  shape: Shape,
  tier: Tier,
  slot: number,
  maxAttempts: number,
  solver = new Solver(),
  grader = new Grader(),
  judgedOn: (board: Board) => Board = (board) => board,
  interrupt?: () => boolean,
): TieredPuzzle | null {
  const level = levelOfTier(tier);
  const rng = derive(seed, TIERED_KEY, shape.rows, shape.cols, shape.values, level, slot);
  const solvedUpTo = (board: Board, maxLevel: number): boolean =>
    grader.grade(board, { maxLevel, log: false, interrupt }).status === 'solved';
  for (let attempts = 1; attempts <= maxAttempts; attempts++) {
    const made = thinForLevel(shape, level, rng, solver, grader, interrupt);
    const judged = judgedOn(made.board);
    // Thinning made the deal itself solvable at its level; another board must show it again.
    if (judged !== made.board && !solvedUpTo(judged, level)) continue;
    // A deal whose every given had to stay leaves a person nothing to do: it is no puzzle.
    if (made.board.given.every((v) => v !== 0)) continue;
    if (level === 1 || !solvedUpTo(judged, level - 1)) return { ...made, attempts };
  }
  return null;
}
