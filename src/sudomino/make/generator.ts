// Making a Sudomino puzzle for one slot: a random filled layout (covering.ts), then givens taken
// away one at a time in a random order, each kept only when the puzzle would otherwise stop
// being unique, as Simon Tatham's generators for his Latin-square puzzles do. What is left has
// no given to spare.
import { type SudominoBoard, withLines } from '../board.js';
import { SudominoSolver } from '../solve/solver.js';
import type { Shape } from '../shape.js';
import { derive, type Rng } from '../../rng.js';
import { randomFilledLayout } from './covering.js';

export interface MadePuzzle {
  board: SudominoBoard;
  /** The solution's value per domino (index d), which the givens are taken from. */
  filling: Uint8Array;
}

/** A random board of the shape with every domino given, and its filling. */
export function randomFilled(shape: Shape, rng: Rng): { board: SudominoBoard; filling: Uint8Array } {
  const { rows, cols, values } = shape;
  const { domino, cells, filling } = randomFilledLayout(rows, cols, values, rng);
  return { board: withLines(rows, cols, values, domino, cells, filling.slice()), filling };
}

/**
 * A unique puzzle of the shape: a random filled layout, then each given (in a random order)
 * taken away unless that would let a second solution in. A layout with no domino (every cell
 * drawn blocked, possible on the smallest shapes) is no puzzle and is drawn again.
 */
export function makePuzzle(shape: Shape, rng: Rng, solver = new SudominoSolver()): MadePuzzle {
  let { board, filling } = randomFilled(shape, rng);
  while (board.cells.length === 0) ({ board, filling } = randomFilled(shape, rng));
  // The board's given array is the one the solver reads, so taking a given away is one write.
  const given = board.given;
  const order = rng.shuffle(Int32Array.from({ length: given.length }, (_, d) => d));
  for (const d of order) {
    given[d] = 0;
    if (solver.solve(board, { solution: false }).status !== 'unique') given[d] = filling[d];
  }
  return { board, filling };
}

/** Sudomino's key in derive(), beside the shape and slot, so its streams are its own. */
const KIND_KEY = 2;

/** Slot k of a shape: all its randomness from derive(seed, kind, R, C, N, k), so any worker makes the same puzzle. */
export function makeSlot(seed: number, shape: Shape, slot: number, solver = new SudominoSolver()): MadePuzzle {
  return makePuzzle(shape, derive(seed, KIND_KEY, shape.rows, shape.cols, shape.values, slot), solver);
}
