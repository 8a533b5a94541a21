// Which hint the player's Sudomino board allows. The grader's steps were worked out at export
// time from the givens; the player may have gone another way, so a step is offered only when
// every step before it is on the board already, and never while the board holds a mistake. A
// hint writes only what the player keeps: a value, and crossings-out among the player's own
// marks; a domino the player never marked gets no computed marks.
import { nextStep } from '../../play/next-step.js';
import type { Board } from '../board.js';
import type { Position } from './game.js';
import type { HintStep } from './steps.js';

export type Hint =
  | { kind: 'solved' }
  /** Dominoes holding a value the solution does not, or marks without the solution's value. */
  | { kind: 'mistake'; dominoes: number[] }
  /**
   * Step `index` of the log follows; `place` and `remove` are what it writes on the board, as
   * [domino, value] (removals only among the player's marks). `before`: the steps it stands on
   * that only ruled values out of dominoes the player has not marked, so nothing showed them.
   */
  | {
      kind: 'step';
      index: number;
      step: HintStep;
      place: [number, number][];
      remove: [number, number][];
      before: number[];
    }
  /** The log ends before the board is full (the grader got stuck): only a reveal helps. */
  | { kind: 'none' };

/**
 * The values the board rules out of each domino, as masks: a domino with a value rules out every
 * other; a value on a domino rules it out of every other domino of the lines that domino lies
 * in; a domino with marks rules out what is not marked.
 */
export function ruledOut(board: Board, pos: Position): Int32Array {
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
export function mistakes(board: Board, solution: readonly number[], pos: Position): number[] {
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
 * the first step that writes something is the hint: a value to enter, or a mark of the player's
 * to cross out. A step that only rules values out of unmarked dominoes writes nothing (the player
 * keeps those candidates in mind); it is passed and named in the next hint's `before`.
 */
export function hintFor(board: Board, solution: readonly number[], steps: readonly HintStep[], pos: Position): Hint {
  const wrong = mistakes(board, solution, pos);
  if (wrong.length > 0) return { kind: 'mistake', dominoes: wrong };
  const has = (d: number): number => board.given[d] || pos.values[d] || 0;
  if (solution.every((v, d) => has(d) === v)) return { kind: 'solved' };
  const out = ruledOut(board, pos);
  const marked = (d: number): boolean => has(d) === 0 && (pos.marks[d] ?? 0) !== 0;
  const next = nextStep(steps, (step) => {
    const place = step.placed.filter(([d]) => has(d) === 0);
    // A domino the step places loses its other values by being placed: nothing to cross out.
    const open = step.eliminated.filter(
      ([d, v]) => (out[d] & (1 << (v - 1))) === 0 && !step.placed.some(([p]) => p === d),
    );
    const remove = open.filter(([d]) => marked(d));
    if (place.length > 0 || remove.length > 0) return { writes: { place, remove } };
    return open.length > 0 ? 'unseen' : 'done';
  });
  if (next === null) return { kind: 'none' };
  const { index, writes, before } = next;
  return { kind: 'step', index, step: steps[index], place: writes.place, remove: writes.remove, before };
}

/**
 * The position after following a step: its values placed (their marks go), and what it removes
 * crossed out of the player's own marks. Nothing else changes: a domino without marks stays so.
 */
export function followStep(
  board: Board,
  pos: Position,
  place: readonly [number, number][],
  remove: readonly [number, number][],
): Position {
  const D = board.given.length;
  const values = Array.from({ length: D }, (_, d) => pos.values[d] ?? 0);
  const marks = Array.from({ length: D }, (_, d) => pos.marks[d] ?? 0);
  for (const [d, v] of place) {
    values[d] = v;
    marks[d] = 0;
  }
  for (const [d, v] of remove) {
    if (values[d] !== 0 || board.given[d] !== 0) continue;
    marks[d] &= ~(1 << (v - 1));
  }
  return { values, marks };
}
