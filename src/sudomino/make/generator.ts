// Making a Sudomino puzzle for one slot: a random filled layout (covering.ts), then givens taken
// away one at a time in a random order, each kept only when the puzzle would otherwise stop
// being unique, as Simon Tatham's generators for his Latin-square puzzles do; removal-check.ts
// decides each step. What is left has no given to spare. An interrupt (a time limit, a stop) is
// polled before every proof and inside it, and throws Interrupted (src/interrupted.ts).
import { type Board, withLines } from '../board.js';
import { Solver } from '../solve/solver.js';
import type { Shape } from '../shape.js';
import { derive, type Rng } from '../../rng.js';
import { randomFilledLayout } from './covering.js';
import { RemovalCheck } from './removal-check.js';
import { checkInterrupt, Interrupted } from '../../interrupted.js';

export interface MadePuzzle {
  board: Board;
  /** The solution's value per domino (index d), which the givens are taken from. */
  filling: Uint8Array;
}

/** A random board of the shape with every domino given, and its filling. */
export function randomFilled(shape: Shape, rng: Rng): { board: Board; filling: Uint8Array } {
  const { rows, cols, values } = shape;
  const { domino, cells, filling } = randomFilledLayout(rows, cols, values, rng);
  return { board: withLines(rows, cols, values, domino, cells, filling.slice()), filling };
}

/**
 * A unique puzzle of the shape: a random filled layout, then each given (in a random order)
 * taken away unless that would let a second solution in. A layout with no domino (every cell
 * drawn blocked, possible on the smallest shapes) is no puzzle and is drawn again.
 */
export function makePuzzle(shape: Shape, rng: Rng, solver = new Solver(), interrupt?: () => boolean): MadePuzzle {
  let { board, filling } = randomFilled(shape, rng);
  while (board.cells.length === 0) ({ board, filling } = randomFilled(shape, rng));
  // The board's given array is the one the solver reads, so taking a given away is one write.
  const given = board.given;
  const order = rng.shuffle(Int32Array.from({ length: given.length }, (_, d) => d));
  const check = new RemovalCheck(board, filling, solver);
  for (const d of order) {
    given[d] = 0;
    if (!check.staysUnique(d, interrupt)) given[d] = filling[d];
  }
  return { board, filling };
}

/**
 * With domino d's given (its value v in the filling) just taken from a board that was unique,
 * the board is still unique exactly when no solution gives d another value: any other solution
 * that keeps v there would have solved the board before, which had one. So one search with v
 * taken from d's candidates, stopped at the first solution, decides what a full proof would,
 * most often in far fewer nodes. RemovalCheck asks the same question, faster on large boards;
 * this one search is its reference. An interrupt throws Interrupted, as in provedUnique.
 */
export function staysUnique(solver: Solver, board: Board, d: number, v: number, interrupt?: () => boolean): boolean {
  checkInterrupt(interrupt);
  const res = solver.solve(board, { cap: 1, solution: false, interrupt, without: [d, v] });
  if (res.limit === 'time') throw new Interrupted();
  return res.solutions === 0;
}

/**
 * The board has exactly one solution. An interrupt (polled before the proof and inside it)
 * throws Interrupted: a proof it cut short has decided nothing, so the slot cannot go on.
 */
export function provedUnique(solver: Solver, board: Board, interrupt?: () => boolean): boolean {
  checkInterrupt(interrupt);
  const res = solver.solve(board, { solution: false, interrupt });
  if (res.status === 'gave-up' && res.limit === 'time') throw new Interrupted();
  return res.status === 'unique';
}

/** Sudomino's key in derive(), beside the shape and slot, so its streams are its own. */
const KIND_KEY = 2;

/** Slot k of a shape: all its randomness from derive(seed, kind, R, C, N, k), so any worker makes the same puzzle. */
export function makeSlot(
  seed: number,
  shape: Shape,
  slot: number,
  solver = new Solver(),
  interrupt?: () => boolean,
): MadePuzzle {
  return makePuzzle(shape, derive(seed, KIND_KEY, shape.rows, shape.cols, shape.values, slot), solver, interrupt);
}
