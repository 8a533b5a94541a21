// Making a Sudomino puzzle for one slot: a random layout (covering.ts), a random filling found
// by the solver with its value order drawn at random, then givens taken away one at a time in a
// random order, each kept only when the puzzle would otherwise stop being unique, as Simon
// Tatham's generators for his Latin-square puzzles do. What is left has no given to spare.
import { type SudominoBoard, withLines } from '../board.js';
import { SudominoSolver } from '../solve/solver.js';
import type { Shape } from '../shape.js';
import type { Rng } from '../../rng.js';
import { randomCovering } from './covering.js';

export interface MadePuzzle {
  board: SudominoBoard;
  /** The solution's value per domino (index d), which the givens are taken from. */
  filling: Uint8Array;
  /** Layouts drawn before one could be filled. */
  tries: number;
}

/** Layouts a slot draws before it gives up (a layout that cannot be filled is drawn again). */
export const MAX_LAYOUTS = 1000;

/** A random board of the shape with every domino given: its filling, or null if none was found. */
export function randomFilled(shape: Shape, rng: Rng, solver: SudominoSolver): { board: SudominoBoard; filling: Uint8Array; tries: number } | null {
  const { rows, cols, values } = shape;
  for (let tries = 1; tries <= MAX_LAYOUTS; tries++) {
    const { domino, cells } = randomCovering(rows, cols, values, rng);
    const given = new Uint8Array(cells.length / 2);
    const empty = withLines(rows, cols, values, domino, cells, given);
    // A filling is any one solution of the board without givens; the budget keeps a hopeless layout short.
    const res = solver.solve(empty, { cap: 1, shuffle: rng, maxNodes: 100 });
    if (res.solution === null) continue;
    for (let d = 0; d < given.length; d++) given[d] = res.solution[cells[2 * d]];
    return { board: empty, filling: given.slice(), tries };
  }
  return null;
}

/**
 * A unique puzzle of the shape: a random filling, then each given (in a random order) taken
 * away unless that would let a second solution in. Null if no layout could be filled.
 */
export function makePuzzle(shape: Shape, rng: Rng, solver = new SudominoSolver()): MadePuzzle | null {
  const filled = randomFilled(shape, rng, solver);
  if (filled === null) return null;
  const { board, filling, tries } = filled;
  // The board's given array is the one the solver reads, so taking a given away is one write.
  const given = board.given as Uint8Array;
  const order = rng.shuffle(Int32Array.from({ length: given.length }, (_, d) => d));
  for (const d of order) {
    given[d] = 0;
    if (solver.solve(board, { solution: false }).status !== 'unique') given[d] = filling[d];
  }
  return { board, filling, tries };
}
