// Which hint the player's Sudomino board allows. The grader's steps were worked out at export
// time from the givens; the player may have gone another way, so a step is offered only when
// every step before it is on the board already, and never while the board holds a mistake.
import type { SudominoBoard } from '../board.js';
import type { SudominoPosition } from './game.js';
import type { SudominoHintStep } from './steps.js';

export type SudominoHint =
  | { kind: 'solved' }
  /** Dominoes holding a value the solution does not, or marks without the solution's value. */
  | { kind: 'mistake'; dominoes: number[] }
  /** Step `index` of the log follows; `place` and `remove` are what it adds to the board, as [domino, value]. */
  | { kind: 'step'; index: number; step: SudominoHintStep; place: [number, number][]; remove: [number, number][] }
  /** The log ends before the board is full (the grader got stuck): only a reveal helps. */
  | { kind: 'none' };

/**
 * The values the board rules out of each domino, as masks: a domino with a value rules out every
 * other; a value on a domino rules it out of every other domino of the lines that domino lies
 * in; a domino with marks rules out what is not marked.
 */
export function ruledOut(board: SudominoBoard, pos: SudominoPosition): Int32Array {
  const D = board.given.length;
  const all = (1 << board.values) - 1;
  const out = new Int32Array(D);
  const valueOf = (d: number): number => board.given[d] || pos.values[d] || 0;
  for (let d = 0; d < D; d++) {
    const v = valueOf(d);
    if (v !== 0) out[d] = all & ~(1 << (v - 1));
    else if (pos.marks[d]) out[d] = all & ~pos.marks[d];
  }
  const { lineStart, lineDominoes } = board;
  for (let l = 0; l + 1 < lineStart.length; l++) {
    let held = 0;
    for (let e = lineStart[l]; e < lineStart[l + 1]; e++) {
      const v = valueOf(lineDominoes[e]);
      if (v !== 0) held |= 1 << (v - 1);
    }
    for (let e = lineStart[l]; e < lineStart[l + 1]; e++) {
      const d = lineDominoes[e];
      const v = valueOf(d);
      out[d] |= held & ~(v === 0 ? 0 : 1 << (v - 1));
    }
  }
  return out;
}

/** The dominoes that disagree with the solution (one value per domino). */
export function mistakes(board: SudominoBoard, solution: readonly number[], pos: SudominoPosition): number[] {
  const out: number[] = [];
  for (let d = 0; d < board.given.length; d++) {
    if (board.given[d] !== 0) continue;
    const v = pos.values[d] ?? 0;
    const m = pos.marks[d] ?? 0;
    if (v !== 0 ? v !== solution[d] : m !== 0 && (m & (1 << (solution[d] - 1))) === 0) out.push(d);
  }
  return out;
}

/**
 * The hint for a position. A board that disagrees with the solution gets `mistake`. Otherwise
 * the first step not yet on the board is the hint: every step before it is, so all it stood on
 * (what those steps placed and removed) is on the board, and it follows from the board.
 */
export function sudominoHintFor(
  board: SudominoBoard,
  solution: readonly number[],
  steps: readonly SudominoHintStep[],
  pos: SudominoPosition,
): SudominoHint {
  const wrong = mistakes(board, solution, pos);
  if (wrong.length > 0) return { kind: 'mistake', dominoes: wrong };
  const has = (d: number): number => board.given[d] || pos.values[d] || 0;
  if (solution.every((v, d) => has(d) === v)) return { kind: 'solved' };
  const out = ruledOut(board, pos);
  for (let index = 0; index < steps.length; index++) {
    const step = steps[index];
    const place = step.placed.filter(([d]) => has(d) === 0);
    // A domino the step places loses its other values by being placed: nothing to cross out.
    const remove = step.eliminated.filter(
      ([d, v]) => (out[d] & (1 << (v - 1))) === 0 && !step.placed.some(([p]) => p === d),
    );
    if (place.length > 0 || remove.length > 0) return { kind: 'step', index, step, place, remove };
  }
  return { kind: 'none' };
}

/**
 * The position after following a step: its values placed, and what it removes written as marks
 * (a domino without marks first gets every value the board still allows it).
 */
export function followStep(
  board: SudominoBoard,
  pos: SudominoPosition,
  place: readonly [number, number][],
  remove: readonly [number, number][],
): SudominoPosition {
  const all = (1 << board.values) - 1;
  const out = ruledOut(board, pos);
  const D = board.given.length;
  const values = Array.from({ length: D }, (_, d) => pos.values[d] ?? 0);
  const marks = Array.from({ length: D }, (_, d) => pos.marks[d] ?? 0);
  for (const [d, v] of place) {
    values[d] = v;
    marks[d] = 0;
  }
  for (const [d, v] of remove) {
    if (values[d] !== 0 || board.given[d] !== 0) continue;
    if (marks[d] === 0) marks[d] = all & ~out[d];
    marks[d] &= ~(1 << (v - 1));
  }
  return { values, marks };
}
